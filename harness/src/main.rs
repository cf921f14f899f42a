//! The `urlcert` command line.

mod alloc_count;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use urlcert::certify::Source as _;
use urlcert::{
    cases, certify, contradictions, evolution, extract, journal, output, report, runner, trace,
};
use urlcert_reference::{parse, resolve, DocReading, Verdict};

/// Counts allocations only while `urlcert bench` asks (see `alloc_count`).
#[global_allocator]
static ALLOCATOR: alloc_count::Counting = alloc_count::Counting;

#[derive(Parser)]
#[command(
    name = "urlcert",
    version,
    about = "Conformance suite for the historical URL specifications"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Pass this environment variable on to external adapters (repeatable). They get
    /// only PATH, HOME, LANG, LC_ALL, LC_CTYPE, TMPDIR, TZ and LD_LIBRARY_PATH
    /// otherwise (ADAPTERS.md).
    #[arg(long = "pass-env", value_name = "NAME", global = true)]
    pass_env: Vec<String>,
}

#[derive(Subcommand)]
enum Command {
    /// Parse inputs under a document: from the arguments, or one per line from stdin.
    ///
    /// Exit status: 0 when every input is valid or generic-only, 1 when any is invalid
    /// or not-defined, 2 on a usage error.
    Parse {
        /// Document id, optionally with a reading: rfc1738, rfc1738@scheme-case-ignore,
        /// draft-06, draft-06@scheme-case-ignore, draft-1996.
        #[arg(long, default_value = "rfc1738")]
        doc: DocReading,
        /// One JSON object per input, one per line.
        #[arg(long)]
        json: bool,
        /// Inputs; when none are given, one per line from standard input (a trailing
        /// "\n" or "\r\n" ends a line and is not part of the input), each answered as
        /// it arrives.
        inputs: Vec<std::ffi::OsString>,
    },
    /// Resolve references against a base under a document: from the arguments, or one
    /// per line from stdin.
    ///
    /// Exit status: 0 when every reference has a result, 1 when the document gives none
    /// for some (it defines no relative form, or the base is not absolute), 2 on a usage
    /// error.
    Resolve {
        /// Document id, optionally with a reading: draft-1996, rfc1808, draft-02,
        /// draft-02@path-excludes-search, draft-02@xxx-excludes-dots.
        #[arg(long, default_value = "draft-1996")]
        doc: DocReading,
        /// The base URL (may be empty: Step 1 then takes each reference as absolute).
        #[arg(long)]
        base: std::ffi::OsString,
        /// One JSON object per reference, one per line.
        #[arg(long)]
        json: bool,
        /// Show every step of the algorithm with the value after it.
        #[arg(long)]
        trace: bool,
        /// References; when none are given, one per line from standard input, each
        /// answered as it arrives.
        references: Vec<std::ffi::OsString>,
    },
    /// Find the URLs in a text read from stdin, by one document's rules for URLs in
    /// running text: one line per URL, with its offsets and wrapper.
    ///
    /// Exit status: 0 when the document has such rules (whether or not any URL is
    /// found), 1 when it has none, 2 on a usage error.
    Extract {
        /// Document id, optionally with a reading: rfc1738, draft-1996, draft-02, ...
        #[arg(long, default_value = "rfc1738")]
        doc: DocReading,
        /// One JSON object per URL, one per line.
        #[arg(long)]
        json: bool,
    },
    /// Normalise inputs under a document (its stated equivalences, in order): from the
    /// arguments, or one per line from stdin. Prints each normal form and its steps.
    ///
    /// Exit status: 0 when every input has a normal form, 1 when any has none (the
    /// document states no equivalence, or the input is not an absolute URL under it), 2
    /// on a usage error.
    Normalize {
        /// Document id, optionally with a reading: rfc3986, rfc2396, draft-1996,
        /// rfc1808, rfc1738, draft-06, draft-03, draft-02.
        #[arg(long, default_value = "rfc3986")]
        doc: DocReading,
        /// One JSON object per input, one per line.
        #[arg(long)]
        json: bool,
        /// Inputs; when none are given, one per line from standard input, each answered
        /// as it arrives.
        inputs: Vec<std::ffi::OsString>,
    },
    /// The base of a document (an HTML file, a MIME message) and of each of its parts:
    /// which layer gave it (content, encapsulating entity, retrieval URL, default), with
    /// every layer considered and the notes on what breaks a rule.
    ///
    /// Exit status: 0 when every reference in the document has an absolute form, 1 when
    /// some has none under some document (or the document defines no base), 2 on a
    /// usage error or a document that cannot be read.
    Base(urlcert::links::DocumentArgs),
    /// Every reference in a document (an HTML file, a MIME message) with its absolute
    /// form: the part it is in, its base and where that came from. `--doc all` shows
    /// each reference under every document side by side.
    ///
    /// Exit status as `base`.
    Links(urlcert::links::DocumentArgs),
    /// The main job: every case file against the reference and every available
    /// adapter. Prints the reference's failures and a summary table, and writes the
    /// reports to reports/run-YYYYMMDD-HHMMSS/ (or --out).
    ///
    /// Exit status: 0 when the reference passes every case (adapters that disagree
    /// with the documents are what the reports are for, not an error), 1 when the
    /// reference fails a case, 2 on a usage error or when the reports cannot be written.
    Run {
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
    },
    /// Certify one parser: every case (or one document's) asked of it, the reports
    /// written, its expected-failure list checked, and its certificate printed last.
    ///
    /// Exit status: 0, or with --strict 1 when an outcome is not in the list, a listed
    /// entry now agrees, or a listed entry is stale; 2 on a usage error, an unknown or
    /// unavailable adapter, or when the reports cannot be written.
    Certify {
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
    },
    /// One input under every document, oldest first: its verdict and components, or
    /// with --base its resolution. "*" marks a document whose answer differs from the
    /// one before it.
    Trace {
        /// Resolve INPUT against this base instead of parsing it.
        #[arg(long)]
        base: Option<std::ffi::OsString>,
        /// One JSON object: input, base (or null), documents (keyed by document id).
        #[arg(long)]
        json: bool,
        input: std::ffi::OsString,
    },
    /// Write the list of printed examples that contradict their own document's
    /// algorithm, generated from the cases.
    Contradictions {
        #[arg(long)]
        cases: Option<PathBuf>,
        /// Where to write it (standard output when not given). The committed copy is
        /// reports/contradictions.md.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Also ask these live adapters (repeatable) what they answer to each
        /// contradiction; the recorded clients are always asked.
        #[arg(long = "adapter", value_name = "NAME")]
        adapters: Vec<String>,
    },
    /// Write the evolution report (reports/evolution.md and reports/evolution.html):
    /// for each step from one document to the next, the cases whose verdict,
    /// components or resolution change, grouped by topic, with the citations.
    Evolution {
        #[arg(long)]
        cases: Option<PathBuf>,
        /// The folder to write both files into (default: the reports/ folder beside
        /// the cases folder).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Write the fuzz targets' seed files into corpus/<target>/ (or --out), from the
    /// cases: one file per distinct seed, named by a short hash.
    Corpus {
        #[arg(long)]
        cases: Option<PathBuf>,
        /// The folder to write into (default: the corpus/ folder beside the cases).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Write the whole case set as one JSON document (cases/export.schema.json; the
    /// committed copy is cases/urlcert-cases.json), for parsers in any language.
    ///
    /// Exit status: 0 when written, 2 when the cases cannot be loaded or the file
    /// cannot be written.
    Export(urlcert::export::ExportArgs),
    /// Load and validate the case files without running them.
    Check {
        #[arg(long)]
        cases: Option<PathBuf>,
    },
    // --- adapters and ask (issue 5) ---
    /// List every adapter: available or not (with why and the install command), its
    /// version (from its hello), model and operations.
    Adapters {
        /// One JSON object per adapter, one per line.
        #[arg(long)]
        json: bool,
    },
    /// Ask one adapter about one input: its answer in the adapter's own component model.
    ///
    /// Exit status: 0 when it parsed or resolved, 1 when it rejected or could not
    /// express the request, 2 on a usage error or an unknown or unavailable adapter, 3
    /// when the adapter failed (crash, timeout, not the protocol, ...).
    Ask {
        /// A name from `urlcert adapters` (a profile is NAME@SETTING).
        #[arg(long, required_unless_present = "command", conflicts_with = "command")]
        adapter: Option<String>,
        /// An external command speaking the protocol (ADAPTERS.md), one argument per
        /// --command: --command python3 --command my_adapter.py. Run as argv, never
        /// through a shell.
        #[arg(long = "command", value_name = "ARG", allow_hyphen_values = true)]
        command: Vec<String>,
        /// Resolve INPUT against this base instead of parsing it.
        #[arg(long)]
        base: Option<std::ffi::OsString>,
        /// One JSON object: adapter, version, model, op, input, base, verdict, and
        /// components (parse), result (resolve), message, why or fault.
        #[arg(long)]
        json: bool,
        /// Run an external adapter once per request instead of as one process.
        #[arg(long)]
        one_shot: bool,
        /// The document whose component names the answer is mapped onto (the common
        /// model `run` and `certify` compare in).
        #[arg(long, default_value = "draft-1996")]
        doc: urlcert_reference::Document,
        /// How long the adapter may take to answer, in milliseconds.
        #[arg(long, default_value_t = 5000)]
        timeout_ms: u64,
        input: std::ffi::OsString,
    },
    /// Internal: the guard that ends what adapters started once urlcert has gone.
    #[command(name = "__guard", hide = true)]
    Guard { session: String },
    /// A differential campaign: generated and mutated inputs asked of the reference and
    /// of adapters, each discrepancy minimised and bucketed; writes fuzz.md, fuzz.jsonl
    /// and campaign.json into --out (default reports/fuzz-<UTC time>/), journaled in
    /// OUT.partial/ as it goes so that --resume continues a killed campaign.
    ///
    /// Exit status: 0 when the report is written, 2 on a usage error, an unknown or
    /// unavailable adapter, a folder that cannot be used or resumed, or when the report
    /// cannot be written.
    Fuzz(urlcert::fuzz::cli::FuzzArgs),
    /// Internal (.ci/nightly): the coverage per libFuzzer target and the comparison
    /// with the previous night, as Markdown for nightly.md.
    #[command(name = "fuzz-nightly-report", hide = true)]
    FuzzNightlyReport(urlcert::fuzz::nightly::NightlyReportArgs),
    /// The parser matrix: the case suite against every available adapter (or those
    /// named), each parser scored under each document; writes matrix.json, matrix.md
    /// and matrix.html (with the run's usual reports) into --out (default
    /// reports/matrix/), journaled in OUT.partial/ so that --resume continues it.
    ///
    /// Exit status: 0 when the files are written, 2 on a usage error, an unknown
    /// adapter, or a folder that cannot be used or resumed.
    Matrix(urlcert::matrix::MatrixArgs),
    /// Benchmarks: the reference's RFC 1738 parse and 1996-draft resolution against the
    /// url crate, python-urllib persistent against one process per input, and parse
    /// time at 1 MiB against 1 KiB. Prints each ratio with its target (BENCHMARKS.md).
    ///
    /// Exit status: 0 when the measurements ran (a missed target included), 2 on a
    /// usage error or when the cases cannot be loaded.
    Bench {
        /// The short run: the same comparisons in under a minute (the default budget).
        #[arg(long)]
        quick: bool,
        /// One JSON object with every ratio and the figures behind it.
        #[arg(long)]
        json: bool,
        /// Measured rounds per figure, after one warm-up round; the median is kept.
        #[arg(long)]
        rounds: Option<usize>,
        /// The measuring budget of the whole run, in seconds (loading and starting the
        /// adapter processes come on top). Default 30 with --quick, 120 without.
        #[arg(long)]
        max_seconds: Option<f64>,
        /// The case folder (default: cases/).
        #[arg(long)]
        cases: Option<PathBuf>,
    },
}

fn main() -> ExitCode {
    // `--version` names the case set too; it is loaded only when asked for.
    let mut command = Cli::command();
    if std::env::args_os().any(|a| a == "--version") {
        let text = urlcert::export::long_version(&cases_dir(None));
        command = command.long_version(text.leak() as &str);
    }
    let cli = Cli::from_arg_matches(&command.get_matches()).unwrap_or_else(|e| e.exit());
    if let Command::Guard { session } = &cli.command {
        urlcert::adapter::lifetime::guard(session);
        return ExitCode::SUCCESS;
    }
    urlcert::adapter::process::pass_env(cli.pass_env);
    urlcert::interrupt::install();
    if starts_adapters(&cli.command) {
        urlcert::adapter::lifetime::become_subreaper();
        urlcert::adapter::lifetime::start_guard();
    }
    let code = dispatch(cli.command);
    urlcert::adapter::lifetime::kill_all();
    code
}

/// The commands that may start adapter processes.
fn starts_adapters(command: &Command) -> bool {
    matches!(
        command,
        Command::Run { .. }
            | Command::Certify { .. }
            | Command::Adapters { .. }
            | Command::Ask { .. }
            | Command::Fuzz(_)
            | Command::Matrix(_)
            | Command::Bench { .. }
            | Command::Contradictions { .. }
    )
}

fn dispatch(command: Command) -> ExitCode {
    match command {
        Command::Parse { doc, json, inputs } => cmd_parse(doc, json, inputs),
        Command::Resolve {
            doc,
            base,
            json,
            trace,
            references,
        } => cmd_resolve(doc, &os_bytes(&base), json, trace, references),
        Command::Trace { base, json, input } => {
            let base = base.map(|b| os_bytes(&b));
            let input = os_bytes(&input);
            let rows = trace::rows(base.as_deref(), &input);
            if json {
                emit(&format!(
                    "{}\n",
                    trace::json(base.as_deref(), &input, &rows)
                ));
            } else {
                emit(&trace::human(base.as_deref(), &input, &rows));
            }
            ExitCode::SUCCESS
        }
        Command::Extract { doc, json } => extract::main(doc, json),
        Command::Base(args) => urlcert::links::main_base(args),
        Command::Links(args) => urlcert::links::main_links(args),
        Command::Normalize { doc, json, inputs } => cmd_normalize(doc, json, inputs),
        Command::Run {
            cases,
            out,
            adapters,
            resume,
        } => cmd_run(&cases_dir(cases), ReportOut { out, resume }, &adapters),
        Command::Certify {
            adapter,
            command,
            one_shot,
            doc,
            cases,
            out,
            expected,
            strict,
            update_expected,
            resume,
        } => cmd_certify(
            &cases_dir(cases),
            adapter,
            (!command.is_empty()).then_some(command),
            one_shot,
            doc,
            ReportOut { out, resume },
            expected,
            strict,
            update_expected,
        ),
        Command::Check { cases } => cmd_check(&cases_dir(cases)),
        Command::Export(args) => urlcert::export::main(args),
        Command::Corpus { cases, out } => cmd_corpus(&cases_dir(cases), out),
        Command::Contradictions {
            cases,
            out,
            adapters,
        } => cmd_contradictions(&cases_dir(cases), out, &adapters),
        Command::Evolution { cases, out } => cmd_evolution(&cases_dir(cases), out),
        Command::Adapters { json } => adapter_cli::adapters(json),
        Command::Ask {
            adapter,
            command,
            base,
            json,
            one_shot,
            doc,
            timeout_ms,
            input,
        } => adapter_cli::ask(adapter_cli::AskArgs {
            adapter,
            command,
            base: base.map(|b| os_bytes(&b)),
            input: os_bytes(&input),
            json,
            one_shot,
            doc,
            timeout_ms,
        }),
        Command::Fuzz(args) => urlcert::fuzz::cli::main(args),
        Command::FuzzNightlyReport(args) => urlcert::fuzz::nightly::main(args),
        Command::Matrix(args) => urlcert::matrix::main(args),
        Command::Bench {
            quick,
            json,
            rounds,
            max_seconds,
            cases,
        } => cmd_bench(quick, json, rounds, max_seconds, &cases_dir(cases)),
        Command::Guard { .. } => ExitCode::SUCCESS,
    }
}

fn cmd_bench(
    quick: bool,
    json: bool,
    rounds: Option<usize>,
    max_seconds: Option<f64>,
    dir: &std::path::Path,
) -> ExitCode {
    use urlcert::bench;
    let budget = bench::Budget {
        rounds: rounds.unwrap_or(if quick { 5 } else { 11 }),
        max_seconds: max_seconds.unwrap_or(if quick { 30.0 } else { 120.0 }),
    };
    if budget.rounds == 0 || budget.max_seconds.is_nan() || budget.max_seconds <= 0.0 {
        eprintln!("urlcert bench: --rounds and --max-seconds must be positive");
        return ExitCode::from(2);
    }
    let loaded = match bench::load_cases(dir) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("urlcert bench: {e}");
            return ExitCode::from(2);
        }
    };
    let result = bench::run_counting(&loaded, budget, Some(&alloc_count::count));
    if json {
        emit(&format!("{result}\n"));
    } else {
        emit(&bench::render(&result));
    }
    ExitCode::SUCCESS
}

