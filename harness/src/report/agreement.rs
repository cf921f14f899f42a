//! The pieces of HTML that `report.html` and the certificate pages share: each
//! parser's agreement per document as a table coloured by band, its key and style,
//! prose notes and a record's citations.

use super::record::{cite_html, doc_link, Record};
use super::summary;
use crate::report::table::{headers, Cell, HtmlTable};
use crate::report::text::html;
use std::fmt::Write;

/// The agreement bands: (class, lowest percentage, background, what the key says).
const BANDS: [(&str, f64, &str, &str); 5] = [
    ("a-all", 100.0, "#8fd18f", "100%"),
    ("a-high", 90.0, "#c4e6a4", "90% to under 100%"),
    ("a-good", 75.0, "#e9eea0", "75% to under 90%"),
    ("a-mid", 50.0, "#fbd89a", "50% to under 75%"),
    ("a-low", 0.0, "#f3aaaa", "under 50%"),
];

/// The class of an agreement cell: its band, or `a-none` when nothing counted.
pub fn band(percent: Option<f64>) -> &'static str {
    match percent {
        None => "a-none",
        Some(p) => BANDS.iter().find(|b| p >= b.1).map_or("a-low", |b| b.0),
    }
}

/// The rules shared with the certificate pages: agreement bands and citations.
pub fn agreement_style() -> String {
    let mut css = String::from(
        "table.agreement td.ag{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap;min-width:5.5em;vertical-align:middle}\n\
         table.agreement td.ag span.pc{display:block;font-weight:bold}\n\
         table.agreement td.ag small{display:block;color:#333}\n\
         table.agreement th{white-space:nowrap;vertical-align:middle;background:#f2f2f2}\n\
         table.agreement th code{white-space:nowrap;word-break:normal}\n\
         table.agreement th small{display:block;font-weight:normal}\n\
         td.a-none{background:#f4f4f4;color:#777;text-align:center}\n\
         .key span{display:inline-block;padding:.15em .6em;margin-right:.4em;border:1px solid #bbb}\n\
         a.cite{white-space:nowrap}\n\
         p.note{max-width:60em;color:#333}\n",
    );
    for (class, _, bg, _) in BANDS {
        let _ = writeln!(css, ".{class}{{background:{bg}}}");
    }
    css
}

/// The key to the agreement colours.
pub fn agreement_key() -> String {
    let mut out = String::from("<p class=\"key\">Agreement: ");
    for (class, _, _, what) in BANDS {
        let _ = write!(out, "<span class=\"{class}\">{what}</span>");
    }
    out.push_str("<span class=\"a-none\">– nothing counted</span></p>\n");
    out
}

/// A prose note with `code` spans, as HTML.
pub fn note(text: &str) -> String {
    text.split('`')
        .enumerate()
        .map(|(i, part)| {
            if i % 2 == 1 {
                format!("<code>{}</code>", html(part))
            } else {
                html(part)
            }
        })
        .collect()
}

/// Parser × document: a row per adapter, a column per entry of `docs` (a document's
/// id linked to its public copy), each cell the percentage and `agree/total`.
pub fn agreement_table(s: &summary::Summary, docs: &[String]) -> String {
    let mut table = HtmlTable::new(Some("agreement"));
    let mut head = headers(&["parser"]);
    head.extend(docs.iter().map(|d| document_header(d)));
    table.head(head);
    for a in &s.adapters {
        let mut row = vec![Cell::code(&a.name).header()];
        row.extend(docs.iter().map(|d| agreement_cell(a.agreement_under(d), d)));
        table.row(row);
    }
    table.end()
}

/// A column's head: the document linked to its public copy, then a reading's id on a
/// line of its own; an entry that names no document, as it is.
fn document_header(d: &str) -> Cell {
    let (doc, reading) = match d.split_once('@') {
        Some((doc, reading)) => (doc, format!("<small>@{}</small>", html(reading))),
        None => (d, String::new()),
    };
    match doc.parse::<urlcert_reference::Document>() {
        Ok(doc) => Cell::markup(doc_link(doc, doc.id()) + &reading).header(),
        Err(_) => Cell::text(d).header(),
    }
}

/// One agreement cell: coloured by its band, the percentage over `agree/total`.
pub fn agreement_cell(g: summary::Agreement, doc: &str) -> Cell {
    match g.percent() {
        None => Cell::text("–").class("ag a-none"),
        Some(p) => Cell::markup(format!(
            "<span class=\"pc\">{}</span><small>{}/{}</small>",
            summary::percent_text(p),
            g.agree,
            g.total
        ))
        .class(format!("ag {}", band(Some(p))))
        .title(format!(
            "{} of {} outcomes under {doc} agree",
            g.agree, g.total
        )),
    }
}

/// A record's citations as links, one per line.
pub fn cites(r: &Record) -> String {
    r.cites()
        .iter()
        .map(|c| cite_html(&c.doc, &c.section))
        .collect::<Vec<_>>()
        .join("<br>")
}
