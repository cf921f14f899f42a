//! Compares an expectation with what an engine answered, and renders the difference.

use crate::ask::ParseAnswer;
use crate::case::{Expectation, ExpectedField, ExpectedUrl, ExpectedValue};
use urlcert_reference::{
    normalize, DocReading, Found, Normalization, NotDefined, NotNormalizable, Resolution,
    Unresolvable, Value,
};

/// One difference between an expectation and an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// What differs: `verdict`, `rule`, `components.user`, `notes.ftp.commands`, `error.rule`.
    pub at: String,
    pub expected: String,
    pub actual: String,
}

impl Mismatch {
    pub fn new(
        at: impl Into<String>,
        expected: impl Into<String>,
        actual: impl Into<String>,
    ) -> Self {
        Mismatch {
            at: at.into(),
            expected: expected.into(),
            actual: actual.into(),
        }
    }
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

fn show_fields<'a, S: AsRef<str> + 'a>(f: impl Iterator<Item = (&'a S, &'a S)>) -> String {
    let items: Vec<String> = f
        .map(|(n, v)| {
            format!(
                "{{fieldname: {}, fieldvalue: {}}}",
                quote(n.as_ref()),
                quote(v.as_ref())
            )
        })
        .collect();
    format!("[{}]", items.join(", "))
}

/// A string as a double-quoted literal with control characters escaped, so that what
/// an input or an engine says can never move a terminal or hide in a diff: Rust's
/// escapes, and `\u{..}` for every other character [`crate::report::text::visible`] escapes.
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for run in s.split_inclusive(crate::report::text::is_hidden) {
        // A run ends at the first hidden character, if it has one.
        let (text, hidden) = match run.chars().next_back() {
            Some(c) if crate::report::text::is_hidden(c) && !c.is_ascii() => {
                (&run[..run.len() - c.len_utf8()], Some(c))
            }
            _ => (run, None),
        };
        out.extend(text.escape_debug());
        out.extend(hidden.into_iter().flat_map(char::escape_unicode));
    }
    out.push('"');
    out
}

