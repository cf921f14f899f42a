//! What becomes of each recorded contradiction in the documents after its own: the same
//! check on the same witness under each later document with a grammar and a resolution
//! algorithm (default reading). It is gone where the check holds, and persists where it
//! still finds a contradiction; where the later grammar refuses the witness the check
//! does not apply. Printed examples are left out: a later document prints its own.

use super::checks::{Check, Outcome};
use super::known::{rerun, rerun_all};
use super::places::Grammar;
use super::search::DOCS;
use crate::case::LoadedCase;
use crate::Error;
use std::collections::BTreeMap;
use urlcert_reference::{DocReading, Document};

/// The check under one later document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Later {
    /// The check holds: no contradiction.
    Gone,
    /// A contradiction still, with this shape (the later document's names).
    Persists(String),
    /// The later grammar refuses the witness (or the base is no base there).
    NotApplicable,
    /// The check could not run.
    Unusable(String),
}

/// A recorded contradiction and what the check says of its witness later on.
pub struct Fate<'a> {
    pub case: &'a LoadedCase,
    pub doc: DocReading,
    pub check: Check,
    pub shape: String,
    pub later: Vec<(Document, Later)>,
}

impl Fate<'_> {
    /// "gone in rfc1808", "gone in rfc1808, back in draft-1996", "persists through
    /// rfc3986", "no later document", "not applicable later".
    pub fn summary(&self) -> String {
        if let Some(at) = self.later.iter().position(|(_, l)| *l == Later::Gone) {
            let back = self.later[at..]
                .iter()
                .find(|(_, l)| matches!(l, Later::Persists(_)));
            return match back {
                Some((b, _)) => format!("gone in {}, back in {b}", self.later[at].0),
                None => format!("gone in {}", self.later[at].0),
            };
        }
        match self
            .later
            .iter()
            .rev()
            .find(|(_, l)| matches!(l, Later::Persists(_)))
        {
            Some((d, _)) => format!("persists through {d}"),
            None if self.later.is_empty() => "no later document".into(),
            None => "not applicable later".into(),
        }
    }
}

/// Every recorded contradiction of the grammar-split and closure kinds that its check
/// still finds, with its fate in each later document.
pub fn fates(cases: &[LoadedCase]) -> Vec<Fate<'_>> {
    let mut grammars: BTreeMap<DocReading, Result<Grammar, Error>> = BTreeMap::new();
    let mut out = Vec::new();
    for (r, outcome) in rerun_all(cases) {
        let Outcome::Contradiction(f) = outcome else {
            continue;
        };
        if r.check == Check::Printed {
            continue;
        }
        let after = DOCS
            .iter()
            .skip_while(|d| **d != r.doc.doc)
            .skip(1)
            .copied();
        let later = after
            .map(|d| {
                let doc = DocReading::from(d);
                let g = grammars.entry(doc).or_insert_with(|| Grammar::new(doc));
                let outcome = match g {
                    Ok(g) => rerun(
                        g,
                        &super::known::Recorded {
                            case: r.case,
                            doc,
                            check: r.check,
                        },
                    ),
                    Err(e) => Outcome::Unusable(e.to_string()),
                };
                let l = match outcome {
                    Outcome::Holds => Later::Gone,
                    Outcome::Contradiction(f) => Later::Persists(f.shape),
                    Outcome::NotGrammatical | Outcome::TooLong => Later::NotApplicable,
                    Outcome::Unusable(why) => Later::Unusable(why),
                };
                (d, l)
            })
            .collect();
        out.push(Fate {
            case: r.case,
            doc: r.doc,
            check: r.check,
            shape: f.shape,
            later,
        });
    }
    out
}
