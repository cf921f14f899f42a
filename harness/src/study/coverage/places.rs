//! Which ambiguities the cases encode under both readings.
//!
//! A place is a document and an ambiguity, its rule and text, where some case's input
//! derives two ways under the default reading (`Parse::ambiguities`): one rule can be ambiguous
//! in two ways (the 1996 draft's `segment` where the server after "//" derives, and where
//! it fails). Its second reading is encoded when one of the cases that raise it, or any
//! case with the same input, has an expectation under another reading of that document
//! under which the input gets another verdict or other components than under the
//! default one and which does not raise the same ambiguity: that reading takes the other derivation (or none). A
//! reading that changes the answer for another reason (`rfc2396@rfc2732` makes
//! `http://[::1]/` valid, and the "//" of its authority is as ambiguous as before)
//! encodes nothing. Otherwise the cases hold only the derivation urlcert reports, and
//! the place is a single-reading place.

use crate::case::{LoadedCase, Operation};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use urlcert_reference::{parse, DocReading, Document, Reading, Rule};

/// A place: the rule and the text of an ambiguity ([`urlcert_reference::Ambiguity`]).
pub type PlaceKey = (Rule, &'static str);

/// The places of `raised` (each with the cases and readings that raise it) whose
/// second reading some case encodes.
pub fn second_readings(
    cases: &[LoadedCase],
    raised: &BTreeMap<(Document, PlaceKey), BTreeSet<(usize, Reading)>>,
) -> BTreeSet<(Document, PlaceKey)> {
    let mut by_input: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, lc) in cases.iter().enumerate() {
        if lc.case.op == Operation::Parse {
            by_input.entry(lc.case.input.as_str()).or_default().push(i);
        }
    }
    let mut answers: HashMap<(usize, Reading), Answer> = HashMap::new();
    let mut answer = |i: usize, doc: Document, reading: Reading| -> Answer {
        answers
            .entry((i, reading))
            .or_insert_with(|| {
                Answer::of(
                    DocReading::new(doc, reading),
                    cases[i].case.input.as_bytes(),
                )
            })
            .clone()
    };
    let mut out = BTreeSet::new();
    for (&(doc, place), raising) in raised {
        let encoded = raising.iter().any(|&(i, reading)| {
            let here = answer(i, doc, reading);
            let same_input = by_input.get(cases[i].case.input.as_str());
            same_input.into_iter().flatten().chain([&i]).any(|&j| {
                cases[j]
                    .case
                    .expect
                    .keys()
                    .map(|k| k.0)
                    .filter(|k| k.doc == doc && k.reading != reading)
                    .any(|k| {
                        let there = answer(j, doc, k.reading);
                        there.answer != here.answer && !there.raised.contains(&place)
                    })
            })
        });
        if encoded {
            out.insert((doc, place));
        }
    }
    out
}

/// An input's answer under one reading.
#[derive(Clone)]
struct Answer {
    /// Its verdict and components, shown.
    answer: String,
    /// The ambiguities it raises.
    raised: Vec<PlaceKey>,
}

impl Answer {
    fn of(doc: DocReading, input: &[u8]) -> Answer {
        let p = parse(doc, input);
        Answer {
            answer: format!("{:?} {:?}", p.verdict, p.components),
            raised: p.ambiguities.iter().map(|a| (a.rule, a.text)).collect(),
        }
    }
}
