//! A campaign of several adapters: one lane per adapter, each a campaign of its own
//! ([`super::session::campaign_in`]) in `OUT.partial/lanes/<n>-<adapter>/`, run side by
//! side. Each lane judges its adapter under its own document (the matrix's nearest for
//! that parser, from `reports/nearest.json`, or `--doc` for all), draws its own
//! requests from the same seed, and has its own workers and the whole time budget, so
//! that a slow adapter (a text browser, a JVM started per request) is sampled at its
//! own pace while the fast ones keep theirs. Each lane journals, checkpoints and
//! resumes as a campaign of one adapter does; the campaign's report merges them
//! ([`super::merge`]).

use super::journal::{self, Header, Start};
use super::session::{campaign_in, Lane, Plan, Watch};
use super::{Campaign, Limit, Status};
use crate::report::outdir;
use crate::Error;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;
use urlcert_reference::{DocReading, Document};

/// The file `urlcert matrix` writes each parser's nearest document into, and where the
/// checkout keeps the last one committed.
pub const NEAREST: &str = "nearest.json";

/// The document an adapter is judged under when the matrix names none.
pub const FALLBACK: Document = Document::Draft1996;

/// One parser's row of `nearest.json`.
#[derive(Clone, Debug, serde::Deserialize)]
struct NearestRow {
    adapter: String,
    document: Option<String>,
    label: String,
    #[serde(default)]
    runner_up: Option<String>,
    #[serde(default)]
    margin: Option<u64>,
}

#[derive(Clone, Debug, serde::Deserialize)]
struct NearestFile {
    format: u32,
    parsers: Vec<NearestRow>,
}

/// The matrix's nearest documents, as read from `nearest.json`.
#[derive(Clone, Debug, Default)]
pub struct Nearest {
    path: Option<PathBuf>,
    rows: Vec<NearestRow>,
    /// Why there is none, when the file could not be read.
    missing: Option<String>,
}

impl Nearest {
    /// `path`, or the checkout's `reports/nearest.json`. A file that is missing or
    /// unreadable leaves every adapter to the fallback, and says why.
    pub fn read(path: Option<&Path>) -> Nearest {
        let path = match path {
            Some(p) => p.to_path_buf(),
            None => match crate::assets::checkout() {
                Some(root) => root.join("reports").join(NEAREST),
                None => {
                    return Nearest {
                        missing: Some("no checkout to find reports/nearest.json in".into()),
                        ..Nearest::default()
                    }
                }
            },
        };
        let read = std::fs::read_to_string(&path)
            .map_err(|e| e.to_string())
            .and_then(|t| serde_json::from_str::<NearestFile>(&t).map_err(|e| e.to_string()))
            .and_then(|f| match f.format {
                crate::study::matrix::render::NEAREST_FORMAT => Ok(f),
                n => Err(format!("format {n}, this urlcert reads format 1")),
            });
        match read {
            Ok(f) => Nearest {
                path: Some(path),
                rows: f.parsers,
                missing: None,
            },
            Err(e) => Nearest {
                missing: Some(format!("{}: {e}", path.display())),
                path: Some(path),
                rows: Vec::new(),
            },
        }
    }

    /// The lane of `start`: `doc` when given, else the matrix's nearest document for
    /// that adapter, else the fallback, each with why.
    pub fn lane(&self, start: &Start, doc: Option<DocReading>) -> Lane {
        let lane = |doc: DocReading, why: String| Lane {
            start: start.clone(),
            doc,
            why,
        };
        if let Some(d) = doc {
            return lane(d, "given (--doc)".into());
        }
        let fallback =
            |why: String| lane(FALLBACK.into(), format!("{why}; {FALLBACK}, the default"));
        let Start::Adapter(name) = start else {
            return fallback("a command is not in the matrix (give --doc)".into());
        };
        if let Some(why) = &self.missing {
            return fallback(format!("no nearest documents ({why})"));
        }
        let file = self
            .path
            .as_ref()
            .map_or("nearest.json".into(), |p| p.display().to_string());
        let Some(row) = self.rows.iter().find(|r| &r.adapter == name) else {
            return fallback(format!("not in the matrix ({file})"));
        };
        let Some(doc) = row.document.as_deref().and_then(|d| d.parse().ok()) else {
            return fallback(format!("the matrix cannot tell ({})", row.label));
        };
        let by = match (&row.runner_up, row.margin) {
            (Some(r), Some(m)) => format!(" by {m} inputs over {r}"),
            _ => String::new(),
        };
        let tie = if row.label.contains(" or ") {
            format!(", tied: {}", row.label)
        } else {
            String::new()
        };
        lane(doc, format!("nearest in the matrix{by}{tie}"))
    }
}

/// One lane as `campaign.json` lists it: its adapter, document and folder.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct LaneEntry {
    #[serde(flatten)]
    pub lane: Lane,
    /// Below `lanes/`.
    pub dir: String,
}

/// `3-python-urllib-urlsplit`: the lane's place and its adapter, safe as a file name.
fn lane_dir(i: usize, start: &Start) -> String {
    let name = match start {
        Start::Adapter(n) => n.clone(),
        Start::Command(argv) => format!(
            "command-{}",
            argv.last().map(String::as_str).unwrap_or_default()
        ),
    };
    let safe: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '-'
            }
        })
        .take(60)
        .collect();
    format!("{i:02}-{safe}")
}

/// What the lanes tell the one who runs them, gathered for the calling thread.
#[derive(Default)]
struct Shared {
    notes: Vec<String>,
    status: Vec<Option<Status>>,
}

struct LaneWatch<'a> {
    i: usize,
    name: String,
    shared: &'a Mutex<Shared>,
}

