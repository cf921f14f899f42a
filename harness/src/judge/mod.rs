//! The one judge: how an engine's answer stands against what a document says
//! ([`judge`]), the classes every report counts by, and what the judgement is made
//! of: the exact comparison ([`exact`]) for the reference's own answer, the comparison
//! by meaning ([`meaning`]) for every other model, the known divergences ([`known`]),
//! the oracle's prose classes ([`oracle`]) and the reference's answer as an
//! expectation ([`expected`]).

pub mod class;
pub mod exact;
pub mod expected;
pub mod known;
pub mod leniency;
pub mod meaning;
pub mod oracle;
pub mod quirk;

pub use class::{Class, Judged};

use crate::ask::{Answer, Info};
use crate::ask::{ReferenceAnswer, Request};
use crate::case::{Expectation, Operation};
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
    expectation_line_of(request.operation(), e)
}

/// [`expectation_line`] for an `op` request.
pub fn expectation_line_of(op: Operation, e: &Expectation) -> String {
    use exact::quote;
    match op {
        Operation::Parse => {
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
        Operation::Resolve => match (&e.result, &e.verdict) {
            (Some(r), _) => format!("result {}", quote(r)),
            (None, Some(v)) => format!("no result ({v})"),
            (None, None) => "no result".into(),
        },
        Operation::Extract => match &e.urls {
            Some(urls) => {
                let shown: Vec<String> = urls.iter().map(|u| quote(&u.url)).collect();
                format!("urls [{}]", shown.join(", "))
            }
            None => format!("verdict {}", e.verdict.as_deref().unwrap_or("?")),
        },
        Operation::Normalize => match (&e.result, &e.verdict) {
            (Some(r), _) => format!("normal form {}", quote(r)),
            (None, Some(v)) => format!("no normal form ({v})"),
            (None, None) => "no normal form".into(),
        },
        Operation::Base | Operation::Links => crate::case::answer::documents(e),
    }
}
