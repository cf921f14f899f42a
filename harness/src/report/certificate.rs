//! `certificate-<adapter>.md` and `certificate-<adapter>.html`: how one parser stands
//! against the documents: its agreement per document (see [`summary`] for what it
//! counts) and per tag, and its failures. Each failure its expected-failure list does
//! not name (every one, when no list was checked) comes with the case's citations
//! (linked to the public copy of the document) and a diff of what the document says
//! against what the parser said, rendered with `similar`; the listed ones are a line per
//! case, so that a run of forty parsers with some 1,500 known divergences each stays a
//! few hundred kilobytes a certificate. The HTML page says the same as the Markdown,
//! every string from a case or an adapter escaped with [`crate::report::text::html`].

use super::agreement::band;
use super::record::{
    bound, cite_md, class_id, doc_link, file_safe, records_of, Record, Run, CLASSES,
};
use super::summary;
use super::table::{headers, md_head, md_row, Align, Cell, HtmlTable};
use super::text::md_fenced;
use crate::judge::Class;
use crate::report::text::{html, md_cell, md_code};
use similar::{ChangeTag, TextDiff};
use std::fmt::Write;

/// `certificate-<name>` without its extension. A name that has to be changed to be
/// safe in a file name also gets the start of its SHA-256, so two such names never
/// share a file.
fn stem(adapter: &str) -> String {
    let safe = file_safe(adapter);
    if safe == adapter {
        return format!("certificate-{safe}");
    }
    use sha2::{Digest, Sha256};
    let hash: String = Sha256::digest(adapter.as_bytes())[..4]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("certificate-{safe}-{hash}")
}

/// `certificate-<name>.md`.
pub fn file_name(adapter: &str) -> String {
    format!("{}.md", stem(adapter))
}

/// `certificate-<name>.html`.
pub fn html_file_name(adapter: &str) -> String {
    format!("{}.html", stem(adapter))
}

/// The adapter's documents and readings in the order of the run's agreement tables:
/// the default readings in the documents' order, then the other readings.
fn documents_in_order<'a>(
    run: &Run,
    a: &'a summary::AdapterSummary,
) -> Vec<(&'a String, &'a summary::Counts)> {
    let (documents, readings) = summary::agreement_columns(run);
    documents
        .iter()
        .chain(&readings)
        .filter_map(|d| a.documents.get_key_value(d))
        .collect()
}

/// What the columns of the tables count.
const COLUMNS_NOTE: &str = "agree of total: the outcomes that agree with the document, of all but `unsupported` ones; crashes, timeouts and adapter errors count as not agreeing. There is no figure across documents, which disagree with one another.";

