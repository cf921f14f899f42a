//! The run's two pages. `report.html` is the summary, one screen to start from: each
//! parser's agreement per document (coloured by agreement), each parser's most frequent
//! divergences by row of the divergence table, its outcomes per class and its
//! certificate, and the unavailable adapters. `differences.html` is the case × adapter
//! view pruned to the rows where some parser does not agree with the document
//! (JSONTestSuite's pruned page: the rows where everyone agrees are left out), with
//! readable headers, a filter box (a few lines of script; the page reads without it),
//! and each cell that does not agree titled with what the document says and what the
//! adapter said. Every string from a case or an adapter goes through
//! [`crate::report::text::html`].

use super::agreement::{agreement_key, agreement_style, agreement_table, cites, note};
use super::record::{class_id, class_meaning, Run, CLASSES};
use super::shell::{self, Sheet, TIGHT_CELLS};
use super::{certificate, matrix, summary};
use crate::judge::Class;
use crate::report::table::{headers, Cell, HtmlTable};
use crate::report::text::html;
use std::collections::BTreeMap;
use std::fmt::Write;

/// The file name of the pruned case × adapter page of one document (`rfc3986`: every
/// reading of it).
pub fn differences_file(doc: &str) -> String {
    format!("differences-{}.html", super::record::file_safe(doc))
}

/// The document of a row's `DOC` or `DOC@READING`.
fn doc_of(doc: &str) -> &str {
    doc.split('@').next().unwrap_or(doc)
}

/// How many divergence-table rows the summary names per parser.
const TOP_ROWS: usize = 5;

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
                      td.input{min-width:10em;max-width:30em}\n\
                      th.v{vertical-align:bottom;padding:.3em .1em}\n\
                      th.v span{writing-mode:vertical-rl;transform:rotate(180deg);white-space:nowrap}\n",
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

/// `report.html`: the summary page.
pub fn render(run: &Run) -> String {
    let p = &run.provenance;
    let mut out = shell::open(&format!("urlcert report {}", p.run), &style());
    let _ = writeln!(out, "<h1>urlcert report {}</h1>", html(&p.run));
    let rows = matrix::rows(run);
    let _ = writeln!(
        out,
        "<p>urlcert {}, case set sha-256 <code>{}</code>, started {}. {} outcomes from {} adapter(s).</p>",
        html(&p.urlcert_version),
        html(&p.cases_sha256),
        html(&p.time),
        run.records.len(),
        run.columns.len(),
    );
    let pages: Vec<String> = by_document(&rows)
        .into_iter()
        .map(|(doc, rows)| {
            let differing = rows.iter().filter(|r| differs(r)).count();
            format!(
                "<a href=\"{}\">{}</a> ({differing} of {})",
                html(&differences_file(doc)),
                html(doc),
                rows.len()
            )
        })
        .collect();
    let _ = writeln!(
        out,
        "<p>The rows (a case under one document) where some parser does not agree with the document, a page per document: {}.</p>",
        pages.join(", ")
    );

    let summary = summary::build(run);
    let (documents, readings) = summary::agreement_columns(run);
    out.push_str("<h2 id=\"summary\">Agreement per document</h2>\n");
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
    out.push_str(&top_divergences(run));
    out.push_str("<h2 id=\"outcomes\">Outcomes per class</h2>\n");
    out.push_str(&outcomes_table(&summary));
    out.push_str(&class_key());
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
    out.push_str(shell::CLOSE);
    out
}

/// Whether some parser asked does not agree with the document on a row: the rows
/// where every parser asked agrees, or cannot express the request (`unsupported`: a
/// recording that does not hold it), are the ones the page of differences leaves out.
fn differs(row: &matrix::Row) -> bool {
    row.cells
        .iter()
        .flatten()
        .any(|r| !matches!(r.class, Class::Agree | Class::Unsupported))
}

/// Each parser's most frequent divergences, by the divergence-table row (a case's
/// `row:` tag) of the outcomes that do not agree.
fn top_divergences(run: &Run) -> String {
    let mut by_parser: BTreeMap<&str, BTreeMap<&str, usize>> = BTreeMap::new();
    for r in &run.records {
        if r.class == Class::Agree || r.class == Class::Unsupported {
            continue;
        }
        for tag in &r.tags {
            if let Some(row) = tag.strip_prefix("row:") {
                *by_parser
                    .entry(&r.adapter)
                    .or_default()
                    .entry(row)
                    .or_default() += 1;
            }
        }
    }
    if by_parser.is_empty() {
        return String::new();
    }
    let mut out = String::from(
        "<h2 id=\"divergences\">Most frequent divergences</h2>\n<p>Per parser, the rows of the divergence table (<code>cases/divergences/README.md</code>) where most of its outcomes do not agree with the document, with how many.</p>\n",
    );
    let mut table = HtmlTable::new(None);
    table.head(headers(&[
        "parser",
        "divergence-table rows (outcomes that do not agree)",
    ]));
    for col in &run.columns {
        let Some(rows) = by_parser.get(col.name.as_str()) else {
            continue;
        };
        let mut rows: Vec<(&str, usize)> = rows.iter().map(|(r, n)| (*r, *n)).collect();
        rows.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        let shown: Vec<String> = rows
            .iter()
            .take(TOP_ROWS)
            .map(|(row, n)| format!("<code>{}</code> {n}", html(row)))
            .collect();
        let more = rows.len().saturating_sub(TOP_ROWS);
        let more = if more > 0 {
            format!(", and {more} more rows")
        } else {
            String::new()
        };
        table.row([
            Cell::code(&col.name),
            Cell::markup(format!("{}{more}", shown.join(", "))),
        ]);
    }
    out.push_str(&table.end());
    out
}

