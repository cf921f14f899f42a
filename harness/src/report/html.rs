//! `report.html`: one self-contained page (no scripts, no outside resources) with the
//! summary (first each parser's agreement per document, coloured by agreement, then its
//! outcomes per class and its certificate), a colour key per class, the pruned view
//! (identical rows grouped, with a count) and the full matrix of cases × adapters, each
//! row with its citations linked to the public copy of the document. Every string from
//! a case or an adapter goes through [`crate::report::text::html`].

use super::agreement::{agreement_key, agreement_style, agreement_table, cites, note};
use super::record::{class_id, class_meaning, Run, CLASSES};
use super::shell::{self, Sheet, TIGHT_CELLS};
use super::{certificate, matrix, summary};
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
