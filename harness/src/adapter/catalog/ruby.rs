//! placeholder
use super::External;
pub const ENTRIES: &[External] = &[];
