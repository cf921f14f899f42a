//! Which ambiguities the cases encode under both readings.
//!
//! A place is a document and the rule where some case's input derives two ways
//! (`Parse::ambiguities`). Its second reading is encoded when one of the cases that
//! raise it, or any case with the same input, has an expectation under a reading of
//! that document other than its default one, under which the input gets another
//! verdict or other components than under the default reading, and does not raise the
//! ambiguity there: that reading takes the other derivation (or none). A reading that
//! changes the answer for another reason (`rfc2396@rfc2732` makes `http://[::1]/` valid,
//! and the "//" of its authority is as ambiguous as before) encodes nothing. Otherwise
//! the cases hold only the derivation urlcert reports, and the place is a
//! single-reading place.

use crate::cases::{LoadedCase, Op};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use urlcert_reference::{parse, DocReading, Document, Reading, Rule};

/// The places of `raised` (each with the indices of the cases that raise it) whose
/// second reading some case encodes.
pub fn second_readings(
    cases: &[LoadedCase],
    raised: &BTreeMap<(Document, Rule), BTreeSet<usize>>,
) -> BTreeSet<(Document, Rule)> {
    let mut by_input: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, lc) in cases.iter().enumerate() {
        if lc.case.op == Op::Parse {
            by_input.entry(lc.case.input.as_str()).or_default().push(i);
        }
    }
    let mut other_readings: HashMap<(usize, DocReading), Other> = HashMap::new();
    let mut out = BTreeSet::new();
    for (&(doc, rule), raising) in raised {
        let mut candidates: BTreeSet<usize> = raising.clone();
        for &i in raising {
            if let Some(same) = by_input.get(cases[i].case.input.as_str()) {
                candidates.extend(same);
            }
        }
        let encoded = candidates.iter().any(|&j| {
            cases[j]
                .case
                .expect
                .keys()
                .map(|k| k.0)
                .filter(|k| k.doc == doc && k.reading != Reading::Strict)
                .any(|k| {
                    let other = other_readings
                        .entry((j, k))
                        .or_insert_with(|| Other::of(k, cases[j].case.input.as_bytes()));
                    other.differs && !other.raised.contains(&rule)
                })
        });
        if encoded {
            out.insert((doc, rule));
        }
    }
    out
}

/// An input under a reading other than its document's default one.
struct Other {
    /// Another verdict or other components than under the default reading.
    differs: bool,
    /// The rules of the ambiguities the reading raises.
    raised: Vec<Rule>,
}

impl Other {
    fn of(doc: DocReading, input: &[u8]) -> Other {
        let other = parse(doc, input);
        let default = parse(DocReading::from(doc.doc), input);
        Other {
            differs: other.verdict != default.verdict || other.components != default.components,
            raised: other.ambiguities.iter().map(|a| a.rule).collect(),
        }
    }
}
