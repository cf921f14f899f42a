//! `urlcert run`: every case file against the reference and every available adapter
//! (or those named), the reference's failures and a summary printed, the reports
//! written.

use super::run_reports::{run_and_write, ReportOut};
use super::{emit, load_cases};
use std::path::PathBuf;
use std::process::ExitCode;
use urlcert::ask::registry;
use urlcert::run::certify::{self, AdapterSource as _};
use urlcert::study::coverage::{self, exceptions};
use urlcert::{report, run::runner};

#[derive(clap::Args)]
pub struct Args {
    /// The folder of case files.
    #[arg(long)]
    cases: Option<PathBuf>,
    /// The folder to write the reports into (default: reports/<run>/ beside the
    /// cases folder). It must be new, empty, or an earlier urlcert report, which is
    /// then replaced in one step; the report is built in OUT.partial/ meanwhile.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Only these adapters (repeatable); the reference always runs.
    #[arg(long = "adapter", value_name = "NAME")]
    adapters: Vec<String>,
    /// Continue a run that was stopped (killed, Ctrl-C): the one in OUT.partial/,
    /// or without --out the newest stopped run in reports/. What it answered is
    /// kept; the rest is asked. The adapters and case files must be the same.
    #[arg(long)]
    resume: bool,
    #[command(flatten)]
    keep: super::run_reports::Keep,
}

pub fn main(args: Args) -> ExitCode {
    let (dir, suite) = match load_cases(args.cases) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let mut registry = certify::Registry;
    let candidates = if args.adapters.is_empty() {
        registry.all()
    } else {
        let mut found = Vec::new();
        for name in args.adapters.iter().filter(|n| *n != certify::REFERENCE) {
            match registry.by_name(name) {
                Some(c) => found.push(c),
                None => {
                    eprintln!(
                        "urlcert run: unknown adapter `{}`{} (see `urlcert adapters`)",
                        urlcert::report::text::visible(name),
                        registry::did_you_mean(name)
                    );
                    return ExitCode::from(2);
                }
            }
        }
        found
    };
    let mut plan = certify::Plan {
        suite: &suite,
        filter: None,
        reference: true,
        adapters: Vec::new(),
        unavailable: Vec::new(),
    };
    for c in candidates {
        match c {
            certify::Candidate::Ready(a) => plan.adapters.push(a),
            certify::Candidate::Unavailable(u) => plan.unavailable.push(u),
        }
    }
    let out = ReportOut {
        out: args.out,
        resume: args.resume,
        coverage: coverage_figures(&suite, &dir),
        keep: args.keep.keep_runs,
    };
    // Each adapter's failures against its expected-failure list: listed or new.
    let mut settle = |run: &mut report::Run| -> Result<(), String> {
        let (ledgers, unread) = certify::ledgers(run, &suite, &urlcert::assets::expected_dir());
        for e in unread {
            eprintln!(
                "urlcert run: {}: its failures are not checked against it",
                urlcert::report::text::visible(&e)
            );
        }
        run.ledgers = ledgers;
        Ok(())
    };
    let (run, results, out) = match run_and_write("run", plan, &dir, out, &mut settle) {
        Ok(x) => x,
        Err(code) => return code,
    };
    emit(&runner::failure_report(&results));
    emit(&report::summary::table(&run));
    emit(&format!(
        "\ncoverage of the documents by the cases (`urlcert coverage` names what is not reached):\n{}",
        coverage::render::table(&run.coverage)
    ));
    let t = runner::totals(&results);
    emit(&format!(
        "reference: {} cases in {} files, {} expectations: {} passed, {} failed\n",
        suite.cases.len(),
        suite.files.len(),
        results.len(),
        t.pass,
        t.fail
    ));
    emit(&format!("wrote {}\n", out.display()));
    ExitCode::from(u8::from(t.fail > 0))
}

/// The coverage of the documents by the cases, judged against the exceptions beside
/// them; a broken exceptions file is reported, and the figures then count none.
fn coverage_figures(suite: &urlcert::case::Suite, dir: &std::path::Path) -> Vec<coverage::Figures> {
    let loaded = exceptions::load(&exceptions::path_for(dir)).unwrap_or_else(|errors| {
        for e in &errors {
            eprintln!("{e}");
        }
        eprintln!("urlcert run: the coverage figures count no exceptions");
        None
    });
    coverage::render::Report {
        source: coverage::render::InputSource::Cases {
            dir: dir.display().to_string(),
            cases: suite.cases.len(),
        },
        documents: coverage::of_cases(&suite.cases, None),
        exceptions: loaded.as_ref(),
    }
    .figures()
}
