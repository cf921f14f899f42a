//! Runs cases against the reference and collects every outcome, so that failures are
//! reported together rather than one at a time.

use crate::cases::{LoadedCase, Op};
use crate::check::{
    compare, compare_bases, compare_extraction, compare_links, compare_normalization,
    compare_resolution, quote, render_diff, Mismatch,
};
use urlcert_reference::{extract_as, normalize, parse, resolve, DocReading};

/// What happened to one case under one document.
#[derive(Clone, Debug)]
pub enum Outcome {
    Pass,
    Fail { mismatches: Vec<Mismatch> },
}

#[derive(Clone, Debug)]
pub struct CaseResult {
    pub id: String,
    pub location: String,
    pub base: Option<String>,
    pub input: String,
    pub doc: DocReading,
    pub outcome: Outcome,
}

/// Runs every expectation of every case.
pub fn run_cases(cases: &[LoadedCase]) -> Vec<CaseResult> {
    let mut results = Vec::new();
    for lc in cases {
        let case = &lc.case;
        for (key, expectation) in &case.expect {
            let doc = key.0;
            let checked = match case.op {
                Op::Parse => compare(expectation, &parse(doc, case.input.as_bytes())),
                Op::Resolve => {
                    let base = case.base.as_deref().unwrap_or_default();
                    let answer = resolve(doc, base.as_bytes(), case.input.as_bytes(), false);
                    compare_resolution(expectation, &answer)
                }
                Op::Extract => {
                    let answer = extract_as(doc, case.input.as_bytes());
                    compare_extraction(expectation, &answer)
                }
                Op::Normalize => {
                    let answer = normalize(doc, case.input.as_bytes());
                    compare_normalization(expectation, doc, &answer)
                }
                Op::Base => compare_bases(expectation, &establish(case, doc)),
                Op::Links => compare_links(expectation, &establish(case, doc)),
            };
            let outcome = if checked.is_empty() {
                Outcome::Pass
            } else {
                Outcome::Fail {
                    mismatches: checked,
                }
            };
            results.push(CaseResult {
                id: case.id.clone(),
                location: format!("{}:{}", lc.file.display(), lc.line),
                base: case.base.clone(),
                input: case.input.clone(),
                doc,
                outcome,
            });
        }
    }
    results
}

/// A `base` or `links` case's document read and its bases established under `doc`.
pub fn establish(case: &crate::cases::Case, doc: DocReading) -> crate::check::BaseAnswer {
    let format = case.format.unwrap_or_default();
    crate::document::read(&case.document(), format)
        .map(|root| urlcert_reference::base::establish(doc, &root, &case.context()))
}

/// Totals over a set of results.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    pub pass: usize,
    pub fail: usize,
}

pub fn totals(results: &[CaseResult]) -> Totals {
    let mut t = Totals::default();
    for r in results {
        match r.outcome {
            Outcome::Pass => t.pass += 1,
            Outcome::Fail { .. } => t.fail += 1,
        }
    }
    t
}

/// Every failure: case id, where it is, the input, and the diff.
pub fn failure_report(results: &[CaseResult]) -> String {
    let mut out = String::new();
    for r in results {
        if let Outcome::Fail { mismatches, .. } = &r.outcome {
            let base = r
                .base
                .as_ref()
                .map(|b| format!("  base: {}\n", quote(b)))
                .unwrap_or_default();
            out.push_str(&format!(
                "FAIL {} [{}] at {}\n{base}  input: {}\n{}\n",
                r.id,
                r.doc,
                crate::text::visible(&r.location),
                quote(&r.input),
                indent(&render_diff(mismatches))
            ));
        }
    }
    out
}

fn indent(s: &str) -> String {
    s.lines().map(|l| format!("  {l}\n")).collect()
}
