//! `urlcert fuzz`: the arguments of a campaign, its progress bar and its summary. The
//! campaign, its report folder and its journal are `urlcert::run::fuzz::session`'s.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;
use urlcert::report::text::visible as v;
use urlcert::run::fuzz::session::{self, Options, Outcome, Watch};
use urlcert::run::fuzz::{report, Bucket, Campaign, Limit, Status};
use urlcert_reference::DocReading;

/// The arguments of `urlcert fuzz`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The adapters to compare with the reference, by name (`urlcert adapters`), comma
    /// separated or repeated: --adapter url,python-urllib.
    #[arg(
        long = "adapter",
        value_name = "A[,B...]",
        value_delimiter = ',',
        required_unless_present_any = ["command", "resume"]
    )]
    pub adapters: Vec<String>,
    /// An external program speaking the adapter protocol (ADAPTERS.md), one argument
    /// per --command: --command python3 --command my_adapter.py. Run as argv, never
    /// through a shell; asked after the --adapter ones.
    #[arg(long = "command", value_name = "ARG", allow_hyphen_values = true)]
    pub command: Vec<String>,
    /// The document (and reading) every adapter is judged under. Without it each
    /// adapter is judged under its nearest document in the parser matrix (--nearest),
    /// and an adapter the matrix does not name under draft-1996; the report says which
    /// and why.
    #[arg(long)]
    pub doc: Option<DocReading>,
    /// The matrix's nearest documents to read (default: the checkout's
    /// reports/nearest.json, which `urlcert matrix` writes as nearest.json).
    #[arg(long, value_name = "FILE")]
    pub nearest: Option<PathBuf>,
    /// How long to run: 30s, 10m, 1h (a bare number is seconds). The default, without
    /// --iterations, is 60s.
    #[arg(long, value_parser = session::parse_duration, conflicts_with = "iterations")]
    pub time: Option<Duration>,
    /// How many generated requests to make for each adapter (each adapter has its
    /// own lane, drawing from the same seed).
    #[arg(long)]
    pub iterations: Option<u64>,
    /// The seed of every random choice (default: from the clock; printed either way).
    #[arg(long)]
    pub seed: Option<u64>,
    /// The folder to write fuzz.md, fuzz.jsonl and campaign.json into (default
    /// reports/fuzz-<UTC time>/). It is built in OUT.partial/ while the campaign runs.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Continue the campaign that was stopped in --out's OUT.partial/ (default: the
    /// newest reports/fuzz-*.partial/) up to its own limit. Its document, seed, limit
    /// and adapters are taken from it; any given must be the same.
    #[arg(long)]
    pub resume: bool,
    /// Keep the newest N campaign folders (fuzz-*) in reports/ and remove older ones
    /// that urlcert wrote (a folder holding anything else is never removed); 0 keeps
    /// every one. A campaign written with --out is not counted.
    #[arg(long = "keep-runs", value_name = "N", default_value_t = urlcert::report::retention::KEEP_RUNS)]
    pub keep_runs: usize,
    /// Also write candidate YAML cases (`_candidates-<adapter>.yaml`) into this folder.
    #[arg(long, value_name = "DIR")]
    pub emit_cases: Option<PathBuf>,
    /// The case files the seeds come from (default: cases/).
    #[arg(long)]
    pub cases: Option<PathBuf>,
    /// How long an external adapter may take to answer, in milliseconds (default 5000).
    #[arg(long)]
    pub timeout_ms: Option<u64>,
    /// How many workers answer each lane's requests (default: the number of cores for
    /// one adapter, 1 per adapter for several, each adapter having its own lane).
    /// Each worker is a thread with its own adapter (an external adapter is started
    /// once per worker); requests are shared out by position and what they find is
    /// filed in position order, so the same seed and --iterations give the same buckets
    /// whatever N is.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
    pub jobs: Option<u32>,
    /// A checkpoint at least every N iterations besides every 2 s (for tests, which
    /// want checkpoints at known places; checkpoints change nothing found).
    #[arg(long, hide = true, value_name = "N")]
    pub checkpoint_execs: Option<u64>,
}

