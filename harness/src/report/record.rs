//! What a run's report is made of: the run, its provenance and columns, one record per
//! outcome, the classes in report order, citations, and the bounds every writer puts on
//! what an adapter says.

use crate::judge::Class;
use serde::{Deserialize, Serialize};
use urlcert_reference::Document;

/// Every class, in the order reports show them.
pub const CLASSES: [Class; 8] = [
    Class::Agree,
    Class::Verdict,
    Class::Component,
    Class::Resolution,
    Class::Unsupported,
    Class::AdapterError,
    Class::Crash,
    Class::Timeout,
];

/// A class's id, as in the JSON (`agree`, `adapter-error`, ...).
pub fn class_id(c: Class) -> &'static str {
    match c {
        Class::Agree => "agree",
        Class::Verdict => "verdict",
        Class::Component => "component",
        Class::Resolution => "resolution",
        Class::Unsupported => "unsupported",
        Class::AdapterError => "adapter-error",
        Class::Crash => "crash",
        Class::Timeout => "timeout",
    }
}

/// What a class means, for the colour keys.
pub fn class_meaning(c: Class) -> &'static str {
    match c {
        Class::Agree => "the answer means what the document says",
        Class::Verdict => "accepted where the document rejects, or the reverse",
        Class::Component => "both accept, but a component differs",
        Class::Resolution => "a different resolution, or none where the document gives one",
        Class::Unsupported => "the adapter cannot express the request",
        Class::AdapterError => "the adapter answered outside the protocol",
        Class::Crash => "the adapter died while answering",
        Class::Timeout => "no answer within the time limit",
    }
}

/// Who ran, on what, when: repeated in every line of `results.jsonl`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Provenance {
    /// `run-YYYYMMDD-HHMMSS` (UTC).
    pub run: String,
    pub urlcert_version: String,
    /// SHA-256 of the case files' bytes, concatenated in path order.
    pub cases_sha256: String,
    /// When the run started, `YYYY-MM-DDTHH:MM:SSZ`.
    pub time: String,
}

/// An adapter of the run: a column of the matrix.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Column {
    pub name: String,
    pub version: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub argv: Option<Vec<String>>,
}

/// An adapter that could not run: its runtime or package is missing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unavailable {
    pub name: String,
    pub why: String,
    /// The command that would install what is missing.
    pub install: String,
}

impl Unavailable {
    /// `NAME: WHY (install: COMMAND)`, the name and command written by `code`, the
    /// reason by `text` (each report's own escaping).
    pub fn line(&self, code: impl Fn(&str) -> String, text: impl Fn(&str) -> String) -> String {
        format!(
            "{}: {} (install: {})",
            code(&self.name),
            text(&self.why),
            code(&self.install)
        )
    }
}

/// One outcome: one case under one document, asked of one adapter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    pub case: String,
    /// `file:line` of the case's `id:`.
    pub location: String,
    /// `DOC` or `DOC@READING`.
    pub doc: String,
    /// `parse`, `resolve`, `extract` or `normalize`.
    pub op: String,
    pub input: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base: Option<String>,
    #[serde(default)]
    pub tags: Vec<String>,
    /// Where the documents say what the case expects: the case's `cite` entries.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cite: Vec<Citation>,
    pub adapter: String,
    pub version: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub argv: Option<Vec<String>>,
    pub class: Class,
    /// For `component`: the first component that differs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub component: Option<String>,
    pub expected: String,
    pub actual: String,
    pub elapsed_ms: u64,
}

impl Record {
    /// `case-id [doc]`.
    pub fn key(&self) -> String {
        format!("{} [{}]", self.case, self.doc)
    }

    /// The citations of the record's document (the document of `DOC@READING`), or all
    /// of the case's when none is of that document; each section once (a case may
    /// quote several sentences of one section).
    pub fn cites(&self) -> Vec<&Citation> {
        let doc = self.doc.split('@').next().unwrap_or_default();
        let own = self.cite.iter().any(|c| c.doc == doc);
        let mut out: Vec<&Citation> = Vec::new();
        for c in &self.cite {
            if (!own || c.doc == doc) && !out.contains(&c) {
                out.push(c);
            }
        }
        out
    }
}

/// One `cite` entry of a case: a document id and a section.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Citation {
    pub doc: String,
    pub section: String,
}

/// "§" before a section number or title; nothing before an anchor (`#path-state`, the
/// URL Standard's way of citing).
fn section_mark(section: &str) -> &'static str {
    if section.starts_with('#') {
        ""
    } else {
        "§"
    }
}

/// A citation as a link to the public copy of the document at that section
/// ([`Document::section_url`]), the link text its public name and section (`RFC 1808
/// §4`). A document id urlcert does not know is shown, escaped, without a link.
pub fn cite_html(doc: &str, section: &str) -> String {
    use crate::report::text::html;
    let section = section.trim();
    match doc.parse::<Document>() {
        Ok(d) => format!(
            "<a class=\"cite\" href=\"{}\">{} {}{}</a>",
            html(&d.section_url(section)),
            html(d.public_name()),
            section_mark(section),
            html(section)
        ),
        Err(_) => format!("{} §{}", html(doc), html(section)),
    }
}

