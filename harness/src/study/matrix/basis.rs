//! The matrix's one basis: every distinct `parse` input and every distinct (base,
//! reference) pair of the suite, each once, with every document's answer to it, so
//! that every parser and every document are scored on the same inputs.
//!
//! A document's answer to an input is the reference's under the document's default
//! reading (the cases, the hand audits and the outside suites hold the reference to the
//! texts), with what a case states put over it where a case states it: a case's verdict
//! and the components it lists replace the reference's, the components it leaves out
//! are the reference's. The reference passes every case, so the two never disagree;
//! taking the case's keeps the citation where one exists.
//!
//! A document has no answer where it leaves the question out ([`answers_it`]): a
//! document that defines no relative form (draft-03, draft-06, RFC 1738) answers no
//! pair and parses no relative reference, and a document that refuses a base as a base
//! (RFC 3986's Section 5.1 refuses one with a fragment) gives no resolution against it.
//! An item is scored only among documents that all answer it
//! ([`super::score`]).
//!
//! An input is **discriminating** when at least two documents with an answer answer it
//! differently ([`crate::case::answer::change_of`], the comparison `urlcert evolution`
//! makes between documents). An input all documents answer alike says nothing about
//! which one a parser follows: it adds the same to every document's agreement.

use crate::ask::{reference, ReferenceAnswer, Request};
use crate::case::answer::change_of;
use crate::case::{Expectation, LoadedCase, Operation, Suite};
use crate::judge::expected;
use std::collections::HashMap;
use urlcert_reference::{DocReading, Document, Verdict};

/// The default reading of `doc`: the one a document is scored under.
pub fn default_reading(doc: Document) -> DocReading {
    DocReading {
        doc,
        reading: doc.readings().first().copied().unwrap_or_default(),
    }
}

/// One input of the basis.
#[derive(Clone, Debug)]
pub struct Item {
    /// `p1`, `p2`, ... for parse inputs and `r1`, `r2`, ... for pairs, in the order
    /// of the first case that asks them: stable while the case files are.
    pub id: String,
    pub op: Operation,
    /// The input parsed, or the reference resolved.
    pub input: String,
    /// For a pair: the base.
    pub base: Option<String>,
    /// The cases that ask this input (ids), in file order.
    pub cases: Vec<String>,
    /// The divergence-table rows (slugs) those cases carry, in first-seen order.
    pub rows: Vec<String>,
    /// Every document's answer that has one, in [`Document::ALL`] order.
    pub answers: Vec<DocAnswer>,
    pub discriminating: bool,
}

impl Item {
    /// The request the item puts to a parser.
    pub fn request(&self) -> Request<'_> {
        match self.op {
            Operation::Resolve => Request::Resolve {
                base: self.base.as_deref().unwrap_or_default().as_bytes(),
                reference: self.input.as_bytes(),
            },
            _ => Request::Parse {
                input: self.input.as_bytes(),
            },
        }
    }

    /// The document's answer, when it has one.
    pub fn answer(&self, doc: Document) -> Option<&DocAnswer> {
        self.answers.iter().find(|a| a.doc == doc)
    }
}

/// One document's answer to an item.
#[derive(Clone, Debug)]
pub struct DocAnswer {
    pub doc: Document,
    pub expectation: Expectation,
    /// The case that states it, or `None`: the reference's alone.
    pub stated_by: Option<String>,
}

/// The basis: every item, parse inputs first.
#[derive(Clone, Debug, Default)]
pub struct Basis {
    pub items: Vec<Item>,
}

impl Basis {
    /// The items of one operation.
    pub fn of(&self, op: Operation) -> impl Iterator<Item = &Item> {
        self.items.iter().filter(move |i| i.op == op)
    }

    /// The documents a parser is scored under for `op`: all nine for parsing, those
    /// with a relative form for resolution.
    pub fn candidates(op: Operation) -> Vec<Document> {
        Document::ALL
            .iter()
            .copied()
            .filter(|d| op != Operation::Resolve || d.resolves())
            .collect()
    }
}

/// The basis of `suite`: its distinct parse inputs and (base, reference) pairs.
pub fn of_suite(suite: &Suite) -> Basis {
    of_cases(&suite.cases)
}

