//! `urlcert parse` output: one JSON object per line, or a short human-readable block.

use crate::check::quote;
use serde_json::{json, Value as Json};
use urlcert_reference::{Parse, Value};

/// The JSON object for one parsed input.
pub fn parse_json(input: &[u8], p: &Parse) -> Json {
    let mut o = json!({
        "doc": p.doc,
        "input": String::from_utf8_lossy(input),
        "verdict": p.verdict,
        "rule": p.rule,
        "components": p.components,
        "error": p.error,
        "notes": p.notes,
        "alternatives": p.alternatives,
        "ambiguities": p.ambiguities,
    });
    if std::str::from_utf8(input).is_err() {
        // `input` above replaced the bad bytes; keep the exact ones too.
        o["input_hex"] = Json::String(input.iter().map(|b| format!("{b:02x}")).collect());
    }
    o
}

fn show(v: &Option<Value>) -> String {
    match v {
        None => "null".into(),
        Some(Value::Str(s)) => quote(s),
        Some(Value::List(l)) => format!(
            "[{}]",
            l.iter().map(|s| quote(s)).collect::<Vec<_>>().join(", ")
        ),
        Some(Value::Fields(f)) => format!(
            "[{}]",
            f.iter()
                .map(|x| format!("{}={}", quote(&x.fieldname), quote(&x.fieldvalue)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// A few indented lines for a person. Every string from the input is quoted and
/// escaped, so control characters cannot reach the terminal.
pub fn parse_human(input: &[u8], p: &Parse) -> String {
    let mut out = format!("{}\n", quote(&String::from_utf8_lossy(input)));
    let rule = p.rule.map(|r| format!(" ({r})")).unwrap_or_default();
    out.push_str(&format!("  {}: {}{}\n", p.doc, p.verdict, rule));
    for (name, value) in p.components.iter() {
        out.push_str(&format!("  {name:<16} {}\n", show(value)));
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