impl Args {
    fn options(self) -> Options {
        Options {
            adapters: self.adapters,
            command: self.command,
            doc: self.doc,
            time: self.time,
            iterations: self.iterations,
            seed: self.seed,
            out: self.out,
            resume: self.resume,
            cases: self.cases,
            timeout_ms: self.timeout_ms,
            jobs: self.jobs.map(|n| n as usize),
            checkpoint_execs: self.checkpoint_execs,
            nearest: self.nearest,
        }
    }
}

/// Runs `urlcert fuzz`. Exit status 0 when the campaign ran and its report is written
/// (discrepancies are what it is for), 2 on a usage error, an unknown or unavailable
/// adapter, a folder that cannot be used or resumed, or when the report cannot be
/// written.
pub fn main(args: Args) -> ExitCode {
    let emit = args.emit_cases.clone();
    let default_place = args.out.is_none();
    let keep = args.keep_runs;
    let mut bar = Bar(None);
    let outcome = session::run(&args.options(), &mut bar);
    if let (true, Ok(Outcome::Published { out } | Outcome::Finished { out, .. })) =
        (default_place, &outcome)
    {
        prune_campaigns(out, keep);
    }
    match outcome {
        Ok(Outcome::Published { out }) => {
            println!(
                "the campaign had finished; report: {}",
                out.join(urlcert::run::fuzz::journal::MARKDOWN).display()
            );
            ExitCode::SUCCESS
        }
        Ok(Outcome::Finished { campaign, out }) => finish(&campaign, &out, emit.as_deref()),
        Err(why) => {
            eprintln!("urlcert fuzz: {}", v(why.message()));
            ExitCode::from(2)
        }
    }
}

/// Keeps the newest `keep` campaign folders beside `out` (which is one of them), saying
/// on standard error what was removed.
fn prune_campaigns(out: &Path, keep: usize) {
    use urlcert::report::retention::{prune, Kind};
    let Some(root) = out.parent() else {
        return;
    };
    let (removed, failed) = prune(Kind::Campaign, root, keep, out);
    if !removed.is_empty() {
        eprintln!(
            "urlcert fuzz: removed {} older campaign folder{} from {} (keeping the newest {keep}; --keep-runs)",
            removed.len(),
            if removed.len() == 1 { "" } else { "s" },
            root.display(),
        );
    }
    for (path, e) in failed {
        eprintln!(
            "urlcert fuzz: cannot remove the old campaign {}: {e}",
            path.display()
        );
    }
}

/// The progress bar on standard error (drawn only on a terminal), with the limit it
/// counts to once the campaign begins.
struct Bar(Option<(ProgressBar, Limit)>);

impl Watch for Bar {
    fn note(&mut self, line: &str) {
        eprintln!("urlcert fuzz: {line}");
    }

    fn begin(&mut self, limit: Limit) {
        self.0 = Some((progress_bar(limit), limit));
    }

    fn progress(&mut self, s: Status) {
        let Some((bar, limit)) = &self.0 else {
            return;
        };
        match limit {
            Limit::Iterations(_) => bar.set_position(s.execs),
            Limit::Time(_) => bar.set_position(s.elapsed.as_secs()),
        }
        let rate = s.execs as f64 / s.elapsed.as_secs_f64().max(1e-9);
        bar.set_message(format!(
            "{} execs, {rate:.0}/s, {} buckets",
            s.execs, s.buckets
        ));
    }

    fn end(&mut self) {
        if let Some((bar, _)) = self.0.take() {
            bar.finish_and_clear();
        }
    }
}

