//! What the libFuzzer target `self_contradiction` checks, callable from tests: the
//! checks of [`super::checks`] on one input, reporting only a contradiction whose cause
//! no case records ([`Known`]), so that a nightly run stops on what is new and on
//! nothing else.
//!
//! Input (after the document byte, [`crate::run::fuzzinput`]): base NUL reference, checked
//! as a resolution ([`closure`]) and each part against the split ([`grammar_split`]);
//! or, without a NUL, one URL against the split.

use super::checks::{closure, grammar_split, Contradiction, Outcome};
use super::known::Known;
use super::places::Grammar;
use crate::Error;

/// What the target keeps for the process, made once before the first input: the
/// grammar of every document reading the document byte picks from, and the known
/// causes from the compiled-in table ([`super::causes`]), not from the case set.
pub struct Target {
    grammars: Vec<Grammar>,
    known: Known,
}

impl Target {
    /// The grammars of [`crate::run::fuzzinput::FuzzTarget::docs`] of `self_contradiction`, in its order,
    /// and the compiled-in causes.
    pub fn new() -> Result<Target, Error> {
        let docs = crate::run::fuzzinput::FuzzTarget::SelfContradiction
            .docs()
            .unwrap_or_default();
        let grammars = docs
            .iter()
            .map(|&d| Grammar::new(d).map_err(|e| format!("no grammar for {d}: {e}")))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Target {
            grammars,
            known: super::causes::compiled()?,
        })
    }

    /// The first contradiction on a fuzz input (document byte, then the rest) whose
    /// cause no case records, as the report's text. `None` when every one found is
    /// recorded, or none is found, or the input is empty.
    pub fn unknown(&self, data: &[u8]) -> Option<String> {
        let (i, rest) = crate::run::fuzzinput::split(data, self.grammars.len())?;
        first_unknown(&self.known, findings(&self.grammars[i], rest))
    }
}

/// The first of `findings` whose cause `known` does not hold, as text.
pub fn first_unknown(known: &Known, findings: Vec<Contradiction>) -> Option<String> {
    findings
        .into_iter()
        .find(|f| known.case_of(f).is_none())
        .map(|f| describe(&f))
}

/// Every contradiction the checks find on `data`.
pub fn findings(g: &Grammar, data: &[u8]) -> Vec<Contradiction> {
    let outcomes = match data.iter().position(|&b| b == 0) {
        Some(nul) => {
            let (base, reference) = (&data[..nul], &data[nul + 1..]);
            vec![
                closure(g, base, reference),
                grammar_split(g, base),
                grammar_split(g, reference),
            ]
        }
        None => vec![grammar_split(g, data)],
    };
    outcomes
        .into_iter()
        .filter_map(|o| match o {
            Outcome::Contradiction(f) => Some(*f),
            _ => None,
        })
        .collect()
}

/// A finding as a line of text.
pub fn describe(f: &Contradiction) -> String {
    let show = |b: &[u8]| format!("{:?}", String::from_utf8_lossy(b));
    format!(
        "{} {}: {} (base {}, input {}): {}: {}; {}: {}",
        f.doc,
        f.check.id(),
        f.shape,
        f.base.as_deref().map_or_else(|| "none".into(), show),
        show(&f.input),
        f.sides[0].section,
        f.sides[0].gives,
        f.sides[1].section,
        f.sides[1].gives
    )
}
