//! What `run` and `certify` share: a plan run into its journal (so a stopped run can be
//! resumed) and its reports written.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use urlcert::{report, run::certify, run::journal, run::runner};

/// Where a run's reports go: `--out` and `--resume`.
pub struct ReportOut {
    pub out: Option<PathBuf>,
    pub resume: bool,
    /// The coverage figures the reports give (`run`'s; none for `certify`).
    pub coverage: Vec<urlcert::study::coverage::Figures>,
}

/// The `reports/` folder beside the cases folder; for the built-in cases, `reports/`
/// in the working directory.
pub fn reports_root(cases: &Path) -> PathBuf {
    urlcert::assets::beside_cases(cases, "reports")
}

fn progress(what: &str) {
    eprintln!("urlcert: asking {}", urlcert::report::text::visible(what));
}

/// Runs `plan` into its journal and writes its reports; on failure, says what failed
/// and gives the exit code.
pub fn run_and_write(
    cmd: &str,
    plan: certify::Plan,
    dir: &Path,
    out: ReportOut,
) -> Result<(report::Run, Vec<runner::CaseResult>, PathBuf), ExitCode> {
    let fail = |what: String| {
        eprintln!("urlcert {cmd}: {}", urlcert::report::text::visible(&what));
        ExitCode::from(2)
    };
    let provenance = certify::provenance(plan.suite)
        .map_err(|e| fail(format!("cannot hash the case files: {e}")))?;
    let root = reports_root(dir);
    let target = match (out.out, out.resume) {
        (Some(o), _) => o,
        (None, true) => journal::newest_stopped(&root).ok_or_else(|| {
            fail(format!(
                "--resume: no stopped run in {} (give --out DIR for one elsewhere)",
                root.display()
            ))
        })?,
        (None, false) => certify::out_dir(None, &root, &provenance.run),
    };
    let journal_plan = journal::Plan {
        format: 1,
        command: cmd.to_string(),
        provenance,
        filter: plan.filter.map(|f| f.to_string()),
        columns: certify::columns(&plan),
    };
    let mut journal =
        journal::RunJournal::open(&target, out.resume, journal_plan).map_err(|r| fail(r.0))?;
    if journal.resumed_records() > 0 {
        eprintln!(
            "urlcert {cmd}: resuming {}: {} records kept",
            target.display(),
            journal.resumed_records()
        );
    }
    let provenance = journal.provenance().clone();
    let (mut run, results) = certify::execute_into(
        plan,
        provenance,
        &urlcert::judge::judge,
        &mut |w: &str| progress(w),
        &mut journal,
    )
    .map_err(|e| {
        fail(format!(
            "cannot write the journal in {}: {e}",
            target.display()
        ))
    })?;
    run.coverage = out.coverage;
    journal.finish(&run).map_err(|e| {
        fail(format!(
            "cannot write the reports to {}: {e}",
            target.display()
        ))
    })?;
    Ok((run, results, target))
}
