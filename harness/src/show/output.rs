//! `urlcert parse` and `urlcert resolve` output: one JSON object per line, or a short
//! human-readable block.

use super::text_and_hex;
use crate::judge::exact::{quote, show_actual};
use serde::Serialize;
use std::borrow::Cow;
use urlcert_reference::{
    Ambiguity, Components, DocReading, Document, Failure, Note, Parse, Resolution, Rule,
    Unresolvable, Verdict,
};

/// One line of `urlcert parse --json`, fields in the documented order.
#[derive(Serialize)]
pub struct ParseLine<'a> {
    pub doc: DocReading,
    /// The input; bytes that are not UTF-8 are replaced here and kept in `input_hex`.
    pub input: Cow<'a, str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input_hex: Option<String>,
    pub verdict: Verdict,
    pub rule: Option<Rule>,
    pub components: &'a Components<'a>,
    pub error: &'a Option<Failure>,
    pub notes: Vec<Note>,
    pub alternatives: &'a [Rule],
    pub ambiguities: &'a [Ambiguity],
}

impl<'a> ParseLine<'a> {
    pub fn new(input: &'a [u8], p: &'a Parse) -> ParseLine<'a> {
        let (input, input_hex) = text_and_hex(input);
        ParseLine {
            doc: p.doc,
            input,
            input_hex,
            verdict: p.verdict,
            rule: p.rule,
            components: &p.components,
            error: &p.error,
            notes: p.notes(),
            alternatives: &p.alternatives,
            ambiguities: &p.ambiguities,
        }
    }
}

/// A few indented lines for a person. Every string from the input is quoted and
/// escaped, so control characters cannot reach the terminal.
pub fn parse_human(input: &[u8], p: &Parse) -> String {
    let mut out = format!("{}\n", quote(&String::from_utf8_lossy(input)));
    let rule = p.rule.map(|r| format!(" ({r})")).unwrap_or_default();
    out.push_str(&format!("  {}: {}{}\n", p.doc, p.verdict, rule));
    for (name, value) in p.components.iter() {
        out.push_str(&format!("  {name:<16} {}\n", show_actual(Some(&value))));
    }
    if let Some(e) = &p.error {
        let what = match (p.rule, p.doc.doc) {
            (None, _) => "error",
            (Some(_), Document::Draft1996) => "generic-URL failed",
            (Some(_), Document::Rfc1808) => "generic-RL failed",
            (Some(_), Document::Rfc2396 | Document::Rfc3986) => "the other derivation failed",
            (Some(_), _) => "own production failed",
        };
        out.push_str(&format!(
            "  {what}: offset {} in {}, expected {}\n",
            e.offset, e.rule, e.expected
        ));
    }
    for a in &p.ambiguities {
        out.push_str(&format!("  ambiguous ({}): {}\n", a.rule, a.text));
    }
    for n in &p.notes() {
        let data = if n.data.is_empty() {
            String::new()
        } else {
            format!(
                ": {}",
                n.data
                    .iter()
                    .map(|d| quote(d))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        out.push_str(&format!(
            "  note [{}] {} ({}){}\n",
            n.grade.id(),
            n.id,
            n.cite,
            data
        ));
    }
    out
}

/// One line of `urlcert resolve --json`, fields in the documented order.
#[derive(Serialize)]
pub struct ResolveLine<'a> {
    pub doc: DocReading,
    pub base: Cow<'a, str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub base_hex: Option<String>,
    pub input: Cow<'a, str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input_hex: Option<String>,
    /// The absolute URL, or null when the document gives none (see `error`).
    pub result: Option<Cow<'a, str>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result_hex: Option<String>,
    pub current_document: bool,
    /// Why there is no result: `{kind: not-defined | base-not-absolute, message}`.
    pub error: Option<ResolveError>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trace: Option<Vec<StepLine<'a>>>,
}

#[derive(Serialize)]
pub struct ResolveError {
    pub kind: &'static str,
    pub message: String,
}

#[derive(Serialize)]
pub struct StepLine<'a> {
    pub step: &'static str,
    pub text: &'static str,
    pub value: Option<&'a str>,
}

impl<'a> ResolveLine<'a> {
    pub fn new(
        doc: DocReading,
        base: &'a [u8],
        input: &'a [u8],
        answer: &'a Result<Resolution, Unresolvable>,
        trace: bool,
    ) -> ResolveLine<'a> {
        let (base, base_hex) = text_and_hex(base);
        let (input, input_hex) = text_and_hex(input);
        let (result, result_hex, current_document, error, steps) = match answer {
            Ok(r) => {
                let (text, hex) = text_and_hex(&r.result);
                (Some(text), hex, r.current_document, None, r.steps.traced())
            }
            Err(why) => {
                let kind = match why {
                    Unresolvable::NotDefined { .. } => "not-defined",
                    Unresolvable::BaseNotAbsolute { .. } => "base-not-absolute",
                    Unresolvable::Failure { .. } => "failure",
                };
                let message = why.to_string();
                (
                    None,
                    None,
                    false,
                    Some(ResolveError { kind, message }),
                    &[][..],
                )
            }
        };
        ResolveLine {
            doc,
            base,
            base_hex,
            input,
            input_hex,
            result,
            result_hex,
            current_document,
            error,
            trace: trace.then(|| {
                steps
                    .iter()
                    .map(|s| StepLine {
                        step: s.id,
                        text: s.text,
                        value: s.value.as_deref(),
                    })
                    .collect()
            }),
        }
    }
}

/// The reference and its result for a person, with the steps when tracing.
pub fn resolve_human(
    input: &[u8],
    answer: &Result<Resolution, Unresolvable>,
    trace: bool,
) -> String {
    let shown = quote(&String::from_utf8_lossy(input));
    let r = match answer {
        Ok(r) => r,
        Err(why) => return format!("{shown}\n  no result: {why}\n"),
    };
    let mut out = format!(
        "{shown} -> {}{}\n",
        quote(&String::from_utf8_lossy(&r.result)),
        if r.current_document {
            " (the current document)"
        } else {
            ""
        }
    );
    if trace {
        for s in r.steps.traced() {
            let value = s
                .value
                .as_deref()
                .map(|v| format!(": {}", crate::report::text::visible(v)))
                .unwrap_or_default();
            out.push_str(&format!("  step {:<14} {}{value}\n", s.id, s.text));
        }
    }
    out
}