fn same(expected: &Option<ExpectedValue>, actual: Option<&Option<Value>>) -> bool {
    let actual = actual.and_then(Option::as_ref);
    match (expected, actual) {
        (None, None) => true,
        (Some(ExpectedValue::Str(e)), Some(Value::Str(a))) => e == a,
        (Some(ExpectedValue::List(e)), Some(Value::List(a))) => {
            e.len() == a.len() && e.iter().zip(a.iter()).all(|(e, a)| e == a)
        }
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
pub fn compare(e: &Expectation, p: &ParseAnswer) -> Vec<Mismatch> {
    let mut out = Vec::new();
    let mut differ = |at: String, expected: String, actual: String| {
        out.push(Mismatch::new(at, expected, actual))
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
        let got = p.get(name);
        if !same(want, got) {
            differ(
                format!("components.{name}"),
                show_value(want),
                show_actual(got),
            );
        }
    }
    // Computed once, and only when the case asks about notes.
    let notes = if e.notes.is_empty() { &[] } else { p.notes() };
    for want in &e.notes {
        let got = notes.iter().find(|n| n.id == want.id());
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
    if let Some(want) = &e.errors {
        let got: Vec<&str> = p.notes().iter().map(|n| n.id).collect();
        same_errors(want, &got, &mut differ);
    }
    if let Some(want) = &e.writing {
        let got = writing(&p.input, None);
        if want != got {
            differ("writing".into(), want.clone(), got.into());
        }
    }
    split_components(&e.split, "split", p.doc, &p.input, &mut differ);
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

/// Is `input` a valid URL string (the URL Standard's writing rules, `#url-writing`),
/// against `base` (its scheme and whether its path is opaque) or none: `valid` or
/// `invalid`. A base the parser fails on gives none.
fn writing(input: &[u8], base: Option<&[u8]>) -> &'static str {
    use urlcert_reference::whatwg::{basic_url_parse, writing};
    let base = base.and_then(|b| basic_url_parse(&String::from_utf8_lossy(b), None).url);
    let against = base.as_ref().map(|url| writing::Base {
        scheme: &url.scheme,
        opaque_path: url.has_opaque_path(),
    });
    let input = String::from_utf8_lossy(input);
    if writing::valid_url_string_against(&input, against).valid {
        "valid"
    } else {
        "invalid"
    }
}

/// The URL Standard's validation errors, in order, against those expected.
fn same_errors(want: &[String], got: &[&str], differ: &mut dyn FnMut(String, String, String)) {
    if !want.iter().map(String::as_str).eq(got.iter().copied()) {
        let show =
            |l: &mut dyn Iterator<Item = &str>| format!("[{}]", l.collect::<Vec<_>>().join(", "));
        differ(
            "errors".into(),
            show(&mut want.iter().map(String::as_str)),
            show(&mut got.iter().copied()),
        );
    }
}

/// An operation's refusal to give a string, as the expectation's `verdict` reads it:
/// the verdict, how it is shown when another was expected, and the refusal's words.
struct Refusal {
    verdict: &'static str,
    shown: String,
    why: String,
}

impl Refusal {
    /// `verdict` and the refusal's words; `with_words`: shown as `verdict: words`
    /// rather than the verdict alone.
    fn new(verdict: &'static str, why: &dyn std::fmt::Display, with_words: bool) -> Self {
        let why = why.to_string();
        let shown = if with_words {
            format!("{verdict}: {why}")
        } else {
            verdict.into()
        };
        Refusal {
            verdict,
            shown,
            why,
        }
    }
}

/// The `verdict` and `result` mismatches of an operation that gives a string (`what`:
/// "a result", "a normal form") or refuses to.
fn verdict_and_result(
    e: &Expectation,
    given: Result<&str, &Refusal>,
    what: &str,
    out: &mut Vec<Mismatch>,
) {
    let mut differ =
        |at: &str, expected: String, actual: String| out.push(Mismatch::new(at, expected, actual));
    match (given, &e.verdict, &e.result) {
        (Err(refusal), Some(v), _) if *v == refusal.verdict => {}
        (Err(refusal), Some(v), _) => differ("verdict", v.clone(), refusal.shown.clone()),
        (Err(refusal), None, result) => differ(
            "result",
            quote(result.as_deref().unwrap_or_default()),
            format!("none: {}", refusal.why),
        ),
        (Ok(result), Some(v), _) => {
            differ("verdict", v.clone(), format!("{what}: {}", quote(result)))
        }
        (Ok(result), None, Some(want)) if want != result => {
            differ("result", quote(want), quote(result))
        }
        (Ok(_), None, _) => {}
    }
}

/// Every difference between a resolve expectation and a resolver's answer.
pub fn compare_resolution(
    e: &Expectation,
    answer: &Result<Resolution, Unresolvable>,
) -> Vec<Mismatch> {
    let mut out = Vec::new();
    let given = match answer {
        Ok(r) => Ok(String::from_utf8_lossy(&r.result)),
        Err(why @ Unresolvable::NotDefined { .. }) => Err(Refusal::new("not-defined", why, false)),
        Err(why @ (Unresolvable::BaseNotAbsolute { .. } | Unresolvable::Failure { .. })) => {
            Err(Refusal::new("invalid", why, false))
        }
    };
    verdict_and_result(e, given.as_deref(), "a result", &mut out);
    let Ok(r) = answer else {
        return out;
    };
    if let Some(want) = &e.errors {
        same_errors(want, &r.errors, &mut |at, w, g| {
            out.push(Mismatch::new(at, w, g))
        });
    }
    let mut differ =
        |at: &str, expected: String, actual: String| out.push(Mismatch::new(at, expected, actual));
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
    if let Some(want) = &e.result_verdict {
        let got = urlcert_reference::parse(r.doc, &r.result).verdict;
        if want != got.id() {
            differ("result_verdict", want.clone(), got.id().into());
        }
    }
    split_components(
        &e.reads_back,
        "reads_back",
        r.doc,
        &r.result,
        &mut |at, w, g| differ(&at, w, g),
    );
    out
}

/// Each listed component of the document's own split of `input` against its expected
/// value (`None`: absent), as `{field}.{name}` mismatches.
fn split_components(
    want: &std::collections::BTreeMap<String, Option<String>>,
    field: &str,
    doc: DocReading,
    input: &[u8],
    differ: &mut dyn FnMut(String, String, String),
) {
    if want.is_empty() {
        return;
    }
    let split = urlcert_reference::resolve::split::split(doc, input);
    for (name, w) in want {
        let got = split.as_ref().and_then(|s| s.get(name));
        let got = got.map(|g| String::from_utf8_lossy(g).into_owned());
        if *w != got {
            let show = |v: &Option<String>| v.as_deref().map_or_else(|| "null".into(), quote);
            differ(format!("{field}.{name}"), show(w), show(&got));
        }
    }
}

/// An expected URL as the diffs show it: the URL, then what else is checked.
fn show_expected_url(u: &ExpectedUrl) -> String {
    let mut out = quote(&u.url);
    if u.start.is_some() || u.end.is_some() {
        let show = |o: Option<usize>| o.map_or_else(|| "?".to_string(), |o| o.to_string());
        out.push_str(&format!(" {}..{}", show(u.start), show(u.end)));
    }
    if let Some(w) = &u.wrapper {
        out.push_str(&format!(" {w}"));
    }
    if let Some(a) = &u.alternatives {
        out.push_str(&format!(" or {}", show_list(a.iter().map(String::as_str))));
    }
    out
}

/// A URL found, as the diffs show it.
fn show_found(f: &Found) -> String {
    let alternatives: Vec<String> = f
        .alternatives
        .iter()
        .map(|a| String::from_utf8_lossy(a).into_owned())
        .collect();
    format!(
        "{} {}..{} {} or {}",
        quote(&String::from_utf8_lossy(&f.url)),
        f.start,
        f.end,
        f.wrapper,
        show_list(alternatives.iter().map(String::as_str))
    )
}

fn show_list<'a>(items: impl Iterator<Item = &'a str>) -> String {
    format!("[{}]", items.map(quote).collect::<Vec<_>>().join(", "))
}

/// Every difference between an extract expectation and the URLs found. When the
/// numbers differ, the two lists are shown whole, one URL a line.
pub fn compare_extraction(
    e: &Expectation,
    answer: &Result<Vec<Found>, NotDefined>,
) -> Vec<Mismatch> {
    let mut out = Vec::new();
    let mut differ = |at: String, expected: String, actual: String| {
        out.push(Mismatch::new(at, expected, actual))
    };
    let found = match answer {
        Ok(found) => found,
        Err(why) => {
            if e.verdict.as_deref() != Some("not-defined") {
                let want = e.urls.as_deref().unwrap_or_default();
                differ(
                    "urls".into(),
                    show_list(want.iter().map(|u| u.url.as_str())),
                    format!("none: {why}"),
                );
            }
            return out;
        }
    };
    if let Some(v) = &e.verdict {
        differ(
            "verdict".into(),
            v.clone(),
            format!("{} URL(s) found", found.len()),
        );
        return out;
    }
    let want = e.urls.as_deref().unwrap_or_default();
    if want.len() != found.len() {
        differ(
            "urls.count".into(),
            want.len().to_string(),
            found.len().to_string(),
        );
        let n = want.len().max(found.len());
        for i in 0..n {
            differ(
                format!("urls[{i}]"),
                want.get(i).map_or_else(|| "none".into(), show_expected_url),
                found.get(i).map_or_else(|| "none".into(), show_found),
            );
        }
        return out;
    }
    for (i, (w, f)) in want.iter().zip(found).enumerate() {
        let url = String::from_utf8_lossy(&f.url);
        if w.url != url {
            differ(format!("urls[{i}].url"), quote(&w.url), quote(&url));
        }
        for (name, want, got) in [("start", w.start, f.start), ("end", w.end, f.end)] {
            if want.is_some_and(|o| o != got) {
                differ(
                    format!("urls[{i}].{name}"),
                    want.unwrap_or_default().to_string(),
                    got.to_string(),
                );
            }
        }
        if let Some(wrapper) = &w.wrapper {
            if wrapper != f.wrapper.id() {
                differ(
                    format!("urls[{i}].wrapper"),
                    wrapper.clone(),
                    f.wrapper.id().into(),
                );
            }
        }
        if let Some(alternatives) = &w.alternatives {
            let got: Vec<String> = f
                .alternatives
                .iter()
                .map(|a| String::from_utf8_lossy(a).into_owned())
                .collect();
            if *alternatives != got {
                differ(
                    format!("urls[{i}].alternatives"),
                    show_list(alternatives.iter().map(String::as_str)),
                    show_list(got.iter().map(String::as_str)),
                );
            }
        }
    }
    out
}

/// Every difference between a normalize expectation and the normal form given: the
/// result, the steps that changed the input, and each `equivalent` (`different`) input,
/// which must have the same (another) normal form under the same document.
pub fn compare_normalization(
    e: &Expectation,
    doc: DocReading,
    answer: &Result<Normalization, NotNormalizable>,
) -> Vec<Mismatch> {
    let mut out = Vec::new();
    let given = match answer {
        Ok(n) => Ok(String::from_utf8_lossy(&n.result)),
        Err(why @ NotNormalizable::NotDefined { .. }) => {
            Err(Refusal::new("not-defined", why, true))
        }
        Err(why @ NotNormalizable::NotAUri { .. }) => Err(Refusal::new("invalid", why, true)),
    };
    verdict_and_result(e, given.as_deref(), "a normal form", &mut out);
    let (Ok(n), Ok(result)) = (answer, given) else {
        return out;
    };
    let mut differ = |at: String, expected: String, actual: String| {
        out.push(Mismatch::new(at, expected, actual))
    };
    if let Some(want) = &e.steps {
        let got = n.changed_ids();
        if *want != got {
            differ(
                "steps".into(),
                format!("[{}]", want.join(", ")),
                format!("[{}]", got.join(", ")),
            );
        }
    }
    let other = |input: &str| match normalize(doc, input.as_bytes()) {
        Ok(o) => String::from_utf8_lossy(&o.result).into_owned(),
        Err(why) => format!("none: {why}"),
    };
    for (i, eq) in e.equivalent.iter().flatten().enumerate() {
        let got = other(eq);
        if got != result {
            differ(
                format!("equivalent[{i}]"),
                format!("{} normalises to {}", quote(eq), quote(&result)),
                quote(&got),
            );
        }
    }
    for (i, d) in e.different.iter().flatten().enumerate() {
        let got = other(d);
        if got == result {
            differ(
                format!("different[{i}]"),
                format!(
                    "{} normalises to something else than {}",
                    quote(d),
                    quote(&result)
                ),
                quote(&got),
            );
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

mod base;
pub use base::{compare_bases, compare_links, link_error_id, BaseAnswer};

/// Every difference between `e` and the reference's answer to `request` under `doc`;
/// empty when they agree. The one place an exact comparison is chosen by request.
pub fn mismatches(
    request: &crate::ask::Request,
    doc: DocReading,
    e: &Expectation,
    answer: &crate::ask::ReferenceAnswer,
) -> Vec<Mismatch> {
    use crate::ask::{ReferenceAnswer as A, Request as R};
    match (request, answer) {
        (_, A::Parse(p)) => compare(e, p),
        (R::Resolve { base, reference }, A::Resolve(r)) => {
            let mut out = compare_resolution(e, r);
            if let Some(want) = &e.writing {
                let got = writing(reference, Some(base));
                if want != got {
                    out.push(Mismatch::new("writing", want.clone(), got));
                }
            }
            out
        }
        (_, A::Resolve(r)) => compare_resolution(e, r),
        (_, A::Extract(found)) => compare_extraction(e, found),
        (_, A::Normalize(n)) => compare_normalization(e, doc, n),
        (R::Links { .. }, A::Bases(b)) => compare_links(e, b),
        (_, A::Bases(b)) => compare_bases(e, b),
    }
}
