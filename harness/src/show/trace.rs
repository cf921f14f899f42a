//! `urlcert trace`: one input (or one base and reference) under every document, oldest
//! first, with each change from the document before marked, so that how the answer
//! moved from 1993 to the URL Standard can be read in one place.

use crate::show::output::{ParseLine, ResolveLine};
use serde_json::{json, Map, Value};
use urlcert_reference::{parse, resolve, DocReading, Document};

/// What one document says: its JSON object, and a one-line summary for people.
pub struct Row {
    pub doc: Document,
    pub json: Value,
    pub summary: String,
    /// What a change is judged on: the verdict, rule and components, or the result.
    /// Messages that name their own document do not count.
    key: Value,
}

/// Every document's answer for `input` (parse) or for `input` against `base` (resolve).
pub fn rows(base: Option<&[u8]>, input: &[u8]) -> Vec<Row> {
    Document::ALL
        .iter()
        .map(|&doc| match base {
            None => parse_row(doc, input),
            Some(base) => resolve_row(doc, base, input),
        })
        .collect()
}

fn parse_row(doc: Document, input: &[u8]) -> Row {
    let reading = DocReading::from(doc);
    let p = parse(reading, input);
    let mut json = serde_json::to_value(ParseLine::new(input, &p)).unwrap_or_default();
    strip(&mut json, &["doc", "input", "input_hex"]);
    let rule = p.rule.map(|r| format!(" ({r})")).unwrap_or_default();
    let parts: Vec<String> = p
        .components
        .iter()
        .filter_map(|(name, v)| {
            v.as_ref()
                .map(|_| format!("{name}={}", crate::judge::exact::show_actual(Some(&v))))
        })
        .collect();
    let key = json!([json["verdict"], json["rule"], json["components"]]);
    Row {
        doc,
        summary: format!("{}{rule}  {}", p.verdict, parts.join(" ")),
        json,
        key,
    }
}

fn resolve_row(doc: Document, base: &[u8], input: &[u8]) -> Row {
    let reading = DocReading::from(doc);
    let answer = resolve(reading, base, input, false);
    let mut json = serde_json::to_value(ResolveLine::new(reading, base, input, &answer, false))
        .unwrap_or_default();
    strip(
        &mut json,
        &["doc", "base", "base_hex", "input", "input_hex"],
    );
    let summary = match &answer {
        Ok(r) => format!(
            "{}{}",
            crate::judge::exact::quote(&String::from_utf8_lossy(&r.result)),
            if r.current_document {
                " (the current document)"
            } else {
                ""
            }
        ),
        Err(why) => format!("no result: {why}"),
    };
    let key = json!([
        json["result"],
        json["error"]["kind"],
        json["current_document"]
    ]);
    Row {
        doc,
        json,
        summary,
        key,
    }
}

fn strip(v: &mut Value, keys: &[&str]) {
    if let Value::Object(m) = v {
        for k in keys {
            m.shift_remove(*k);
        }
    }
}

/// The `--json` object: `input`, `base` (or null), `documents` keyed by document id,
/// each with `changed` (its answer differs from the document before it). `input_hex`
/// and `base_hex` give the exact bytes when they are not UTF-8.
pub fn json(base: Option<&[u8]>, input: &[u8], rows: &[Row]) -> Value {
    let marks = changed(rows);
    let documents: Map<String, Value> = rows
        .iter()
        .zip(marks)
        .map(|(r, changed)| {
            let mut v = r.json.clone();
            if let Value::Object(m) = &mut v {
                m.insert("changed".into(), Value::Bool(changed));
            }
            (r.doc.id().to_string(), v)
        })
        .collect();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    let mut out = json!({
        "input": text(input),
        "base": base.map(text),
        "documents": documents,
    });
    for (key, bytes) in [("input_hex", Some(input)), ("base_hex", base)] {
        if let Some(b) = bytes.filter(|b| std::str::from_utf8(b).is_err()) {
            out[key] = Value::String(b.iter().map(|x| format!("{x:02x}")).collect());
        }
    }
    out
}

/// For each row, whether its answer differs from the row before it.
fn changed(rows: &[Row]) -> Vec<bool> {
    let mut previous: Option<&Value> = None;
    rows.iter()
        .map(|r| {
            let c = previous.is_some_and(|p| *p != r.key);
            previous = Some(&r.key);
            c
        })
        .collect()
}

/// One line per document; `*` marks a document whose answer differs from the one
/// before it.
pub fn human(base: Option<&[u8]>, input: &[u8], rows: &[Row]) -> String {
    let quoted = |b: &[u8]| crate::judge::exact::quote(&String::from_utf8_lossy(b));
    let mut out = match base {
        Some(b) => format!("{} against {}\n", quoted(input), quoted(b)),
        None => format!("{}\n", quoted(input)),
    };
    // The longest id and one space: the summaries start in one column.
    let width = Document::ALL
        .iter()
        .map(|d| d.id().len())
        .max()
        .unwrap_or(0)
        + 1;
    for (r, changed) in rows.iter().zip(changed(rows)) {
        let line = format!(
            "{} {:<width$} {}",
            if changed { "*" } else { " " },
            r.doc.id(),
            r.summary
        );
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}