/// The basis of `cases`, in their order.
pub fn of_cases(cases: &[LoadedCase]) -> Basis {
    let mut items: Vec<Item> = Vec::new();
    let mut index: HashMap<(Operation, Option<&str>, &str), usize> = HashMap::new();
    let mut count = [0usize; 2];
    for lc in cases {
        let case = &lc.case;
        if !matches!(case.op, Operation::Parse | Operation::Resolve) {
            continue;
        }
        let base = (case.op == Operation::Resolve).then(|| case.base.as_deref().unwrap_or(""));
        let at = *index
            .entry((case.op, base, case.input.as_str()))
            .or_insert_with(|| {
                let n = &mut count[usize::from(case.op == Operation::Resolve)];
                *n += 1;
                let letter = if case.op == Operation::Resolve {
                    'r'
                } else {
                    'p'
                };
                items.push(new_item(format!("{letter}{n}"), case.op, &case.input, base));
                items.len() - 1
            });
        let item = &mut items[at];
        item.cases.push(case.id.clone());
        for t in &case.tags {
            if let Some(slug) = t.strip_prefix("row:") {
                if !item.rows.iter().any(|r| r == slug) {
                    item.rows.push(slug.to_string());
                }
            }
        }
        for a in &mut item.answers {
            if a.stated_by.is_some() {
                continue;
            }
            let Some((_, stated)) = case
                .expect
                .iter()
                .find(|(k, _)| k.0 == default_reading(a.doc))
            else {
                continue;
            };
            state_over(&mut a.expectation, stated);
            a.stated_by = Some(case.id.clone());
        }
    }
    // Parse inputs first, each kind in first-seen order.
    items.sort_by_key(|i| i.op == Operation::Resolve);
    for item in &mut items {
        item.discriminating = discriminating(item);
    }
    Basis { items }
}

/// An item with every document's answer from the reference.
fn new_item(id: String, op: Operation, input: &str, base: Option<&str>) -> Item {
    let mut item = Item {
        id,
        op,
        input: input.to_string(),
        base: base.map(str::to_string),
        cases: Vec::new(),
        rows: Vec::new(),
        answers: Vec::new(),
        discriminating: false,
    };
    let answers = Document::ALL
        .iter()
        .filter_map(|&doc| {
            let answer = reference::answer(default_reading(doc), &item.request());
            if !answers_it(&answer) {
                return None;
            }
            Some(DocAnswer {
                doc,
                expectation: expected::of(&answer)?,
                stated_by: None,
            })
        })
        .collect();
    item.answers = answers;
    item
}

/// Whether the reference's answer under a document is one a parser can be compared
/// with. Not so when the document leaves the question out: a relative reference
/// parsed, or any pair resolved, under a document with no relative form
/// (`not-defined`); or a base the document refuses as a base (RFC 3986 Section 5.1: a
/// base "must conform to the <absolute-URI> syntax rule", so one with a fragment is
/// refused), where the document gives no resolution, and says nothing of what a
/// resolver handed such a base returns.
fn answers_it(answer: &ReferenceAnswer) -> bool {
    match answer {
        ReferenceAnswer::Parse(p) => p.verdict != Verdict::NotDefined,
        ReferenceAnswer::Resolve(r) => r.is_ok(),
        _ => false,
    }
}

/// A case's expectation put over the reference's: its verdict, result and listed
/// components replace the reference's.
fn state_over(e: &mut Expectation, stated: &Expectation) {
    if stated.verdict.is_some() {
        e.verdict.clone_from(&stated.verdict);
    }
    if stated.result.is_some() {
        e.result.clone_from(&stated.result);
    }
    for (name, v) in &stated.components {
        e.components.insert(name.clone(), v.clone());
    }
}

/// Whether two of the item's documents answer it differently.
fn discriminating(item: &Item) -> bool {
    let a = &item.answers;
    (0..a.len()).any(|i| {
        a[i + 1..].iter().any(|b| {
            change_of(
                item.op,
                (a[i].doc, &a[i].expectation),
                (b.doc, &b.expectation),
            )
            .is_some()
        })
    })
}