/// Writes to standard output. A reader that has gone away (`urlcert trace ... | head`)
/// is not an error worth a panic: the rest of the output is dropped.
fn emit(text: &str) {
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
}

/// `cases/` in the working directory, or else the one in this source tree.
fn cases_dir(given: Option<PathBuf>) -> PathBuf {
    given.unwrap_or_else(|| {
        let here = PathBuf::from("cases");
        if here.is_dir() {
            here
        } else {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../cases")
        }
    })
}

fn os_bytes(s: &std::ffi::OsStr) -> Vec<u8> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        s.as_bytes().to_vec()
    }
    #[cfg(not(unix))]
    {
        s.to_string_lossy().into_owned().into_bytes()
    }
}

fn cmd_parse(doc: DocReading, json: bool, inputs: Vec<std::ffi::OsString>) -> ExitCode {
    let mut any_invalid = false;
    let done = each_input(inputs, "parse", |input, out| {
        let p = parse(doc, input);
        any_invalid |= matches!(p.verdict, Verdict::Invalid | Verdict::NotDefined);
        if json {
            serde_json::to_writer(&mut *out, &output::ParseLine::new(input, &p))?;
            out.write_all(b"\n")
        } else {
            out.write_all(output::parse_human(input, &p).as_bytes())
        }
    });
    done.map_or_else(|code| code, |()| ExitCode::from(u8::from(any_invalid)))
}

