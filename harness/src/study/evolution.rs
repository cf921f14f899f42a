//! `urlcert evolution`: how the documents' answers change from one document to the
//! next (draft-02 -> draft-03 -> draft-06 -> rfc1738 -> rfc1808 -> draft-1996),
//! generated from the cases' expectations, never from an implementation. Only the
//! default readings are compared, and only where a case has expectations under both
//! documents of a step. Then, for each contradiction of a document with itself that the
//! cases record (beyond printed examples), the later document it is gone in, or that it
//! persists ([`crate::study::self_contradiction::later`]).

use crate::case::answer::{change, Change};
use crate::case::rows::{by_tag, ROWS, SECTIONS};
use crate::case::schema::Cite;
use crate::case::LoadedCase;
use crate::case::Operation;
use crate::report::shell::{self, Sheet, ROOMY_CELLS};
use crate::report::table::{headers, md_head_left, md_row, Cell, HtmlTable};
use crate::report::text::{html, md_cell, md_code};
use crate::study::self_contradiction::later::{fates, Fate, Later};
use std::collections::BTreeMap;
use std::fmt::Write;
use urlcert_reference::resolve::not_defined_citation;
use urlcert_reference::{Document, Reading};

/// The committed reports, relative to the repository root.
pub const MD_PATH: &str = "reports/evolution.md";
pub const HTML_PATH: &str = "reports/evolution.html";

/// The kinds of change, in the order of the summary's columns.
const KINDS: [&str; 5] = ["verdict", "component", "resolution", "extraction", "base"];

/// Tags that say what kind of case it is, not what it is about.
const NOT_TOPICS: &[&str] = &[
    "divergence",
    "example",
    "contradiction",
    "self-contradiction",
    "normal",
    "abnormal",
];

/// One step from a document to the next.
pub struct Step<'a> {
    pub from: Document,
    pub to: Document,
    /// Cases with expectations under both documents.
    pub compared: usize,
    pub groups: Vec<Group<'a>>,
    /// Resolve cases with a result under one document of the step and no expectation
    /// under the other because that one defines no relative form (said once, with its
    /// citation, instead of once per case).
    pub undefined: Vec<Undefined>,
}

/// "N resolve cases have results under `defined`; `undefined` has no relative form."
pub struct Undefined {
    pub defined: Document,
    pub undefined: Document,
    pub cases: usize,
    pub section: &'static str,
    pub quote: &'static str,
}

/// The changes of one step about one topic.
pub struct Group<'a> {
    pub title: String,
    pub entries: Vec<Entry<'a>>,
}

/// One case whose answer changes in a step.
pub struct Entry<'a> {
    pub case: &'a LoadedCase,
    pub change: Change,
    /// The citations of the two documents, `from` first.
    pub cites: Vec<&'a Cite>,
}

/// The report: every step, oldest first, then each recorded self-contradiction's fate.
/// It derefs to its steps.
pub struct Evolution<'a> {
    pub steps: Vec<Step<'a>>,
    pub fates: Vec<Fate<'a>>,
}

impl<'a> std::ops::Deref for Evolution<'a> {
    type Target = [Step<'a>];
    fn deref(&self) -> &[Step<'a>] {
        &self.steps
    }
}

/// Every step, oldest first, and the fates of the recorded self-contradictions.
pub fn build(cases: &[LoadedCase]) -> Evolution<'_> {
    Evolution {
        steps: Document::ALL
            .windows(2)
            .map(|w| step(cases, w[0], w[1]))
            .collect(),
        fates: fates(cases),
    }
}

