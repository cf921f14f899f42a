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
use crate::report::table::{headers, Cell, HtmlTable};
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

/// A class's cell, coloured by the class; `·` where the adapter was not asked.
fn class_cell(c: Option<Class>) -> Cell {
    match c {
        Some(c) => Cell::text(class_id(c)).class(format!("c-{}", class_id(c))),
        None => Cell::text("·").class("none"),
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

    out.push_str("<h3>Outcomes per class</h3>\n");
    out.push_str(&outcomes_table(&summary));
    if !run.unavailable.is_empty() {
        out.push_str("<h2>Unavailable adapters</h2>\n");
        let mut table = HtmlTable::new(None);
        table.head(headers(&["adapter", "why", "install with"]));
        for u in &run.unavailable {
            table.row([
                Cell::code(&u.name),
                Cell::text(&u.why),
                Cell::code(&u.install),
            ]);
        }
        out.push_str(&table.end());
    }

    out.push_str("<h2>Colour key</h2>\n");
    let mut key = HtmlTable::new(None);
    key.head(headers(&["class", "meaning"]));
    for c in CLASSES {
        key.row([class_cell(Some(c)), Cell::text(class_meaning(c))]);
    }
    key.row([
        class_cell(None),
        Cell::text("not asked (only the reference answers extract cases)"),
    ]);
    out.push_str(&key.end());

    out.push_str("<h2 id=\"pruned\">Pruned view</h2>\n<p>Rows (a case under one document) whose classes are the same for every adapter, grouped, the largest group first.</p>\n");
    out.push_str(&pruned_table(run));
    out.push_str("<h2 id=\"matrix\">Matrix</h2>\n<p>Hover over a cell that is not <em>agree</em> for what the document says and what the adapter said.</p>\n");
    out.push_str(&matrix_table(run));
    out.push_str(shell::CLOSE);
    out
}

/// Each adapter's version, command, outcomes per class and certificate.
fn outcomes_table(summary: &summary::Summary) -> String {
    let mut table = HtmlTable::new(None);
    let mut head = headers(&["adapter", "version", "command"]);
    head.extend(CLASSES.map(|c| class_cell(Some(c)).header()));
    head.extend(headers(&["total", "certificate"]));
    table.head(head);
    for a in &summary.adapters {
        let argv = a
            .argv
            .as_ref()
            .map(|v| v.join(" "))
            .unwrap_or_else(|| "in-process".into());
        let mut row = vec![
            Cell::code(&a.name),
            Cell::text(&a.version),
            Cell::code(argv),
        ];
        row.extend(CLASSES.map(|c| Cell::text(a.count(c)).class("n")));
        row.push(Cell::text(a.total).class("n"));
        row.push(
            Cell::markup(format!(
                "<a href=\"{}\">certificate</a> (<a href=\"{}\">Markdown</a>)",
                html(&certificate::html_file_name(&a.name)),
                html(&certificate::file_name(&a.name))
            ))
            .class("cert"),
        );
        table.row(row);
    }
    table.end()
}

/// Each adapter's name, as code, in a header cell.
fn adapter_headers(run: &Run) -> impl Iterator<Item = Cell> + '_ {
    run.columns.iter().map(|c| Cell::code(&c.name).header())
}

/// The pruned view: a row per group of identical rows, with its count and its first
/// [`EXAMPLES`] cases named, the rest folded away.
fn pruned_table(run: &Run) -> String {
    let mut table = HtmlTable::new(None);
    table.head(
        headers(&["rows"])
            .into_iter()
            .chain(adapter_headers(run))
            .chain(headers(&["cases"])),
    );
    for g in matrix::pruned(run) {
        let names: Vec<String> = g
            .rows
            .iter()
            .map(|r| format!("<code>{}</code>", html(&r.first.key())))
            .collect();
        let mut cases = names[..names.len().min(EXAMPLES)].join(", ");
        if names.len() > EXAMPLES {
            let _ = write!(
                cases,
                "<details><summary>{} more</summary>{}</details>",
                names.len() - EXAMPLES,
                names[EXAMPLES..].join(", ")
            );
        }
        let mut row = vec![Cell::text(g.rows.len()).class("n")];
        row.extend(g.classes.iter().map(|c| class_cell(*c)));
        row.push(Cell::markup(cases));
        table.row_of_class("group", row);
    }
    table.end()
}

/// The matrix: a row per case under one document, a column per adapter, a cell that
/// does not agree titled with what the document says and what the adapter said.
fn matrix_table(run: &Run) -> String {
    let mut table = HtmlTable::new(None);
    table.head(
        headers(&["case", "document", "cited", "input"])
            .into_iter()
            .chain(adapter_headers(run)),
    );
    for row in matrix::rows(run) {
        let r = row.first;
        let base = r
            .base
            .as_ref()
            .map(|b| format!("<br>base <code>{}</code>", html(b)))
            .unwrap_or_default();
        let mut cells = vec![
            Cell::code(&r.case).class("id"),
            Cell::text(&r.doc),
            Cell::markup(cites(r)),
            Cell::markup(format!("<code>{}</code>{base}", html(&r.input))).class("input"),
        ];
        for c in &row.cells {
            cells.push(match c {
                Some(rec) if rec.class != Class::Agree => {
                    let mut title = format!("expected: {} / actual: {}", rec.expected, rec.actual);
                    if let Some(comp) = &rec.component {
                        title = format!("component {comp} / {title}");
                    }
                    class_cell(Some(rec.class)).title(title)
                }
                Some(rec) => class_cell(Some(rec.class)),
                None => class_cell(None),
            });
        }
        table.row(cells);
    }
    table.end()
}
