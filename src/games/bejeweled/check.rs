//! What the verifier recomputes for a Bejeweled match.

use super::rules::Match;
use crate::verify::Finding;

pub fn findings(m: &Match) -> Vec<Finding> {
    let _ = m;
    Vec::new()
}