fn step(cases: &[LoadedCase], from: Document, to: Document) -> Step<'_> {
    let mut compared = 0;
    let mut undefined: BTreeMap<(Document, Document), usize> = BTreeMap::new();
    // Keyed by (row order, title) so rows keep the table's order and other topics follow.
    let mut groups: BTreeMap<(usize, String), Vec<Entry>> = BTreeMap::new();
    for lc in cases {
        // Normalisation is not part of this report: it compares grammars and
        // resolutions, and each document's equivalences are listed in the README.
        if lc.case.op == Operation::Normalize {
            continue;
        }
        let (a, b) = (expectation(lc, from), expectation(lc, to));
        if lc.case.op == Operation::Resolve {
            for (has, hasnt, other) in [(a, b, to), (b, a, from)] {
                if has.is_some_and(|e| e.result.is_some())
                    && hasnt.is_none()
                    && not_defined_citation(other).is_some()
                {
                    let defined = if other == to { from } else { to };
                    *undefined.entry((defined, other)).or_insert(0) += 1;
                }
            }
        }
        let (Some(a), Some(b)) = (a, b) else {
            continue;
        };
        compared += 1;
        let Some(change) = change(&lc.case, (from, a), (to, b)) else {
            continue;
        };
        let cites = lc
            .case
            .cite
            .iter()
            .filter(|c| c.doc.0 == from)
            .chain(lc.case.cite.iter().filter(|c| c.doc.0 == to))
            .collect();
        groups.entry(topic(lc)).or_default().push(Entry {
            case: lc,
            change,
            cites,
        });
    }
    Step {
        from,
        to,
        compared,
        groups: groups
            .into_iter()
            .map(|((_, title), entries)| Group { title, entries })
            .collect(),
        undefined: undefined
            .into_iter()
            .filter_map(|((defined, undefined), cases)| {
                let (section, quote) = not_defined_citation(undefined)?;
                Some(Undefined {
                    defined,
                    undefined,
                    cases,
                    section,
                    quote,
                })
            })
            .collect(),
    }
}

fn expectation(lc: &LoadedCase, doc: Document) -> Option<&crate::case::schema::Expectation> {
    lc.case
        .expect
        .iter()
        .find(|(k, _)| k.0.doc == doc && k.0.reading == Reading::Strict)
        .map(|(_, e)| e)
}

/// The divergence-table row the case is tagged with, else its first topic tag.
fn topic(lc: &LoadedCase) -> (usize, String) {
    let tags = &lc.case.tags;
    if let Some(row) = tags.iter().find_map(|t| by_tag(t)) {
        let at = ROWS.iter().position(|r| r.slug == row.slug).unwrap_or(0);
        let section = SECTIONS
            .iter()
            .find(|(n, _)| *n == row.section())
            .map(|(_, t)| *t)
            .unwrap_or_default();
        return (at, format!("§{} {}: {}", row.section(), section, row.title));
    }
    let other = tags
        .iter()
        .find(|t| !NOT_TOPICS.contains(&t.as_str()) && !t.starts_with("row:"))
        .map(|t| format!("Other: {t}"))
        .unwrap_or_else(|| "Other".into());
    (ROWS.len(), other)
}

const INTRO: &str = "How the answer to the same input changes from each document to the \
next, generated by `urlcert evolution` from the expectations in `cases/` (which come \
from the documents' texts, not from any implementation). Only the default reading of \
each document is compared, and only for cases that have expectations under both \
documents of a step. A parse changes when its verdict changes, or else when a \
component both documents name gets a different value (the URL Standard's getters are \
read off RFC 3986's components: protocol is scheme \":\", hostname host, pathname \
path, search \"?\" query, hash \"#\" fragment); a resolution changes when its \
result changes. Do not edit by hand: change the cases, then run \
`cargo run -p urlcert -- evolution`.";

/// The change as (before, after) text.
fn sides(c: &Change) -> (String, String) {
    match c {
        Change::Verdict { before, after }
        | Change::Resolution { before, after }
        | Change::Extraction { before, after }
        | Change::Normalization { before, after }
        | Change::Base { before, after } => (before.clone(), after.clone()),
        Change::Component {
            name,
            before,
            after,
        } => (format!("{name} = {before}"), format!("{name} = {after}")),
    }
}

/// A citation as a link to the public copy of the document at that section, then its
/// quotation, escaped.
fn cite_html(c: &Cite) -> String {
    let link = crate::report::cite_html(c.doc.0.id(), &c.section);
    match &c.quote {
        Some(q) => format!("{link}: \u{201c}{}\u{201d}", html(q)),
        None => link,
    }
}

/// A citation as a Markdown link to the public copy, then its quotation.
fn cite_md(c: &Cite) -> String {
    let link = crate::report::cite_md(c.doc.0.id(), &c.section);
    match &c.quote {
        Some(q) => format!("{link}: \u{201c}{}\u{201d}", md_cell(q)),
        None => link,
    }
}

fn input_text(lc: &LoadedCase) -> String {
    let case = &lc.case;
    match (&case.base, case.op) {
        (Some(base), _) => format!("{} against {}", case.input, base),
        // A whole document: its lines joined with a visible mark, then where it came from.
        (None, Operation::Base | Operation::Links) => {
            let mut s = case
                .input
                .trim_end()
                .replace("\r\n", "\n")
                .replace('\n', " \u{23ce} ");
            if let Some(last) = case.retrieved_from.last() {
                s.push_str(&format!(" (retrieved from {last})"));
            }
            s
        }
        (None, _) => case.input.clone(),
    }
}

