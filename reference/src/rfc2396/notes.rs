//! What RFC 2396 says about an input beyond its grammar.

/// The ids of the notes a parse may give.
pub const IDS: &[&str] = &[];
