//! A Dodgem car told by where it stands among the writer's own cars, not
//! by its cell: `I'd like my top car to go one to the right`, `my left
//! one up`, `same car again, one more to the right`, `my last car off`.
//! Newcomers write moves this way; the board the match has reached says
//! which cell each description is, and the reader then reads the cell.
//!
//! A description is read only where it names exactly one car: the top
//! car of two in one row is no car, and neither is `my car` while two
//! remain. A message that names a cell already is left as written (`my
//! right-hand car up (c1)`: the cell says it).
//!
//! Part of the Dodgem player reader ([`super::player`]): imports only the
//! board and the shared cell words; nothing from `log/`, `import/`, `web/`
//! or `verify.rs`.

use super::board::Position;
use crate::games::chat::cells::marks_after;

/// Where a car stands: (column, row), both from 0, row 0 the bottom.
pub type Spot = (u8, u8);

/// The writer's cars on the board, and the car they moved last (where it
/// stands now), if it is still on the board.
pub struct Garage {
    pub cars: Vec<Spot>,
    pub last_moved: Option<Spot>,
}

impl Garage {
    /// The cars of the side whose bits are `mask` on a board of `n`.
    pub fn of(p: &Position, mask: u32, last_moved: Option<Spot>) -> Garage {
        let cars = (0..p.n * p.n)
            .filter(|i| mask & (1u32 << i) != 0)
            .map(|i| (i % p.n, i / p.n))
            .collect();
        Garage { cars, last_moved }
    }

    /// The one car `words` describe (`top`, `left`, `same`, `other`,
    /// `last` …), if exactly one fits.
    fn described(&self, kind: &str) -> Option<Spot> {
        let extreme = |key: fn(&Spot) -> i16| {
            let best = self.cars.iter().map(key).max()?;
            match self.cars.iter().filter(|c| key(c) == best).collect::<Vec<_>>()[..] {
                [one] if self.cars.len() > 1 => Some(*one),
                _ => None,
            }
        };
        match kind {
            "top" | "upper" | "highest" | "higher" => extreme(|c| i16::from(c.1)),
            "bottom" | "lower" | "lowest" => extreme(|c| -i16::from(c.1)),
            "right" | "rightmost" => extreme(|c| i16::from(c.0)),
            "left" | "leftmost" => extreme(|c| -i16::from(c.0)),
            "same" => self.last_moved.filter(|c| self.cars.contains(c)),
            "other" => match (self.last_moved, &self.cars[..]) {
                (Some(moved), [a, b]) if *a == moved => Some(*b),
                (Some(moved), [a, b]) if *b == moved => Some(*a),
                _ => None,
            },
            // `my car` while one remains.
            "last" | "only" | "remaining" | "my" => match self.cars[..] {
                [one] => Some(one),
                _ => None,
            },
            _ => None,
        }
    }
}

/// Words that name a car after its description.
const CAR: [&str; 3] = ["car", "one", "cars"];

/// `text` with each car it describes written as its cell (`my top car`
/// → `a3`), read against `garage`, where a way to drive follows on its
/// line (`is_way`); as written when it names a cell (`names_cell`), or
/// describes no one car.
pub fn cars_told(
    text: &str,
    garage: &Garage,
    names_cell: impl Fn(&str) -> bool,
    is_way: impl Fn(&str) -> bool,
) -> String {
    let bare = |w: &str| {
        w.trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase()
            .replace("-most", "most")
            .replace("-hand", "")
    };
    if text.split_whitespace().any(|w| names_cell(&bare(w))) {
        return text.to_string();
    }
    text.lines()
        .map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            let mut out: Vec<String> = Vec::new();
            let mut k = 0;
            while k < words.len() {
                let kind = bare(words[k]);
                let car_next = words.get(k + 1).is_some_and(|n| CAR.contains(&bare(n).as_str()))
                    && words[k + 2..].iter().any(|w| is_way(&bare(w)));
                // `my top car`, `the same car`; the closing mark of the car
                // word stays (`my top car, up`).
                let spot = car_next.then(|| garage.described(&kind)).flatten();
                match spot {
                    Some((c, r)) => {
                        if matches!(out.last().map(|w| bare(w)).as_deref(), Some("my" | "the" | "that")) {
                            out.pop();
                        }
                        let tail = marks_after(words[k + 1]);
                        out.push(format!("{}{}{tail}", (b'a' + c) as char, r + 1));
                        k += 2;
                    }
                    None => {
                        out.push(words[k].to_string());
                        k += 1;
                    }
                }
            }
            out.join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(w: &str) -> bool {
        matches!(w.as_bytes(), [b'a'..=b'e', b'1'..=b'5'])
    }

    fn way(w: &str) -> bool {
        matches!(w, "up" | "down" | "left" | "right" | "off")
    }

    fn told(said: &str, garage: &Garage) -> String {
        cars_told(said, garage, cell, way)
    }

    /// Blue's cars on a3 and a2 (3×3 start), the a3 car moved to b3.
    fn blue() -> Garage {
        Garage {
            cars: vec![(0, 1), (1, 2)],
            last_moved: Some((1, 2)),
        }
    }

    #[test]
    fn a_car_told_by_where_it_stands_is_its_cell() {
        let start = Garage {
            cars: vec![(0, 1), (0, 2)],
            last_moved: None,
        };
        for (said, start_or_later, want) in [
            ("ok! I'd like my top car to go one to the right", &start, "ok! I'd like a3 to go one to the right"),
            ("my lower one up", &start, "a2 up"),
            ("same car again, one more to the right", &blue(), "b3 again, one more to the right"),
            ("the other car right", &blue(), "a2 right"),
            ("my right-most car, down", &blue(), "b3, down"),
        ] {
            assert_eq!(told(said, start_or_later), want, "{said}");
        }
        let one = Garage {
            cars: vec![(1, 1)],
            last_moved: None,
        };
        assert_eq!(told("my last car up", &one), "b2 up");
        assert_eq!(told("my car in the middle goes up", &one), "b2 in the middle goes up");
    }

    #[test]
    fn a_description_of_no_one_car_or_beside_a_cell_is_left_as_written() {
        let start = Garage {
            cars: vec![(0, 1), (0, 2)],
            last_moved: None,
        };
        for said in [
            // Both cars stand in column a: neither is the left one.
            "my left car up",
            // Two cars remain: `last` is none of them, nor is `my car`.
            "my last car off",
            "my car goes up",
            // Nothing moved yet.
            "same car again",
            // The cell says which car.
            "my top car (a3) right",
            // No way to drive follows.
            "top one is nice",
            "up with my top car",
        ] {
            assert_eq!(told(said, &start), said);
        }
    }
}
