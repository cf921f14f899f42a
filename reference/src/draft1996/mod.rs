//! draft-fielding-url-syntax-01 (26 November 1996, seed 004): the generic syntax of
//! Sections 2 to 4.

pub mod parts;
