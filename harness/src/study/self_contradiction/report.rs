//! The contradictions report's pieces: a page of sections, each an introduction and a
//! table, written as Markdown or HTML (every value escaped, every cell bounded,
//! [`crate::report::bound`]); the sections for the contradictions the cases record
//! beyond printed examples ([`recorded`]); the sections for one search ([`searched`]);
//! and a search as JSON ([`json`]).

use super::checks::{Check, Contradiction, Outcome};
use super::known::{self, Known};
use super::search::{Cause, Config, Limit, Search, Stop};
use crate::case::LoadedCase;
use crate::report::bound;
use crate::report::shell::{self, Sheet, ROOMY_CELLS};
use crate::report::table::{headers, md_head_left, md_row, Cell, HtmlTable};
use crate::report::text::{html, md_cell, md_code};
use serde_json::json;
use std::fmt::Write;

/// At most this many rows per table; the rest are counted.
pub const MAX_ROWS: usize = 1000;

/// One entry of a section's table, written as Markdown or as HTML.
#[derive(Clone, Debug)]
pub enum Entry {
    /// A value (an input, a result): code.
    Code(String),
    /// Prose.
    Text(String),
    /// Markdown already escaped for a table cell (shown as written, escaped, in HTML).
    Md(String),
}

/// A page section: a title, an introduction, an optional table, then lines of text.
#[derive(Clone, Debug, Default)]
pub struct Section {
    pub title: String,
    /// `##` or `###`.
    pub level: usize,
    pub intro: String,
    pub headers: Vec<String>,
    pub rows: Vec<Vec<Entry>>,
    pub after: Vec<String>,
}

impl Section {
    /// A section under `title` whose table has these column headers (none: no table);
    /// its rows and closing lines are added afterwards.
    pub fn table(title: &str, level: usize, intro: impl Into<String>, headers: &[&str]) -> Self {
        Section {
            title: title.into(),
            level,
            intro: intro.into(),
            headers: headers.iter().map(|h| h.to_string()).collect(),
            ..Section::default()
        }
    }
}

/// A page: a title, an introduction, sections.
#[derive(Clone, Debug, Default)]
pub struct Page {
    pub title: String,
    pub intro: String,
    pub sections: Vec<Section>,
}

fn md_of(c: &Entry) -> String {
    match c {
        Entry::Code(s) => md_code(&bound(s)),
        Entry::Text(s) => md_cell(&bound(s)),
        Entry::Md(s) => bound(s),
    }
}

fn html_of(c: &Entry) -> String {
    match c {
        Entry::Code(s) if s.is_empty() => "(empty)".into(),
        Entry::Code(s) => format!("<code>{}</code>", html(&bound(s))),
        // Prose may hold code spans, as its Markdown rendering shows them.
        Entry::Text(s) | Entry::Md(s) => html_of_md(&bound(s)),
    }
}

/// Markdown text with code spans, as HTML: each span in `code`, the rest escaped (a
/// table cell's `\|` shown as "|"). Text whose backticks do not pair up simply, or
/// that doubles them, is shown as written, escaped.
fn html_of_md(s: &str) -> String {
    if s.matches('`').count() % 2 == 1 || s.contains("``") {
        return html(s);
    }
    s.split('`')
        .enumerate()
        .map(|(i, part)| match i % 2 {
            1 => format!("<code>{}</code>", html(part)),
            _ => html(&part.replace("\\|", "|")),
        })
        .collect()
}

/// The page as Markdown.
pub fn markdown(p: &Page) -> String {
    let mut out = format!("# {}\n\n{}\n", md_cell(&p.title), p.intro);
    for s in &p.sections {
        let _ = write!(out, "\n{} {}\n\n", "#".repeat(s.level), md_cell(&s.title));
        if !s.intro.is_empty() {
            let _ = write!(out, "{}\n\n", s.intro);
        }
        if !s.headers.is_empty() && !s.rows.is_empty() {
            out.push_str(&md_head_left(&s.headers));
            for row in s.rows.iter().take(MAX_ROWS) {
                let cells: Vec<String> = row.iter().map(md_of).collect();
                out.push_str(&md_row(&cells));
            }
            if s.rows.len() > MAX_ROWS {
                let _ = writeln!(out, "\n({} more rows left out.)", s.rows.len() - MAX_ROWS);
            }
            if !s.after.is_empty() {
                out.push('\n');
            }
        }
        for line in &s.after {
            let _ = writeln!(out, "{line}");
        }
    }
    out
}