/// The certificate of `adapter` in `run`. `full`: the file, with the scores per tag and
/// every failure with its diff; without, the score and the scores per document (what
/// `certify` prints last).
pub fn render(run: &Run, adapter: &str, full: bool) -> String {
    let Some(a) = summary::of_adapter(run, adapter) else {
        return format!("# Certificate: {}\n\nNot in this run.\n", md_code(adapter));
    };
    let p = &run.provenance;
    let argv = a
        .argv
        .as_ref()
        .map(|v| md_code(&v.join(" ")))
        .unwrap_or_else(|| "in-process".into());
    let mut out = format!(
        "# Certificate: {}\n\nVersion {}, command {argv}. urlcert {}, case set sha-256 {}, run {} started {}.\n\n",
        md_code(&a.name),
        md_code(&a.version),
        md_code(&p.urlcert_version),
        md_code(&p.cases_sha256),
        md_code(&p.run),
        md_code(&p.time),
    );
    let header = |first: &str| {
        let mut head = vec![first, "agree", "total", "agreement"];
        head.extend(CLASSES[1..].iter().map(|c| class_id(*c)));
        let mut align = vec![Align::Left];
        align.extend(vec![Align::Right; head.len() - 1]);
        md_head(&head, &align)
    };
    let line = |name: &str, counts: &summary::Counts| {
        let n = |c: Class| counts.get(class_id(c)).copied().unwrap_or(0);
        let g = summary::Agreement::of(counts);
        let mut row = vec![
            md_code(name),
            g.agree.to_string(),
            g.total.to_string(),
            g.percent().map_or("–".into(), summary::percent_text),
        ];
        row.extend(CLASSES[1..].iter().map(|c| n(*c).to_string()));
        md_row(&row)
    };
    out.push_str(&format!("## Agreement per document\n\n{COLUMNS_NOTE}\n\n"));
    out.push_str(&header("document"));
    for (doc, counts) in documents_in_order(run, &a) {
        out.push_str(&line(doc, counts));
    }
    if !full {
        return out;
    }
    if let Some(text) = ledger_text(run, adapter, md_code) {
        out.push_str(&format!("\n## Expected failures\n\n{text}\n"));
    }
    if !a.tags.is_empty() {
        out.push_str("\n## Agreement per tag\n\n");
        out.push_str(&header("tag"));
        for (tag, counts) in &a.tags {
            out.push_str(&line(tag, counts));
        }
    }
    let (shown, listed) = failures(run, adapter);
    match run.ledger_of(adapter) {
        None => out.push_str(&format!("\n## Failures ({})\n", shown.len())),
        Some(_) => out.push_str(&format!("\n## New failures ({})\n", shown.len())),
    }
    if shown.is_empty() {
        out.push_str(none_text(run, adapter));
    }
    for r in shown {
        out.push_str(&failure(r));
    }
    if run.ledger_of(adapter).is_some() {
        out.push_str(&format!(
            "\n## Listed failures ({})\n\n{}\n\n",
            listed.count,
            listed_note(listed.unsupported)
        ));
        for c in &listed.cases {
            out.push_str(&format!("- {}\n", listed_line(c, md_code, md_cell)));
        }
    }
    out
}

/// What the listed failures are, where their answers are, and how many requests the
/// adapter cannot express are left out.
fn listed_note(unsupported: usize) -> String {
    let mut note = String::from("The failures the expected-failure list names, as expected: one line per case, its documents grouped by how the answer differs. `urlcert compare` shows the answers of one input; `results.jsonl.gz` holds every one.");
    if unsupported > 0 {
        note.push_str(&format!(" Left out: the {unsupported} listed requests the adapter cannot express (`unsupported`, counted in the tables above)."));
    }
    note
}

/// `` `case` at `file:line`: `doc`, `doc` class; `doc` class component``, the names
/// written by `code`, the rest by `text`.
fn listed_line(c: &ListedCase, code: fn(&str) -> String, text: fn(&str) -> String) -> String {
    let groups: Vec<String> = c
        .groups
        .iter()
        .map(|(what, docs)| {
            let docs: Vec<String> = docs.iter().map(|d| code(d)).collect();
            format!("{} {}", docs.join(", "), text(what))
        })
        .collect();
    format!(
        "{} at {}: {}",
        code(c.case),
        code(c.location),
        groups.join("; ")
    )
}

/// The line under an empty failure heading.
fn none_text(run: &Run, adapter: &str) -> &'static str {
    match run.ledger_of(adapter) {
        None => "\nNone: every outcome agrees with the documents.\n",
        Some(_) => "\nNone: every failure is one the list names.\n",
    }
}

/// A case's listed failures: the case, where it is, and its documents grouped by how
/// the answer differs (`verdict`, `component host`), in run order.
struct ListedCase<'a> {
    case: &'a str,
    location: &'a str,
    groups: Vec<(String, Vec<&'a str>)>,
}

/// The listed failures of an adapter: by case, but for the `unsupported` ones, which
/// are only counted.
#[derive(Default)]
struct Listed<'a> {
    cases: Vec<ListedCase<'a>>,
    /// How many the cases hold.
    count: usize,
    unsupported: usize,
}