fn counts(step: &Step) -> [usize; KINDS.len()] {
    let mut n = [0; KINDS.len()];
    for e in step.groups.iter().flat_map(|g| &g.entries) {
        if let Some(i) = KINDS.iter().position(|k| *k == e.change.kind()) {
            n[i] += 1;
        }
    }
    n
}

const FATES_INTRO: &str = "Each contradiction of a document with itself that the cases \
record (its grammar against its own parsing rules, or its algorithm's result against \
both; `reports/contradictions.md`), checked again on the same witness under each later \
document that has a grammar and a resolution algorithm (default reading): gone where the \
check holds, persists where it still finds a contradiction, not applicable where the \
later grammar refuses the witness.";

/// One later document's answer, as text.
fn later_text(d: Document, l: &Later) -> String {
    match l {
        Later::Gone => format!("{d}: gone"),
        Later::Persists(shape) => format!("{d}: persists ({shape})"),
        Later::NotApplicable => format!("{d}: not applicable"),
        Later::Unusable(why) => format!("{d}: not checked ({why})"),
    }
}

fn fate_cells(f: &Fate) -> [String; 6] {
    let later: Vec<String> = f.later.iter().map(|(d, l)| later_text(*d, l)).collect();
    [
        f.case.case.id.clone(),
        f.doc.to_string(),
        f.check.id().to_string(),
        input_text(f.case),
        f.shape.clone(),
        if later.is_empty() {
            f.summary()
        } else {
            format!("{}: {}", f.summary(), later.join("; "))
        },
    ]
}

/// The head of the table of self-contradictions.
const FATES_HEAD: [&str; 6] = ["case", "document", "check", "witness", "cause", "later"];

fn fates_markdown(fates: &[Fate]) -> String {
    let mut out = format!("\n## Self-contradictions in later documents\n\n{FATES_INTRO}\n\n");
    if fates.is_empty() {
        out.push_str("The cases record none.\n");
        return out;
    }
    out.push_str(&md_head_left(&FATES_HEAD));
    for f in fates {
        let [id, doc, check, witness, shape, later] = fate_cells(f);
        out.push_str(&md_row(&[
            format!("`{id}`"),
            doc,
            check,
            md_code(&witness),
            md_cell(&shape),
            md_cell(&later),
        ]));
    }
    out
}

fn fates_html(fates: &[Fate]) -> String {
    let mut out = format!(
        "<h2 id=\"self-contradictions\">Self-contradictions in later documents</h2>\n<p>{}</p>\n",
        html(FATES_INTRO)
    );
    if fates.is_empty() {
        out.push_str("<p>The cases record none.</p>\n");
        return out;
    }
    let mut table = HtmlTable::new(None);
    table.head(headers(&FATES_HEAD));
    for f in fates {
        let [id, doc, check, witness, shape, later] = fate_cells(f);
        table.row([
            Cell::code(id),
            Cell::text(doc),
            Cell::text(check),
            Cell::code(witness),
            Cell::text(shape),
            Cell::text(later),
        ]);
    }
    out.push_str(&table.end());
    out
}

/// The Markdown report.
pub fn markdown(report: &Evolution) -> String {
    let steps = &report.steps;
    let mut out = format!("# {TITLE}\n\n{INTRO}\n\n");
    out.push_str(&md_head_left(&summary_head()));
    for s in steps {
        let mut row = vec![
            format!("[{} → {}](#{})", s.from, s.to, anchor(s)),
            s.compared.to_string(),
        ];
        row.extend(counts(s).iter().map(|n| n.to_string()));
        out.push_str(&md_row(&row));
    }
    for s in steps {
        let _ = write!(
            out,
            "\n<a id=\"{}\"></a>\n## {} → {}\n\n",
            anchor(s),
            s.from,
            s.to
        );
        for u in &s.undefined {
            let _ = write!(out, "{}\n\n", undefined_text(u));
        }
        if s.groups.is_empty() {
            out.push_str("No case with expectations under both documents changes its answer.\n");
        }
        for g in &s.groups {
            let _ = write!(
                out,
                "### {} ({})\n\n",
                crate::report::text::visible(&g.title),
                g.entries.len()
            );
            out.push_str(&md_head_left(&group_head(s)));
            for e in &g.entries {
                let (before, after) = sides(&e.change);
                let cites: Vec<String> = e.cites.iter().map(|c| cite_md(c)).collect();
                out.push_str(&md_row(&[
                    format!("`{}`", e.case.case.id),
                    md_code(&input_text(e.case)),
                    md_code(&before),
                    md_code(&after),
                    cites.join("<br>"),
                ]));
            }
            out.push('\n');
        }
    }
    out.push_str(&fates_markdown(&report.fates));
    out
}