/// The page as one self-contained HTML document. The introductions' Markdown code
/// spans become `code`.
pub fn html_page(p: &Page) -> String {
    let sheet = Sheet {
        narrow: true,
        cell_padding: ROOMY_CELLS,
        table_rules: "",
        rules: "",
    };
    let mut out = shell::open(&p.title, &sheet.css());
    let _ = writeln!(
        out,
        "<h1>{}</h1>\n<p>{}</p>",
        html(&p.title),
        html_of_md(&p.intro)
    );
    for s in &p.sections {
        let _ = writeln!(out, "<h{l}>{}</h{l}>", html(&s.title), l = s.level);
        if !s.intro.is_empty() {
            let _ = writeln!(out, "<p>{}</p>", html_of_md(&s.intro));
        }
        if !s.headers.is_empty() && !s.rows.is_empty() {
            let mut table = HtmlTable::new(None);
            table.head(headers(&s.headers));
            for row in s.rows.iter().take(MAX_ROWS) {
                table.row(row.iter().map(|e| Cell::markup(html_of(e))));
            }
            out.push_str(&table.end());
            if s.rows.len() > MAX_ROWS {
                let _ = writeln!(
                    out,
                    "<p>({} more rows left out.)</p>",
                    s.rows.len() - MAX_ROWS
                );
            }
        }
        for line in &s.after {
            let _ = writeln!(out, "<p>{}</p>", html_of_md(line));
        }
    }
    out.push_str(shell::CLOSE);
    out
}