/// The failures of `adapter` shown in full (every one, or with a ledger the new ones),
/// and with a ledger the listed ones by case, in run order.
fn failures<'a>(run: &'a Run, adapter: &'a str) -> (Vec<&'a Record>, Listed<'a>) {
    let mut shown = Vec::new();
    let mut listed = Listed::default();
    let mut at: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for r in records_of(run, adapter).filter(|r| r.class != Class::Agree) {
        if !run.listed(r) {
            shown.push(r);
            continue;
        }
        if r.class == Class::Unsupported {
            listed.unsupported += 1;
            continue;
        }
        let what = match &r.component {
            Some(c) => format!("{} {}", class_id(r.class), bound(c)),
            None => class_id(r.class).to_string(),
        };
        let cases = &mut listed.cases;
        let i = *at.entry(r.case.as_str()).or_insert_with(|| {
            cases.push(ListedCase {
                case: &r.case,
                location: &r.location,
                groups: Vec::new(),
            });
            cases.len() - 1
        });
        let groups = &mut cases[i].groups;
        match groups.iter_mut().find(|(w, _)| *w == what) {
            Some((_, docs)) => docs.push(&r.doc),
            None => groups.push((what, vec![&r.doc])),
        }
        listed.count += 1;
    }
    (shown, listed)
}

/// What a certificate says of the certified adapter's expected-failure list: how many
/// failures it names and how many are new, what no longer matches, and the strict
/// verdict. `code` formats the list's name. None when the run checked no list for
/// `adapter`.
fn ledger_text(run: &Run, adapter: &str, code: fn(&str) -> String) -> Option<String> {
    let l = run.ledger_of(adapter)?;
    let failed: Vec<&Record> = records_of(run, adapter)
        .filter(|r| r.class != Class::Agree)
        .collect();
    let listed = failed.iter().filter(|r| l.lists(r)).count();
    let strict = match l.strict {
        Some(true) => "--strict passed",
        Some(false) => "--strict failed",
        None => "not checked with --strict",
    };
    let missing = if l.found {
        ""
    } else {
        " (no such list: it names nothing)"
    };
    Some(format!(
        "Checked against {}{missing}: of the {} failures, {listed} are listed (expected) and {} are new; {} listed entries now agree and {} are stale; {strict}.",
        code(&l.list),
        failed.len(),
        failed.len() - listed,
        l.unexpected_passes,
        l.stale,
    ))
}

fn failure(r: &Record) -> String {
    let what = match &r.component {
        Some(c) => format!("{}, first at component {}", class_id(r.class), md_code(c)),
        None => class_id(r.class).to_string(),
    };
    let mut out = format!(
        "\n### {} — {what}\n\nAt {}. Input {}",
        md_code(&r.key()),
        md_code(&r.location),
        md_code(&r.input)
    );
    if let Some(b) = &r.base {
        out.push_str(&format!(", base {}", md_code(b)));
    }
    out.push_str(&format!(". Operation {}.", md_cell(&r.op)));
    let cites: Vec<String> = r
        .cites()
        .iter()
        .map(|c| cite_md(&c.doc, &c.section))
        .collect();
    if !cites.is_empty() {
        out.push_str(&format!(" Cited: {}.", cites.join(", ")));
    }
    out.push_str("\n\n");
    out.push_str(&md_fenced("diff", &diff(&r.expected, &r.actual)));
    out
}

