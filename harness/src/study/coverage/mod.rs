//! Coverage of the documents: which productions of each grammar some input makes
//! accept and some input makes reject, which branches of each resolution algorithm
//! some input takes, which notes some input raises, and where an input the grammar
//! derives two ways is encoded under one reading only.
//!
//! The inputs are the case set ([`of_cases`]: every parse case under each document and
//! reading it has an expectation for, every resolve case likewise) or fuzz corpora
//! ([`corpus`], read as the fuzz targets read them). What is never reached is judged
//! against the reviewed exceptions ([`exceptions`]); [`render`] writes the figures for
//! people and as JSON. `urlcert coverage` is the command, `urlcert run` prints the
//! figures of the case set, `.ci/nightly` those of the night's corpus.

pub mod corpus;
pub mod exceptions;
mod places;
pub mod render;

use crate::case::{LoadedCase, Operation};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use urlcert_reference::resolve::{branches, Branch};
use urlcert_reference::{
    note_ids, parse_with_coverage, resolve, Detail, DocReading, Document, Reading, Rule,
};

/// How a production can be reached: some input makes its function accept, or reject.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Way {
    Accepted,
    Rejected,
}

impl Way {
    pub fn id(self) -> &'static str {
        match self {
            Way::Accepted => "accepted",
            Way::Rejected => "rejected",
        }
    }
}

/// Something of a document that no input reaches.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Gap {
    /// No input makes the production's function accept (`never: accepted`) or reject.
    Production { rule: Rule, never: Way },
    /// No resolution takes the branch.
    Branch {
        id: &'static str,
        text: &'static str,
    },
    /// No parse raises the note.
    Note { id: &'static str },
    /// An ambiguity some case raises, whose second reading no case encodes.
    Ambiguity { rule: Rule },
}

impl Gap {
    /// `production`, `branch`, `note` or `ambiguity`.
    pub fn kind(&self) -> &'static str {
        match self {
            Gap::Production { .. } => "production",
            Gap::Branch { .. } => "branch",
            Gap::Note { .. } => "note",
            Gap::Ambiguity { .. } => "ambiguity",
        }
    }

    /// The production, branch id, note id or ambiguous rule.
    pub fn name(&self) -> &'static str {
        match self {
            Gap::Production { rule, .. } | Gap::Ambiguity { rule } => rule.name(),
            Gap::Branch { id, .. } | Gap::Note { id } => id,
        }
    }

    /// What is never reached: `accepted`, `rejected`, `taken`, `raised` or
    /// `second-reading`.
    pub fn never(&self) -> &'static str {
        match self {
            Gap::Production { never, .. } => never.id(),
            Gap::Branch { .. } => "taken",
            Gap::Note { .. } => "raised",
            Gap::Ambiguity { .. } => "second-reading",
        }
    }
}

pub use places::PlaceKey;

/// A place where some input derives two ways ([`urlcert_reference::Ambiguity`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    pub rule: Rule,
    pub text: &'static str,
    /// How many parses raised it.
    pub raised: usize,
    /// Some case with an input that raises it has an expectation under another reading
    /// of the document that answers differently (see `places`).
    pub both_readings: bool,
}

/// What the inputs reached under one document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DocCoverage {
    pub doc: Document,
    /// Parses and resolutions run under the document (any reading).
    pub parses: usize,
    pub resolutions: usize,
    /// Every production of the grammar: (rule, accepted somewhere, rejected somewhere).
    pub productions: Vec<(Rule, bool, bool)>,
    /// Every branch of the resolution algorithm, and whether some resolution took it.
    pub branches: Vec<(Branch, bool)>,
    /// Every note the document can raise, and whether some parse raised it.
    pub notes: Vec<(&'static str, bool)>,
    /// The ambiguities raised; `None` where readings are not judged (a corpus has no
    /// expectations to encode a reading in).
    pub places: Option<Vec<Place>>,
}

impl DocCoverage {
    /// Everything not reached, in the order of the document's lists.
    pub fn gaps(&self) -> Vec<Gap> {
        let mut out = Vec::new();
        for &(rule, accepted, rejected) in &self.productions {
            if !accepted {
                out.push(Gap::Production {
                    rule,
                    never: Way::Accepted,
                });
            }
            if !rejected && rule.can_reject() {
                out.push(Gap::Production {
                    rule,
                    never: Way::Rejected,
                });
            }
        }
        for &((id, text), taken) in &self.branches {
            if !taken {
                out.push(Gap::Branch { id, text });
            }
        }
        for &(id, raised) in &self.notes {
            if !raised {
                out.push(Gap::Note { id });
            }
        }
        for p in self.places.iter().flatten() {
            if !p.both_readings {
                out.push(Gap::Ambiguity { rule: p.rule });
            }
        }
        out
    }