type Out = std::io::BufWriter<std::io::StdoutLock<'static>>;

/// Calls `answer` for each input: the arguments, or else each line of standard input (a
/// trailing "\n" or "\r\n" ends a line and is not part of it), one line at a time, so
/// memory is bounded by the longest line. The answers are flushed whenever no whole
/// line is waiting to be read, so each is out before urlcert waits for more input, and
/// a long piped input is still written in large blocks.
///
/// Err: the exit code, 2 when standard input cannot be read, 1 when standard output
/// is closed (the reader went away; nothing more to say).
fn each_input(
    args: Vec<std::ffi::OsString>,
    cmd: &str,
    mut answer: impl FnMut(&[u8], &mut Out) -> std::io::Result<()>,
) -> Result<(), ExitCode> {
    let mut out = std::io::BufWriter::with_capacity(64 * 1024, std::io::stdout().lock());
    let closed = |_| ExitCode::from(1);
    if !args.is_empty() {
        for arg in &args {
            answer(&os_bytes(arg), &mut out).map_err(closed)?;
        }
        return out.flush().map_err(closed);
    }
    // Our own buffer over stdin, because only a BufReader tells what it holds without
    // reading more.
    let mut input = std::io::BufReader::with_capacity(64 * 1024, std::io::stdin().lock());
    let mut line = Vec::new();
    loop {
        line.clear();
        match input.read_until(b'\n', &mut line) {
            Ok(0) => return out.flush().map_err(closed),
            Ok(_) => {}
            Err(e) => {
                let _ = out.flush();
                eprintln!("urlcert {cmd}: cannot read standard input: {e}");
                return Err(ExitCode::from(2));
            }
        }
        if line.ends_with(b"\n") {
            line.pop();
            if line.ends_with(b"\r") {
                line.pop();
            }
        }
        answer(&line, &mut out).map_err(closed)?;
        if !input.buffer().contains(&b'\n') {
            out.flush().map_err(closed)?;
        }
    }
}

