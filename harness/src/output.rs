//! `urlcert parse` output: one JSON object per line, or a short human-readable block.

use crate::check::{quote, show_actual};
use serde::Serialize;
use std::borrow::Cow;
use urlcert_reference::{Ambiguity, Components, DocReading, Failure, Note, Parse, Rule, Verdict};

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
    pub components: &'a Components,
    pub error: &'a Option<Failure>,
    pub notes: &'a [Note],
    pub alternatives: &'a [Rule],
    pub ambiguities: &'a [Ambiguity],
}

impl<'a> ParseLine<'a> {
    pub fn new(input: &'a [u8], p: &'a Parse) -> ParseLine<'a> {
        let exact = std::str::from_utf8(input).is_ok();
        ParseLine {
            doc: p.doc,
            input: String::from_utf8_lossy(input),
            input_hex: (!exact).then(|| input.iter().map(|b| format!("{b:02x}")).collect()),
            verdict: p.verdict,
            rule: p.rule,
            components: &p.components,
            error: &p.error,
            notes: &p.notes,
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
        out.push_str(&format!("  {name:<16} {}\n", show_actual(Some(value))));
    }
    if let Some(e) = &p.error {
        let what = if p.rule.is_some() {
            "own production failed"
        } else {
            "error"
        };
        out.push_str(&format!(
            "  {what}: offset {} in {}, expected {}\n",
            e.offset, e.rule, e.expected
        ));
    }
    for a in &p.ambiguities {
        out.push_str(&format!("  ambiguous ({}): {}\n", a.rule, a.text));
    }
    for n in &p.notes {
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
