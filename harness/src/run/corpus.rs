//! `urlcert corpus`: seed files for the libFuzzer targets in `fuzz/`, one folder per
//! target (`corpus/<target>/`), made from the cases.
//!
//! Each seed is one file holding the bytes a target reads, named by the first 16 hex
//! digits of its SHA-256, so the same cases always give the same files and a seed
//! appears once per target however many cases share it:
//!
//! - `adapters_diff`: every parse case's input, and the base and reference of every
//!   resolve case (URLs too), each behind an adapter byte ([`crate::run::fuzzinput`]): one
//!   seed per URL and in-process adapter the target picks from, so every URL is checked
//!   against every adapter;
//! - `parse_invariants`, `oracle_diff`: the same URLs, each behind a document byte
//!   ([`crate::run::fuzzinput`]): one seed per document and reading the case has an
//!   expectation for (a reading the target does not list counts as the document's
//!   default), so a seed runs under the document it was written for; a URL none of whose
//!   documents the target lists gets one seed, under the document its hash picks;
//! - `resolve_invariants`: a document byte, every resolve case's base, a NUL byte, and
//!   its reference, once per document and reading the case has an expectation for;
//! - `self_contradiction`: the same pairs, and every parse case's input, each behind a
//!   document byte of the documents with both a grammar and a resolution algorithm;
//! - `structured`: the inputs of the parse cases that some document expects to be a
//!   `generic-URL`, an `httpurl` or an `ftpurl`, the productions the target builds. The
//!   target reads its bytes as choices, so these are starting points, not the URLs it
//!   will build.
//!
//! The committed `corpus/` holds these seeds only; a campaign writes its new finds to a
//! working directory (`fuzz/corpus/<target>`, not committed).

use crate::case::{LoadedCase, Operation};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::path::Path;
use urlcert_reference::DocReading;

pub use crate::run::fuzzinput::FuzzTarget;

/// Seeds of one target: file name to contents.
pub type Seeds = BTreeMap<String, Vec<u8>>;

