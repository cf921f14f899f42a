//! The reports of a run: every outcome of every case under every document
//! for every adapter, written to `reports/<run>/` (or `--out DIR`) as
//!
//! - `results.jsonl`: one [`Record`] per line, each with the run's [`Provenance`];
//! - `summary.json`: per adapter, the counts per class, per document and per tag
//!   ([`summary`]);
//! - `report.md` and `report.html`: the summary, which starts with each parser's
//!   agreement per document ([`summary::agreement`]), and a matrix of cases × adapters
//!   with a pruned view that groups identical rows ([`markdown`], [`html`]);
//! - `junit.xml`: one testsuite per adapter, one testcase per case × document
//!   ([`junit`]);
//! - `certificate-<adapter>.md` and `certificate-<adapter>.html`: the adapter's
//!   agreement per document and per tag, and every failure with its citations and a
//!   diff ([`certificate`]).
//!
//! There is no overall score: a parser's agreement is given per document, since the
//! documents disagree with one another and a mixed figure would mean nothing.
//!
//! Whatever an input or an adapter says is data: it is escaped in every format, and
//! what an adapter says is bounded in size ([`bound`]). The folder is built beside its
//! target and swapped into place ([`outdir`]): a run killed half way leaves the previous
//! report as it was, and its own records so far, which `--resume` continues.

pub mod text;

pub mod certificate;
pub mod html;
pub mod junit;
pub mod markdown;
pub mod matrix;
pub mod outdir;
pub mod shell;
pub mod summary;
pub mod table;

use crate::judge::Class;
use serde::{Deserialize, Serialize};
use std::io;
use std::path::Path;
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

/// A citation as a link to the public copy of the document at that section
/// ([`Document::section_url`]), the link text its public name and section (`RFC 1808
/// §4`). A document id urlcert does not know is shown, escaped, without a link.
pub fn cite_html(doc: &str, section: &str) -> String {
    use crate::report::text::html;
    let section = section.trim();
    match doc.parse::<Document>() {
        Ok(d) => format!(
            "<a class=\"cite\" href=\"{}\">{} §{}</a>",
            html(&d.section_url(section)),
            html(d.public_name()),
            html(section)
        ),
        Err(_) => format!("{} §{}", html(doc), html(section)),
    }
}

/// A citation as a Markdown link, like [`cite_html`]. A section that is not plain
/// words and numbers is shown as code inside the link text.
pub fn cite_md(doc: &str, section: &str) -> String {
    let section = section.trim();
    let plain = !section.is_empty()
        && section
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || " .,-".contains(c));
    let shown = if plain {
        section.to_string()
    } else {
        crate::report::text::md_code(section)
    };
    match doc.parse::<Document>() {
        Ok(d) => format!("[{} §{shown}]({})", d.public_name(), d.section_url(section)),
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
}

/// The longest string a report keeps from an adapter's answer, in bytes.
pub const MAX_TEXT: usize = 4096;

/// `s` cut to at most [`MAX_TEXT`] bytes (on a character boundary), saying how much was
/// left out.
pub fn bound(s: &str) -> String {
    if s.len() <= MAX_TEXT {
        return s.to_string();
    }
    let mut end = MAX_TEXT;
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

/// Every file of a run's report: (file name, contents).
pub fn render_all(run: &Run) -> Vec<(String, String)> {
    let mut files = vec![
        ("results.jsonl".to_string(), results_jsonl(run)),
        ("summary.json".to_string(), summary::json(run)),
        ("report.md".to_string(), markdown::render(run)),
        ("report.html".to_string(), html::render(run)),
        ("junit.xml".to_string(), junit::render(run)),
    ];
    for col in &run.columns {
        files.push((
            certificate::file_name(&col.name),
            certificate::render(run, &col.name, true),
        ));
        files.push((
            certificate::html_file_name(&col.name),
            certificate::render_html(run, &col.name),
        ));
    }
    files
}

/// `results.jsonl`: every record with the run's provenance, one JSON object a line.
pub fn results_jsonl(run: &Run) -> String {
    let mut out = String::new();
    for record in &run.records {
        out.push_str(&results_line(&run.provenance, record));
        out.push('\n');
    }
    out
}

/// One line of `results.jsonl` (without its newline).
pub fn results_line(provenance: &Provenance, record: &Record) -> String {
    #[derive(Serialize)]
    struct Line<'a> {
        #[serde(flatten)]
        provenance: &'a Provenance,
        #[serde(flatten)]
        record: &'a Record,
    }
    // Serializing plain strings and numbers cannot fail.
    serde_json::to_string(&Line { provenance, record }).unwrap_or_default()
}

