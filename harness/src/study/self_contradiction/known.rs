//! The contradictions the cases record, and the causes they stand for. A case records
//! one under a document with `contradiction` and, for the check it belongs to,
//! `printed` (a printed example), `split` (the grammar against the document's own split)
//! or `reads_back` / `result_verdict` (a resolution's result). Running that check on the
//! case's input gives the cause's key, so the cases are the one list of what is known:
//! the search marks what it finds against them, and the fuzz target panics only on a
//! cause none of them records.

use super::checks::{closure, grammar_split, printed, Check, Contradiction, Outcome};
use super::key::Key;
use super::places::Grammar;
use crate::case::{LoadedCase, Operation};
use crate::Error;
use std::collections::BTreeMap;
use urlcert_reference::DocReading;

/// An expectation that records a contradiction, and the check it belongs to.
pub struct Recorded<'a> {
    pub case: &'a LoadedCase,
    pub doc: DocReading,
    pub check: Check,
}

/// Every expectation of `cases` that records a contradiction, in case order.
pub fn recorded(cases: &[LoadedCase]) -> Vec<Recorded<'_>> {
    let mut out = Vec::new();
    for lc in cases {
        for (key, e) in &lc.case.expect {
            if e.contradiction.is_none() {
                continue;
            }
            let check = match lc.case.op {
                // The URL Standard's printed validation errors against its parser's.
                Operation::Parse | Operation::Resolve if e.printed_errors.is_some() => {
                    Check::Printed
                }
                // Its parser against its writing rules: the writing check's own record
                // (`super::writing::Known`); the URL Standard has no grammar to check.
                _ if key.0.doc == urlcert_reference::Document::UrlStandard => continue,
                Operation::Parse => Check::GrammarSplit,
                Operation::Resolve if e.printed.is_some() => Check::Printed,
                Operation::Resolve => Check::Closure,
                _ => continue,
            };
            out.push(Recorded {
                case: lc,
                doc: key.0,
                check,
            });
        }
    }
    out
}

/// The recorded case's check run again on its input.
pub fn rerun(g: &Grammar, r: &Recorded) -> Outcome {
    let c = &r.case.case;
    match r.check {
        Check::Printed => printed(r.doc, c),
        Check::GrammarSplit => grammar_split(g, c.input.as_bytes()),
        Check::Closure => closure(
            g,
            c.base.as_deref().unwrap_or_default().as_bytes(),
            c.input.as_bytes(),
        ),
    }
}

/// Every recorded contradiction with what its check says of it now (the grammar of
/// each document reading read once).
pub fn rerun_all(cases: &[LoadedCase]) -> Vec<(Recorded<'_>, Outcome)> {
    let mut grammars: BTreeMap<DocReading, Result<Grammar, Error>> = BTreeMap::new();
    recorded(cases)
        .into_iter()
        .map(|r| {
            // A printed example needs no grammar (the URL Standard has none).
            if r.check == Check::Printed {
                let outcome = printed(r.doc, &r.case.case);
                return (r, outcome);
            }
            let g = grammars.entry(r.doc).or_insert_with(|| Grammar::new(r.doc));
            let outcome = match g {
                Ok(g) => rerun(g, &r),
                Err(e) => Outcome::Unusable(e.to_string()),
            };
            (r, outcome)
        })
        .collect()
}

/// The causes the cases record, each with the id of the (first) case that records it.
#[derive(Clone, Debug, Default)]
pub struct Known {
    pub causes: BTreeMap<Key, String>,
    /// Recorded cases whose check finds no contradiction (any is a mistake, which a
    /// test reports), with what the check said.
    pub stale: Vec<(String, DocReading, String)>,
}

impl Known {
    /// Runs every recorded case's check.
    pub fn from_cases(cases: &[LoadedCase]) -> Known {
        let mut known = Known::default();
        for (r, outcome) in rerun_all(cases) {
            match outcome {
                Outcome::Contradiction(f) => {
                    known
                        .causes
                        .entry(key(&f))
                        .or_insert(r.case.case.id.clone());
                }
                other => known
                    .stale
                    .push((r.case.case.id.clone(), r.doc, format!("{other:?}"))),
            }
        }
        known
    }

    /// The case that records `f`'s cause, if one does.
    pub fn case_of(&self, f: &Contradiction) -> Option<&str> {
        self.causes.get(&key(f)).map(String::as_str)
    }
}

/// A finding's cause.
pub fn key(f: &Contradiction) -> Key {
    (f.doc.doc, f.check, f.shape.clone())
}