/// The colour of each class.
fn class_key() -> String {
    let mut key = HtmlTable::new(None);
    key.head(headers(&["class", "meaning"]));
    for c in CLASSES {
        key.row([class_cell(Some(c)), Cell::text(class_meaning(c))]);
    }
    key.row([
        class_cell(None),
        Cell::text("not asked (only the reference answers extract cases)"),
    ]);
    key.end()
}

/// A program's argv as a person would type it: each path by its file name.
fn typed(argv: &[String]) -> String {
    argv.iter()
        .map(|a| match a.rsplit_once('/') {
            Some((_, name)) if !name.is_empty() && !a.starts_with('-') => name,
            _ => a.as_str(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A few lines of script for the filter box: a row is shown when its text holds every
/// word typed. Without script every row is shown.
const FILTER_SCRIPT: &str = "<script>\n\
document.getElementById('filter').addEventListener('input', function (e) {\n\
  var words = e.target.value.toLowerCase().split(/\\s+/).filter(Boolean);\n\
  document.querySelectorAll('table.rows tbody tr').forEach(function (tr) {\n\
    var text = tr.textContent.toLowerCase();\n\
    tr.hidden = !words.every(function (w) { return text.indexOf(w) >= 0; });\n\
  });\n\
});\n\
</script>\n";

/// The rows of each document, in the order the documents first appear.
fn by_document<'a, 'b>(rows: &'b [matrix::Row<'a>]) -> Vec<(&'a str, Vec<&'b matrix::Row<'a>>)> {
    let mut out: Vec<(&str, Vec<&matrix::Row>)> = Vec::new();
    for row in rows {
        let doc = doc_of(&row.first.doc);
        match out.iter_mut().find(|(d, _)| *d == doc) {
            Some((_, rows)) => rows.push(row),
            None => out.push((doc, vec![row])),
        }
    }
    out
}

/// The pages of differences, one per document: (file name, page).
pub fn render_differences(run: &Run) -> Vec<(String, String)> {
    let rows = matrix::rows(run);
    by_document(&rows)
        .into_iter()
        .map(|(doc, rows)| (differences_file(doc), differences_page(run, doc, &rows)))
        .collect()
}

/// One document's page of differences: its rows where some parser does not agree.
fn differences_page(run: &Run, doc: &str, rows: &[&matrix::Row]) -> String {
    let p = &run.provenance;
    let mut out = shell::open(
        &format!(
            "urlcert report {}: where the parsers differ under {doc}",
            p.run
        ),
        &style(),
    );
    let shown: Vec<&&matrix::Row> = rows.iter().filter(|r| differs(r)).collect();
    let _ = writeln!(
        out,
        "<h1>Where the parsers differ under {}</h1>\n<p>Run {} (<a href=\"report.html\">its summary</a>). The {} of the {} rows (a case under {}, in any of its readings) where some parser does not agree with the document; the {} others, where every parser asked agrees or cannot express the request, are left out. Under each input, what the document expects; hover over a cell that is not <em>agree</em> for what the adapter said.</p>",
        html(doc),
        html(&p.run),
        shown.len(),
        rows.len(),
        html(doc),
        rows.len() - shown.len()
    );
    out.push_str("<p><label>Filter: <input id=\"filter\" type=\"search\" size=\"40\" placeholder=\"words of a case id, document, input or class\"></label></p>\n");
    let mut table = HtmlTable::new(Some("rows")).with_sections();
    table.head(
        headers(&["case", "document", "cited", "input"])
            .into_iter()
            .chain(run.columns.iter().map(|c| {
                Cell::markup(format!("<span>{}</span>", html(&c.name)))
                    .header()
                    .class("v")
            })),
    );
    for row in shown {
        let r = row.first;
        let base = r
            .base
            .as_ref()
            .map(|b| format!("<br>base <code>{}</code>", html(b)))
            .unwrap_or_default();
        // What the document says, once in the row: most failing cells share it (the
        // cells of another model's vocabulary keep their own in their title).
        let expected = row_expected(row);
        let said = expected
            .map(|e| format!("<br>expected <code>{}</code>", html(e)))
            .unwrap_or_default();
        let mut cells = vec![
            Cell::code(&r.case).class("id"),
            Cell::text(&r.doc),
            Cell::markup(cites(r)),
            Cell::markup(format!("<code>{}</code>{base}{said}", html(&r.input))).class("input"),
        ];
        for c in &row.cells {
            cells.push(match c {
                Some(rec) if rec.class != Class::Agree => {
                    let mut title = if Some(rec.expected.as_str()) == expected {
                        format!("actual: {}", rec.actual)
                    } else {
                        format!("expected: {} / actual: {}", rec.expected, rec.actual)
                    };
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
    out.push_str(&table.end());
    out.push_str(&class_key());
    out.push_str(FILTER_SCRIPT);
    out.push_str(shell::CLOSE);
    out
}

/// The expected answer most of `row`'s failing cells share (the first such on a tie).
fn row_expected<'a>(row: &'a matrix::Row) -> Option<&'a str> {
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for rec in row
        .cells
        .iter()
        .flatten()
        .filter(|r| r.class != Class::Agree)
    {
        match counts.iter_mut().find(|(e, _)| *e == rec.expected) {
            Some((_, n)) => *n += 1,
            None => counts.push((&rec.expected, 1)),
        }
    }
    let most = counts.iter().map(|(_, n)| *n).max()?;
    counts.into_iter().find(|(_, n)| *n == most).map(|(e, _)| e)
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
            .map(|v| typed(v))
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