fn cmd_resolve(
    doc: DocReading,
    base: &[u8],
    json: bool,
    trace: bool,
    references: Vec<std::ffi::OsString>,
) -> ExitCode {
    let mut any_unresolved = false;
    let done = each_input(references, "resolve", |reference, out| {
        let answer = resolve(doc, base, reference, trace);
        any_unresolved |= answer.is_err();
        if json {
            let line = output::ResolveLine::new(doc, base, reference, &answer, trace);
            serde_json::to_writer(&mut *out, &line)?;
            out.write_all(b"\n")
        } else {
            out.write_all(output::resolve_human(reference, &answer, trace).as_bytes())
        }
    });
    done.map_or_else(|code| code, |()| ExitCode::from(u8::from(any_unresolved)))
}

fn cmd_normalize(doc: DocReading, json: bool, inputs: Vec<std::ffi::OsString>) -> ExitCode {
    let mut any_not = false;
    let done = each_input(inputs, "normalize", |input, out| {
        any_not |= !urlcert::normalize::answer(doc, json, input, out)?;
        Ok(())
    });
    done.map_or_else(|code| code, |()| ExitCode::from(u8::from(any_not)))
}

fn load(dir: &std::path::Path) -> Result<cases::Suite, ExitCode> {
    cases::load_dir(dir).map_err(|errors| {
        for e in &errors {
            eprintln!("{e}");
        }
        eprintln!("urlcert: {} problem(s) in the case files", errors.len());
        ExitCode::from(2)
    })
}