/// `certificate-<adapter>.html`: the content of the full Markdown certificate as one
/// self-contained page (no scripts, no outside resources), the agreement cells
/// coloured as in `report.html`, the citations linked.
pub fn render_html(run: &Run, adapter: &str) -> String {
    use super::agreement::{agreement_key, agreement_style, note};
    use super::shell::{self, Sheet, TIGHT_CELLS};
    let rules = String::from(
        "pre.diff{background:#f6f6f6;border:1px solid #ddd;padding:.5em;white-space:pre-wrap;word-break:break-all}\n\
         pre.diff .del{background:#fde8e8}\n\
         pre.diff .ins{background:#e6f6e6}\n",
    ) + &agreement_style();
    let sheet = Sheet {
        narrow: true,
        cell_padding: TIGHT_CELLS,
        table_rules: "td.n{text-align:right;font-variant-numeric:tabular-nums}\n",
        rules: &rules,
    };
    let mut out = shell::open(&format!("Certificate: {adapter}"), &sheet.css());
    let _ = writeln!(out, "<h1>Certificate: <code>{}</code></h1>", html(adapter));
    let Some(a) = summary::of_adapter(run, adapter) else {
        out.push_str("<p>Not in this run.</p>\n");
        out.push_str(shell::CLOSE);
        return out;
    };
    let p = &run.provenance;
    let argv = a
        .argv
        .as_ref()
        .map(|v| format!("<code>{}</code>", html(&v.join(" "))))
        .unwrap_or_else(|| "in-process".into());
    let _ = writeln!(
        out,
        "<p>Version <code>{}</code>, command {argv}. urlcert {}, case set sha-256 <code>{}</code>, run <code>{}</code> started {}. <a href=\"report.html\">The run&#39;s report</a>.</p>",
        html(&a.version),
        html(&p.urlcert_version),
        html(&p.cases_sha256),
        html(&p.run),
        html(&p.time),
    );
    out.push_str("<h2>Agreement per document</h2>\n");
    let mut documents = counts_table("document");
    for (doc, counts) in documents_in_order(run, &a) {
        let name = match doc
            .split('@')
            .next()
            .and_then(|d| d.parse::<urlcert_reference::Document>().ok())
        {
            Some(d) => Cell::markup(doc_link(d, doc)),
            None => Cell::code(doc),
        };
        documents.row(counts_row(name, counts));
    }
    out.push_str(&documents.end());
    out.push_str(&agreement_key());
    let _ = writeln!(out, "<p class=\"note\">{}</p>", note(COLUMNS_NOTE));
    let code_html = |t: &str| format!("<code>{}</code>", html(t));
    if let Some(text) = ledger_text(run, adapter, code_html) {
        let _ = writeln!(
            out,
            "<h2 id=\"expected\">Expected failures</h2>\n<p>{text}</p>"
        );
    }
    if !a.tags.is_empty() {
        out.push_str("<h2 id=\"tags\">Agreement per tag</h2>\n");
        let mut tags = counts_table("tag");
        for (tag, counts) in &a.tags {
            tags.row(counts_row(Cell::code(tag), counts));
        }
        out.push_str(&tags.end());
    }
    let (shown, listed) = failures(run, adapter);
    let heading = match run.ledger_of(adapter) {
        None => "Failures",
        Some(_) => "New failures",
    };
    let _ = writeln!(out, "<h2 id=\"failures\">{heading} ({})</h2>", shown.len());
    if shown.is_empty() {
        let _ = writeln!(out, "<p>{}</p>", none_text(run, adapter).trim());
    }
    for r in shown {
        let what = match &r.component {
            Some(c) => format!(
                "{}, first at component <code>{}</code>",
                class_id(r.class),
                html(&bound(c)),
            ),
            None => class_id(r.class).to_string(),
        };
        let _ = write!(
            out,
            "<h3><code>{}</code> — {what}</h3>\n<p>At <code>{}</code>. Input <code>{}</code>",
            html(&r.key()),
            html(&r.location),
            html(&bound(&r.input))
        );
        if let Some(b) = &r.base {
            let _ = write!(out, ", base <code>{}</code>", html(&bound(b)));
        }
        let _ = write!(out, ". Operation {}.", html(&r.op));
        let cites = super::agreement::cites(r);
        if !cites.is_empty() {
            let _ = write!(out, " Cited: {}.", cites.replace("<br>", ", "));
        }
        out.push_str("</p>\n<pre class=\"diff\">");
        for l in diff(&bound(&r.expected), &bound(&r.actual)).lines() {
            let class = if l.starts_with("---") || l.starts_with("+++") {
                ""
            } else if l.starts_with('-') {
                " class=\"del\""
            } else if l.starts_with('+') {
                " class=\"ins\""
            } else {
                ""
            };
            let _ = writeln!(out, "<span{class}>{}</span>", html(l));
        }
        out.push_str("</pre>\n");
    }
    if run.ledger_of(adapter).is_some() {
        let _ = writeln!(
            out,
            "<h2 id=\"listed\">Listed failures ({})</h2>\n<p class=\"note\">{}</p>\n<ul class=\"listed\">",
            listed.count,
            note(&listed_note(listed.unsupported))
        );
        let code = |t: &str| format!("<code>{}</code>", html(t));
        for c in &listed.cases {
            let _ = writeln!(out, "<li>{}</li>", listed_line(c, code, html));
        }
        out.push_str("</ul>\n");
    }
    out.push_str(shell::CLOSE);
    out
}