    /// The productions reached only one way, with the way they are reached (a rule that
    /// cannot reject, [`Rule::can_reject`], is reached every way once it accepts).
    pub fn one_way(&self) -> impl Iterator<Item = (Rule, Way)> + '_ {
        self.productions
            .iter()
            .filter_map(|&(r, a, j)| match (a, j) {
                (true, false) if !r.can_reject() => None,
                (true, false) => Some((r, Way::Accepted)),
                (false, true) => Some((r, Way::Rejected)),
                _ => None,
            })
    }

    /// The productions never reached.
    pub fn unreached(&self) -> impl Iterator<Item = Rule> + '_ {
        self.productions
            .iter()
            .filter(|&&(_, a, j)| !a && !j)
            .map(|&(r, ..)| r)
    }

    /// The counts, with `unexcused` the gaps no exception covers.
    pub fn figures(&self, unexcused: usize) -> Figures {
        let count = |f: &dyn Fn(&(Rule, bool, bool)) -> bool| {
            self.productions.iter().filter(|p| f(p)).count()
        };
        Figures {
            doc: self.doc.id().to_string(),
            parses: self.parses,
            resolutions: self.resolutions,
            productions_total: self.productions.len(),
            productions_accepted_and_rejected: count(&|&(r, a, j)| a && (j || !r.can_reject())),
            productions_one_way: count(&|&(r, a, j)| a != j && (j || r.can_reject())),
            productions_unreached: count(&|&(_, a, j)| !a && !j),
            branches_total: self.branches.len(),
            branches_taken: self.branches.iter().filter(|b| b.1).count(),
            notes_total: self.notes.len(),
            notes_raised: self.notes.iter().filter(|n| n.1).count(),
            ambiguities_raised: self.places.as_ref().map(Vec::len),
            single_reading_places: self
                .places
                .as_ref()
                .map(|p| p.iter().filter(|p| !p.both_readings).count()),
            unexcused,
        }
    }
}

/// One document's counts: a row of the tables, the `figures` of `urlcert coverage
/// --json`, an entry of `summary.json`'s `coverage` and of the nightly comparison.
/// The field names are stable.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Figures {
    pub doc: String,
    pub parses: usize,
    pub resolutions: usize,
    pub productions_total: usize,
    /// Accepted and rejected; for a rule that cannot reject (a URL Standard state in
    /// which the parser never fails), accepted.
    pub productions_accepted_and_rejected: usize,
    pub productions_one_way: usize,
    pub productions_unreached: usize,
    pub branches_total: usize,
    pub branches_taken: usize,
    pub notes_total: usize,
    pub notes_raised: usize,
    /// `null` for a corpus, whose inputs have no expectations.
    pub ambiguities_raised: Option<usize>,
    pub single_reading_places: Option<usize>,
    /// Gaps no exception covers.
    pub unexcused: usize,
}

/// The running record of one document.
#[derive(Clone, Debug)]
pub struct Tally {
    doc: Document,
    rules: urlcert_reference::Coverage,
    taken: BTreeSet<Branch>,
    notes: BTreeSet<&'static str>,
    /// Each place (an ambiguity's rule and text: one rule can be ambiguous in more than
    /// one way) and how many parses raised it.
    places: BTreeMap<PlaceKey, usize>,
    parses: usize,
    resolutions: usize,
}

impl Tally {
    pub fn new(doc: Document) -> Tally {
        Tally {
            doc,
            rules: urlcert_reference::Coverage::new(),
            taken: BTreeSet::new(),
            notes: BTreeSet::new(),
            places: BTreeMap::new(),
            parses: 0,
            resolutions: 0,
        }
    }

    pub fn doc(&self) -> Document {
        self.doc
    }

