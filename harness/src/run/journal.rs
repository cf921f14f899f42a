//! The journal of a run or certification: what lets a killed run leave a usable partial
//! report and `--resume` finish it.
//!
//! In the work folder ([`crate::report::outdir`]) the run writes `run.json` first (the
//! provenance and the plan: which command, documents, reference, adapters and their
//! versions) and then appends every record to `results.jsonl` as it is made, one
//! flushed line each. The other report files are rendered from what is there now and
//! then: 2 s after the start, then after the reference or an adapter, or between, once
//! four times as long as the last rendering took has passed, so that rendering, which
//! grows with the records, stays a small share of the run. `--resume` checks that the plan is the same
//! (same case files, adapters, versions), takes the records already made, asks only the
//! rest, and writes the same report an uninterrupted run would have.

use crate::report::outdir::{self, Journal, Refused, Work};
use crate::report::{self, Column, Provenance, Record, Run};
use crate::run::certify::Sink;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::io;
use std::path::{Path, PathBuf};

/// `run.json`: what the run set out to do.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plan {
    pub format: u32,
    /// `run` or `certify`.
    pub command: String,
    pub provenance: Provenance,
    /// The documents in scope (`--doc`), or null for all.
    pub filter: Option<String>,
    /// The columns in order, each with the version its adapter reported.
    pub columns: Vec<Column>,
}

const FORMAT: u32 = 1;

/// The largest `run.json` a resumed run reads back, in bytes.
const MAX_PLAN_BYTES: u64 = 64 * 1024 * 1024;

/// How often the partial report is rendered again while records come in.
const REFRESH: std::time::Duration = std::time::Duration::from_secs(2);

/// A run's journal, open for writing.
pub struct RunJournal {
    work: Work,
    results: Journal,
    prior: HashMap<(String, String, String), Record>,
    /// The provenance the run carries: the original run's when resumed.
    provenance: Provenance,
    /// The partial report: the plan's columns and every record so far, prior first.
    so_far: Run,
    refreshed: std::time::Instant,
    /// How long to wait after `refreshed` before rendering again.
    refresh_every: std::time::Duration,
}

impl RunJournal {
    /// Opens the journal of `plan` in `target`'s work folder: a new one, or with
    /// `resume` the one a stopped run left, whose plan must be this one.
    pub fn open(target: &Path, resume: bool, plan: Plan) -> Result<RunJournal, Refused> {
        let work = Work::open(target, &plan.command, resume)?;
        let results_path = work.path().join(outdir::RESULTS_JOURNAL);
        let mut provenance = plan.provenance.clone();
        let columns = plan.columns.clone();
        let mut prior = HashMap::new();
        let mut kept = Vec::new();
        let plan = Plan {
            format: FORMAT,
            ..plan
        };
        if let Some(before) = begin(&work, &plan, "a run")? {
            provenance = before.provenance;
            kept = read_records(&results_path)?;
            prior = kept
                .iter()
                .map(|r| {
                    let key = (r.adapter.clone(), r.case.clone(), r.doc.clone());
                    (key, r.clone())
                })
                .collect();
        }
        let results = Journal::append(&results_path)
            .map_err(|e| Refused(format!("cannot write {}: {e}", results_path.display())))?;
        Ok(RunJournal {
            work,
            results,
            prior,
            so_far: Run {
                provenance: provenance.clone(),
                columns,
                unavailable: Vec::new(),
                records: kept,
                coverage: Vec::new(),
                ledgers: Vec::new(),
            },
            provenance,
            refreshed: std::time::Instant::now(),
            refresh_every: REFRESH,
        })
    }

    /// The provenance of the run (the original one's when resumed).
    pub fn provenance(&self) -> &Provenance {
        &self.provenance
    }

    /// How many records the stopped run had made.
    pub fn resumed_records(&self) -> usize {
        self.prior.len()
    }

    /// Writes the finished report and moves it into place.
    pub fn finish(self, run: &Run) -> io::Result<()> {
        self.finish_with(run, &[])
    }

    /// [`RunJournal::finish`] with `extra` files (name, contents) in the report too
    /// (`urlcert matrix`'s); their names must be ones [`outdir`] knows as a report's.
    pub fn finish_with(self, run: &Run, extra: &[(String, String)]) -> io::Result<()> {
        for (name, text) in report::render_all(run).iter().chain(extra) {
            outdir::write_file(self.work.path(), name, text)?;
        }
        drop(self.results);
        // The finished report holds the outcomes compressed, written just above.
        std::fs::remove_file(self.work.path().join(outdir::RESULTS_JOURNAL))?;
        self.work.publish()
    }
}

impl Sink for RunJournal {
    fn prior(&self, adapter: &str, case: &str, doc: &str) -> Option<Record> {
        self.prior
            .get(&(adapter.to_string(), case.to_string(), doc.to_string()))
            .cloned()
    }