/// An agreement table of the certificate page, headed by what its rows are (`first`):
/// the agreement, then the count of every class but `agree`.
fn counts_table(first: &str) -> HtmlTable {
    let mut table = HtmlTable::new(Some("agreement"));
    let mut head = headers(&[first, "agree", "total", "agreement"]);
    head.extend(
        CLASSES[1..]
            .iter()
            .map(|c| Cell::text(class_id(*c)).header()),
    );
    table.head(head);
    table
}

/// A row of [`counts_table`]: its name (a header cell), then the counts.
fn counts_row(name: Cell, counts: &summary::Counts) -> Vec<Cell> {
    let g = summary::Agreement::of(counts);
    let mut row = vec![
        name.header(),
        Cell::text(g.agree).class("n"),
        Cell::text(g.total).class("n"),
        Cell::text(g.percent().map_or("–".into(), summary::percent_text))
            .class(format!("ag {}", band(g.percent()))),
    ];
    row.extend(
        CLASSES[1..]
            .iter()
            .map(|c| Cell::text(counts.get(class_id(*c)).copied().unwrap_or(0)).class("n")),
    );
    row
}

/// A unified line diff of `expected` against `actual`, then, for one-line values, the
/// same change word by word: `[-removed-]{+added+}`.
pub fn diff(expected: &str, actual: &str) -> String {
    let e = format!("{expected}\n");
    let a = format!("{actual}\n");
    let mut out = TextDiff::from_lines(&e, &a)
        .unified_diff()
        .header("expected (the document)", "actual (the adapter)")
        .to_string();
    if !expected.contains('\n') && !actual.contains('\n') && expected != actual {
        out.push_str("words: ");
        // Consecutive changes of one kind are shown as one.
        let mut runs: Vec<(ChangeTag, String)> = Vec::new();
        for change in TextDiff::from_words(expected, actual).iter_all_changes() {
            match runs.last_mut() {
                Some((tag, text)) if *tag == change.tag() => text.push_str(change.value()),
                _ => runs.push((change.tag(), change.value().to_string())),
            }
        }
        for (tag, v) in runs {
            match tag {
                ChangeTag::Equal => out.push_str(&v),
                ChangeTag::Delete => out.push_str(&format!("[-{v}-]")),
                ChangeTag::Insert => out.push_str(&format!("{{+{v}+}}")),
            }
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changed_names_do_not_share_a_file() {
        assert_eq!(
            file_name("curl@allow-space"),
            "certificate-curl@allow-space.md"
        );
        let (a, b) = (file_name("a/b"), file_name("a_b"));
        assert_ne!(a, b);
        assert!(
            a.starts_with("certificate-a_b-") && a.ends_with(".md"),
            "{a}"
        );
    }

    #[test]
    fn the_diff_shows_lines_and_words() {
        let d = diff("verdict valid; host \"a\"", "verdict valid; host \"b\"");
        assert!(d.contains("-verdict valid; host \"a\""), "{d}");
        assert!(d.contains("+verdict valid; host \"b\""), "{d}");
        assert!(
            d.contains("words: verdict valid; host [-\"a\"-]{+\"b\"+}"),
            "{d}"
        );
    }
}
