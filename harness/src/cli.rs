//! The `urlcert` command line: the subcommands, each with its help, and the dispatch to
//! the module that runs it (`cmd`, or the library where it does the work).

use crate::cmd;
use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "urlcert",
    version,
    about = "Conformance suite for the historical URL specifications"
)]
pub struct Cli {
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
    Parse(cmd::parse::Args),
    /// Resolve references against a base under a document: from the arguments, or one
    /// per line from stdin.
    ///
    /// Exit status: 0 when every reference has a result, 1 when the document gives none
    /// for some (it defines no relative form, or the base is not absolute), 2 on a usage
    /// error.
    Resolve(cmd::resolve::Args),
    /// Find the URLs in a text read from stdin, by one document's rules for URLs in
    /// running text: one line per URL, with its offsets and wrapper.
    ///
    /// Exit status: 0 when the document has such rules (whether or not any URL is
    /// found), 1 when it has none, 2 on a usage error.
    Extract(cmd::extract::Args),
    /// Normalise inputs under a document (its stated equivalences, in order): from the
    /// arguments, or one per line from stdin. Prints each normal form and its steps.
    ///
    /// Exit status: 0 when every input has a normal form, 1 when any has none (the
    /// document states no equivalence, or the input is not an absolute URL under it), 2
    /// on a usage error.
    Normalize(cmd::normalize::Args),
    /// The base of a document (an HTML file, a MIME message) and of each of its parts:
    /// which layer gave it (content, encapsulating entity, retrieval URL, default), with
    /// every layer considered and the notes on what breaks a rule.
    ///
    /// Exit status: 0 when every reference in the document has an absolute form, 1 when
    /// some has none under some document (or the document defines no base), 2 on a
    /// usage error or a document that cannot be read.
    Base(cmd::links::DocumentArgs),
    /// Every reference in a document (an HTML file, a MIME message) with its absolute
    /// form: the part it is in, its base and where that came from. `--doc all` shows
    /// each reference under every document side by side.
    ///
    /// Exit status as `base`.
    Links(cmd::links::DocumentArgs),
    /// The main job: every case file against the reference and every available
    /// adapter. Prints the reference's failures and a summary table, and writes the
    /// reports to reports/run-YYYYMMDD-HHMMSS/ (or --out).
    ///
    /// Exit status: 0 when the reference passes every case (adapters that disagree
    /// with the documents are what the reports are for, not an error), 1 when the
    /// reference fails a case, 2 on a usage error or when the reports cannot be written.
    Run(cmd::run::Args),
    /// Certify one parser: every case (or one document's) asked of it, the reports
    /// written (junit.xml marks the failures its expected-failure list names as
    /// skipped), its agreement per document printed, and one closing line saying how
    /// it stands against the list: with --strict, passed or failed, each unexpected
    /// outcome listed above it with what the document expects and what the parser gave.
    ///
    /// Exit status: 0, or with --strict 1 when an outcome is not in the list, a listed
    /// entry now agrees, a listed entry is stale, or there is no list; 2 on a usage
    /// error, an unknown or unavailable adapter, a malformed list, or when the reports
    /// cannot be written.
    Certify(cmd::certify::Args),
    /// One input under every document, oldest first: its verdict and components, or
    /// with --base its resolution. "*" marks a document whose answer differs from the
    /// one before it.
    Trace(cmd::trace::Args),
    /// One input (or, with --base, one reference) under every document, as `trace`
    /// shows it, and every available parser's answer beside it (or those named with
    /// --adapter): what each says, and which documents it agrees with and differs from.
    /// Parsers are asked in parallel; one that is unavailable is one line, one that
    /// hangs or crashes one faulted answer.
    ///
    /// Exit status: 0, 2 on a usage error or an unknown adapter.
    Compare(cmd::compare::Args),
    /// A page on 127.0.0.1 where you type a URL (and a base) and see, as you type,
    /// every document's answer with its trace, the cases nearest it with their quoted
    /// sentences, and every available parser's answer, differences marked. Loopback
    /// only; inputs bounded; Ctrl-C stops it.
    ///
    /// Exit status: 0 when stopped, 2 on a usage error, an unknown adapter or a port
    /// that cannot be used.
    Explore(cmd::explore::Args),
    /// Write the list of places where a document contradicts itself, generated from the
    /// cases (printed examples against the algorithm, the grammar against the
    /// document's own split, results against both). With --search, look for more by
    /// machine within a budget, and add what was found, run and skipped.
    ///
    /// Exit status: 0 (also when the search finds causes no case records), 2 on a usage
    /// error or when a file cannot be written.
    Contradictions(cmd::contradictions::Args),
    /// Write the evolution report (reports/evolution.md and reports/evolution.html):
    /// for each step from one document to the next, the cases whose verdict,
    /// components or resolution change, grouped by topic, with the citations.
    Evolution(cmd::evolution::Args),
    /// Write the fuzz targets' seed files into corpus/<target>/ (or --out), from the
    /// cases: one file per distinct seed, named by a short hash.
    Corpus(cmd::corpus::Args),
    /// Load and validate the case files without running them.
    Check(cmd::check::Args),
    /// Per document, which productions the cases (or fuzz corpora) make accept and
    /// reject, which resolution branches they take, which notes they raise, and which
    /// ambiguities they encode under one reading only; what is never reached, by name,
    /// against the reviewed exceptions (cases/_coverage-exceptions.yaml).
    ///
    /// Exit status: 0; with --check 1 when something is unreached outside the
    /// exceptions or (for the cases) an exception is no longer needed; 2 on a usage
    /// error, cases or exceptions that cannot be loaded, or a corpus folder that
    /// cannot be read.
    Coverage(cmd::coverage::Args),
    /// List every adapter: available or not (with why and the install command), its
    /// version (from its hello), model and operations.
    Adapters(cmd::adapters::Args),
    /// Ask one adapter about one input: its answer in the adapter's own component model.
    ///
    /// Exit status: 0 when it parsed or resolved, 1 when it rejected or could not
    /// express the request, 2 on a usage error or an unknown or unavailable adapter, 3
    /// when the adapter failed (crash, timeout, not the protocol, ...).
    Ask(cmd::ask::Args),
    /// Internal: the guard that ends what adapters started once urlcert has gone.
    #[command(name = "__guard", hide = true)]
    Guard {
        session: String,
        cgroup: Option<std::path::PathBuf>,
    },
    /// A differential campaign: generated and mutated inputs asked of the reference and
    /// of adapters, each discrepancy minimised and bucketed; writes fuzz.md, fuzz.jsonl
    /// and campaign.json into --out (default reports/fuzz-<UTC time>/), journaled in
    /// OUT.partial/ as it goes so that --resume continues a killed campaign.
    ///
    /// Exit status: 0 when the report is written, 2 on a usage error, an unknown or
    /// unavailable adapter, a folder that cannot be used or resumed, or when the report
    /// cannot be written.
    Fuzz(cmd::fuzz::Args),
    /// Internal (.ci/nightly): the coverage per libFuzzer target and the comparison
    /// with the previous night, as Markdown for nightly.md.
    #[command(name = "fuzz-nightly-report", hide = true)]
    FuzzNightlyReport(cmd::fuzz_nightly_report::Args),
    /// The parser matrix: the case suite against every available adapter (or those
    /// named), each parser scored under each document; writes matrix.json,
    /// nearest.json (each parser's nearest document, which campaigns read), matrix.md
    /// and matrix.html (with the run's usual reports) into --out (default
    /// reports/matrix/), journaled in OUT.partial/ so that --resume continues it.
    ///
    /// Exit status: 0 when the files are written, 2 on a usage error, an unknown
    /// adapter, or a folder that cannot be used or resumed.
    Matrix(cmd::matrix::Args),
    /// Benchmarks: the reference's RFC 1738 parse and 1996-draft resolution against the
    /// url crate, its RFC 3986 parse and resolution, its URL Standard parse against
    /// url::Url::parse (no target), python-urllib persistent against one process per
    /// input, and parse time at 1 MiB against 1 KiB. Prints each ratio with its target
    /// (BENCHMARKS.md).
    ///
    /// Exit status: 0 when the measurements ran (a missed target included), 2 on a
    /// usage error or when the cases cannot be loaded.
    Bench(cmd::bench::Args),
    /// Print a completion script for a shell: bash, zsh, fish, elvish or powershell.
    ///
    /// For example `urlcert completions bash > ~/.local/share/bash-completion/completions/urlcert`.
    Completions(cmd::completions::Args),
    /// Write the manual pages: urlcert.1 and one urlcert-<subcommand>.1 per
    /// subcommand, into --out; without --out, print urlcert.1.
    ///
    /// Exit status: 0 when the pages are written, 2 when they cannot be.
    Man(cmd::man::Args),
    /// Write the whole case set as one JSON document (cases/export.schema.json; the
    /// committed copy is cases/urlcert-cases.json), for parsers in any language.
    ///
    /// Exit status: 0 when written, 2 when the cases cannot be loaded or the file
    /// cannot be written.
    Export(cmd::export::Args),
}