fn progress_bar(limit: Limit) -> ProgressBar {
    let len = match limit {
        Limit::Iterations(n) => n,
        Limit::Time(d) => d.as_secs().max(1),
    };
    let bar = ProgressBar::new(len);
    if std::io::stderr().is_terminal() {
        bar.set_draw_target(ProgressDrawTarget::stderr());
        if let Ok(style) =
            ProgressStyle::with_template("[{elapsed_precise}] {bar:30} {pos}/{len} {msg}")
        {
            bar.set_style(style);
        }
    } else {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    bar
}

/// How many buckets of each kind the summary lists; fuzz.md has all of them.
const SHOWN: usize = 10;

/// The candidate cases and the summary, once the report is published: new buckets
/// first, then the known causes by name.
fn finish(c: &Campaign, out: &Path, emit: Option<&Path>) -> ExitCode {
    let mut code = ExitCode::SUCCESS;
    if let Some(dir) = emit {
        match report::emit_cases(c, dir) {
            Ok(files) => {
                for f in files {
                    println!("candidate cases: {}", f.display());
                }
            }
            Err(e) => {
                eprintln!(
                    "urlcert fuzz: cannot write candidate cases into {}: {e}",
                    dir.display()
                );
                code = ExitCode::from(2);
            }
        }
    }
    let (fresh, mut known): (Vec<&Bucket>, Vec<&Bucket>) =
        c.buckets.iter().partition(|b| b.known.is_none());
    let follows = known
        .iter()
        .filter(|b| b.known.as_ref().is_some_and(|k| k.followed().is_some()))
        .count();
    println!(
        "{} execs in {:.1} s ({:.0} exec/s, stopped by {}), seed {}: {} discrepancies in {} buckets: {} new, {} another document's answer, {} named causes",
        c.execs,
        c.duration.as_secs_f64(),
        c.exec_per_sec(),
        c.stop.id(),
        c.seed,
        c.discrepancies,
        c.buckets.len(),
        fresh.len(),
        follows,
        known.len() - follows
    );
    for lane in c.lanes.iter().filter(|l| l.failed.is_some()) {
        eprintln!(
            "urlcert fuzz: {} did not run: {}",
            v(&lane.adapter),
            v(lane.failed.as_deref().unwrap_or_default())
        );
    }
    // What nothing explains comes first: it is what a maintainer acts on.
    if !fresh.is_empty() {
        println!("new (no named cause or document explains them):");
    }
    for b in fresh.iter().take(SHOWN) {
        println!(
            "  {:>7}  {} {} {}{} [{}]  {}",
            b.count,
            v(&b.kind.adapter),
            b.kind.op,
            b.kind.class,
            b.kind
                .component
                .as_deref()
                .map(|c| format!(" {}", v(c)))
                .unwrap_or_default(),
            b.shape,
            report::escape(&b.request.input)
        );
    }
    if fresh.len() > SHOWN {
        println!("  ... {} more new", fresh.len() - SHOWN);
    }
    known.sort_by(|a, b| {
        let name = |x: &Bucket| x.known.as_ref().map(|k| k.name.clone()).unwrap_or_default();
        name(a)
            .cmp(&name(b))
            .then(a.kind.adapter.cmp(&b.kind.adapter))
    });
    if !known.is_empty() {
        println!("explained (a named cause, or another document's answer):");
    }
    for b in known.iter().take(SHOWN) {
        if let Some(k) = &b.known {
            let case = match c.nearest.get(&b.key()) {
                _ if !k.case.is_empty() => format!(" (case {})", v(&k.case)),
                Some(n) => format!(" (case {})", v(&n.id)),
                None => String::new(),
            };
            println!(
                "  {:>7}  {} {}: {}{case}",
                b.count,
                v(&b.kind.adapter),
                b.kind.op,
                v(&k.name),
            );
        }
    }
    if known.len() > SHOWN {
        println!("  ... {} more known", known.len() - SHOWN);
    }
    println!("report: {}", out.join("fuzz.md").display());
    code
}