/// [`undefined_text`] as HTML, its citation linked to the public copy of the document.
fn undefined_html(u: &Undefined) -> String {
    let link = match u.section.split_once('§') {
        Some((_, section)) => crate::report::cite_html(u.undefined.id(), section),
        None => {
            let what = u.section.split_once(") ").map_or(u.section, |x| x.1);
            format!(
                "<a class=\"cite\" href=\"{}\">{}</a> ({})",
                html(u.undefined.public_url()),
                html(u.undefined.public_name()),
                html(what)
            )
        }
    };
    format!(
        "{} resolve cases have a result under {} and none under {}, which defines no relative form: {link}: \u{201c}{}\u{201d}",
        u.cases,
        html(u.defined.id()),
        html(u.undefined.id()),
        html(u.quote)
    )
}

fn undefined_text(u: &Undefined) -> String {
    format!(
        "{} resolve cases have a result under {} and none under {}, which defines no relative form: {}: \u{201c}{}\u{201d}",
        u.cases, u.defined, u.undefined, u.section, u.quote
    )
}

/// The head of the summary table: a row per step, a column per kind of change.
fn summary_head() -> Vec<String> {
    let mut head = vec!["step".to_string(), "cases compared".to_string()];
    head.extend(KINDS.iter().map(|kind| format!("{kind} changes")));
    head
}

/// The head of a group's table: each case's answer before and after the step.
fn group_head(s: &Step) -> [String; 5] {
    [
        "case".to_string(),
        "input".to_string(),
        s.from.to_string(),
        s.to.to_string(),
        "cited".to_string(),
    ]
}

fn anchor(s: &Step) -> String {
    format!("{}-to-{}", s.from, s.to)
}

/// The report's title, on both pages.
const TITLE: &str = "How URL behaviour changed, 1993 to the URL Standard";

/// The HTML report: the same content as the Markdown, as one self-contained page.
pub fn html_page(report: &Evolution) -> String {
    let steps = &report.steps;
    let sheet = Sheet {
        narrow: true,
        cell_padding: ROOMY_CELLS,
        table_rules: "",
        rules: ".before{background:#fde8e8}.after{background:#e6f6e6}\n\
                td.cite{font-size:.85em;color:#333}\n\
                td.cite a{color:#1a4fa0}\n",
    };
    let mut out = shell::open(TITLE, &sheet.css());
    let _ = writeln!(out, "<h1>{TITLE}</h1>");
    let _ = writeln!(out, "<p>{}</p>", html(INTRO));
    let mut summary = HtmlTable::new(None);
    summary.head(headers(&summary_head()));
    for s in steps {
        let mut row = vec![
            Cell::markup(format!(
                "<a href=\"#{}\">{} &rarr; {}</a>",
                anchor(s),
                s.from,
                s.to
            )),
            Cell::text(s.compared),
        ];
        row.extend(counts(s).map(Cell::text));
        summary.row(row);
    }
    out.push_str(&summary.end());
    for s in steps {
        let _ = writeln!(
            out,
            "<h2 id=\"{}\">{} &rarr; {}</h2>",
            anchor(s),
            s.from,
            s.to
        );
        for u in &s.undefined {
            let _ = writeln!(out, "<p>{}</p>", undefined_html(u));
        }
        if s.groups.is_empty() {
            out.push_str(
                "<p>No case with expectations under both documents changes its answer.</p>\n",
            );
        }
        for g in &s.groups {
            let _ = writeln!(out, "<h3>{} ({})</h3>", html(&g.title), g.entries.len());
            let mut table = HtmlTable::new(None);
            table.head(headers(&group_head(s)));
            for e in &g.entries {
                let (before, after) = sides(&e.change);
                let cites: Vec<String> = e.cites.iter().map(|c| cite_html(c)).collect();
                table.row([
                    Cell::code(&e.case.case.id),
                    Cell::code(input_text(e.case)),
                    Cell::code(before).class("before"),
                    Cell::code(after).class("after"),
                    Cell::markup(cites.join("<br>")).class("cite"),
                ]);
            }
            out.push_str(&table.end());
        }
    }
    out.push_str(&fates_html(&report.fates));
    out.push_str(shell::CLOSE);
    out
}
