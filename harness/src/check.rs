//! Compares an expectation with what an engine answered, and renders the difference.

use crate::cases::{Expectation, ExpectedField, ExpectedValue};
use urlcert_reference::{Parse, Resolution, Unresolvable, Value};

/// One difference between an expectation and an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// What differs: `verdict`, `rule`, `components.user`, `notes.ftp.commands`, `error.rule`.
    pub at: String,
    pub expected: String,
    pub actual: String,
}

fn show_value(v: &Option<ExpectedValue>) -> String {
    match v {
        None => "null".into(),
        Some(ExpectedValue::Str(s)) => quote(s),
        Some(ExpectedValue::List(l)) => format!(
            "[{}]",
            l.iter().map(|s| quote(s)).collect::<Vec<_>>().join(", ")
        ),
        Some(ExpectedValue::Fields(f)) => {
            show_fields(f.iter().map(|x| (&x.fieldname, &x.fieldvalue)))
        }
    }
}

/// A component's value as the diffs and the human output show it.
pub fn show_actual(v: Option<&Option<Value>>) -> String {
    match v {
        None | Some(None) => "null".into(),
        Some(Some(Value::Str(s))) => quote(s),
        Some(Some(Value::List(l))) => format!(
            "[{}]",
            l.iter().map(|s| quote(s)).collect::<Vec<_>>().join(", ")
        ),
        Some(Some(Value::Fields(f))) => {
            show_fields(f.iter().map(|x| (&x.fieldname, &x.fieldvalue)))
        }
    }
}

fn show_fields<'a>(f: impl Iterator<Item = (&'a String, &'a String)>) -> String {
    let items: Vec<String> = f
        .map(|(n, v)| format!("{{fieldname: {}, fieldvalue: {}}}", quote(n), quote(v)))
        .collect();
    format!("[{}]", items.join(", "))
}

/// A string as a double-quoted literal with control characters escaped, so that what
/// an input or an engine says can never move a terminal or hide in a diff.
pub fn quote(s: &str) -> String {
    format!("\"{}\"", s.escape_debug())
}

fn same(expected: &Option<ExpectedValue>, actual: Option<&Option<Value>>) -> bool {
    let actual = actual.and_then(Option::as_ref);
    match (expected, actual) {
        (None, None) => true,
        (Some(ExpectedValue::Str(e)), Some(Value::Str(a))) => e == a,
        (Some(ExpectedValue::List(e)), Some(Value::List(a))) => e == a,
        (Some(ExpectedValue::List(e)), Some(Value::Fields(a))) => e.is_empty() && a.is_empty(),
        (Some(ExpectedValue::Fields(e)), Some(Value::Fields(a))) => {
            e.len() == a.len()
                && e.iter().zip(a).all(
                    |(
                        ExpectedField {
                            fieldname,
                            fieldvalue,
                        },
                        f,
                    )| {
                        *fieldname == f.fieldname && *fieldvalue == f.fieldvalue
                    },
                )
        }
        _ => false,
    }
}

/// Every difference between `e` and `p`; empty when they agree.
pub fn compare(e: &Expectation, p: &Parse) -> Vec<Mismatch> {
    let mut out = Vec::new();
    let mut differ = |at: String, expected: String, actual: String| {
        out.push(Mismatch {
            at,
            expected,
            actual,
        });
    };
    let verdict = e.verdict.as_deref().unwrap_or_default();
    if verdict != p.verdict.id() {
        differ("verdict".into(), verdict.into(), p.verdict.id().into());
    }
    if let Some(rule) = &e.rule {
        let actual = p.rule.map(|r| r.name().to_string());
        if *rule != actual {
            let show = |r: &Option<String>| r.clone().unwrap_or_else(|| "null".into());
            differ("rule".into(), show(rule), show(&actual));
        }
    }
    for (name, want) in &e.components {
        // A component the production does not have is absent.
        let got = p.components.get(name);
        if !same(want, got) {
            differ(
                format!("components.{name}"),
                show_value(want),
                show_actual(got),
            );
        }
    }
    for want in &e.notes {
        let got = p.note(want.id());
        match (got, want.data()) {
            (None, _) => differ(
                format!("notes.{}", want.id()),
                "present".into(),
                "absent".into(),
            ),
            (Some(n), Some(data)) if n.data != data => differ(
                format!("notes.{}.data", want.id()),
                format!("{data:?}"),
                format!("{:?}", n.data),
            ),
            _ => {}
        }
    }
    if let Some(err) = &e.error {
        let actual = p.error.as_ref();
        if let Some(rule) = &err.rule {
            let got = actual
                .map(|f| f.rule.name().to_string())
                .unwrap_or_else(|| "null".into());
            if *rule != got {
                differ("error.rule".into(), rule.clone(), got);
            }
        }
        if let Some(offset) = err.offset {
            let got = actual
                .map(|f| f.offset.to_string())
                .unwrap_or_else(|| "null".into());
            if offset.to_string() != got {
                differ("error.offset".into(), offset.to_string(), got);
            }
        }
    }
    out
}

/// Every difference between a resolve expectation and a resolver's answer.
pub fn compare_resolution(
    e: &Expectation,
    answer: &Result<Resolution, Unresolvable>,
) -> Vec<Mismatch> {
    let mut out = Vec::new();
    let mut differ = |at: &str, expected: String, actual: String| {
        out.push(Mismatch {
            at: at.into(),
            expected,
            actual,
        });
    };
    let r = match answer {
        Ok(r) => r,
        Err(why) => {
            let (verdict, text) = match why {
                Unresolvable::NotDefined { .. } => ("not-defined", why.to_string()),
                Unresolvable::BaseNotAbsolute { .. } => ("invalid", why.to_string()),
            };
            match (&e.verdict, &e.result) {
                (Some(v), _) if v == verdict => {}
                (Some(v), _) => differ("verdict", v.clone(), verdict.into()),
                (None, result) => differ(
                    "result",
                    quote(result.as_deref().unwrap_or_default()),
                    format!("none: {text}"),
                ),
            }
            return out;
        }
    };
    let result = String::from_utf8_lossy(&r.result);
    match (&e.verdict, &e.result) {
        (Some(v), _) => differ(
            "verdict",
            v.clone(),
            format!("a result: {}", quote(&result)),
        ),
        (None, Some(want)) if *want != result => differ("result", quote(want), quote(&result)),
        _ => {}
    }
    if let Some(want) = e.current_document {
        if want != r.current_document {
            differ(
                "current_document",
                want.to_string(),
                r.current_document.to_string(),
            );
        }
    }
    if let Some(want) = &e.steps {
        let got = r.step_ids();
        if *want != got {
            differ("steps", want.join(" "), got.join(" "));
        }
    }
    out
}

/// The expectation and the answer side by side, one line per checked item, with a
/// unified diff between them.
pub fn render_diff(mismatches: &[Mismatch]) -> String {
    let expected: String = mismatches
        .iter()
        .map(|m| format!("{}: {}\n", m.at, m.expected))
        .collect();
    let actual: String = mismatches
        .iter()
        .map(|m| format!("{}: {}\n", m.at, m.actual))
        .collect();
    similar::TextDiff::from_lines(&expected, &actual)
        .unified_diff()
        .header("expected (from the documents)", "actual")
        .to_string()
}
