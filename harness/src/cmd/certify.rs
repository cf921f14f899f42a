//! `urlcert certify`: one parser asked every case (or one document's), its reports
//! written, its expected-failure list checked or rewritten, its certificate printed.

use super::run_reports::{run_and_write, ReportOut};
use super::{cases_dir, emit, load, write_atomic};
use std::path::PathBuf;
use std::process::ExitCode;
use urlcert::ask::registry;
use urlcert::report;
use urlcert::report::text::visible as v;
use urlcert::run::certify::{self, AdapterSource as _};

#[derive(clap::Args)]
pub struct Args {
    /// A registered adapter (see ADAPTERS.md), or `reference`.
    #[arg(
        long,
        value_name = "NAME",
        conflicts_with = "command",
        required_unless_present = "command"
    )]
    adapter: Option<String>,
    /// An external program speaking the adapter protocol (ADAPTERS.md), one argument
    /// per --command, as for `ask`: --command python3 --command my_adapter.py. Run as
    /// argv, never through a shell.
    #[arg(long = "command", value_name = "ARG", allow_hyphen_values = true)]
    command: Vec<String>,
    /// With --command: start one process per request instead of one for the run.
    #[arg(long, requires = "command")]
    one_shot: bool,
    /// Only this document's expectations: DOC (every reading) or DOC@READING.
    #[arg(long)]
    doc: Option<certify::DocFilter>,
    #[arg(long)]
    cases: Option<PathBuf>,
    /// The folder to write the reports into (default: reports/<run>/).
    #[arg(long)]
    out: Option<PathBuf>,
    /// The expected-failure list (default: harness/expected/<adapter>.txt).
    #[arg(long, value_name = "FILE")]
    expected: Option<PathBuf>,
    /// Fail on an unexpected failure, an unexpected pass or a stale list entry.
    #[arg(long)]
    strict: bool,
    /// Rewrite the expected-failure list from this run.
    #[arg(long)]
    update_expected: bool,
    /// Continue a certification that was stopped, as `run --resume` does.
    #[arg(long)]
    resume: bool,
}

/// The checkout's `harness/expected/`, else the built-in lists.
fn expected_dir() -> PathBuf {
    urlcert::assets::expected_dir()
}

pub fn main(args: Args) -> ExitCode {
    if args.update_expected
        && args.expected.is_none()
        && urlcert::assets::embedded_rest(&expected_dir()).is_some()
    {
        eprintln!("urlcert certify: --update-expected outside a checkout needs --expected FILE (the lists are built into urlcert)");
        return ExitCode::from(2);
    }
    let dir = cases_dir(args.cases);
    let doc = args.doc;
    let suite = match load(&dir) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let mut plan = certify::Plan {
        suite: &suite,
        filter: doc,
        reference: false,
        adapters: Vec::new(),
        unavailable: Vec::new(),
    };
    let mut registry = certify::Registry;
    let command = (!args.command.is_empty()).then_some(args.command);
    match (args.adapter.as_deref(), command) {
        (Some(certify::REFERENCE), _) => plan.reference = true,
        (Some(name), _) => match registry.by_name(name) {
            Some(certify::Candidate::Ready(a)) => plan.adapters.push(a),
            Some(certify::Candidate::Unavailable(u)) => {
                eprintln!(
                    "urlcert certify: {} is unavailable: {} (install with: {})",
                    v(&u.name),
                    v(&u.why),
                    v(&u.install)
                );
                return ExitCode::from(2);
            }
            None => {
                eprintln!(
                    "urlcert certify: unknown adapter `{}`{} (see `urlcert adapters`)",
                    v(name),
                    registry::did_you_mean(name)
                );
                return ExitCode::from(2);
            }
        },
        (None, Some(argv)) => match registry.command(&argv, args.one_shot) {
            Ok(a) => plan.adapters.push(a),
            Err(fault) => {
                eprintln!("urlcert certify: {}", v(&certify::fault_line(&fault)));
                return ExitCode::from(2);
            }
        },
        (None, None) => {
            eprintln!("urlcert certify: give --adapter NAME or --command ARG...");
            return ExitCode::from(2);
        }
    }
    let out = ReportOut {
        out: args.out,
        resume: args.resume,
        coverage: Vec::new(),
    };
    let (run, _, out) = match run_and_write("certify", plan, &dir, out) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let Some(name) = run.columns.first().map(|c| c.name.clone()) else {
        return ExitCode::from(2);
    };
    let list = args
        .expected
        .unwrap_or_else(|| certify::expected_path(&expected_dir(), &name));
    let mut entries = match certify::read_expected(&list) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("urlcert certify: {e}");
            return ExitCode::from(2);
        }
    };
    let records: Vec<&report::Record> = report::records_of(&run, &name).collect();
    if args.update_expected {
        let text = certify::render_expected(&name, &entries, &records, doc);
        if let Err(e) = write_atomic(&list, &text) {
            eprintln!("urlcert certify: cannot write {}: {e}", list.display());
            return ExitCode::from(2);
        }
        emit(&format!("wrote {}\n", list.display()));
        entries = certify::parse_expected(&text).unwrap_or_default();
    }
    let standing = certify::check_expected(&entries, &records, &suite, doc);
    if args.strict {
        emit(&standing.render(&list));
    } else if !standing.ok() {
        emit(&format!(
            "against {}: {} unexpected failure(s), {} unexpected pass(es), {} stale entr(ies); --strict lists them\n",
            list.display(),
            standing.unexpected_failures.len(),
            standing.unexpected_passes.len(),
            standing.stale.len()
        ));
    }
    emit(&format!("wrote {}\n\n", out.display()));
    emit(&report::certificate::render(&run, &name, false));
    ExitCode::from(u8::from(args.strict && !standing.ok()))
}