fn cmd_contradictions(dir: &std::path::Path, out: Option<PathBuf>, names: &[String]) -> ExitCode {
    use urlcert::adapter::registry::{self, Found};
    let suite = match load(dir) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let text = if names.is_empty() {
        contradictions::render(&suite.cases)
    } else {
        let mut clients = Vec::new();
        for name in names.iter().chain(&registry::recorded_names()) {
            match registry::by_name(name, Default::default()) {
                Some(Found::Ready(a)) => clients.push(a),
                Some(Found::Unavailable { why, .. }) => eprintln!(
                    "urlcert contradictions: {} is unavailable: {}",
                    urlcert::text::visible(name),
                    urlcert::text::visible(&why)
                ),
                None => {
                    eprintln!(
                        "urlcert contradictions: unknown adapter `{}` (see `urlcert adapters`)",
                        urlcert::text::visible(name)
                    );
                    return ExitCode::from(2);
                }
            }
        }
        contradictions::render_with(&suite.cases, &mut clients)
    };
    let Some(path) = out else {
        emit(&text);
        return ExitCode::SUCCESS;
    };
    match write_atomic(&path, &text) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!(
                "urlcert contradictions: cannot write {}: {e}",
                path.display()
            );
            ExitCode::from(2)
        }
    }
}