fn lossy(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// "§4 algorithm vs §2.4 split".
fn sections_of(f: &Contradiction) -> String {
    format!("{} vs {}", f.sides[0].section, f.sides[1].section)
}

const SPLIT_INTRO: &str = "An input the document's grammar derives (the BNF alone, as \
`urlcert-oracle` compiles it), taken apart by the document's own parsing rules: each \
component must derive from the rule the grammar has in its place, and the pieces must \
join back into the input. The reference cannot stand for the grammar here, since for \
RFC 1808, the 1996 draft and RFC 2396 it applies the rules to the components the split \
gives.";

const CLOSURE_INTRO: &str = "A reference the grammar derives, resolved against a base \
the grammar derives and the document lets a reference use: the result must be read \
back, by the document's own parsing rules, into the components the algorithm \
recombined, and must derive from the grammar.";

/// The sections for the contradictions the cases record with `split` (grammar against
/// split) and with `reads_back` or `result_verdict` (a resolution's result), each as
/// its check finds it on the case's input now. A recorded case the check no longer
/// finds is listed as such.
pub fn recorded(cases: &[LoadedCase]) -> Vec<Section> {
    let mut split = Section::table(
        "The grammar against the document's own split",
        2,
        SPLIT_INTRO,
        &[
            "document",
            "sections",
            "case",
            "input",
            "one side",
            "the other",
            "why",
        ],
    );
    let mut closure = Section::table(
        "Resolution results against the grammar and the split",
        2,
        CLOSURE_INTRO,
        &[
            "document",
            "sections",
            "case",
            "base",
            "reference",
            "one side",
            "the other",
            "why",
        ],
    );
    for (r, outcome) in known::rerun_all(cases) {
        let section = match r.check {
            Check::GrammarSplit => &mut split,
            Check::Closure => &mut closure,
            Check::Printed => continue,
        };
        let c = &r.case.case;
        let why = r
            .case
            .case
            .expect
            .iter()
            .find(|(k, _)| k.0 == r.doc)
            .and_then(|(_, e)| e.contradiction.clone())
            .unwrap_or_default();
        let (sections, one, other) = match &outcome {
            Outcome::Contradiction(f) => (
                sections_of(f),
                format!("{}: {}", f.sides[0].section, f.sides[0].gives),
                format!("{}: {}", f.sides[1].section, f.sides[1].gives),
            ),
            other => (
                String::new(),
                format!("the check no longer finds it ({other:?})"),
                String::new(),
            ),
        };
        let mut row = vec![
            Entry::Text(r.doc.to_string()),
            Entry::Text(sections),
            Entry::Code(c.id.clone()),
        ];
        if r.check == Check::Closure {
            row.push(Entry::Code(c.base.clone().unwrap_or_default()));
        }
        row.extend([
            Entry::Code(c.input.clone()),
            Entry::Text(one),
            Entry::Text(other),
            Entry::Text(why),
        ]);
        section.rows.push(row);
    }
    for s in [&mut split, &mut closure] {
        s.after.push(format!("{} contradictions.", s.rows.len()));
    }
    vec![split, closure]
}

fn origin_text(c: &Cause, seed: u64) -> String {
    match c.iteration {
        Some(n) => format!("{} (seed {seed}, draw {n})", c.origin.id()),
        None => c.origin.id().to_string(),
    }
}

fn limit_text(l: Limit) -> String {
    match l {
        Limit::Time(t) => format!("a budget of {} s", t.as_secs_f64()),
        Limit::Iterations(n) => format!("a limit of {n} executions"),
    }
}

/// The sections for one search: what it found (each cause once, with its minimal
/// witness, marked with the case that records it or as new), what it ran, and what it
/// skipped and why.
pub fn searched(s: &Search, known: &Known, config: &Config) -> Vec<Section> {
    let stop = match s.stop {
        Stop::Budget => "the budget ran out",
        Stop::Executions => "the execution limit was reached",
        Stop::Nothing => "there was no document to search",
    };
    let mut head = Section::table(
        "This search",
        2,
        format!(
            "`urlcert contradictions --search`, seed {}, with {}: {} executions in {:.1} s \
             (stopped because {stop}), {} causes, {} of them recorded by no case.",
            s.seed,
            limit_text(config.limit),
            s.executions,
            s.elapsed.as_secs_f64(),
            s.causes.len(),
            s.causes
                .values()
                .filter(|c| known.case_of(&c.finding).is_none())
                .count()
        ),
        &[],
    );
    head.after.push(format!(
        "Documents: {}.",
        config
            .docs
            .iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    ));
    let mut found = Section::table(
        "Causes found",
        3,
        "One row per cause (document, check, and which component differs and how); \
                the witness is the first one found, made as small as delta debugging can \
                while the same cause holds.",
        &[
            "document (readings)",
            "check",
            "cause",
            "sections",
            "base",
            "input",
            "one side",
            "the other",
            "found by",
            "recorded",
        ],
    );
    for c in s.causes.values() {
        let f = &c.finding;
        let readings: Vec<String> = c.readings.iter().map(|d| d.to_string()).collect();
        found.rows.push(vec![
            Entry::Text(readings.join(", ")),
            Entry::Text(f.check.id().into()),
            Entry::Text(f.shape.clone()),
            Entry::Text(sections_of(f)),
            Entry::Code(f.base.as_deref().map(lossy).unwrap_or_default()),
            Entry::Code(lossy(&f.input)),
            Entry::Text(format!("{}: {}", f.sides[0].section, f.sides[0].gives)),
            Entry::Text(format!("{}: {}", f.sides[1].section, f.sides[1].gives)),
            Entry::Text(format!(
                "{}; {} found, first {} bytes",
                origin_text(c, s.seed),
                c.count,
                c.original_len
            )),
            Entry::Text(
                known
                    .case_of(f)
                    .map_or("NEW".into(), |id| format!("`{id}`")),
            ),
        ]);
    }
    let mut ran = Section::table(
        "Executions",
        3,
        "Not applicable: the grammar refuses the input (or the base is not one the \
                document lets a reference use).",
        &[
            "document",
            "check",
            "executions",
            "not applicable",
            "contradictions",
        ],
    );
    for ((d, check), n) in &s.counts {
        ran.rows.push(vec![
            Entry::Text(d.to_string()),
            Entry::Text(check.id().into()),
            Entry::Text(n.executions.to_string()),
            Entry::Text(n.not_grammatical.to_string()),
            Entry::Text(n.contradictions.to_string()),
        ]);
    }
    let k = &s.skipped;
    let mut skipped = Section::table(
        "Skipped",
        3,
        format!("{} checks or draws skipped in all.", k.total()),
        &[],
    );
    for (n, what) in [
        (k.too_long, "inputs longer than 4096 bytes (a witness is bounded)"),
        (
            k.generator_empty,
            "derivations the generator could not write (an empty string the grammar does not derive)",
        ),
        (k.slow, "checks that took longer than a second"),
        (
            k.unreached,
            "checks of printed examples and case inputs the budget left no time for",
        ),
    ] {
        skipped.after.push(format!("- {n} {what}."));
    }
    for (why, n) in &k.unusable {
        skipped
            .after
            .push(format!("- {n} checks that could not run: {why}."));
    }
    for (d, why) in &k.no_grammar {
        skipped.after.push(format!("- {d}: no grammar ({why})."));
    }
    vec![head, found, ran, skipped]
}

/// A search as JSON: its settings, every cause with its witness and sides, the counts,
/// and what was skipped.
pub fn json(s: &Search, known: &Known, config: &Config) -> serde_json::Value {
    let causes: Vec<serde_json::Value> = s
        .causes
        .values()
        .map(|c| {
            let f = &c.finding;
            json!({
                "document": f.doc.doc.id(),
                "readings": c.readings.iter().map(|d| d.to_string()).collect::<Vec<_>>(),
                "check": f.check.id(),
                "cause": f.shape,
                "base": f.base.as_deref().map(lossy),
                "input": lossy(&f.input),
                "result": f.result.as_deref().map(lossy),
                "sides": f.sides.iter().map(|x| json!({"section": x.section, "gives": bound(&x.gives)})).collect::<Vec<_>>(),
                "origin": c.origin.id(),
                "draw": c.iteration,
                "count": c.count,
                "original_len": c.original_len,
                "case": known.case_of(f),
            })
        })
        .collect();
    let counts: Vec<serde_json::Value> = s
        .counts
        .iter()
        .map(|((d, check), n)| {
            json!({
                "document": d.to_string(),
                "check": check.id(),
                "executions": n.executions,
                "not_applicable": n.not_grammatical,
                "contradictions": n.contradictions,
            })
        })
        .collect();
    let k = &s.skipped;
    json!({
        "seed": s.seed,
        "limit": limit_text(config.limit),
        "executions": s.executions,
        "seconds": s.elapsed.as_secs_f64(),
        "stop": format!("{:?}", s.stop).to_lowercase(),
        "causes": causes,
        "counts": counts,
        "skipped": {
            "too_long": k.too_long,
            "generator_empty": k.generator_empty,
            "slow": k.slow,
            "unreached": k.unreached,
            "unusable": k.unusable,
            "no_grammar": k.no_grammar.iter().map(|(d, w)| json!({"document": d.to_string(), "why": w})).collect::<Vec<_>>(),
        },
    })
}

/// Every contradiction the cases record, as JSON: document, check, case, witness, what
/// its check says of each side now, and why.
pub fn recorded_json(cases: &[LoadedCase]) -> serde_json::Value {
    let list: Vec<serde_json::Value> = known::rerun_all(cases)
        .iter()
        .map(|(r, outcome)| {
            let c = &r.case.case;
            let why = c
                .expect
                .iter()
                .find(|(k, _)| k.0 == r.doc)
                .and_then(|(_, e)| e.contradiction.clone());
            let (cause, sides) = match outcome {
                Outcome::Contradiction(f) => (
                    Some(f.shape.clone()),
                    f.sides
                        .iter()
                        .map(|x| json!({"section": x.section, "gives": bound(&x.gives)}))
                        .collect(),
                ),
                _ => (None, Vec::new()),
            };
            json!({
                "document": r.doc.to_string(),
                "check": r.check.id(),
                "case": c.id,
                "base": c.base,
                "input": bound(&c.input),
                "cause": cause,
                "sides": sides,
                "why": why,
            })
        })
        .collect();
    serde_json::Value::Array(list)
}

#[cfg(test)]
mod tests {
    use super::html_of_md;

    #[test]
    fn code_spans_become_code_and_the_rest_is_escaped() {
        assert_eq!(
            html_of_md("case `<b>` & a \\| b"),
            "case <code>&lt;b&gt;</code> &amp; a | b"
        );
        // Unpaired or doubled backticks are shown as written.
        assert_eq!(html_of_md("a ` b"), "a ` b");
        assert_eq!(html_of_md("``x``"), "``x``");
    }
}
