//! The input format of the libFuzzer targets that pick what they check by the input's
//! first byte, `byte % n` into the target's list, the rest of the input being what the
//! target reads:
//!
//! - `parse_invariants`, `resolve_invariants`, `oracle_diff`, `self_contradiction`
//!   ([`TARGETS`]): the byte picks the document and reading ([`docs`]), and the rest is
//!   a URL (for `resolve_invariants` base NUL reference, for `self_contradiction`
//!   either). So every execution is one parse (or one resolution) under one document,
//!   and libFuzzer's coverage feedback is per document rather than the union of all of
//!   them.
//! - `adapters_diff` ([`ADAPTER_TARGET`]): the byte picks the in-process adapter
//!   ([`adapters`]), and the rest is the URL that adapter and the reference's 1996 draft
//!   parse: one adapter per execution.
//!
//! `urlcert corpus` writes the seeds of these targets in the same format ([`seed`]),
//! through the same lists, so a seed runs under the document (the adapter) it was made
//! for.

use crate::ask::{inproc, Engine};
use crate::judge::oracle;
use std::sync::OnceLock;
use urlcert_reference::invariants::every_doc_reading;
use urlcert_reference::DocReading;

/// The targets whose input starts with a document byte.
pub const TARGETS: &[&str] = &[
    "parse_invariants",
    "resolve_invariants",
    "oracle_diff",
    "self_contradiction",
];

/// The documents and readings a target picks from, in the order the leading byte
/// indexes them: every document and reading of the reference
/// ([`every_doc_reading`]) for `parse_invariants` and `resolve_invariants`, the ones the
/// oracle covers ([`oracle::DOCS`]) for `oracle_diff`, those with both a
/// grammar and a resolution algorithm
/// ([`crate::study::self_contradiction::search::every_doc_reading`]) for `self_contradiction`.
/// `None` for a target without a document byte.
pub fn docs(target: &str) -> Option<&'static [DocReading]> {
    static EVERY: OnceLock<Vec<DocReading>> = OnceLock::new();
    static ORACLE: OnceLock<Vec<DocReading>> = OnceLock::new();
    static RESOLVING: OnceLock<Vec<DocReading>> = OnceLock::new();
    match target {
        "parse_invariants" | "resolve_invariants" => Some(EVERY.get_or_init(every_doc_reading)),
        "oracle_diff" => Some(ORACLE.get_or_init(|| {
            oracle::DOCS
                .iter()
                .map(|d| d.parse().expect("a known document"))
                .collect()
        })),
        "self_contradiction" => {
            Some(RESOLVING.get_or_init(crate::study::self_contradiction::search::every_doc_reading))
        }
        _ => None,
    }
}

/// The target whose input starts with an adapter byte.
pub const ADAPTER_TARGET: &str = "adapters_diff";

/// The adapters `adapters_diff` picks from, in the order the leading byte indexes them:
/// the in-process adapters its classifiers are written for ([`inproc::all`]).
pub fn adapters() -> Vec<Box<dyn Engine>> {
    inproc::all()
}

/// Splits an input into the index of its document or adapter (`first byte % n`) and the
/// rest. `None` for the empty input (no leading byte) or `n == 0`.
pub fn split(data: &[u8], n: usize) -> Option<(usize, &[u8])> {
    let (&first, rest) = data.split_first()?;
    (n > 0).then(|| (first as usize % n, rest))
}

/// A seed: the document (adapter) byte of index `i`, then `rest`.
pub fn seed(i: usize, rest: &[u8]) -> Vec<u8> {
    let i = u8::try_from(i).expect("fewer than 256 documents or adapters");
    let mut out = Vec::with_capacity(rest.len() + 1);
    out.push(i);
    out.extend_from_slice(rest);
    out
}

/// The index of `doc` in `list`; a reading the list leaves out (a resolution reading,
/// which parses as the default does) falls back to the document's default reading.
pub fn index_of(list: &[DocReading], doc: DocReading) -> Option<usize> {
    list.iter()
        .position(|d| *d == doc)
        .or_else(|| list.iter().position(|d| *d == DocReading::from(doc.doc)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_and_seed_agree() {
        for t in TARGETS {
            let list = docs(t).unwrap();
            assert!(!list.is_empty() && list.len() < 256, "{t}");
            for i in 0..list.len() {
                let s = seed(i, b"http://h/");
                assert_eq!(split(&s, list.len()), Some((i, &b"http://h/"[..])));
            }
        }
        assert_eq!(split(b"", 3), None);
        assert_eq!(split(&[7], 3), Some((1, &b""[..])));
        assert!(docs("structured").is_none());
        assert!(docs(ADAPTER_TARGET).is_none());
        let n = adapters().len();
        assert!(n > 0 && n < 256);
        for i in 0..n {
            let s = seed(i, b"http://h/");
            assert_eq!(split(&s, n), Some((i, &b"http://h/"[..])));
        }
    }
}
