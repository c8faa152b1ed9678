//! A Traffic Jam match of any length, for the load figures: the first
//! round of the bundled Penzo Cup final (a board set up in six placements,
//! solved in six moves, ruled) played again and again, eleven events a
//! round, so `ROUNDS` rounds make a match of `11 × ROUNDS + 1` events
//! (109 rounds: 1,200), every one legal. Prints a match file (the form `arbiter load` reads).
//!
//!     cargo run --release --example long_match -- tj-long 109 > long.json

use serde_json::{json, Value};

const SAMPLE: &str = include_str!("../data/samples/tj-penzo-cup-final.json");

fn main() {
    let mut args = std::env::args().skip(1);
    let id = args.next().unwrap_or_else(|| "tj-long".to_string());
    let rounds: u64 = args
        .next()
        .map(|n| n.parse().expect("ROUNDS is a whole number"))
        .unwrap_or(109);
    let sample: Value = serde_json::from_str(SAMPLE).expect("the bundled sample is JSON");
    let events = sample["events"]
        .as_array()
        .expect("a match file has events");
    let mut create = events[0].clone();
    let config = &mut create["body"]["create"]["config"]["rush_hour"];
    config["rounds"] = json!(rounds);
    config["to_win"] = json!(rounds);
    create["body"]["create"]["title"] = json!(format!("A long match: {rounds} rounds"));
    // Round 1: its start, six placements, the claim, the proof, the pass
    // and the ruling.
    let round = &events[1..=11];
    let mut out = vec![create];
    for r in 0..rounds {
        for e in round {
            let mut e = e.clone();
            let at =
                chrono::DateTime::parse_from_rfc3339(e["occurred_at"].as_str().unwrap()).unwrap();
            let shifted = at + chrono::Duration::minutes(10 * r as i64);
            e["occurred_at"] = json!(shifted
                .to_utc()
                .to_rfc3339_opts(chrono::SecondsFormat::Millis, true));
            let body = &mut e["body"];
            if let Some(rs) = body.get_mut("round_start") {
                rs["rush_hour"]["round"] = json!(r + 1);
            }
            if let Some(ruling) = body.get_mut("ruling") {
                ruling["scope"]["round"] = json!(r + 1);
                ruling["text"] = json!(format!("mira takes round {} — 6 moves, no counter", r + 1));
            }
            out.push(e);
        }
    }
    println!("{}", json!({"id": id, "events": out}));
}