/// Written beside the target and renamed over it, so a failure leaves the old file.
fn write_atomic(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    std::fs::write(&tmp, text).and_then(|()| std::fs::rename(&tmp, path))
}

fn cmd_evolution(dir: &std::path::Path, out: Option<PathBuf>) -> ExitCode {
    let suite = match load(dir) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let out = out.unwrap_or_else(|| dir.parent().unwrap_or(dir).join("reports"));
    let steps = evolution::build(&suite.cases);
    for (name, text) in [
        ("evolution.md", evolution::markdown(&steps)),
        ("evolution.html", evolution::html_page(&steps)),
    ] {
        let path = out.join(name);
        if let Err(e) = write_atomic(&path, &text) {
            eprintln!("urlcert evolution: cannot write {}: {e}", path.display());
            return ExitCode::from(2);
        }
        emit(&format!("wrote {}\n", path.display()));
    }
    ExitCode::SUCCESS
}

fn cmd_corpus(dir: &std::path::Path, out: Option<PathBuf>) -> ExitCode {
    let suite = match load(dir) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let out = out.unwrap_or_else(|| dir.parent().unwrap_or(dir).join("corpus"));
    match urlcert::corpus::write(&out, &urlcert::corpus::seeds(&suite.cases)) {
        Ok(w) => {
            emit(&format!(
                "{} seeds in {}: {} added, {} changed, {} removed\n",
                w.total,
                out.display(),
                w.added,
                w.changed,
                w.removed
            ));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("urlcert corpus: cannot write {}: {e}", out.display());
            ExitCode::from(2)
        }
    }
}

fn cmd_check(dir: &std::path::Path) -> ExitCode {
    match load(dir) {
        Ok(suite) => {
            emit(&format!(
                "{} cases in {} files: ok\n",
                suite.cases.len(),
                suite.files.len()
            ));
            ExitCode::SUCCESS
        }
        Err(code) => code,
    }
}

/// The `reports/` folder beside the cases folder.
fn reports_root(cases: &std::path::Path) -> PathBuf {
    cases.parent().unwrap_or(cases).join("reports")
}

/// `harness/expected/` in the working directory, or else the one in this source tree.
fn expected_dir() -> PathBuf {
    let here = PathBuf::from("harness/expected");
    if here.is_dir() {
        here
    } else {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("expected")
    }
}

fn progress(what: &str) {
    eprintln!("urlcert: asking {}", urlcert::text::visible(what));
}

/// Where a run's reports go: `--out` and `--resume`.
struct ReportOut {
    out: Option<PathBuf>,
    resume: bool,
}

