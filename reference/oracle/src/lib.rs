//! urlcert's second oracle: each document's BNF, read from its data file in
//! `reference/grammar/`, compiled mechanically into regular expressions and matched
//! with the `regex` crate (linear time, no backtracking).
//!
//! It shares no code with the hand-written reference (`urlcert-reference`): the
//! grammar files are the only source of what a document derives, and one small table
//! per document ([`tables`]) says what the BNF does not (which production an input is
//! judged by, how a verdict follows, rules left to other documents, readings).
//! `harness/tests/it/oracle_agreement.rs` runs both on every case and on generated
//! strings, and fails on any disagreement that no documented piece of prose explains.
//!
//! The grammar files are compiled into the crate ([`GRAMMARS`], `include_str!`), so
//! [`Oracle::new`] reads nothing at run time: a fuzz target built from this crate runs
//! where the source tree is gone (ClusterFuzzLite removes it after the build).
//! [`Oracle::load`] reads a grammar folder instead, for tests that want one.
//!
//! ```
//! use urlcert_oracle::{Oracle, Verdict};
//! let o = Oracle::new("rfc1738", None).unwrap();
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

/// Every grammar file of `reference/grammar/`, by file name (`Table::file`), its text
/// compiled into the crate. `tests/tables.rs` checks that each is the file as it stands
/// and that every table's file is here.
pub const GRAMMARS: &[(&str, &str)] = &[
    (
        "rfc1738-bnf.txt",
        include_str!("../../grammar/rfc1738-bnf.txt"),
    ),
    (
        "draft-06-bnf.txt",
        include_str!("../../grammar/draft-06-bnf.txt"),
    ),
    (
        "rfc1808-bnf.txt",
        include_str!("../../grammar/rfc1808-bnf.txt"),
    ),
    (
        "draft-1996-bnf.txt",
        include_str!("../../grammar/draft-1996-bnf.txt"),
    ),
    (
        "draft-02-bnf.txt",
        include_str!("../../grammar/draft-02-bnf.txt"),
    ),
    (
        "draft-03-bnf.txt",
        include_str!("../../grammar/draft-03-bnf.txt"),
    ),
    (
        "rfc2396-bnf.txt",
        include_str!("../../grammar/rfc2396-bnf.txt"),
    ),
    (
        "rfc3986-abnf.txt",
        include_str!("../../grammar/rfc3986-abnf.txt"),
    ),
];

/// The compiled-in text of the grammar file `file` (`rfc1738-bnf.txt`).
pub fn grammar_text(file: &str) -> Option<&'static str> {
    GRAMMARS.iter().find(|(f, _)| *f == file).map(|(_, t)| *t)
}

/// The folder of the grammar files, beside this crate in the source tree. Only for
/// tests and tools that read the files themselves ([`Oracle::load`]); it does not exist
/// where the source tree is gone, and [`Oracle::new`] does not use it.
pub fn grammar_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../grammar")
}