/// Writes the report of `run` into `dir` by way of its work folder
/// ([`outdir::Work`]): `dir` is refused when it holds anything but a urlcert report,
/// and otherwise replaced in one step.
pub fn write(run: &Run, dir: &Path) -> io::Result<()> {
    let work = outdir::Work::open(dir, "run", false)
        .map_err(|r| io::Error::new(io::ErrorKind::AlreadyExists, r.0))?;
    for (name, text) in render_all(run) {
        outdir::write_file(work.path(), &name, &text)?;
    }
    work.publish()
}

/// `run-YYYYMMDD-HHMMSS` and `YYYY-MM-DDTHH:MM:SSZ` for a time, in UTC.
pub fn run_names(t: std::time::SystemTime) -> (String, String) {
    let secs = t
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (days, rem) = (secs / 86_400, secs % 86_400);
    let (h, m, s) = (rem / 3600, rem % 3600 / 60, rem % 60);
    let (y, mo, d) = civil_from_days(days as i64);
    (
        format!("run-{y:04}{mo:02}{d:02}-{h:02}{m:02}{s:02}"),
        format!("{y:04}-{mo:02}-{d:02}T{h:02}:{m:02}:{s:02}Z"),
    )
}

/// Days since 1970-01-01 to (year, month, day), proleptic Gregorian (H. Hinnant's
/// `civil_from_days`).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// A fenced Markdown code block holding `text` (control characters made visible),
/// with a fence longer than any run of backticks inside, so nothing can close it early.
pub fn md_fenced(info: &str, text: &str) -> String {
    let text = text
        .lines()
        .map(crate::report::text::visible)
        .collect::<Vec<_>>()
        .join("\n");
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest.max(2) + 1);
    format!("{fence}{info}\n{text}\n{fence}\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn run_names_are_utc_calendar_dates() {
        let t = std::time::UNIX_EPOCH + std::time::Duration::from_secs(951_782_400 + 3_723);
        // 951782400 is 2000-02-29T00:00:00Z.
        assert_eq!(
            run_names(t),
            (
                "run-20000229-010203".to_string(),
                "2000-02-29T01:02:03Z".to_string()
            )
        );
        assert_eq!(run_names(std::time::UNIX_EPOCH).0, "run-19700101-000000");
    }

    #[test]
    fn bound_cuts_on_a_character_boundary() {
        let long = "é".repeat(MAX_TEXT);
        let b = bound(&long);
        assert!(b.len() < MAX_TEXT + 40);
        assert!(b.ends_with(&format!("({} bytes more)", long.len() - MAX_TEXT)));
        assert_eq!(bound("short"), "short");
    }

    #[test]
    fn file_names_stay_in_their_folder() {
        assert_eq!(file_safe("curl@allow-space"), "curl@allow-space");
        assert_eq!(file_safe("../../etc/passwd"), "_.._.._etc_passwd");
        assert_eq!(file_safe(".hidden"), "_.hidden");
        assert_eq!(file_safe(""), "_");
    }

    #[test]
    fn fences_outlast_the_backticks_inside() {
        let block = md_fenced("diff", "a ```` b\n```");
        assert!(block.starts_with("`````diff\n"));
        assert!(block.ends_with("\n`````\n"));
    }
}
