//! Samples.
