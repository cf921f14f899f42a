//! `urlcert base` and `urlcert links`: a real document (an HTML file, a MIME message)
//! read into entities ([`crate::page`]), its base established and its references
//! resolved by the reference, under one document or all of them side by side.

use crate::report::text::visible;
use serde::Serialize;
use std::io::Write;
use urlcert_reference::base::{
    self, Context, EntityBase, Established, Link, LinkFailure, NotDefined,
};
use urlcert_reference::DocReading;

/// What a document gives: its entities' bases and links, or why it has none.
pub type BaseOutcome = Result<Established, NotDefined>;

fn lossy(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Whether every reference of `a` has an absolute form.
pub fn all_resolved(a: &BaseOutcome) -> bool {
    match a {
        Ok(found) => found.links().all(|(_, l)| l.result.is_ok()),
        Err(_) => false,
    }
}

/// One link as JSON: what `--json` prints, and what cases and adapters compare.
#[derive(Serialize)]
pub struct LinkLine<'a> {
    pub doc: String,
    pub part: &'a str,
    pub line: usize,
    pub element: &'a str,
    pub attribute: &'a str,
    /// The reference; bytes that are not UTF-8 are replaced here and kept, in hex, in
    /// `href_hex` (and the same for `base` and `result`), as `resolve --json` does.
    pub href: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub href_hex: Option<String>,
    pub base: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub base_hex: Option<String>,
    pub source: &'static str,
    pub result: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result_hex: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl<'a> LinkLine<'a> {
    pub fn new(doc: DocReading, entity: &'a EntityBase, l: &'a Link) -> LinkLine<'a> {
        use crate::show::text_and_hex;
        let (href, href_hex) = text_and_hex(&l.reference.href);
        let (base, base_hex) = match entity.base.value.as_deref().map(text_and_hex) {
            Some((t, h)) => (Some(t.into_owned()), h),
            None => (None, None),
        };
        let (result, result_hex) = match l.result.as_ref().ok().map(|r| text_and_hex(&r.result)) {
            Some((t, h)) => (Some(t.into_owned()), h),
            None => (None, None),
        };
        LinkLine {
            doc: doc.to_string(),
            part: &entity.part,
            line: l.reference.line,
            element: &l.reference.element,
            attribute: &l.reference.attribute,
            href: href.into_owned(),
            href_hex,
            base,
            base_hex,
            source: entity.base.source.id(),
            result,
            result_hex,
            error: l.result.as_ref().err().map(LinkFailure::to_string),
        }
    }
}

#[derive(Serialize)]
struct NotDefinedLine {
    doc: String,
    verdict: &'static str,
    why: String,
}

fn not_defined_json(out: &mut dyn Write, doc: DocReading, n: &NotDefined) -> std::io::Result<()> {
    let line = NotDefinedLine {
        doc: doc.to_string(),
        verdict: "not-defined",
        why: n.to_string(),
    };
    serde_json::to_writer(&mut *out, &line)?;
    out.write_all(b"\n")
}

pub fn links_json(out: &mut dyn Write, doc: DocReading, a: &BaseOutcome) -> std::io::Result<()> {
    match a {
        Ok(found) => found.links().try_for_each(|(entity, l)| {
            serde_json::to_writer(&mut *out, &LinkLine::new(doc, entity, l))?;
            out.write_all(b"\n")
        }),
        Err(n) => not_defined_json(out, doc, n),
    }
}

/// `result` or `(why)`.
fn shown_result(l: &Link) -> String {
    match &l.result {
        Ok(r) => visible(&lossy(&r.result)),
        Err(e) => format!("({})", short_failure(e)),
    }
}

fn short_failure(e: &LinkFailure) -> &'static str {
    match e {
        LinkFailure::Unresolvable(urlcert_reference::Unresolvable::NotDefined { .. }) => {
            "not defined"
        }
        LinkFailure::Unresolvable(urlcert_reference::Unresolvable::BaseNotAbsolute { .. }) => {
            "base not absolute"
        }
        LinkFailure::Unresolvable(urlcert_reference::Unresolvable::Failure { .. }) => "failure",
        LinkFailure::NoBase { .. } => "no base",
    }
}

fn part_name(part: &str) -> String {
    if part.is_empty() {
        "top".into()
    } else {
        format!("part {part}")
    }
}

pub fn links_human(doc: DocReading, a: &BaseOutcome) -> String {
    let found = match a {
        Ok(f) => f,
        Err(n) => return format!("{doc}: {n}\n"),
    };
    let mut s = String::new();
    for e in &found.entities {
        if e.links.is_empty() {
            continue;
        }
        s.push_str(&format!(
            "{doc} {}: base {} ({}: {})\n",
            part_name(&e.part),
            shown_base(&e.base.value),
            e.base.source,
            e.base.how
        ));
        for l in &e.links {
            s.push_str(&format!(
                "  line {:>4}  {} {}={}  ->  {}\n",
                l.reference.line,
                visible(&l.reference.element),
                l.reference.attribute,
                visible(&lossy(&l.reference.href)),
                shown_result(l)
            ));
            if let Err(e) = &l.result {
                s.push_str(&format!("             {}\n", visible(&e.to_string())));
            }
        }
    }
    if s.is_empty() {
        s = format!("{doc}: no references\n");
    }
    s
}

