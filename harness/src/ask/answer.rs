//! What engines answer, and who they are: one interface for every parser urlcert judges: in-process Rust crates and external
//! programs alike. An adapter reports in its own component model (WHATWG's, RFC
//! 3986's, ...); `compare` maps that model onto a document's components. Like
//! wasmtime's fuzzing oracles, an answer can be "can't express this" (`Unsupported`) as
//! well as accept or reject, and whatever goes wrong in the adapter is an answer too
//! (`Fault`), never a panic or a lost run.
//!
//! The protocol external adapters speak is documented in `ADAPTERS.md`.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The component vocabulary an adapter answers in. The names are the parser's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Model {
    /// The WHATWG URL API: `protocol` (with its ":"), `username`, `password`,
    /// `hostname`, `port`, `pathname`, `search` (with "?"), `hash` (with "#"). Empty
    /// strings where a part is absent: the API cannot tell absent from empty.
    Whatwg,
    /// RFC 3986 Section 3: `scheme`, `userinfo`, `host`, `port`, `path`, `query`,
    /// `fragment`, and optionally `authority` whole (for an authority that is not a
    /// host, RFC 2396's registry-based one); absent (`null`) and empty (`""`) are
    /// distinct.
    Rfc3986,
    /// Python's `urllib.parse.urlparse` (RFC 1808's split): `scheme`, `netloc`,
    /// `path`, `params`, `query`, `fragment`, plus `username`, `password`, `hostname`,
    /// `port`. Empty strings where a part is absent.
    Urlparse,
    /// libcurl's URL API (`CURLUPART_*`): `scheme`, `user`, `password`, `host`,
    /// `port`, `path`, `query`, `fragment`; absent is `null`.
    Curl,
    /// The documents' own model, the reference's: verdict, rule, and components by
    /// each document's rule names, absent distinct from empty.
    Document,
}

pub use crate::case::Operation;

/// Who an adapter is: from its `hello`, or built in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Info {
    /// The adapter's name (`url`, `python-urllib`, `node-url@strict`).
    pub name: String,
    /// The parser's version as the adapter reports it (`url 2.5.4`, `Python 3.11.7`).
    pub version: String,
    pub model: Model,
    pub operations: Vec<Operation>,
    /// For an external adapter, the command it runs (never through a shell).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub argv: Option<Vec<String>>,
}

impl Info {
    /// Does it offer `operation`? Only the ones the protocol carries can be offered.
    pub fn offers(&self, operation: Operation) -> bool {
        self.operations.contains(&operation)
    }
}

/// A parser's components: its own names, `None` for absent.
pub type Parts = BTreeMap<String, Option<String>>;

/// What an adapter answered one request with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "answer", rename_all = "kebab-case")]
pub enum Answer {
    /// The parser accepted the input; its components, in its model.
    Parsed { components: Parts },
    /// The parser resolved the reference against the base.
    Resolved { result: String },
    /// The links of an HTML document, in document order.
    Links { links: Vec<LinkAnswer> },
    /// The parser refused the input, with its message.
    Rejected { message: String },
    /// The parser cannot express this request (an operation it lacks, bytes that are
    /// not UTF-8, ...).
    Unsupported { why: String },
    /// The adapter, not the parser, failed.
    Fault { fault: Fault },
    /// The reference's answer, in its own full model. Never on the wire.
    #[serde(skip)]
    Reference(Box<crate::ask::ReferenceAnswer>),
}

/// One URL-carrying attribute of a document, as an adapter reports it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LinkAnswer {
    /// The attribute's value.
    pub href: String,
    /// Its absolute form; `None` when the parser gives none.
    pub result: Option<String>,
}

/// How an adapter failed. Each is recorded as the request's outcome; the run goes on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Fault {
    /// The process could not be started.
    Spawn { detail: String },
    /// The process died (signal or exit status) while a request was open.
    Crash { detail: String },
    /// No answer within the time limit; the process was killed.
    Timeout { after_ms: u64 },
    /// The process exited on its own before answering (status 0 included).
    EarlyExit { detail: String },
    /// A line that is not the protocol: not JSON, a wrong id, missing fields.
    Garbage { detail: String },
    /// An answer longer than the limit.
    Oversized { bytes: u64 },
    /// More on standard error than the limit allows.
    StderrFlood { bytes: u64 },
}