/// Parses the command line and runs the subcommand; adapter processes it started are
/// ended before it returns.
pub fn main() -> ExitCode {
    use clap::{CommandFactory, FromArgMatches};
    // `--version` names the case set too; it is loaded only when asked for.
    let mut command = Cli::command();
    if std::env::args_os().any(|a| a == "--version" || a == "-V") {
        let text = urlcert::show::export::long_version(&cmd::cases_dir(None));
        command = command
            .version(text.clone().leak() as &str)
            .long_version(text.leak() as &str);
    }
    let cli = Cli::from_arg_matches(&command.get_matches()).unwrap_or_else(|e| e.exit());
    if let Command::Guard { session, cgroup } = &cli.command {
        urlcert::ask::lifetime::guard(session, cgroup.as_deref());
        return ExitCode::SUCCESS;
    }
    urlcert::ask::process::pass_env(cli.pass_env);
    urlcert::run::interrupt::install();
    if starts_adapters(&cli.command) {
        urlcert::ask::lifetime::become_subreaper();
        urlcert::ask::lifetime::start_guard();
    }
    let code = dispatch(cli.command);
    urlcert::ask::lifetime::kill_all();
    code
}

/// The commands that may start adapter processes.
fn starts_adapters(command: &Command) -> bool {
    matches!(
        command,
        Command::Run(_)
            | Command::Certify(_)
            | Command::Adapters(_)
            | Command::Ask(_)
            | Command::Compare(_)
            | Command::Explore(_)
            | Command::Fuzz(_)
            | Command::Matrix(_)
            | Command::Bench(_)
            | Command::Contradictions(_)
    )
}