/// A link to a document's public copy, its title the document's public name.
pub fn doc_link(d: Document, text: &str) -> String {
    use crate::report::text::html;
    format!(
        "<a href=\"{}\" title=\"{}\">{}</a>",
        html(d.public_url()),
        html(d.public_name()),
        html(text)
    )
}

/// A citation as a Markdown link, like [`cite_html`]. A section that is not plain
/// words and numbers is shown as code inside the link text.
pub fn cite_md(doc: &str, section: &str) -> String {
    let section = section.trim();
    let plain = !section.is_empty()
        && section
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || " .,-#".contains(c));
    let shown = if plain {
        section.to_string()
    } else {
        crate::report::text::md_code(section)
    };
    match doc.parse::<Document>() {
        Ok(d) => format!(
            "[{} {}{shown}]({})",
            d.public_name(),
            section_mark(section),
            d.section_url(section)
        ),
        Err(_) => format!("{} §{shown}", crate::report::text::md_code(doc)),
    }
}

/// Everything a run found.
#[derive(Clone, Debug)]
pub struct Run {
    pub provenance: Provenance,
    /// The adapters that ran, in column order (the reference first when it ran).
    pub columns: Vec<Column>,
    pub unavailable: Vec<Unavailable>,
    pub records: Vec<Record>,
    /// The coverage of the documents by the case set, per document (`urlcert run`
    /// gives it; empty for the other commands).
    pub coverage: Vec<crate::study::coverage::Figures>,
    /// How adapters stand against their expected-failure lists: the certified one's
    /// (`urlcert certify`), or every adapter's that has a list (`urlcert run`).
    pub ledgers: Vec<Ledger>,
}

impl Run {
    /// The ledger of `adapter`, when the run checked its list.
    pub fn ledger_of(&self, adapter: &str) -> Option<&Ledger> {
        self.ledgers.iter().find(|l| l.adapter == adapter)
    }

    /// Is `r` a failure its adapter's expected-failure list names?
    pub fn listed(&self, r: &Record) -> bool {
        r.class != Class::Agree && self.ledger_of(&r.adapter).is_some_and(|l| l.lists(r))
    }
}

/// How one adapter's outcomes stand against its expected-failure list: which of its
/// failures the list names (JUnit reports those as skipped, the certificate marks them),
/// what does not match the list, and with `--strict` the verdict.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ledger {
    pub adapter: String,
    /// The list, as shown to the user.
    pub list: String,
    /// Whether the list exists: a missing one lists nothing.
    pub found: bool,
    /// Every entry of the list, as (case id, document).
    pub listed: std::collections::BTreeSet<(String, String)>,
    /// Outcomes that are not `agree` and not listed.
    pub unexpected_failures: usize,
    /// Listed entries whose outcome now agrees.
    pub unexpected_passes: usize,
    /// Listed entries with no outcome in the run.
    pub stale: usize,
    /// With `--strict`: whether it passed; `None` without.
    pub strict: Option<bool>,
}

impl Ledger {
    /// Is `r` (a failure of this ledger's adapter) one the list names?
    pub fn lists(&self, r: &Record) -> bool {
        r.adapter == self.adapter && self.listed.contains(&(r.case.clone(), r.doc.clone()))
    }

    /// Does the run match the list both ways?
    pub fn matches(&self) -> bool {
        self.unexpected_failures == 0 && self.unexpected_passes == 0 && self.stale == 0
    }
}

/// The longest string a report keeps from an adapter's answer, in bytes.
pub const MAX_TEXT: usize = 4096;

/// `s` cut to at most [`MAX_TEXT`] bytes (on a character boundary), saying how much was
/// left out.
pub fn bound(s: &str) -> String {
    bound_to(s, MAX_TEXT)
}

/// `s` cut to at most `max` bytes (on a character boundary), saying how much was left
/// out.
pub fn bound_to(s: &str, max: usize) -> String {
    if s.len() <= max {
        return s.to_string();
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}… ({} bytes more)", &s[..end], s.len() - end)
}

/// A name made safe as part of a file name: characters other than ASCII letters,
/// digits, `.`, `_`, `-` and `@` become `_`, and a leading `.` too.
pub fn file_safe(name: &str) -> String {
    let mut s: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "._-@".contains(c) {
                c
            } else {
                '_'
            }
        })
        .take(100)
        .collect();
    if s.is_empty() || s.starts_with('.') {
        s.insert(0, '_');
    }
    s
}

/// The records of one adapter, in run order.
pub fn records_of<'a>(run: &'a Run, adapter: &'a str) -> impl Iterator<Item = &'a Record> {
    run.records.iter().filter(move |r| r.adapter == adapter)
}