/// Runs `plan` into its journal and writes its reports; on failure, says what failed
/// and gives the exit code.
fn run_and_write(
    cmd: &str,
    plan: certify::Plan,
    dir: &std::path::Path,
    out: ReportOut,
) -> Result<(report::Run, Vec<runner::CaseResult>, PathBuf), ExitCode> {
    let fail = |what: String| {
        eprintln!("urlcert {cmd}: {}", urlcert::text::visible(&what));
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
    let (run, results) = certify::execute_into(
        plan,
        provenance,
        &urlcert::compare::judge,
        &mut |w: &str| progress(w),
        &mut journal,
    )
    .map_err(|e| {
        fail(format!(
            "cannot write the journal in {}: {e}",
            target.display()
        ))
    })?;
    journal.finish(&run).map_err(|e| {
        fail(format!(
            "cannot write the reports to {}: {e}",
            target.display()
        ))
    })?;
    Ok((run, results, target))
}

fn cmd_run(dir: &std::path::Path, out: ReportOut, names: &[String]) -> ExitCode {
    let suite = match load(dir) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let mut registry = certify::Registry;
    let candidates = if names.is_empty() {
        registry.all()
    } else {
        let mut found = Vec::new();
        for name in names.iter().filter(|n| *n != certify::REFERENCE) {
            match registry.by_name(name) {
                Some(c) => found.push(c),
                None => {
                    eprintln!(
                        "urlcert run: unknown adapter `{}` (see `urlcert adapters`)",
                        urlcert::text::visible(name)
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
    let (run, results, out) = match run_and_write("run", plan, dir, out) {
        Ok(x) => x,
        Err(code) => return code,
    };
    emit(&runner::failure_report(&results));
    emit(&report::summary::table(&run));
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

#[allow(clippy::too_many_arguments)]
fn cmd_certify(
    dir: &std::path::Path,
    adapter: Option<String>,
    command: Option<Vec<String>>,
    one_shot: bool,
    doc: Option<certify::DocFilter>,
    out: ReportOut,
    expected: Option<PathBuf>,
    strict: bool,
    update_expected: bool,
) -> ExitCode {
    let v = urlcert::text::visible;
    let suite = match load(dir) {
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
    match (adapter.as_deref(), command) {
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
                    "urlcert certify: unknown adapter `{}` (see `urlcert adapters`)",
                    v(name)
                );
                return ExitCode::from(2);
            }
        },
        (None, Some(argv)) => match registry.command(&argv, one_shot) {
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
    let (run, _, out) = match run_and_write("certify", plan, dir, out) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let Some(name) = run.columns.first().map(|c| c.name.clone()) else {
        return ExitCode::from(2);
    };
    let list = expected.unwrap_or_else(|| certify::expected_path(&expected_dir(), &name));
    let mut entries = match certify::read_expected(&list) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("urlcert certify: {e}");
            return ExitCode::from(2);
        }
    };
    let records: Vec<&report::Record> = report::records_of(&run, &name).collect();
    if update_expected {
        let text = certify::render_expected(&name, &entries, &records, doc);
        if let Err(e) = write_atomic(&list, &text) {
            eprintln!("urlcert certify: cannot write {}: {e}", list.display());
            return ExitCode::from(2);
        }
        emit(&format!("wrote {}\n", list.display()));
        entries = certify::parse_expected(&text).unwrap_or_default();
    }
    let standing = certify::check_expected(&entries, &records, &suite, doc);
    if strict {
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
    ExitCode::from(u8::from(strict && !standing.ok()))
}

/// `urlcert adapters` and `urlcert ask` (issue 5).
mod adapter_cli {
    use super::emit;
    use serde_json::{json, Value};
    use std::process::ExitCode;
    use urlcert::adapter::process::{describe, Limits};
    use urlcert::adapter::registry::{self, Found};
    use urlcert::adapter::{Adapter, Answer, Info};
    use urlcert::compare::mapped;
    use urlcert::text::visible;

    fn op_names(info: &Info) -> Vec<String> {
        info.operations
            .iter()
            .map(|op| {
                serde_json::to_value(op)
                    .map_or_else(|_| "?".into(), |v| v.as_str().unwrap_or("?").to_string())
            })
            .collect()
    }

    fn model_name(info: &Info) -> String {
        serde_json::to_value(info.model)
            .ok()
            .and_then(|v| v.as_str().map(String::from))
            .unwrap_or_default()
    }

    pub fn adapters(as_json: bool) -> ExitCode {
        let mut text = String::new();
        for found in registry::all(Limits::default()) {
            match &found {
                Found::Ready(a) => {
                    let info = a.info();
                    if as_json {
                        let v = json!({
                            "name": info.name,
                            "available": true,
                            "version": info.version,
                            "model": info.model,
                            "operations": info.operations,
                            "argv": info.argv,
                        });
                        text.push_str(&format!("{v}\n"));
                    } else {
                        let how = match &info.argv {
                            Some(argv) => format!("{argv:?}"),
                            None => "in-process".into(),
                        };
                        text.push_str(&format!(
                            "{:<34} available    {:?}, model {}, {}; {how}\n",
                            visible(&info.name),
                            info.version,
                            model_name(info),
                            op_names(info).join(" and "),
                        ));
                    }
                }
                Found::Unavailable { name, why, install } => {
                    if as_json {
                        let v = json!({
                            "name": name, "available": false, "why": why, "install": install,
                        });
                        text.push_str(&format!("{v}\n"));
                    } else {
                        text.push_str(&format!(
                            "{:<34} unavailable  {}; install: {}\n",
                            visible(name),
                            visible(why),
                            visible(install)
                        ));
                    }
                }
            }
        }
        emit(&text);
        ExitCode::SUCCESS
    }

    pub struct AskArgs {
        pub adapter: Option<String>,
        pub command: Vec<String>,
        pub base: Option<Vec<u8>>,
        pub input: Vec<u8>,
        pub json: bool,
        pub one_shot: bool,
        pub doc: urlcert_reference::Document,
        pub timeout_ms: u64,
    }

    fn text_fields(v: &mut Value, key: &str, bytes: &[u8]) {
        v[key] = Value::String(String::from_utf8_lossy(bytes).into_owned());
        if std::str::from_utf8(bytes).is_err() {
            let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
            v[format!("{key}_hex")] = Value::String(hex);
        }
    }

    pub fn ask(args: AskArgs) -> ExitCode {
        let limits = Limits {
            timeout: std::time::Duration::from_millis(args.timeout_ms),
            ..Limits::default()
        };
        let mut adapter: Box<dyn Adapter> = match &args.adapter {
            Some(name) => match registry::open(name, args.one_shot, limits) {
                Some(Found::Ready(a)) => a,
                Some(Found::Unavailable { name, why, install }) => {
                    eprintln!(
                        "urlcert ask: {} is unavailable: {} (install: {})",
                        visible(&name),
                        visible(&why),
                        visible(&install)
                    );
                    return ExitCode::from(2);
                }
                None => {
                    eprintln!(
                        "urlcert ask: no adapter named {name:?}; `urlcert adapters` lists them: {}",
                        registry::names().join(", ")
                    );
                    return ExitCode::from(2);
                }
            },
            None => match registry::command(args.command.clone(), args.one_shot, limits) {
                Ok(a) => a,
                Err(fault) => {
                    eprintln!(
                        "urlcert ask: the command {:?} did not start: {}",
                        args.command,
                        visible(&describe(&fault))
                    );
                    return ExitCode::from(2);
                }
            },
        };
        let answer = match &args.base {
            Some(base) => adapter.resolve(base, &args.input),
            None => adapter.parse(&args.input),
        };
        let info = adapter.info();
        let verdict = match &answer {
            Answer::Parsed { .. } | Answer::Resolved { .. } | Answer::Links { .. } => "valid",
            Answer::Rejected { .. } => "invalid",
            Answer::Unsupported { .. } => "unsupported",
            Answer::Fault { .. } => "fault",
        };
        if args.json {
            let mut v = json!({
                "adapter": info.name,
                "version": info.version,
                "model": info.model,
                "op": if args.base.is_some() { "resolve" } else { "parse" },
                "verdict": verdict,
            });
            text_fields(&mut v, "input", &args.input);
            match &args.base {
                Some(base) => {
                    text_fields(&mut v, "base", base);
                    v["result"] = Value::Null;
                }
                None => {
                    v["base"] = Value::Null;
                    v["components"] = Value::Null;
                }
            }
            match &answer {
                Answer::Parsed { components } => {
                    let input = String::from_utf8_lossy(&args.input);
                    v["doc"] = json!(args.doc.id());
                    v["components"] = json!(mapped(info.model, args.doc, &input, components));
                    v["adapter_components"] = json!(components);
                }
                Answer::Resolved { result } => v["result"] = json!(result),
                Answer::Links { links } => v["links"] = json!(links),
                Answer::Rejected { message } => v["message"] = json!(message),
                Answer::Unsupported { why } => v["why"] = json!(why),
                Answer::Fault { fault } => v["fault"] = json!(fault),
            }
            emit(&format!("{v}\n"));
        } else {
            let input = String::from_utf8_lossy(&args.input);
            let mut text = match &args.base {
                Some(base) => format!(
                    "{input:?} against {:?} by {} ({:?}, model {})\n",
                    String::from_utf8_lossy(base),
                    visible(&info.name),
                    info.version,
                    model_name(info)
                ),
                None => format!(
                    "{input:?} by {} ({:?}, model {})\n",
                    visible(&info.name),
                    info.version,
                    model_name(info)
                ),
            };
            match &answer {
                Answer::Parsed { components } => {
                    let show =
                        |v: &Option<String>| v.as_ref().map_or("null".into(), |s| format!("{s:?}"));
                    text.push_str(&format!("  valid; as {} names it:\n", args.doc));
                    for (name, value) in mapped(info.model, args.doc, &input, components) {
                        text.push_str(&format!("  {name:<16} {}\n", show(&value)));
                    }
                    text.push_str("  as the adapter says it:\n");
                    for (name, value) in components {
                        text.push_str(&format!("  {:<16} {}\n", visible(name), show(value)));
                    }
                }
                Answer::Resolved { result } => text.push_str(&format!("  -> {result:?}\n")),
                Answer::Links { links } => {
                    for l in links {
                        text.push_str(&format!("  {:?} -> {:?}\n", l.href, l.result));
                    }
                }
                Answer::Rejected { message } => text.push_str(&format!("  invalid: {message:?}\n")),
                Answer::Unsupported { why } => text.push_str(&format!("  unsupported: {why:?}\n")),
                Answer::Fault { fault } => {
                    text.push_str(&format!("  fault: {}\n", visible(&describe(fault))))
                }
            }
            emit(&text);
        }
        ExitCode::from(match verdict {
            "valid" => 0,
            "fault" => 3,
            _ => 1,
        })
    }
}
