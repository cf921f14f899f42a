//! urlcert's second oracle: each document's BNF, read from its data file in
//! `reference/grammar/`, compiled mechanically into regular expressions and matched
//! with the `regex` crate (linear time, no backtracking).
//!
//! It shares no code with the hand-written reference (`urlcert-reference`): the
//! grammar files are the only source of what a document derives, and one small table
//! per document ([`tables`]) says what the BNF does not (which production an input is
//! judged by, how a verdict follows, rules left to other documents, readings).
//! `tests/agree.rs` runs both on every case and on generated strings, and fails on any
//! disagreement that no documented piece of prose explains.
//!
//! ```
//! use urlcert_oracle::{Oracle, Verdict};
//! let dir = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../grammar"));
//! let o = Oracle::load("rfc1738", None, dir).unwrap();
//! let a = o.judge(b"http://user@host/");
//! assert_eq!(a.verdict, Verdict::GenericOnly);
//! assert_eq!(a.rule.as_deref(), Some("otherurl"));
//! ```
#![forbid(unsafe_code)]

pub mod abnf;
pub mod bnf;
pub mod compile;
pub mod generate;
pub mod tables;
pub mod verdict;

pub use bnf::{Expr, Grammar, Notation};
pub use tables::{table, Table, TABLES};
pub use verdict::{Answer, Oracle, OracleError, Verdict};

/// The folder of the grammar files, beside this crate.
pub fn grammar_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../grammar")
}
