//! The WHATWG URL Standard.
pub mod writing;