    /// Parses `input` under the document and `reading`: the rules it reaches, the notes
    /// it raises, the ambiguities (their places are returned).
    pub fn parse(&mut self, reading: Reading, input: &[u8]) -> Vec<PlaceKey> {
        let (p, cov) = parse_with_coverage(DocReading::new(self.doc, reading), input);
        self.parses += 1;
        self.rules.merge(&cov);
        for n in p.notes() {
            self.notes.insert(n.id);
        }
        // A place is what the default reading reports; another reading's ambiguities
        // (double-slash-path's own, say) are where it took the other side.
        let mut raised = Vec::new();
        for a in p.ambiguities.iter().filter(|_| reading == Reading::Strict) {
            *self.places.entry((a.rule, a.text)).or_insert(0) += 1;
            raised.push((a.rule, a.text));
        }
        raised
    }

    /// Resolves `reference` against `base` under the document and `reading`: the
    /// branches it takes (each step's text, without its value, which for some steps is
    /// the whole path: that would make a long path's trace quadratic).
    pub fn resolve(&mut self, reading: Reading, base: &[u8], reference: &[u8]) {
        self.resolutions += 1;
        let doc = DocReading::new(self.doc, reading);
        if let Ok(r) = resolve(doc, base, reference, Detail::Texts) {
            for s in r.steps.traced() {
                self.taken.insert((s.id, s.text));
                // The URL Standard's steps are its parser's states, its productions:
                // a state reached against a base is reached.
                if self.doc == Document::UrlStandard {
                    if let Some(rule) = Rule::from_name(self.doc, s.text) {
                        self.rules.mark(rule, true);
                    }
                }
            }
            self.notes.extend(r.errors.iter().copied());
        }
    }

    /// The coverage; `both_readings` the places whose second reading is encoded, or
    /// `None` when readings are not judged.
    pub fn finish(self, both_readings: Option<&BTreeSet<PlaceKey>>) -> DocCoverage {
        let doc = self.doc;
        let productions = Rule::of(doc)
            .map(|r| (r, self.rules.accepted(r), self.rules.rejected(r)))
            .collect();
        let branches = branches(doc)
            .iter()
            .map(|b| (*b, self.taken.contains(b)))
            .collect();
        let notes = note_ids(doc)
            .iter()
            .map(|id| (*id, self.notes.contains(id)))
            .collect();
        let places = both_readings.map(|both| {
            self.places
                .iter()
                .map(|(&(rule, text), &raised)| Place {
                    rule,
                    text,
                    raised,
                    both_readings: both.contains(&(rule, text)),
                })
                .collect()
        });
        DocCoverage {
            doc,
            parses: self.parses,
            resolutions: self.resolutions,
            productions,
            branches,
            notes,
            places,
        }
    }
}

/// The documents to report: `only`, or all of them, oldest first.
pub fn documents(only: Option<Document>) -> Vec<Document> {
    Document::ALL
        .iter()
        .copied()
        .filter(|d| only.is_none_or(|o| o == *d))
        .collect()
}

/// The coverage the cases give each document (`only`, or all): every parse case under
/// each document and reading it has an expectation for, every resolve case likewise.
pub fn of_cases(cases: &[LoadedCase], only: Option<Document>) -> Vec<DocCoverage> {
    let mut tallies: Vec<Tally> = documents(only).into_iter().map(Tally::new).collect();
    // (document, place) -> the cases whose input raises that ambiguity.
    let mut raised: BTreeMap<(Document, PlaceKey), BTreeSet<(usize, Reading)>> = BTreeMap::new();
    for (i, lc) in cases.iter().enumerate() {
        let case = &lc.case;
        for key in case.expect.keys() {
            let Some(t) = tallies.iter_mut().find(|t| t.doc == key.0.doc) else {
                continue;
            };
            match case.op {
                Operation::Parse => {
                    for place in t.parse(key.0.reading, case.input.as_bytes()) {
                        raised
                            .entry((t.doc, place))
                            .or_default()
                            .insert((i, key.0.reading));
                    }
                }
                Operation::Resolve => {
                    let base = case.base.as_deref().unwrap_or_default();
                    t.resolve(key.0.reading, base.as_bytes(), case.input.as_bytes());
                }
                _ => {}
            }
        }
    }
    let both = places::second_readings(cases, &raised);
    tallies
        .into_iter()
        .map(|t| {
            let doc = t.doc;
            let mine: BTreeSet<PlaceKey> = both
                .iter()
                .filter(|(d, _)| *d == doc)
                .map(|(_, r)| *r)
                .collect();
            t.finish(Some(&mine))
        })
        .collect()
}
