//! The input format of the libFuzzer targets that pick what they check by the input's
//! first byte, `byte % n` into the target's list, the rest of the input being what the
//! target reads:
//!
//! - `parse_invariants`, `resolve_invariants`, `oracle_diff`, `self_contradiction`
//!   ([`FuzzTarget::WITH_DOCUMENT_BYTE`]): the byte picks the document and reading
//!   ([`FuzzTarget::docs`]), and the rest is
//!   a URL (for `resolve_invariants` base NUL reference, for `self_contradiction`
//!   either). So every execution is one parse (or one resolution) under one document,
//!   and libFuzzer's coverage feedback is per document rather than the union of all of
//!   them.
//! - `adapters_diff`: the byte picks the in-process adapter
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

/// The fuzz targets that have seeds, as named in `fuzz/Cargo.toml` (not the yardstick
/// `anchor_url`, which checks nothing and is only run to compare exec/s).
///
/// Declared in the order of their names, which is the order they sort in (a corpus
/// folder's, a report's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FuzzTarget {
    AdaptersDiff,
    OracleDiff,
    ParseInvariants,
    ResolveInvariants,
    SelfContradiction,
    Structured,
}

impl FuzzTarget {
    /// Every target with seeds, in the order `urlcert corpus` writes them.
    pub const ALL: [FuzzTarget; 6] = [
        FuzzTarget::ParseInvariants,
        FuzzTarget::ResolveInvariants,
        FuzzTarget::OracleDiff,
        FuzzTarget::AdaptersDiff,
        FuzzTarget::Structured,
        FuzzTarget::SelfContradiction,
    ];

    /// The targets whose input starts with a document byte.
    pub const WITH_DOCUMENT_BYTE: [FuzzTarget; 4] = [
        FuzzTarget::ParseInvariants,
        FuzzTarget::ResolveInvariants,
        FuzzTarget::OracleDiff,
        FuzzTarget::SelfContradiction,
    ];

    /// Its name in `fuzz/Cargo.toml`, which is also its corpus folder's.
    pub fn name(self) -> &'static str {
        match self {
            FuzzTarget::ParseInvariants => "parse_invariants",
            FuzzTarget::ResolveInvariants => "resolve_invariants",
            FuzzTarget::OracleDiff => "oracle_diff",
            FuzzTarget::AdaptersDiff => "adapters_diff",
            FuzzTarget::Structured => "structured",
            FuzzTarget::SelfContradiction => "self_contradiction",
        }
    }

    /// The target of that name, if any has it.
    pub fn named(name: &str) -> Option<FuzzTarget> {
        FuzzTarget::ALL.into_iter().find(|t| t.name() == name)
    }

    /// The documents and readings the target picks from, in the order the leading byte
    /// indexes them: every document and reading of the reference
    /// ([`every_doc_reading`]) for `parse_invariants` and `resolve_invariants`, the
    /// ones the oracle covers ([`oracle::DOCS`]) for `oracle_diff`, those with both a
    /// grammar and a resolution algorithm
    /// ([`crate::study::self_contradiction::search::every_doc_reading`]) for
    /// `self_contradiction`. `None` for a target without a document byte.
    pub fn docs(self) -> Option<&'static [DocReading]> {
        static EVERY: OnceLock<Vec<DocReading>> = OnceLock::new();
        static RESOLVING: OnceLock<Vec<DocReading>> = OnceLock::new();
        match self {
            FuzzTarget::ParseInvariants | FuzzTarget::ResolveInvariants => {
                Some(EVERY.get_or_init(every_doc_reading))
            }
            FuzzTarget::OracleDiff => Some(oracle::DOCS),
            FuzzTarget::SelfContradiction => Some(
                RESOLVING.get_or_init(crate::study::self_contradiction::search::every_doc_reading),
            ),
            FuzzTarget::AdaptersDiff | FuzzTarget::Structured => None,
        }
    }
}

impl std::fmt::Display for FuzzTarget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

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
        for t in FuzzTarget::WITH_DOCUMENT_BYTE {
            let list = t.docs().unwrap();
            assert!(!list.is_empty() && list.len() < 256, "{t}");
            for i in 0..list.len() {
                let s = seed(i, b"http://h/");
                assert_eq!(split(&s, list.len()), Some((i, &b"http://h/"[..])));
            }
        }
        assert_eq!(split(b"", 3), None);
        assert_eq!(split(&[7], 3), Some((1, &b""[..])));
        assert!(FuzzTarget::Structured.docs().is_none());
        assert!(FuzzTarget::AdaptersDiff.docs().is_none());
        for t in FuzzTarget::ALL {
            assert_eq!(FuzzTarget::named(t.name()), Some(t));
        }
        // Sorted targets are sorted names, so what lists them per target reads in the
        // order of their folders.
        let mut sorted = FuzzTarget::ALL;
        sorted.sort();
        let names: Vec<&str> = sorted.iter().map(|t| t.name()).collect();
        let mut by_name = names.clone();
        by_name.sort();
        assert_eq!(names, by_name);
        let n = adapters().len();
        assert!(n > 0 && n < 256);
        for i in 0..n {
            let s = seed(i, b"http://h/");
            assert_eq!(split(&s, n), Some((i, &b"http://h/"[..])));
        }
    }
}
