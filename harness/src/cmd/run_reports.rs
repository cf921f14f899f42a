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
    /// How many default run folders `reports/` keeps (`--keep-runs`; 0: every one).
    pub keep: usize,
}

/// `--keep-runs`, shared by `run` and `certify`.
#[derive(clap::Args)]
pub struct Keep {
    /// Keep the newest N run folders in reports/ and remove older ones that urlcert
    /// wrote (a folder holding anything else is never removed); 0 keeps every one. A
    /// report written with --out is not counted.
    #[arg(long = "keep-runs", value_name = "N", default_value_t = report::retention::KEEP_RUNS)]
    pub keep_runs: usize,
}

/// The `reports/` folder beside the cases folder; for the built-in cases, `reports/`
/// in the working directory.
pub fn reports_root(cases: &Path) -> PathBuf {
    urlcert::assets::beside_cases(cases, "reports")
}

fn progress(what: &str) {
    eprintln!("urlcert: asking {}", urlcert::report::text::visible(what));
}

/// What a command adds to its run before the reports are written (`certify`: its
/// standing against the expected-failure list); an error stops the command, its
/// journal kept for `--resume`.
pub type Settle<'a> = &'a mut dyn FnMut(&mut report::Run) -> Result<(), String>;

/// Runs `plan` into its journal, lets `settle` complete the run, and writes its
/// reports; on failure, says what failed and gives the exit code.
pub fn run_and_write(
    cmd: &str,
    plan: certify::Plan,
    dir: &Path,
    out: ReportOut,
    settle: Settle,
) -> Result<(report::Run, Vec<runner::CaseResult>, PathBuf), ExitCode> {
    let fail = |what: String| {
        eprintln!("urlcert {cmd}: {}", urlcert::report::text::visible(&what));
        ExitCode::from(2)
    };
    let provenance = certify::provenance(plan.suite)
        .map_err(|e| fail(format!("cannot hash the case files: {e}")))?;
    let root = reports_root(dir);
    let default_place = out.out.is_none();
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
    settle(&mut run).map_err(fail)?;
    journal.finish(&run).map_err(|e| {
        fail(format!(
            "cannot write the reports to {}: {e}",
            target.display()
        ))
    })?;
    if default_place {
        let (removed, failed) = report::retention::prune_runs(&root, out.keep, &target);
        if !removed.is_empty() {
            eprintln!(
                "urlcert {cmd}: removed {} older run folder{} from {} (keeping the newest {}; --keep-runs)",
                removed.len(),
                if removed.len() == 1 { "" } else { "s" },
                root.display(),
                out.keep
            );
        }
        for (path, e) in failed {
            eprintln!(
                "urlcert {cmd}: cannot remove the old run {}: {e}",
                path.display()
            );
        }
    }
    Ok((run, results, target))
}
