//! The matrix's journal: `run.json` (the plan: provenance, adapters and their versions)
//! first, then one line per answer in `answers.jsonl` as it comes, flushed, so that a
//! killed matrix keeps what it was told and `--resume` asks only the rest. The answers
//! are kept, not their judgements: the judge runs again on resume, and its classes are
//! what `matrix.json` counts.

use crate::ask::Answer;
use crate::report::outdir::{self, Journal, Refused, Work};
use crate::run::journal::{begin, Plan};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::io;
use std::path::Path;

/// `run.json`'s `command` for a matrix.
pub const COMMAND: &str = "matrix";

/// One line of `answers.jsonl`.
#[derive(Serialize, Deserialize)]
struct Line {
    adapter: String,
    /// The basis item's id (`p12`, `r3`).
    item: String,
    answer: Answer,
}

/// A matrix's journal, open for writing.
pub struct AnswerJournal {
    work: Work,
    lines: Journal,
    prior: HashMap<(String, String), Answer>,
    plan: Plan,
}

impl AnswerJournal {
    /// Opens the journal of `plan` in `target`'s work folder: a new one, or with
    /// `resume` the one a stopped matrix left, whose plan must be this one.
    pub fn open(target: &Path, resume: bool, plan: Plan) -> Result<AnswerJournal, Refused> {
        let work = Work::open(target, COMMAND, resume)?;
        let answers = work.path().join("answers.jsonl");
        let mut plan = plan;
        let mut prior = HashMap::new();
        if let Some(before) = begin(&work, &plan, "a matrix")? {
            plan.provenance = before.provenance;
            prior = read(&answers)?;
        }
        let lines = Journal::append(&answers)
            .map_err(|e| Refused(format!("cannot write {}: {e}", answers.display())))?;
        Ok(AnswerJournal {
            work,
            lines,
            prior,
            plan,
        })
    }

    /// The plan, with the original provenance when resumed.
    pub fn plan(&self) -> &Plan {
        &self.plan
    }

    /// How many answers the stopped matrix had.
    pub fn resumed_answers(&self) -> usize {
        self.prior.len()
    }

    /// The answer a stopped matrix got from `adapter` for `item`.
    pub fn prior(&self, adapter: &str, item: &str) -> Option<&Answer> {
        self.prior.get(&(adapter.to_string(), item.to_string()))
    }

    /// Records a new answer.
    pub fn record(&mut self, adapter: &str, item: &str, answer: &Answer) -> io::Result<()> {
        let line = Line {
            adapter: adapter.to_string(),
            item: item.to_string(),
            answer: answer.clone(),
        };
        self.lines
            .line(&serde_json::to_string(&line).map_err(io::Error::other)?)
    }

    /// Writes `files` (name, contents) and moves the report into place.
    pub fn finish(self, files: &[(String, String)]) -> io::Result<()> {
        for (name, text) in files {
            outdir::write_file(self.work.path(), name, text)?;
        }
        drop(self.lines);
        self.work.publish()
    }
}

/// The answers of a journal by (adapter, item). A line that is not an answer names
/// the file and line.
fn read(path: &Path) -> Result<HashMap<(String, String), Answer>, Refused> {
    let lines = outdir::read_lines(path)
        .map_err(|e| Refused(format!("cannot read {}: {e}", path.display())))?;
    lines
        .into_iter()
        .map(|(n, line)| {
            let l: Line = serde_json::from_str(&line).map_err(|e| {
                Refused(format!(
                    "{}:{n}: not an answer ({e}); remove the folder to start again",
                    path.display()
                ))
            })?;
            Ok(((l.adapter, l.item), l.answer))
        })
        .collect()
}
