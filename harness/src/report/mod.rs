//! The reports of a run: every outcome of every case under every document
//! for every adapter, written to `reports/<run>/` (or `--out DIR`) as
//!
//! - `results.jsonl.gz`: one [`Record`] per line, each with the run's [`Provenance`],
//!   gzip-compressed ([`outdir::RESULTS`]; while the run runs, its work folder holds
//!   them plain, as the journal `--resume` reads);
//! - `summary.json`: per adapter, the counts per class, per document and per tag
//!   ([`summary`]);
//! - `report.md` and `report.html`: the summary, which starts with each parser's
//!   agreement per document ([`summary::agreement_columns`]); `report.md` then has a
//!   matrix of cases × adapters with a pruned view that groups identical rows
//!   ([`markdown`]), and `differences-DOC.html` the rows where a parser does not agree,
//!   a page per document, with a filter ([`html`]);
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

pub mod agreement;
pub mod certificate;
pub mod html;
pub mod junit;
pub mod markdown;
pub mod matrix;
pub mod outdir;
mod record;
pub mod retention;
pub mod shell;
pub mod summary;
pub mod table;

pub use record::{
    bound, cite_html, cite_md, class_id, class_meaning, doc_link, file_safe, records_of, Citation,
    Column, Ledger, Provenance, Record, Run, Unavailable, CLASSES, MAX_TEXT,
};
pub use text::md_fenced;

use serde::Serialize;
use std::io;
use std::path::Path;

/// Every file of a run's report: (file name, contents).
pub fn render_all(run: &Run) -> Vec<(String, String)> {
    let mut files = vec![
        (outdir::RESULTS.to_string(), results_jsonl(run)),
        ("summary.json".to_string(), summary::json(run)),
        ("report.md".to_string(), markdown::render(run)),
        ("report.html".to_string(), html::render(run)),
        ("junit.xml".to_string(), junit::render(run)),
    ];
    files.extend(html::render_differences(run));
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

/// The text of `results.jsonl`: every record with the run's provenance, one JSON
/// object a line.
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
