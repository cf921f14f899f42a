//! How an adapter's answer stands against a case's expectation under one document:
//! the classes every report counts by.

pub mod exact;
pub mod expected;
pub mod known;
pub mod meaning;
pub mod oracle;

use serde::{Deserialize, Serialize};

/// The class of one outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Class {
    /// The answer means what the document says.
    Agree,
    /// Accepted where the document rejects, or the reverse.
    Verdict,
    /// Both accept, but a component differs (`Judged::component` names the first).
    Component,
    /// A resolution with a different result, or none where the document gives one;
    /// for a `links` case, a link whose href or absolute form differs.
    Resolution,
    /// The adapter cannot express the request, or its model cannot say what the
    /// expectation asks.
    Unsupported,
    /// The adapter answered outside the protocol (garbage, oversized, stderr flood,
    /// early exit, spawn failure).
    AdapterError,
    Crash,
    Timeout,
}

/// One judged outcome.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Judged {
    pub class: Class,
    /// For `Component`: the document's name of the first component that differs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub component: Option<String>,
    /// What the document says, as one line.
    pub expected: String,
    /// What the adapter said, as one line.
    pub actual: String,
}

use crate::ask::{Answer, Info};
use crate::ask::{ReferenceAnswer, Request};
use crate::case::Expectation;
use exact::Mismatch;
use urlcert_reference::DocReading;

/// The one judge: how `answer` (from the engine `info`) stands against what `doc`
/// says of `request` (expectation `e`). The reference's own answer is compared
/// exactly, field by field ([`exact`]); any other engine's by meaning, through its
/// model's tables ([`meaning`]).
pub fn judge(
    request: &Request,
    doc: DocReading,
    e: &Expectation,
    info: &Info,
    answer: &Answer,
) -> Judged {
    match answer {
        Answer::Reference(r) => of_mismatches(request, e, &exact::mismatches(request, doc, e, r)),
        _ => meaning::judge(request, doc, e, info, answer),
    }
}

/// The reference's answer judged exactly: its mismatches, and the judgement they make.
pub fn reference(
    request: &Request,
    doc: DocReading,
    e: &Expectation,
    answer: &ReferenceAnswer,
) -> (Vec<Mismatch>, Judged) {
    let mismatches = exact::mismatches(request, doc, e, answer);
    let judged = of_mismatches(request, e, &mismatches);
    (mismatches, judged)
}

/// The judgement an exact comparison makes: agreement, or the class of its first
/// difference: `verdict` when the verdict differs, `resolution` for a resolve request,
/// and otherwise `component`, naming the first thing that differs (`user`, `rule`,
/// `urls[0].end`).
pub fn of_mismatches(request: &Request, e: &Expectation, mismatches: &[Mismatch]) -> Judged {
    if mismatches.is_empty() {
        let line = expectation_line(request, e);
        return Judged {
            class: Class::Agree,
            component: None,
            expected: line.clone(),
            actual: line,
        };
    }
    let join = |f: fn(&Mismatch) -> &str| {
        mismatches
            .iter()
            .map(|m| format!("{}: {}", m.at, f(m)))
            .collect::<Vec<_>>()
            .join("; ")
    };
    let (class, component) = match request {
        Request::Resolve { .. } => (Class::Resolution, None),
        _ if mismatches.iter().any(|m| m.at == "verdict") => (Class::Verdict, None),
        _ => (
            Class::Component,
            mismatches.first().map(|m| {
                m.at.strip_prefix("components.")
                    .unwrap_or(&m.at)
                    .to_string()
            }),
        ),
    };
    Judged {
        class,
        component,
        expected: join(|m| &m.expected),
        actual: join(|m| &m.actual),
    }
}

/// What a document's expectation says of `request`, as one line.
pub fn expectation_line(request: &Request, e: &Expectation) -> String {
    use exact::quote;
    match request {
        Request::Parse { .. } => {
            let mut parts = vec![format!("verdict {}", e.verdict.as_deref().unwrap_or("?"))];
            for (name, v) in &e.components {
                let v = match v {
                    None => "null".to_string(),
                    Some(crate::case::ExpectedValue::Str(s)) => quote(s),
                    Some(other) => format!("{other:?}"),
                };
                parts.push(format!("{name}: {v}"));
            }
            parts.join(", ")
        }
        Request::Resolve { .. } => match (&e.result, &e.verdict) {
            (Some(r), _) => format!("result {}", quote(r)),
            (None, Some(v)) => format!("no result ({v})"),
            (None, None) => "no result".into(),
        },
        Request::Extract { .. } => match &e.urls {
            Some(urls) => {
                let shown: Vec<String> = urls.iter().map(|u| quote(&u.url)).collect();
                format!("urls [{}]", shown.join(", "))
            }
            None => format!("verdict {}", e.verdict.as_deref().unwrap_or("?")),
        },
        Request::Normalize { .. } => match (&e.result, &e.verdict) {
            (Some(r), _) => format!("normal form {}", quote(r)),
            (None, Some(v)) => format!("no normal form ({v})"),
            (None, None) => "no normal form".into(),
        },
        Request::Base { .. } | Request::Links { .. } => crate::case::answer::documents(e),
    }
}