impl Watch for LaneWatch<'_> {
    fn note(&mut self, line: &str) {
        if let Ok(mut s) = self.shared.lock() {
            s.notes.push(format!("{}: {line}", self.name));
        }
    }
    fn begin(&mut self, _: Limit) {}
    fn progress(&mut self, status: Status) {
        if let Ok(mut s) = self.shared.lock() {
            s.status[self.i] = Some(status);
        }
    }
    fn end(&mut self) {}
}

/// The lanes' statuses as one: executions, buckets and discrepancies summed.
fn together(status: &[Option<Status>]) -> Status {
    let mut all = Status {
        execs: 0,
        elapsed: Duration::ZERO,
        buckets: 0,
        discrepancies: 0,
    };
    for s in status.iter().flatten() {
        all.execs += s.execs;
        all.elapsed = all.elapsed.max(s.elapsed);
        all.buckets += s.buckets;
        all.discrepancies += s.discrepancies;
    }
    all
}

/// Runs (or resumes) the lanes of `plan` in the work folder `dir`, writes the merged
/// report there, and returns it. A lane whose adapter does not start, or whose
/// campaign fails, is reported as such; the others go on.
pub fn run(
    plan: &Plan,
    dir: &Path,
    recorded: Option<&Header>,
    watch: &mut dyn Watch,
) -> Result<Campaign, Error> {
    let cannot = |what: &str, e: &dyn std::fmt::Display| {
        format!("cannot write {} into {}: {e}", what, dir.display())
    };
    let entries: Vec<LaneEntry> = match recorded {
        Some(h) => h.lanes.clone(),
        None => {
            let nearest = Nearest::read(plan.nearest.as_deref());
            plan.starts
                .iter()
                .enumerate()
                .map(|(i, s)| LaneEntry {
                    lane: nearest.lane(s, plan.doc),
                    dir: lane_dir(i, s),
                })
                .collect()
        }
    };
    let mut header = match recorded {
        Some(h) => h.clone(),
        None => {
            let h = Header::of_lanes(plan, &entries);
            journal::write_header(dir, &h).map_err(|e| cannot(journal::HEADER, &e))?;
            h
        }
    };
    for e in &entries {
        let at = &e.lane;
        watch.note(&format!(
            "{}: under {} ({})",
            crate::report::text::visible(&at.start.to_string()),
            at.doc,
            at.why
        ));
    }
    let jobs = plan.jobs.unwrap_or(1);
    let shared = Mutex::new(Shared {
        notes: Vec::new(),
        status: vec![None; entries.len()],
    });
    watch.begin(plan.limit);
    let results: Vec<Result<Campaign, Error>> = std::thread::scope(|scope| {
        let handles: Vec<_> = entries
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let shared = &shared;
                scope.spawn(move || -> Result<Campaign, Error> {
                    let lane_dir = dir.join("lanes").join(&e.dir);
                    std::fs::create_dir_all(&lane_dir)
                        .map_err(|err| format!("cannot make {}: {err}", lane_dir.display()))?;
                    let lane_recorded = if lane_dir.join(journal::HEADER).is_file() {
                        Some(journal::read_header(&lane_dir)?)
                    } else {
                        None
                    };
                    let mut w = LaneWatch {
                        i,
                        name: e.lane.start.to_string(),
                        shared,
                    };
                    campaign_in(
                        &lane_dir,
                        plan,
                        &e.lane,
                        jobs,
                        lane_recorded.as_ref(),
                        &mut w,
                        false,
                    )
                })
            })
            .collect();
        loop {
            let done = handles.iter().all(|h| h.is_finished());
            if let Ok(mut s) = shared.lock() {
                for n in s.notes.drain(..) {
                    watch.note(&n);
                }
                watch.progress(together(&s.status));
            }
            if done {
                break;
            }
            std::thread::sleep(Duration::from_millis(200));
        }
        handles
            .into_iter()
            .map(|h| {
                h.join().unwrap_or_else(|payload| {
                    // A panic is a bug in urlcert: its message is what a report of it needs.
                    let message = payload
                        .downcast_ref::<&str>()
                        .map(|m| m.to_string())
                        .or_else(|| payload.downcast_ref::<String>().cloned())
                        .unwrap_or_default();
                    Err(format!("the lane's thread panicked (a bug in urlcert): {message}").into())
                })
            })
            .collect()
    });
    watch.end();
    let mut campaigns = Vec::new();
    let mut ran = Vec::new();
    let mut failed = Vec::new();
    for (e, r) in entries.iter().zip(results) {
        match r {
            Ok(c) => {
                ran.extend(
                    c.adapters
                        .iter()
                        .map(|info| journal::AdapterEntry::of(&e.lane.start, info)),
                );
                campaigns.push(c);
            }
            Err(why) => failed.push((e.lane.clone(), why.message().to_string())),
        }
    }
    if campaigns.is_empty() {
        let whys: Vec<String> = failed
            .iter()
            .map(|(l, why)| format!("{}: {why}", l.start))
            .collect();
        return Err(format!("no lane ran: {}", whys.join("; ")).into());
    }
    let merged = super::merge(campaigns, &failed);
    header.adapters = ran;
    header.result = Some(journal::outcome(&merged));
    outdir::write_file(dir, journal::MARKDOWN, &super::report::markdown(&merged))
        .map_err(|e| cannot(journal::MARKDOWN, &e))?;
    journal::write_header(dir, &header).map_err(|e| cannot(journal::HEADER, &e))?;
    outdir::write_file(dir, journal::JOURNAL, &super::report::jsonl(&merged))
        .map_err(|e| cannot(journal::JOURNAL, &e))?;
    Ok(merged)
}
