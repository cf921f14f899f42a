//! Runs cases against the reference and collects every outcome, so that failures are
//! reported together rather than one at a time.

use crate::ask::Answer;
use crate::ask::{ask, ReferenceEngine, Request};
use crate::case::LoadedCase;
use crate::judge::exact::{self, quote, render_diff, Mismatch};
use urlcert_reference::DocReading;

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

/// Runs every expectation of every case: each case's request asked of the reference
/// under each document it states an expectation for, and judged exactly.
pub fn run_cases(cases: &[LoadedCase]) -> Vec<CaseResult> {
    let mut results = Vec::new();
    for lc in cases {
        let case = &lc.case;
        case.with_request(|request| {
            for (key, expectation) in &case.expect {
                let doc = key.0;
                let answer = ask(&mut ReferenceEngine::new(doc), request);
                let checked = reference_mismatches(request, doc, expectation, &answer);
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
        });
    }
    results
}

/// The differences between an expectation and what the reference answered: its own
/// answer compared exactly, or the fault it ended in (a panic is a bug in urlcert,
/// reported as the case's failure rather than the run's end).
fn reference_mismatches(
    request: &Request,
    doc: DocReading,
    e: &crate::case::Expectation,
    answer: &Answer,
) -> Vec<Mismatch> {
    match answer {
        Answer::Reference(r) => exact::mismatches(request, doc, e, r),
        other => vec![Mismatch {
            at: "answer".into(),
            expected: "the reference's answer".into(),
            actual: crate::judge::meaning::describe(other),
        }],
    }
}

/// A `base` or `links` case's document read and its bases established under `doc`.
pub fn establish(case: &crate::case::Case, doc: DocReading) -> crate::judge::exact::BaseAnswer {
    let format = case.format.unwrap_or_default();
    crate::page::read(&case.document(), format)
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
                crate::report::text::visible(&r.location),
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
