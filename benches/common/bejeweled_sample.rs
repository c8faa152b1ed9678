//! The grids of the bundled Bejeweled sample match, shared by the
//! `bejeweled` bench and the `bejeweled_timing` example: issue 16 sets the
//! all-nine search's time budget on exactly these grids.

use arbiter::games::bejeweled::Grid;

/// (round, grid) for each round of `bj-code-red-dm5`, in order.
pub fn sample_grids() -> Vec<(usize, Grid)> {
    let json = include_str!("../../data/samples/bj-code-red-dm5.json");
    let file: serde_json::Value = serde_json::from_str(json).expect("the sample is JSON");
    let events = file["events"].as_array().expect("events");
    events
        .iter()
        .filter_map(|e| e.pointer("/body/round_start/bejeweled"))
        .map(|r| {
            let rows: Vec<&str> = r["grid"]
                .as_array()
                .expect("rows")
                .iter()
                .map(|row| row.as_str().expect("a row"))
                .collect();
            let round = r["round"].as_u64().expect("a round number") as usize;
            (round, Grid::parse(&rows.join("\n")).expect("a valid grid"))
        })
        .collect()
}
