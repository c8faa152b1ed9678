//! rush_hour's rule points (issue 12).
#[allow(unused_imports)]
use super::*;
