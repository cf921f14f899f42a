//! What the libFuzzer target `self_contradiction` checks, callable from tests: the
//! checks of [`super::checks`] on one input, reporting only a contradiction whose cause
//! no case records ([`Known`]), so that a nightly run stops on what is new and on
//! nothing else.
//!
//! Input (after the document byte, [`crate::fuzzinput`]): base NUL reference, checked
//! as a resolution ([`closure`]) and each part against the split ([`grammar_split`]);
//! or, without a NUL, one URL against the split.

use super::checks::{closure, grammar_split, Finding, Outcome};
use super::known::Known;
use super::places::Grammar;
use std::cell::OnceCell;
use urlcert_reference::DocReading;

thread_local! {
    /// The known causes, from the cases (the checkout's, else the built-in ones).
    static KNOWN: OnceCell<Known> = const { OnceCell::new() };
    /// One grammar per document reading asked about, kept for the process.
    static GRAMMARS: std::cell::RefCell<Vec<(DocReading, Grammar)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

fn known_causes() -> Known {
    let dir = crate::assets::cases_dir(None);
    let suite = crate::cases::load_dir(&dir).unwrap_or_else(|e| {
        panic!(
            "the cases in {} do not load: {}",
            dir.display(),
            e.first().map(|e| e.to_string()).unwrap_or_default()
        )
    });
    Known::from_cases(&suite.cases)
}

/// The first contradiction on `data` under `doc` whose cause no case records, as the
/// report's text. `None` when every one found is recorded, or none is found.
pub fn unknown(doc: DocReading, data: &[u8]) -> Option<String> {
    let findings = GRAMMARS.with(|cell| {
        let mut grammars = cell.borrow_mut();
        if !grammars.iter().any(|(d, _)| *d == doc) {
            let g = Grammar::new(doc).unwrap_or_else(|e| panic!("no grammar for {doc}: {e}"));
            grammars.push((doc, g));
        }
        let g = &grammars.iter().find(|(d, _)| *d == doc)?.1;
        Some(findings(g, data))
    })?;
    KNOWN.with(|k| first_unknown(k.get_or_init(known_causes), findings))
}

/// The first of `findings` whose cause `known` does not hold, as text.
pub fn first_unknown(known: &Known, findings: Vec<Finding>) -> Option<String> {
    findings
        .into_iter()
        .find(|f| known.case_of(f).is_none())
        .map(|f| describe(&f))
}

/// Every contradiction the checks find on `data`.
pub fn findings(g: &Grammar, data: &[u8]) -> Vec<Finding> {
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
pub fn describe(f: &Finding) -> String {
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
