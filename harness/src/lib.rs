//! urlcert: a conformance suite for the historical URL specifications, laid out as the
//! one flow every subcommand takes, case → ask → judge → run → study → report:
//!
//! - [`case`]: the YAML case format (documented in `cases/README.md` and in
//!   [`case::schema`]), loading with file:line:column errors, validation, the rows of
//!   the divergence table, and a case as the [`ask::Request`] it puts.
//! - [`ask`]: everyone urlcert asks behind one seam, the [`ask::Engine`] trait: the
//!   reference under one document and reading ([`ask::ReferenceEngine`]), the
//!   in-process crates, the recorded clients and the external processes (their
//!   protocol is `ADAPTERS.md`), the registry and catalog; [`ask::ask`] is the one
//!   place a request is put, with the one panic catch and the one "not offered".
//! - [`judge`]: the one judge ([`judge::judge`]): the class of an outcome, the exact
//!   comparison for the reference's own answer, the comparison by meaning for other
//!   models (the model × document tables, the declared normalisations), the known
//!   divergences, the oracle classes, and the reference's answer as an expectation.
//! - [`run`]: what asks and judges many times: the suite (`run`, `certify`, the
//!   expected-failure lists), the run journal for `--resume`, the fuzz campaign and
//!   the campaign engine it shares with the self-contradiction search, the fuzz
//!   targets' checks, the corpus.
//! - [`study`]: what is computed from the records and the cases: the matrix, the
//!   evolution from document to document, the coverage, the contradictions (printed
//!   and found by machine).
//! - [`report`]: report folders written atomically, escaping, the page shell, and a
//!   renderer per report (JSON lines, summary, Markdown, HTML, JUnit, certificates).
//! - [`page`]: a real file (a MIME message, an HTML page) read into the document model
//!   base establishment works on; `urlcert base` and `urlcert links`.
//! - [`show`]: what the one-input commands print (parse, resolve, trace, normalize,
//!   extract, export).
//! - [`bench`]: `urlcert bench` and `cargo bench`.
//! - [`Error`]: the one error type, a message naming its place.
//! - [`assets`]: the files compiled into urlcert and the checkout they are read from
//!   instead when there is one; [`user_file`]: reading a file a user names, bounded.
//!
//! The command line (clap arguments, exit codes) lives in the binary's `cli.rs` and
//! `cmd/`, so that this library is what a parser's own CI can embed.

pub mod ask;
pub mod assets;
pub mod bench;
pub mod case;
mod error;
pub mod judge;
pub mod page;
pub mod report;
pub mod run;
pub mod show;
pub mod study;
pub mod user_file;

pub use error::{Error, Result};
