//! Web.