    fn record(&mut self, record: &Record) -> io::Result<()> {
        self.results
            .line(&report::results_line(&self.provenance, record))?;
        self.so_far.records.push(record.clone());
        if self.refreshed.elapsed() >= self.refresh_every {
            let started = std::time::Instant::now();
            render_partial(self.work.path(), &self.so_far)?;
            self.rendered(started);
        }
        Ok(())
    }

    fn checkpoint(&mut self, run: &Run) -> io::Result<()> {
        if self.refreshed.elapsed() >= self.refresh_every {
            let started = std::time::Instant::now();
            render_partial(self.work.path(), run)?;
            self.rendered(started);
        }
        Ok(())
    }
}

impl RunJournal {
    /// A rendering that began at `started` is done: the next waits at least
    /// [`REFRESH`], and four times as long as this one took.
    fn rendered(&mut self, started: std::time::Instant) {
        self.refresh_every = REFRESH.max(started.elapsed() * 4);
        self.refreshed = std::time::Instant::now();
    }
}

/// Every report file but the outcomes (the journal holds them), from the run so far.
fn render_partial(dir: &Path, run: &Run) -> io::Result<()> {
    for (name, text) in report::render_all(run) {
        if name != outdir::RESULTS {
            outdir::write_file(dir, &name, &text)?;
        }
    }
    Ok(())
}

/// The start of a journal in `work`: when it resumes a stopped writer's (its
/// `run.json` is there), the plan that writer set out with, which must be `plan` but
/// for its provenance; otherwise `plan` is written as `run.json` and there is none.
/// `what` names the writer in an error (`a run`, `a matrix`).
pub(crate) fn begin(work: &Work, plan: &Plan, what: &str) -> Result<Option<Plan>, Refused> {
    let run_json = work.path().join("run.json");
    if work.resumed() && run_json.is_file() {
        let text = crate::user_file::read_text(&run_json, MAX_PLAN_BYTES)
            .map_err(|e| Refused(format!("{}: {e}", run_json.display())))?;
        let before: Plan = serde_json::from_str(&text).map_err(|e| {
            Refused(format!(
                "{}: not the plan of {what} ({e}); remove {} to start again",
                run_json.display(),
                work.path().display()
            ))
        })?;
        if let Some(diff) = differs(&before, plan) {
            return Err(Refused(format!(
                "cannot resume {}: {diff}; remove that folder to start again",
                work.path().display()
            )));
        }
        return Ok(Some(before));
    }
    let text = serde_json::to_string_pretty(plan).unwrap_or_default();
    outdir::write_file(work.path(), "run.json", &text)
        .map_err(|e| Refused(format!("cannot write {}: {e}", run_json.display())))?;
    Ok(None)
}

/// What makes `now` another plan than `before`, said for the user.
fn differs(before: &Plan, now: &Plan) -> Option<String> {
    if before.command != now.command {
        return Some(format!(
            "it was made by `urlcert {}`, not `urlcert {}`",
            before.command, now.command
        ));
    }
    if before.provenance.cases_sha256 != now.provenance.cases_sha256 {
        return Some("the case files changed since it started".into());
    }
    if before.filter != now.filter {
        return Some(format!(
            "it covers --doc {}, not {}",
            before.filter.as_deref().unwrap_or("(all)"),
            now.filter.as_deref().unwrap_or("(all)")
        ));
    }
    let names = |p: &Plan| -> Vec<String> {
        p.columns
            .iter()
            .map(|c| match &c.argv {
                Some(argv) => format!("{} ({}, run as {argv:?})", c.name, c.version),
                None => format!("{} ({})", c.name, c.version),
            })
            .collect()
    };
    if names(before) != names(now) {
        return Some(format!(
            "it asked {}, this run would ask {}",
            names(before).join(", "),
            names(now).join(", ")
        ));
    }
    None
}

/// The records of a journal, in its order. A line that is not a record names the
/// file and line.
fn read_records(path: &Path) -> Result<Vec<Record>, Refused> {
    let lines = outdir::read_lines(path)
        .map_err(|e| Refused(format!("cannot read {}: {e}", path.display())))?;
    lines
        .into_iter()
        .map(|(n, line)| {
            serde_json::from_str(&line).map_err(|e| {
                Refused(format!(
                    "{}:{n}: not a record ({e}); remove the folder to start again",
                    path.display()
                ))
            })
        })
        .collect()
}

/// The newest work folder a stopped run left in `root` (`run-*.partial` holding
/// `.in-progress`), for `--resume` without `--out`; the target it belongs to.
pub fn newest_stopped(root: &Path) -> Option<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(root)
        .ok()?
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            name.starts_with("run-")
                && name.ends_with(".partial")
                && p.join(outdir::IN_PROGRESS).is_file()
        })
        .collect();
    found.sort();
    let work = found.pop()?;
    let name = work
        .file_name()?
        .to_str()?
        .strip_suffix(".partial")?
        .to_string();
    Some(work.with_file_name(name))
}