fn shown_base(v: &Option<Vec<u8>>) -> String {
    match v {
        Some(v) => format!("\"{}\"", visible(&lossy(v))),
        None => "undefined".into(),
    }
}

/// Every reference, one row each, with each document's absolute form in a column; "*"
/// marks a document whose answer differs from the one before it. Written as it goes:
/// each document's bases are kept, each link is resolved when its row is written.
pub fn side_by_side(
    out: &mut dyn Write,
    name: &str,
    root: &base::Entity,
    cx: &Context,
    docs: &[DocReading],
) -> std::io::Result<bool> {
    writeln!(
        out,
        "{}: every reference under every document, oldest first",
        visible(name)
    )?;
    let bases: Vec<(DocReading, Option<Established>)> = docs
        .iter()
        .map(|&d| (d, base::bases(d, root, cx).ok()))
        .collect();
    let mut any_unresolved = bases.iter().any(|(_, b)| b.is_none());
    for (i, entity) in base::in_order(root).into_iter().enumerate() {
        for r in &entity.references {
            let part = bases
                .iter()
                .find_map(|(_, b)| Some(b.as_ref()?.entities[i].part.as_str()));
            writeln!(
                out,
                "\n{} line {}: {} {}={}",
                part_name(part.unwrap_or_default()),
                r.line,
                visible(&r.element),
                r.attribute,
                visible(&lossy(&r.href))
            )?;
            let mut before: Option<String> = None;
            for (doc, established) in &bases {
                let (value, shown) = match established {
                    Some(found) => {
                        let e = &found.entities[i];
                        let l = base::link(*doc, &e.base, r);
                        any_unresolved |= l.result.is_err();
                        (
                            shown_result(&l),
                            format!("base {} from {}", shown_base(&e.base.value), e.base.source),
                        )
                    }
                    None => ("(not defined)".into(), String::new()),
                };
                let changed = before.as_ref().is_some_and(|b| *b != value);
                let mark = if changed { "*" } else { " " };
                let row = format!("  {mark}{:<12} {value:<40} {shown}", doc.to_string());
                writeln!(out, "{}", row.trim_end())?;
                before = Some(value);
            }
        }
    }
    Ok(any_unresolved)
}

#[derive(Serialize)]
struct StepLine<'a> {
    section: &'static str,
    source: &'static str,
    said: &'a str,
    taken: bool,
}

#[derive(Serialize)]
struct NoteLine<'a> {
    id: &'static str,
    line: usize,
    message: &'a str,
}

#[derive(Serialize)]
struct BaseLine<'a> {
    doc: String,
    part: &'a str,
    media_type: Option<&'a str>,
    line: usize,
    base: Option<String>,
    source: &'static str,
    how: &'a str,
    section: &'static str,
    steps: Vec<StepLine<'a>>,
    notes: Vec<NoteLine<'a>>,
}

pub fn base_json(out: &mut dyn Write, doc: DocReading, a: &BaseOutcome) -> std::io::Result<()> {
    let found = match a {
        Ok(f) => f,
        Err(n) => return not_defined_json(out, doc, n),
    };
    for e in &found.entities {
        let line = BaseLine {
            doc: doc.to_string(),
            part: &e.part,
            media_type: e.media_type.as_deref(),
            line: e.line,
            base: e.base.value.as_deref().map(lossy),
            source: e.base.source.id(),
            how: &e.base.how,
            section: e.base.section,
            steps: e
                .steps
                .iter()
                .map(|s| StepLine {
                    section: s.section,
                    source: s.source.id(),
                    said: &s.said,
                    taken: s.taken,
                })
                .collect(),
            notes: e
                .notes
                .iter()
                .map(|n| NoteLine {
                    id: n.id,
                    line: n.line,
                    message: &n.message,
                })
                .collect(),
        };
        serde_json::to_writer(&mut *out, &line)?;
        out.write_all(b"\n")?;
    }
    Ok(())
}

pub fn base_human(doc: DocReading, a: &BaseOutcome) -> String {
    let found = match a {
        Ok(f) => f,
        Err(n) => return format!("{doc}: {n}\n"),
    };
    let mut s = String::new();
    for e in &found.entities {
        s.push_str(&format!(
            "{doc} {} ({}, line {}): base {}\n  from {} (Section {}): {}\n",
            part_name(&e.part),
            e.media_type.as_deref().unwrap_or("no media type"),
            e.line,
            shown_base(&e.base.value),
            e.base.source,
            e.base.section,
            visible(&e.base.how)
        ));
        for step in &e.steps {
            s.push_str(&format!(
                "    {:<13} {:<20} {} {}\n",
                step.section,
                step.source.id(),
                if step.taken { "=>" } else { "  " },
                visible(&step.said)
            ));
        }
        for n in &e.notes {
            s.push_str(&format!(
                "    note {} (line {}): {}\n",
                n.id,
                n.line,
                visible(&n.message)
            ));
        }
    }
    s
}