fn dispatch(command: Command) -> ExitCode {
    match command {
        Command::Parse(args) => cmd::parse::main(args),
        Command::Resolve(args) => cmd::resolve::main(args),
        Command::Extract(args) => cmd::extract::main(args),
        Command::Normalize(args) => cmd::normalize::main(args),
        Command::Base(args) => cmd::links::main_base(args),
        Command::Links(args) => cmd::links::main_links(args),
        Command::Run(args) => cmd::run::main(args),
        Command::Certify(args) => cmd::certify::main(args),
        Command::Trace(args) => cmd::trace::main(args),
        Command::Contradictions(args) => cmd::contradictions::main(args),
        Command::Evolution(args) => cmd::evolution::main(args),
        Command::Corpus(args) => cmd::corpus::main(args),
        Command::Check(args) => cmd::check::main(args),
        Command::Coverage(args) => cmd::coverage::main(args),
        Command::Adapters(args) => cmd::adapters::main(args),
        Command::Ask(args) => cmd::ask::main(args),
        Command::Fuzz(args) => cmd::fuzz::main(args),
        Command::FuzzNightlyReport(args) => cmd::fuzz_nightly_report::main(args),
        Command::Matrix(args) => cmd::matrix::main(args),
        Command::Bench(args) => cmd::bench::main(args),
        Command::Compare(args) => cmd::compare::main(args),
        Command::Explore(args) => cmd::explore::main(args),
        Command::Completions(args) => cmd::completions::main(args),
        Command::Man(args) => cmd::man::main(args),
        Command::Export(args) => cmd::export::main(args),
        // Answered in `main` before anything else starts.
        Command::Guard { .. } => ExitCode::SUCCESS,
    }
}
