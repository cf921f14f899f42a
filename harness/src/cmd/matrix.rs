//! `urlcert matrix`: the suite against every available adapter, scored per document.

use std::path::PathBuf;
use std::process::ExitCode;
use urlcert::run::certify::{AdapterSource as _, Candidate};
use urlcert::study::matrix;
use urlcert_reference::Document;

/// `urlcert matrix`'s arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The folder to write into (default: reports/matrix/ beside the cases folder):
    /// matrix.json, matrix.md, matrix.html, and the run's usual reports. It must be new,
    /// empty, or an earlier urlcert report, which is then replaced in one step; the
    /// report is built in OUT.partial/ meanwhile.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Only these adapters (repeatable; default: every available one).
    #[arg(long = "adapter", value_name = "NAME")]
    pub adapters: Vec<String>,
    /// The folder of case files.
    #[arg(long)]
    pub cases: Option<PathBuf>,
    /// Continue a matrix run that was stopped, from OUT.partial/: what it answered is
    /// kept; the rest is asked. The adapters and case files must be the same.
    #[arg(long)]
    pub resume: bool,
}

fn fail(what: &str) -> ExitCode {
    eprintln!("urlcert matrix: {}", urlcert::report::text::visible(what));
    ExitCode::from(2)
}

/// `--cases`, else the checkout's `cases/`, else the built-in cases (urlcert::assets).
fn cases_dir(given: Option<PathBuf>) -> PathBuf {
    urlcert::assets::cases_dir(given)
}

/// Runs `urlcert matrix`. Exit status: 0 when the files are written; 2 on a usage
/// error, an unknown adapter, case files that do not load, or a folder that cannot be
/// used or resumed.
pub fn main(args: Args) -> ExitCode {
    let started = std::time::Instant::now();
    let dir = cases_dir(args.cases);
    let suite = match urlcert::case::load_dir(&dir) {
        Ok(s) => s,
        Err(errors) => {
            for e in &errors {
                eprintln!("{e}");
            }
            return fail(&format!("{} problem(s) in the case files", errors.len()));
        }
    };
    let mut source = urlcert::run::certify::Registry;
    let candidates = if args.adapters.is_empty() {
        source.all()
    } else {
        let mut found = Vec::new();
        for name in &args.adapters {
            match source.by_name(name) {
                Some(c) => found.push(c),
                None => {
                    return fail(&format!(
                        "unknown adapter `{name}`{} (see `urlcert adapters`)",
                        urlcert::ask::registry::did_you_mean(name)
                    ))
                }
            }
        }
        found
    };
    let mut plan = urlcert::run::certify::Plan {
        suite: &suite,
        filter: None,
        reference: false,
        adapters: Vec::new(),
        unavailable: Vec::new(),
    };
    for c in candidates {
        match c {
            Candidate::Ready(a) => plan.adapters.push(a),
            Candidate::Unavailable(u) => {
                eprintln!(
                    "urlcert matrix: {} is unavailable: {}",
                    urlcert::report::text::visible(&u.name),
                    urlcert::report::text::visible(&u.why)
                );
                plan.unavailable.push(u);
            }
        }
    }
    let provenance = match urlcert::run::certify::provenance(&suite) {
        Ok(p) => p,
        Err(e) => return fail(&format!("cannot hash the case files: {e}")),
    };
    let target = args
        .out
        .unwrap_or_else(|| urlcert::assets::beside_cases(&dir, "reports").join("matrix"));
    let journal_plan = urlcert::run::journal::Plan {
        format: 1,
        command: "matrix".into(),
        provenance,
        filter: None,
        columns: urlcert::run::certify::columns(&plan),
    };
    let mut journal =
        match urlcert::run::journal::RunJournal::open(&target, args.resume, journal_plan) {
            Ok(j) => j,
            Err(r) => return fail(&r.0),
        };
    if journal.resumed_records() > 0 {
        eprintln!(
            "urlcert matrix: resuming {}: {} records kept",
            target.display(),
            journal.resumed_records()
        );
    }
    let provenance = journal.provenance().clone();
    // When each adapter's turn began: its wall time is up to the next one's.
    let mut turns: Vec<std::time::Instant> = Vec::new();
    let ran = urlcert::run::certify::execute_into(
        plan,
        provenance,
        &urlcert::judge::judge,
        &mut |w: &str| {
            turns.push(std::time::Instant::now());
            eprintln!("urlcert: asking {}", urlcert::report::text::visible(w));
        },
        &mut journal,
    );
    turns.push(std::time::Instant::now());
    let run = match ran {
        Ok((run, _)) => run,
        Err(e) => {
            return fail(&format!(
                "cannot write the journal in {}: {e}",
                target.display()
            ))
        }
    };
    let m = matrix::build(&run);
    if let Err(e) = journal.finish_with(&run, &matrix::render_files(&m)) {
        return fail(&format!("cannot write {}: {e}", target.display()));
    }
    let mut text = String::new();
    for (i, p) in m.parsers.iter().enumerate() {
        let secs = match (turns.get(i), turns.get(i + 1)) {
            (Some(a), Some(b)) => b.duration_since(*a).as_secs_f64(),
            _ => 0.0,
        };
        let near = p
            .nearest
            .as_deref()
            .and_then(|n| n.parse::<Document>().ok());
        let shown = near
            .and_then(|d| matrix::percent(p.documents.get(d)))
            .unwrap_or_default();
        text.push_str(&format!(
            "{:<34} nearest {:<10} {:>6}  {:>7.1} s\n",
            urlcert::report::text::visible(&p.adapter),
            near.map_or("none", |d| d.id()),
            shown,
            secs
        ));
    }
    text.push_str(&format!(
        "{} parsers ({} unavailable) in {:.1} s; wrote {}\n",
        m.parsers.len(),
        m.unavailable.len(),
        started.elapsed().as_secs_f64(),
        target.display()
    ));
    use std::io::Write as _;
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    ExitCode::SUCCESS
}
