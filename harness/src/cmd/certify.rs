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
    #[command(flatten)]
    keep: super::run_reports::Keep,
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
    match (args.adapter.as_deref(), command.as_deref()) {
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
        (None, Some(argv)) => match registry.command(argv, args.one_shot) {
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
    let Some(name) = certify::columns(&plan).first().map(|c| c.name.clone()) else {
        return ExitCode::from(2);
    };
    // The list is read before anything is asked: a malformed one stops here.
    let list = args
        .expected
        .clone()
        .unwrap_or_else(|| certify::expected_path(&expected_dir(), &name));
    let found = certify::expected_exists(&list);
    let mut entries = match certify::read_expected(&list) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("urlcert certify: {e}");
            return ExitCode::from(2);
        }
    };
    let checked_by = checked_by(&args.adapter, &command, args.one_shot, &args.expected);
    let out = ReportOut {
        out: args.out,
        resume: args.resume,
        coverage: Vec::new(),
        keep: args.keep.keep_runs,
    };
    let mut wrote_list = false;
    let mut standing = certify::Strictness::default();
    let mut settle = |run: &mut report::Run| -> Result<(), String> {
        let records: Vec<&report::Record> = report::records_of(run, &name).collect();
        if args.update_expected {
            let text = certify::render_expected(&name, &checked_by, &entries, &records, doc);
            write_atomic(&list, &text)
                .map_err(|e| format!("cannot write {}: {e}", list.display()))?;
            entries = certify::parse_expected(&text).unwrap_or_default();
            wrote_list = true;
        }
        standing = certify::check_expected(&entries, &records, &suite, doc);
        let exists = found || wrote_list;
        run.ledgers = vec![standing.ledger(&name, &list, exists, &entries, args.strict)];
        Ok(())
    };
    let (run, _, out) = match run_and_write("certify", plan, &dir, out, &mut settle) {
        Ok(x) => x,
        Err(code) => return code,
    };
    if wrote_list {
        emit(&format!("wrote {}\n", list.display()));
    }
    emit(&format!("wrote {}\n\n", out.display()));
    emit(&report::certificate::render(&run, &name, false));
    emit("\n");
    let failing = report::records_of(&run, &name)
        .filter(|r| r.class != urlcert::judge::Class::Agree)
        .count()
        - standing.unexpected_failures.len();
    if !found && !wrote_list && !standing.unexpected_failures.is_empty() {
        // A new adapter: one message and the command that records its list, instead
        // of every failure as unexpected.
        let failures = standing.unexpected_failures.len();
        emit(&format!(
            "no expected-failure list for {} at {}: its {failures} failure{} count as unexpected.\n\
             Record this run's failures as its list with:\n  urlcert certify {} --update-expected\n",
            v(&name),
            v(&list.display().to_string()),
            if failures == 1 { "" } else { "s" },
            v(&checked_by),
        ));
        emit(&format!(
            "{} failed: no expected-failure list at {} ({failures} failure{}, none listed)\n",
            if args.strict {
                "certify --strict:"
            } else {
                "certify:"
            },
            v(&list.display().to_string()),
            if failures == 1 { "" } else { "s" },
        ));
        return ExitCode::from(u8::from(args.strict));
    }
    if args.strict {
        emit(&limit_lines(&standing.render(&list), MAX_PROBLEM_LINES));
    }
    emit(&standing.verdict(&list, failing, args.strict));
    ExitCode::from(u8::from(args.strict && !standing.ok()))
}

/// The most lines of problems `certify --strict` prints before the verdict; the rest
/// are in the certificate and junit.xml.
const MAX_PROBLEM_LINES: usize = 150;

fn limit_lines(text: &str, most: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() <= most {
        return text.to_string();
    }
    format!(
        "{}\n... and {} more lines (every failure is in the certificate and junit.xml)\n",
        lines[..most].join("\n"),
        lines.len() - most
    )
}

/// How the user chose the adapter, as `certify` arguments: what the list's header and
/// the missing-list message say to run again.
fn checked_by(
    adapter: &Option<String>,
    command: &Option<Vec<String>>,
    one_shot: bool,
    expected: &Option<PathBuf>,
) -> String {
    let quoted = |a: &str| {
        let plain = !a.is_empty()
            && a.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-_./=:@%+,".contains(&b));
        if plain {
            a.to_string()
        } else {
            format!("'{}'", a.replace('\'', "'\\''"))
        }
    };
    let mut words: Vec<String> = match (adapter, command) {
        (Some(name), _) => vec!["--adapter".into(), quoted(name)],
        (None, Some(argv)) => argv
            .iter()
            .flat_map(|a| ["--command".to_string(), quoted(a)])
            .collect(),
        (None, None) => Vec::new(),
    };
    if one_shot {
        words.push("--one-shot".into());
    }
    if let Some(file) = expected {
        words.push("--expected".into());
        words.push(quoted(&file.display().to_string()));
    }
    words.join(" ")
}
