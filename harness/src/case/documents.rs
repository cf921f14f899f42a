//! What serde cannot check in `base` and `links` cases: the document can be read, the
//! source, error and note ids are known, and the `divergence` tag is there exactly when
//! two documents' expectations differ.

use super::answer;
use super::operation::Operation;
use super::schema::{Case, Expectation};
use urlcert_reference::base::{Source, NOTE_IDS};
use urlcert_reference::Reading;

const ERRORS: &[&str] = &["no-base", "base-not-absolute", "not-defined"];

/// (field, message) for every problem.
pub fn validate(case: &Case) -> Vec<(String, String)> {
    let mut out = Vec::new();
    if case.base.is_some() {
        out.push((
            "base".into(),
            "`base` belongs to resolve cases; a document's base comes from the document, `retrieved_from` or `application_default`".into(),
        ));
    }
    if let Err(e) = crate::page::read(&case.document(), case.format.unwrap_or_default()) {
        out.push(("input".into(), format!("the document cannot be read: {e}")));
    }
    for (key, e) in &case.expect {
        let at = format!("expect.{}", key.0);
        expectation(case.op, &at, e, &mut out);
    }
    divergence_tag(case, &mut out);
    out
}

fn expectation(op: Operation, at: &str, e: &Expectation, out: &mut Vec<(String, String)>) {
    let mut said = |field: String, message: String| out.push((field, message));
    let listed = match op {
        Operation::Base => e.bases.is_some(),
        _ => e.links.is_some(),
    };
    let what = if op == Operation::Base {
        "bases"
    } else {
        "links"
    };
    match (e.verdict.as_deref(), listed) {
        (Some("not-defined"), false) => return,
        (Some("not-defined"), true) => {
            said(
                at.to_string(),
                format!("{at}: give either `{what}` or `verdict: not-defined`, not both"),
            );
            return;
        }
        (Some(v), _) => {
            said(
                format!("{at}.verdict"),
                format!("{at}.verdict: a {op} case's verdict is `not-defined`, not `{v}`"),
            );
            return;
        }
        (None, false) => {
            said(
                at.to_string(),
                format!("{at}: a {op} expectation needs `{what}`"),
            );
            return;
        }
        (None, true) => {}
    }
    let known_sources: Vec<&str> = Source::ALL.iter().map(|s| s.id()).collect();
    for (i, b) in e.bases.iter().flatten().enumerate() {
        if Source::from_id(&b.source).is_none() {
            said(
                format!("{at}.bases[{i}].source"),
                format!(
                    "{at}.bases[{i}].source: unknown source `{}` (known: {})",
                    b.source,
                    known_sources.join(", ")
                ),
            );
        }
    }
    for (i, n) in e.notes.iter().enumerate() {
        if !NOTE_IDS.contains(&n.id()) {
            said(
                format!("{at}.notes[{i}]"),
                format!(
                    "{at}.notes[{i}]: unknown note `{}` (known: {})",
                    n.id(),
                    NOTE_IDS.join(", ")
                ),
            );
        }
    }
    for (i, l) in e.links.iter().flatten().enumerate() {
        let here = format!("{at}.links[{i}]");
        if l.result.is_some() && l.error.is_some() {
            said(
                here.clone(),
                format!("{here}: give either `result` or `error`, not both"),
            );
        }
        if let Some(err) = &l.error {
            if !ERRORS.contains(&err.as_str()) {
                said(
                    format!("{here}.error"),
                    format!(
                        "{here}.error: unknown error `{err}` (known: {})",
                        ERRORS.join(", ")
                    ),
                );
            }
        }
        if let Some(src) = &l.source {
            if Source::from_id(src).is_none() {
                said(
                    format!("{here}.source"),
                    format!(
                        "{here}.source: unknown source `{src}` (known: {})",
                        known_sources.join(", ")
                    ),
                );
            }
        }
    }
}

/// Tagged `divergence` exactly when two documents' expectations (default readings)
/// differ.
fn divergence_tag(case: &Case, out: &mut Vec<(String, String)>) {
    let strict: Vec<_> = case
        .expect
        .iter()
        .filter(|(k, _)| k.0.reading == Reading::Strict)
        .collect();
    let differ = strict.iter().enumerate().find_map(|(i, (ka, a))| {
        strict[i + 1..].iter().find_map(|(kb, b)| {
            answer::change(case, (ka.0.doc, a), (kb.0.doc, b)).map(|_| (ka.0.doc, kb.0.doc))
        })
    });
    let tagged = case.tags.iter().any(|t| t == "divergence");
    match (differ, tagged) {
        (Some((a, b)), false) => out.push((
            "tags".into(),
            format!("{a} and {b} differ: tag the case `divergence`"),
        )),
        (None, true) => out.push((
            "tags".into(),
            "tagged `divergence`, but no two documents' expectations differ".into(),
        )),
        _ => {}
    }
}
