//! The exact value of a Nim race position: whether the player to move can
//! force a win from a heap, taking 1 to `most` stones a turn, found by
//! trying every take (no formula trusted), and the take that wins.
//!
//! Imports nothing from `log/`, `web/`, `import/` or `verify.rs`.

/// Whether the player to move wins from each heap `0..=heap`: a heap is a
/// win when some take leaves the other player a heap that is not.
pub fn wins_up_to(heap: u32, most: u32) -> Vec<bool> {
    let mut wins = vec![false; heap as usize + 1];
    for n in 1..=heap as usize {
        wins[n] = (1..=most as usize)
            .take_while(|&t| t <= n)
            .any(|t| !wins[n - t]);
    }
    wins
}

/// Whether the player to move can force a win from `heap`.
pub fn wins(heap: u32, most: u32) -> bool {
    wins_up_to(heap, most)[heap as usize]
}

/// The smallest take that leaves the other player a lost heap; `None`
/// when every take leaves a win (or the heap is empty).
pub fn winning_take(heap: u32, most: u32) -> Option<u32> {
    let wins = wins_up_to(heap, most);
    (1..=most.min(heap)).find(|&t| !wins[(heap - t) as usize])
}
