//! `urlcert matrix`: every available adapter asked the shared basis, scored per
//! document (`urlcert::study::matrix`).

use std::path::PathBuf;
use std::process::ExitCode;
use urlcert::ask::Engine;
use urlcert::run::certify::{AdapterSource as _, Candidate};
use urlcert::study::matrix::{self, basis, journal::AnswerJournal, Answered};

/// `urlcert matrix`'s arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The folder to write into (default: reports/matrix/ beside the cases folder):
    /// matrix.json, nearest.json, matrix.md, matrix.html, and answers.jsonl (every answer, as it
    /// came). It must be new, empty, or an earlier urlcert report, which is then
    /// replaced in one step; the report is built in OUT.partial/ meanwhile.
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

/// An adapter, its answers to the basis in order, and the seconds they took.
type Asked = (Box<dyn Engine>, Vec<Option<urlcert::ask::Answer>>, f64);

fn fail(what: &str) -> ExitCode {
    eprintln!("urlcert matrix: {}", urlcert::report::text::visible(what));
    ExitCode::from(2)
}

/// Runs `urlcert matrix`. Exit status: 0 when the files are written; 2 on a usage
/// error, an unknown adapter, case files that do not load, or a folder that cannot be
/// used or resumed.
pub fn main(args: Args) -> ExitCode {
    let started = std::time::Instant::now();
    let dir = urlcert::assets::cases_dir(args.cases);
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
    let columns = urlcert::run::certify::columns(&plan);
    let journal_plan = urlcert::run::journal::Plan {
        format: matrix::FORMAT,
        command: matrix::journal::COMMAND.into(),
        provenance,
        filter: None,
        columns: columns.clone(),
    };
    let mut journal = match AnswerJournal::open(&target, args.resume, journal_plan) {
        Ok(j) => j,
        Err(r) => return fail(&r.0),
    };
    if journal.resumed_answers() > 0 {
        eprintln!(
            "urlcert matrix: resuming {}: {} answers kept",
            target.display(),
            journal.resumed_answers()
        );
    }
    let basis = basis::of_suite(&suite);
    let mut asked: Vec<Asked> = Vec::new();
    for (mut adapter, col) in plan.adapters.into_iter().zip(&columns) {
        eprintln!(
            "urlcert: asking {}",
            urlcert::report::text::visible(&format!("{} ({})", col.name, col.version))
        );
        let turn = std::time::Instant::now();
        match matrix::ask_each(&basis, adapter.as_mut(), &col.name, &mut journal) {
            Ok(answers) => asked.push((adapter, answers, turn.elapsed().as_secs_f64())),
            Err(e) => {
                return fail(&format!(
                    "cannot write the journal in {}: {e}",
                    target.display()
                ))
            }
        }
    }
    let answered: Vec<Answered> = asked
        .iter()
        .zip(&columns)
        .map(|((engine, answers, _), column)| Answered {
            column,
            info: engine.info(),
            answers,
        })
        .collect();
    let m = matrix::build(
        &basis,
        journal.plan().provenance.clone(),
        &answered,
        plan.unavailable,
    );
    if let Err(e) = journal.finish(&matrix::render_files(&m)) {
        return fail(&format!("cannot write {}: {e}", target.display()));
    }
    let mut text = String::new();
    for (p, (_, _, secs)) in m.parsers.iter().zip(&asked) {
        text.push_str(&format!(
            "{:<34} nearest {:<24} {:>7.1} s\n",
            urlcert::report::text::visible(&p.adapter),
            p.nearest,
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
