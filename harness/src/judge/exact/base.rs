//! `base` and `links` expectations against what the reference establishes.

use super::{quote, Mismatch};
use crate::case::{Expectation, ExpectedLink};
use crate::page::links::BaseOutcome;
use crate::page::DocumentError;
use urlcert_reference::base::{Established, LinkFailure};
use urlcert_reference::Unresolvable;

/// What the reference gives for a `base` or `links` case: the document could not be
/// read, the document defines no base, or the bases and links.
pub type BaseAnswer = Result<BaseOutcome, DocumentError>;

fn shown(v: &Option<String>) -> String {
    v.as_deref().map_or("null".into(), quote)
}

fn lossy(v: &[u8]) -> String {
    String::from_utf8_lossy(v).into_owned()
}

/// The id of a link's failure, as cases write it.
pub fn link_error_id(e: &LinkFailure) -> &'static str {
    match e {
        LinkFailure::NoBase { .. } => "no-base",
        LinkFailure::Unresolvable(Unresolvable::BaseNotAbsolute { .. }) => "base-not-absolute",
        LinkFailure::Unresolvable(Unresolvable::NotDefined { .. }) => "not-defined",
        LinkFailure::Unresolvable(Unresolvable::Failure { .. }) => "failure",
    }
}

/// The established bases, or the mismatch that stands for all of them.
fn established<'a>(
    e: &Expectation,
    answer: &'a BaseAnswer,
    out: &mut Vec<Mismatch>,
) -> Option<&'a Established> {
    let expected = e.verdict.as_deref();
    match answer {
        Err(err) => {
            out.push(Mismatch {
                at: "document".into(),
                expected: "a document urlcert can read".into(),
                actual: err.to_string(),
            });
            None
        }
        Ok(Err(n)) => {
            if expected != Some("not-defined") {
                out.push(Mismatch {
                    at: "verdict".into(),
                    expected: expected.unwrap_or("bases and links").into(),
                    actual: format!("not-defined ({n})"),
                });
            }
            None
        }
        Ok(Ok(found)) => {
            if let Some(v) = expected {
                out.push(Mismatch {
                    at: "verdict".into(),
                    expected: v.into(),
                    actual: "bases and links".into(),
                });
            }
            Some(found)
        }
    }
}

/// A `base` case: every entity's base and source, in order, and the notes raised.
pub fn compare_bases(e: &Expectation, answer: &BaseAnswer) -> Vec<Mismatch> {
    let mut out = Vec::new();
    let Some(found) = established(e, answer, &mut out) else {
        return out;
    };
    if let Some(bases) = &e.bases {
        let n = bases.len().max(found.entities.len());
        for i in 0..n {
            let expected = bases
                .get(i)
                .map(|b| format!("part {:?}: {} from {}", b.part, shown(&b.base), b.source));
            let actual = found.entities.get(i).map(|a| {
                format!(
                    "part {:?}: {} from {}",
                    a.part,
                    shown(&a.base.value.as_deref().map(lossy)),
                    a.base.source
                )
            });
            if expected != actual {
                out.push(Mismatch {
                    at: format!("bases[{i}]"),
                    expected: expected.unwrap_or_else(|| "(no such entity)".into()),
                    actual: actual.unwrap_or_else(|| "(no such entity)".into()),
                });
            }
        }
    }
    let raised: Vec<&str> = found
        .entities
        .iter()
        .flat_map(|x| x.notes.iter().map(|n| n.id))
        .collect();
    let expected: Vec<&str> = e.notes.iter().map(|n| n.id()).collect();
    if raised != expected {
        out.push(Mismatch {
            at: "notes".into(),
            expected: format!("{expected:?}"),
            actual: format!("{raised:?}"),
        });
    }
    out
}

/// A `links` case: every reference in order, with what the case asserts of each.
pub fn compare_links(e: &Expectation, answer: &BaseAnswer) -> Vec<Mismatch> {
    let mut out = Vec::new();
    let Some(found) = established(e, answer, &mut out) else {
        return out;
    };
    let Some(expected) = &e.links else {
        return out;
    };
    let actual: Vec<_> = found.links().collect();
    for i in 0..expected.len().max(actual.len()) {
        let want = expected.get(i).map(link_expected);
        let got = actual.get(i).map(|(entity, l)| {
            let part = &entity.part;
            let x = expected.get(i);
            let mut s = format!("part {part:?} {}", quote(&lossy(&l.reference.href)));
            if x.is_none_or(|x| x.result.is_some() || x.error.is_some()) {
                match &l.result {
                    Ok(r) => s.push_str(&format!(" -> {}", quote(&lossy(&r.result)))),
                    Err(f) => s.push_str(&format!(" -> ({})", link_error_id(f))),
                }
            }
            if x.is_some_and(|x| x.base.is_some()) {
                s.push_str(&format!(
                    " base {}",
                    shown(&entity.base.value.as_deref().map(lossy))
                ));
            }
            if x.is_some_and(|x| x.source.is_some()) {
                s.push_str(&format!(" from {}", entity.base.source));
            }
            s
        });
        if want != got {
            out.push(Mismatch {
                at: format!("links[{i}]"),
                expected: want.unwrap_or_else(|| "(no such reference)".into()),
                actual: got.unwrap_or_else(|| "(no such reference)".into()),
            });
        }
    }
    out
}

/// An expected link in the same words as [`compare_links`] writes the actual one.
fn link_expected(x: &ExpectedLink) -> String {
    let mut s = format!("part {:?} {}", x.part, quote(&x.href));
    match (&x.result, &x.error) {
        (Some(r), _) => s.push_str(&format!(" -> {}", quote(r))),
        (None, Some(e)) => s.push_str(&format!(" -> ({e})")),
        (None, None) => {}
    }
    if let Some(b) = &x.base {
        s.push_str(&format!(" base {}", quote(b)));
    }
    if let Some(src) = &x.source {
        s.push_str(&format!(" from {src}"));
    }
    s
}
