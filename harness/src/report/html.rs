//! `report.html`: one self-contained page (no scripts, no outside resources) with the
//! summary (first each parser's agreement per document, coloured by agreement, then its
//! outcomes per class and its certificate), a colour key per class, the pruned view
//! (identical rows grouped, with a count) and the full matrix of cases × adapters, each
//! row with its citations linked to the public copy of the document. Every string from
//! a case or an adapter goes through [`crate::report::text::html`].

use super::shell::{self, Sheet, TIGHT_CELLS};
use super::{certificate, class_id, class_meaning, matrix, summary, Run, CLASSES};
use crate::judge::Class;
use crate::report::text::html;
use std::fmt::Write;

/// How many rows of a group the pruned view names before folding the rest away.
const EXAMPLES: usize = 20;

/// Each class's background colour.
pub fn colour(c: Class) -> &'static str {
    match c {
        Class::Agree => "#d8f0d8",
        Class::Verdict => "#f8c8c8",
        Class::Component => "#fbe0b0",
        Class::Resolution => "#f0c8f0",
        Class::Unsupported => "#e4e4e4",
        Class::AdapterError => "#c8d8f8",
        Class::Crash => "#b03030",
        Class::Timeout => "#806040",
    }
}

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
    let mut out = String::from("<table class=\"agreement\">\n<tr><th>parser</th>");
    for d in docs {
        // A reading: the document, then the reading's id on a line of its own.
        let (doc, reading) = match d.split_once('@') {
            Some((doc, reading)) => (doc, format!("<small>@{}</small>", html(reading))),
            None => (d.as_str(), String::new()),
        };
        match doc.parse::<urlcert_reference::Document>() {
            Ok(doc) => {
                let _ = write!(
                    out,
                    "<th><a href=\"{}\" title=\"{}\">{}</a>{reading}</th>",
                    html(doc.public_url()),
                    html(doc.public_name()),
                    html(doc.id())
                );
            }
            Err(_) => {
                let _ = write!(out, "<th>{}</th>", html(d));
            }
        }
    }
    out.push_str("</tr>\n");
    for a in &s.adapters {
        let _ = write!(out, "<tr><th><code>{}</code></th>", html(&a.name));
        for d in docs {
            out.push_str(&agreement_cell(a.agreement_under(d), d));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n");
    out
}

/// One agreement cell: coloured by its band, the percentage over `agree/total`.
pub fn agreement_cell(g: summary::Agreement, doc: &str) -> String {
    match g.percent() {
        None => "<td class=\"ag a-none\">–</td>".into(),
        Some(p) => format!(
            "<td class=\"ag {}\" title=\"{} of {} outcomes under {} agree\"><span class=\"pc\">{}</span><small>{}/{}</small></td>",
            band(Some(p)),
            g.agree,
            g.total,
            html(doc),
            summary::percent_text(p),
            g.agree,
            g.total
        ),
    }
}

/// A record's citations as links, one per line.
pub fn cites(r: &super::Record) -> String {
    r.cites()
        .iter()
        .map(|c| super::cite_html(&c.doc, &c.section))
        .collect::<Vec<_>>()
        .join("<br>")
}

fn style() -> String {
    let mut rules = String::from(".none{color:#888}\n");
    rules.push_str(&agreement_style());
    for c in CLASSES {
        let fg = if matches!(c, Class::Crash | Class::Timeout) {
            "#fff"
        } else {
            "#000"
        };
        let _ = writeln!(
            rules,
            ".c-{}{{background:{};color:{fg}}}",
            class_id(c),
            colour(c)
        );
    }
    Sheet {
        narrow: false,
        cell_padding: TIGHT_CELLS,
        table_rules: "td.n{text-align:right}\n\
                      td.id{min-width:16em}\n\
                      td.cert{white-space:nowrap}\n\
                      td.input{min-width:10em}\n",
        rules: &rules,
    }
    .css()
}

fn cell(c: Option<Class>, title: &str) -> String {
    match c {
        Some(c) if title.is_empty() => {
            format!("<td class=\"c-{0}\">{0}</td>", class_id(c))
        }
        Some(c) => format!(
            "<td class=\"c-{0}\" title=\"{1}\">{0}</td>",
            class_id(c),
            html(title)
        ),
        None => "<td class=\"none\">·</td>".into(),
    }
}

pub fn render(run: &Run) -> String {
    let p = &run.provenance;
    let mut out = shell::open(&format!("urlcert report {}", p.run), &style());
    let _ = writeln!(out, "<h1>urlcert report {}</h1>", html(&p.run));
    let _ = writeln!(
        out,
        "<p>urlcert {}, case set sha-256 <code>{}</code>, started {}. {} outcomes from {} adapter(s).</p>",
        html(&p.urlcert_version),
        html(&p.cases_sha256),
        html(&p.time),
        run.records.len(),
        run.columns.len()
    );

    let summary = summary::build(run);
    let (documents, readings) = summary::agreement_columns(run);
    out.push_str("<h2 id=\"summary\">Summary</h2>\n<h3>Agreement per document</h3>\n");
    out.push_str(&agreement_table(&summary, &documents));
    out.push_str(&agreement_key());
    let _ = writeln!(
        out,
        "<p class=\"note\">{}</p>",
        note(summary::AGREEMENT_NOTE)
    );
    if !readings.is_empty() {
        out.push_str("<h3>Agreement under the other readings</h3>\n");
        out.push_str(&agreement_table(&summary, &readings));
    }

    out.push_str("<h3>Outcomes per class</h3>\n<table>\n<tr><th>adapter</th><th>version</th><th>command</th>");
    for c in CLASSES {
        let _ = write!(out, "<th class=\"c-{0}\">{0}</th>", class_id(c));
    }
    out.push_str("<th>total</th><th>certificate</th></tr>\n");
    for a in &summary.adapters {
        let argv = a
            .argv
            .as_ref()
            .map(|v| v.join(" "))
            .unwrap_or_else(|| "in-process".into());
        let _ = write!(
            out,
            "<tr><td><code>{}</code></td><td>{}</td><td><code>{}</code></td>",
            html(&a.name),
            html(&a.version),
            html(&argv)
        );
        for c in CLASSES {
            let _ = write!(out, "<td class=\"n\">{}</td>", a.count(c));
        }
        let page = certificate::html_file_name(&a.name);
        let md = certificate::file_name(&a.name);
        let _ = writeln!(
            out,
            "<td class=\"n\">{}</td><td class=\"cert\"><a href=\"{page}\">certificate</a> (<a href=\"{md}\">Markdown</a>)</td></tr>",
            a.total,
            page = html(&page),
            md = html(&md)
        );
    }
    out.push_str("</table>\n");
    if !run.unavailable.is_empty() {
        out.push_str("<h2>Unavailable adapters</h2>\n<table>\n<tr><th>adapter</th><th>why</th><th>install with</th></tr>\n");
        for u in &run.unavailable {
            let _ = writeln!(
                out,
                "<tr><td><code>{}</code></td><td>{}</td><td><code>{}</code></td></tr>",
                html(&u.name),
                html(&u.why),
                html(&u.install)
            );
        }
        out.push_str("</table>\n");
    }

    out.push_str("<h2>Colour key</h2>\n<table>\n<tr><th>class</th><th>meaning</th></tr>\n");
    for c in CLASSES {
        let _ = writeln!(
            out,
            "<tr>{}<td>{}</td></tr>",
            cell(Some(c), ""),
            class_meaning(c)
        );
    }
    out.push_str("<tr><td class=\"none\">·</td><td>not asked (only the reference answers extract cases)</td></tr>\n</table>\n");

    let head: String = run
        .columns
        .iter()
        .map(|c| format!("<th><code>{}</code></th>", html(&c.name)))
        .collect();

    out.push_str("<h2 id=\"pruned\">Pruned view</h2>\n<p>Rows (a case under one document) whose classes are the same for every adapter, grouped, the largest group first.</p>\n<table>\n");
    let _ = writeln!(out, "<tr><th>rows</th>{head}<th>cases</th></tr>");
    for g in matrix::pruned(run) {
        let _ = write!(
            out,
            "<tr class=\"group\"><td class=\"n\">{}</td>",
            g.rows.len()
        );
        for c in &g.classes {
            out.push_str(&cell(*c, ""));
        }
        let names: Vec<String> = g
            .rows
            .iter()
            .map(|r| format!("<code>{}</code>", html(&r.first.key())))
            .collect();
        out.push_str("<td>");
        out.push_str(&names[..names.len().min(EXAMPLES)].join(", "));
        if names.len() > EXAMPLES {
            let _ = write!(
                out,
                "<details><summary>{} more</summary>{}</details>",
                names.len() - EXAMPLES,
                names[EXAMPLES..].join(", ")
            );
        }
        out.push_str("</td></tr>\n");
    }
    out.push_str("</table>\n");

    out.push_str("<h2 id=\"matrix\">Matrix</h2>\n<p>Hover over a cell that is not <em>agree</em> for what the document says and what the adapter said.</p>\n<table>\n");
    let _ = writeln!(
        out,
        "<tr><th>case</th><th>document</th><th>cited</th><th>input</th>{head}</tr>"
    );
    for row in matrix::rows(run) {
        let r = row.first;
        let base = r
            .base
            .as_ref()
            .map(|b| format!("<br>base <code>{}</code>", html(b)))
            .unwrap_or_default();
        let _ = write!(
            out,
            "<tr><td class=\"id\"><code>{}</code></td><td>{}</td><td>{}</td><td class=\"input\"><code>{}</code>{base}</td>",
            html(&r.case),
            html(&r.doc),
            cites(r),
            html(&r.input)
        );
        for c in &row.cells {
            match c {
                Some(rec) if rec.class != Class::Agree => {
                    let mut title = format!("expected: {} / actual: {}", rec.expected, rec.actual);
                    if let Some(comp) = &rec.component {
                        title = format!("component {comp} / {title}");
                    }
                    out.push_str(&cell(Some(rec.class), &title));
                }
                Some(rec) => out.push_str(&cell(Some(rec.class), "")),
                None => out.push_str(&cell(None, "")),
            }
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n");
    out.push_str(shell::CLOSE);
    out
}