/// The file name of a seed: 16 hex digits of its SHA-256.
pub fn seed_name(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .take(8)
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn add(seeds: &mut Seeds, bytes: Vec<u8>) {
    seeds.insert(seed_name(&bytes), bytes);
}

/// One URL behind a document byte, for each of `docs` that `target` lists (see the
/// module's comment).
fn add_per_doc(seeds: &mut Seeds, target: FuzzTarget, docs: &[DocReading], rest: &[u8]) {
    let list = target.docs().expect("a target with a document byte");
    let mut any = false;
    for &d in docs {
        if let Some(i) = crate::run::fuzzinput::index_of(list, d) {
            add(seeds, crate::run::fuzzinput::seed(i, rest));
            any = true;
        }
    }
    if !any {
        let i = Sha256::digest(rest)[0] as usize % list.len();
        add(seeds, crate::run::fuzzinput::seed(i, rest));
    }
}

/// The seeds of every target, from the cases.
pub fn seeds(cases: &[LoadedCase]) -> BTreeMap<FuzzTarget, Seeds> {
    let adapters = crate::run::fuzzinput::adapters().len();
    let mut urls = Seeds::new();
    let mut parse_urls = Seeds::new();
    let mut oracle_urls = Seeds::new();
    let mut pairs = Seeds::new();
    let mut structured = Seeds::new();
    let mut contradiction = Seeds::new();
    for lc in cases {
        let c = &lc.case;
        let docs: Vec<DocReading> = c.expect.keys().map(|k| k.0).collect();
        let mut url = |bytes: &[u8]| {
            for i in 0..adapters {
                add(&mut urls, crate::run::fuzzinput::seed(i, bytes));
            }
            add_per_doc(&mut parse_urls, FuzzTarget::ParseInvariants, &docs, bytes);
            add_per_doc(&mut oracle_urls, FuzzTarget::OracleDiff, &docs, bytes);
        };
        match c.op {
            Operation::Parse => {
                url(c.input.as_bytes());
                add_per_doc(
                    &mut contradiction,
                    FuzzTarget::SelfContradiction,
                    &docs,
                    c.input.as_bytes(),
                );
                let built = c.expect.values().any(|e| {
                    matches!(
                        e.rule.as_ref(),
                        Some(Some(r)) if matches!(r.as_str(), "generic-URL" | "httpurl" | "ftpurl")
                    )
                });
                if built {
                    add(&mut structured, c.input.as_bytes().to_vec());
                }
            }
            Operation::Resolve => {
                let base = c.base.clone().unwrap_or_default();
                url(base.as_bytes());
                url(c.input.as_bytes());
                let mut pair = base.into_bytes();
                pair.push(0);
                pair.extend_from_slice(c.input.as_bytes());
                add_per_doc(&mut pairs, FuzzTarget::ResolveInvariants, &docs, &pair);
                add_per_doc(
                    &mut contradiction,
                    FuzzTarget::SelfContradiction,
                    &docs,
                    &pair,
                );
            }
            // Extraction, normalisation and base establishment have no fuzz target of
            // their own.
            Operation::Extract | Operation::Normalize | Operation::Base | Operation::Links => {}
        }
    }
    BTreeMap::from([
        (FuzzTarget::ParseInvariants, parse_urls),
        (FuzzTarget::ResolveInvariants, pairs),
        (FuzzTarget::OracleDiff, oracle_urls),
        (FuzzTarget::AdaptersDiff, urls),
        (FuzzTarget::Structured, structured),
        (FuzzTarget::SelfContradiction, contradiction),
    ])
}

/// Is this file name one `urlcert corpus` writes (16 lower-case hex digits)?
fn is_seed_name(name: &str) -> bool {
    name.len() == 16
        && name
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// What differs between `dir` and the seeds: missing, changed and stale files, as
/// paths relative to `dir`. Empty when `dir` is up to date. Files whose names are not
/// seed names (a README) are left alone.
pub fn differences(dir: &Path, all: &BTreeMap<FuzzTarget, Seeds>) -> Vec<String> {
    let mut out = Vec::new();
    for (target, seeds) in all {
        let sub = dir.join(target.name());
        for (name, bytes) in seeds {
            match std::fs::read(sub.join(name)) {
                Ok(b) if b == *bytes => {}
                Ok(_) => out.push(format!("{target}/{name} (changed)")),
                Err(_) => out.push(format!("{target}/{name} (missing)")),
            }
        }
        for name in existing(&sub) {
            if !seeds.contains_key(&name) {
                out.push(format!("{target}/{name} (stale)"));
            }
        }
    }
    out
}

fn existing(sub: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(sub)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| is_seed_name(n))
        .collect();
    names.sort();
    names
}

/// How many files a [`write`] added, rewrote and removed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Written {
    pub added: usize,
    pub changed: usize,
    pub removed: usize,
    pub total: usize,
}

/// Writes the seeds into `dir/<target>/`: files that are missing or differ are written,
/// seed files no case gives any more are removed, everything else is left as it is.
pub fn write(dir: &Path, all: &BTreeMap<FuzzTarget, Seeds>) -> std::io::Result<Written> {
    let mut w = Written::default();
    for (target, seeds) in all {
        let sub = dir.join(target.name());
        std::fs::create_dir_all(&sub)?;
        for (name, bytes) in seeds {
            let path = sub.join(name);
            match std::fs::read(&path) {
                Ok(b) if b == *bytes => {}
                Ok(_) => {
                    std::fs::write(&path, bytes)?;
                    w.changed += 1;
                }
                Err(_) => {
                    std::fs::write(&path, bytes)?;
                    w.added += 1;
                }
            }
            w.total += 1;
        }
        for name in existing(&sub) {
            if !seeds.contains_key(&name) {
                std::fs::remove_file(sub.join(&name))?;
                w.removed += 1;
            }
        }
    }
    Ok(w)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_names_are_short_hashes() {
        let n = seed_name(b"http://a/");
        assert!(is_seed_name(&n), "{n}");
        assert_ne!(n, seed_name(b"http://b/"));
        assert!(!is_seed_name("README.md"));
    }
}
