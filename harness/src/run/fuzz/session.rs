//! A campaign in its report folder, as `urlcert fuzz` runs it: the folder is built in
//! `OUT.partial/` as the campaign goes ([`super::journal`]), published into `OUT` at the
//! end; a resumed session continues a campaign whose process was killed. The command
//! line (its arguments, progress bar and summary) is the binary's; this takes plain
//! [`Options`] and returns the campaign.

use super::journal::{self, Header, Start};
use super::{report, Campaign, Config, Limit, Seeds, Status};
use crate::ask::process::{Limits, Persistent};
use crate::ask::registry::{self, Found};
use crate::ask::{Engine, Info};
use crate::report::outdir;
use crate::report::text::visible as v;
use crate::Error;
use std::path::{Path, PathBuf};
use std::time::Duration;
use urlcert_reference::DocReading;

/// The fault injection of the resume tests: abort right after this iteration.
const ABORT_AFTER: &str = "URLCERT_FUZZ_ABORT_AFTER";

/// What to run: `urlcert fuzz`'s options. Whatever is `None` (or empty) is the
/// stopped campaign's own when resuming, else the default.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Registered adapters, by name.
    pub adapters: Vec<String>,
    /// An external adapter's argv, asked after the registered ones.
    pub command: Vec<String>,
    /// Every adapter under this document; default: each under its nearest (one
    /// adapter alone: `draft-1996`).
    pub doc: Option<DocReading>,
    /// Default, without `iterations`, 60 s.
    pub time: Option<Duration>,
    pub iterations: Option<u64>,
    /// Default: from the clock.
    pub seed: Option<u64>,
    /// Default `reports/fuzz-<UTC time>/`; when resuming, the newest stopped one.
    pub out: Option<PathBuf>,
    /// Continue the campaign stopped in `out`'s work folder.
    pub resume: bool,
    /// The case files the seeds come from (default: `cases/`).
    pub cases: Option<PathBuf>,
    /// How long an external adapter may take to answer (default 5000).
    pub timeout_ms: Option<u64>,
    /// Worker threads (default: the number of cores).
    pub jobs: Option<usize>,
    /// A checkpoint at least every this many iterations besides every 2 s.
    pub checkpoint_execs: Option<u64>,
    /// The matrix's nearest documents (default: the checkout's `reports/nearest.json`).
    pub nearest: Option<PathBuf>,
}

/// What a session tells the one who runs it, as it goes.
pub trait Watch {
    /// A line worth showing (where the campaign starts from, what it resumes).
    fn note(&mut self, line: &str);
    /// The campaign begins, up to `limit`.
    fn begin(&mut self, limit: Limit);
    /// Where it is.
    fn progress(&mut self, status: Status);
    /// It has stopped; its report comes next.
    fn end(&mut self);
}

/// How a session ended well.
#[derive(Debug)]
pub enum Outcome {
    /// The stopped campaign had finished its report before it was killed: only the
    /// publishing into `out` was left, and it is done.
    Published { out: PathBuf },
    /// The campaign ran, and its report is published into `out`.
    Finished { campaign: Campaign, out: PathBuf },
}

/// `30s`, `10m`, `1h`, `2h30m`, or a number of seconds.
pub fn parse_duration(s: &str) -> Result<Duration, Error> {
    let s = s.trim();
    if s.is_empty() {
        return Err("empty duration".into());
    }
    if let Ok(n) = s.parse::<u64>() {
        return Ok(Duration::from_secs(n));
    }
    let mut total = 0u64;
    let mut num = String::new();
    for c in s.chars() {
        if c.is_ascii_digit() {
            num.push(c);
            continue;
        }
        let unit = match c {
            's' => 1,
            'm' => 60,
            'h' => 3600,
            _ => return Err(format!("`{s}`: a duration is like 30s, 10m or 1h").into()),
        };
        let n: u64 = num
            .parse()
            .map_err(|_| format!("`{s}`: a duration is like 30s, 10m or 1h"))?;
        total = total.saturating_add(n.saturating_mul(unit));
        num.clear();
    }
    if !num.is_empty() {
        return Err(format!("`{s}`: a number needs its unit (s, m or h)").into());
    }
    Ok(Duration::from_secs(total))
}

/// The campaign's folder, and the stopped campaign's header when resuming.
fn target(args: &Options, root: &Path) -> Result<(PathBuf, Option<Header>), Error> {
    if !args.resume {
        let out = args.out.clone().unwrap_or_else(|| {
            let stamp = crate::report::run_names(std::time::SystemTime::now()).0;
            let stamp = stamp.trim_start_matches("run-").to_string();
            root.join("reports").join(format!("fuzz-{stamp}"))
        });
        // Refused before any adapter starts, and before anything but what killed
        // writers left is touched.
        if outdir::stopped(&out).map_err(|r| r.to_string())? {
            let work = outdir::work_path(&out);
            return Err(format!(
                "{} holds a campaign that was stopped before it finished: continue it with --resume --out {}, or remove that folder",
                work.display(),
                out.display()
            ).into());
        }
        return Ok((out, None));
    }
    let out = match &args.out {
        Some(out) => out.clone(),
        None => newest_partial(&root.join("reports"))?,
    };
    let work = outdir::work_path(&out);
    if !outdir::stopped(&out).map_err(|r| r.to_string())? {
        let finished = out.join(journal::HEADER).is_file();
        return Err(format!(
            "nothing to resume: {} holds no stopped campaign{}",
            work.display(),
            if finished {
                format!(" ({} is a campaign that finished)", out.display())
            } else {
                String::new()
            }
        )
        .into());
    }
    let header = journal::read_header(&work)?;
    Ok((out, Some(header)))
}

/// The newest `fuzz-*.partial` folder in `reports` that a stopped campaign left, as
/// its target (without `.partial`).
fn newest_partial(reports: &Path) -> Result<PathBuf, Error> {
    let none = || {
        format!(
            "no stopped campaign to resume in {} (a fuzz-*.partial folder): give --out",
            reports.display()
        )
    };
    let entries = std::fs::read_dir(reports).map_err(|_| none())?;
    let mut found: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("fuzz-") && n.ends_with(".partial"))
                && p.join(outdir::IN_PROGRESS).is_file()
        })
        .collect();
    // fuzz-YYYYMMDD-HHMMSS: the names sort as the times do.
    found.sort();
    let newest = found.pop().ok_or_else(none)?;
    let name = newest
        .file_name()
        .and_then(|n| n.to_str())
        .and_then(|n| n.strip_suffix(".partial"))
        .ok_or_else(none)?
        .to_string();
    Ok(newest.with_file_name(name))
}

/// An adapter, started, and how.
type Started = (Start, Box<dyn Engine>);

/// Starts every adapter, in order.
fn start_adapters(starts: &[Start], limits: Limits) -> Result<Vec<Started>, Error> {
    let mut adapters: Vec<Started> = Vec::new();
    for start in starts {
        let adapter = match start {
            Start::Adapter(name) => match registry::by_name(name, limits) {
                Some(Found::Ready(a)) => a,
                Some(Found::Unavailable { why, install, .. }) => {
                    return Err(format!(
                        "adapter `{name}` is unavailable here: {why} (install: {install})"
                    )
                    .into())
                }
                None => {
                    return Err(format!(
                        "unknown adapter `{name}`{} (known: {})",
                        registry::did_you_mean(name),
                        registry::names().join(", ")
                    )
                    .into())
                }
            },
            Start::Command(argv) => {
                let mut a = Persistent::start(argv.clone(), limits).map_err(|f| {
                    format!(
                        "the command {argv:?} did not start: {}",
                        crate::ask::process::describe(&f)
                    )
                })?;
                let taken: Vec<&str> = adapters
                    .iter()
                    .map(|(_, a)| a.info().name.as_str())
                    .collect();
                if let Some(name) = command_name(&a.info().name, &taken) {
                    a.rename(&name);
                }
                Box::new(a)
            }
        };
        adapters.push((start.clone(), adapter));
    }
    Ok(adapters)
}

/// The name a `--command` adapter files its buckets under, when the name its hello
/// gives is not its own to take: a registered adapter's, the reference's, or another
/// adapter's of the campaign (`taken`). A command is never the registered adapter,
/// whatever it says.
fn command_name(hello: &str, taken: &[&str]) -> Option<String> {
    let registered = registry::names();
    let free = |name: &str| {
        name != "reference" && !taken.contains(&name) && !registered.iter().any(|n| n == name)
    };
    if free(hello) {
        return None;
    }
    // Two commands may both say `url`: the second is `url (command 2)`.
    (1..)
        .map(|n| match n {
            1 => format!("{hello} (command)"),
            n => format!("{hello} (command {n})"),
        })
        .find(|name| free(name))
}

/// What a campaign is to be, its options resolved: what is not given is the stopped
/// campaign's own, or the default.
#[derive(Clone, Debug)]
pub struct Plan {
    /// `None`: each adapter under its nearest document ([`super::lanes`]).
    pub doc: Option<DocReading>,
    pub seed: u64,
    pub limit: Limit,
    pub timeout_ms: u64,
    pub starts: Vec<Start>,
    pub jobs: Option<usize>,
    /// The case inputs, bases and references the lanes start from.
    pub seeds: Seeds,
    /// Why the seeds are the built-in ones, when they are.
    pub seeds_note: Option<String>,
    /// The cases, for each bucket's nearest case.
    pub index: std::sync::Arc<super::explain::CaseIndex>,
    pub nearest: Option<PathBuf>,
    pub checkpoint_execs: Option<u64>,
    pub abort_after: Option<u64>,
}

impl Plan {
    fn of(args: &Options, recorded: Option<&Header>) -> Result<Plan, Error> {
        let abort_after = match std::env::var(ABORT_AFTER) {
            Ok(v) => Some(
                v.parse::<u64>()
                    .map_err(|_| format!("{ABORT_AFTER}={v:?} is not a number"))?,
            ),
            Err(_) => None,
        };
        let doc = match (args.doc, recorded) {
            (Some(d), _) => Some(d),
            (None, Some(h)) if h.lanes.is_empty() => Some(
                h.doc
                    .parse()
                    .map_err(|e| format!("{}: its document: {e}", journal::HEADER))?,
            ),
            (None, Some(_)) => None,
            (None, None) => None,
        };
        let seed = match (args.seed, recorded) {
            (Some(s), _) => s,
            (None, Some(h)) => h.seed,
            (None, None) => std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos() as u64)
                .unwrap_or(1),
        };
        let limit = match (args.iterations, args.time, recorded) {
            (Some(n), _, _) => Limit::Iterations(n),
            (None, Some(d), _) => Limit::Time(d),
            (None, None, Some(h)) => h.limit,
            (None, None, None) => Limit::Time(Duration::from_secs(60)),
        };
        let timeout_ms = args
            .timeout_ms
            .or(recorded.map(|h| h.timeout_ms))
            .unwrap_or(5000);
        let mut starts: Vec<Start> = args.adapters.iter().cloned().map(Start::Adapter).collect();
        if !args.command.is_empty() {
            starts.push(Start::Command(args.command.clone()));
        }
        if starts.is_empty() {
            if let Some(h) = recorded {
                starts = match h.lanes.is_empty() {
                    true => h.adapters.iter().map(|a| a.start.clone()).collect(),
                    false => h.lanes.iter().map(|l| l.lane.start.clone()).collect(),
                };
            }
        }
        if starts.is_empty() {
            return Err("give --adapter NAME or --command ARG...".into());
        }
        let cases = crate::assets::cases_dir(args.cases.clone());
        let (seeds, seeds_note, index) = match crate::case::load_dir(&cases) {
            Ok(suite) => (
                Seeds::from_loaded(&suite.cases),
                None,
                super::explain::CaseIndex::of(&suite.cases),
            ),
            Err(errors) => (
                Seeds::builtin(),
                Some(format!(
                    "the cases in {} do not load: {}; starting from built-in seeds",
                    cases.display(),
                    v(&errors.first().map(|e| e.to_string()).unwrap_or_default())
                )),
                super::explain::CaseIndex::default(),
            ),
        };
        Ok(Plan {
            doc,
            seed,
            limit,
            timeout_ms,
            starts,
            jobs: args.jobs,
            seeds,
            seeds_note,
            index: std::sync::Arc::new(index),
            nearest: args.nearest.clone(),
            checkpoint_execs: args.checkpoint_execs,
            abort_after,
        })
    }

    fn limits(&self) -> Limits {
        Limits {
            timeout: Duration::from_millis(self.timeout_ms),
            ..Limits::default()
        }
    }
}

/// Runs a campaign in its report folder (or, resuming, finishes a stopped one). A
/// campaign of one adapter is one lane in the folder itself; of several, one lane per
/// adapter, each under its own document with its own workers ([`super::lanes`]). An
/// error on an unknown or unavailable adapter, a folder that cannot be used or resumed,
/// or a report that cannot be written.
pub fn run(args: &Options, watch: &mut dyn Watch) -> Result<Outcome, Error> {
    // The checkout's reports/ inside a checkout, else reports/ in the working directory.
    let root = crate::assets::checkout().unwrap_or_default();
    let (out, recorded) = target(args, &root)?;
    if let Some(h) = &recorded {
        let work = outdir::work_path(&out);
        if h.result.is_some() && !journal::has_checkpoint(&work)? {
            // Killed between writing its report and publishing it: only the publishing
            // is left to do.
            let w = outdir::Work::open(&out, "fuzz", true).map_err(|r| r.to_string())?;
            w.publish()
                .map_err(|e| format!("cannot publish {}: {e}", out.display()))?;
            return Ok(Outcome::Published { out });
        }
    }
    let plan = Plan::of(args, recorded.as_ref())?;
    let several = match &recorded {
        Some(h) => !h.lanes.is_empty(),
        None => plan.starts.len() > 1,
    };
    let work = outdir::Work::open(&out, "fuzz", recorded.is_some()).map_err(|r| r.to_string())?;
    let dir = work.path().to_path_buf();
    let campaign = if several {
        super::lanes::run(&plan, &dir, recorded.as_ref(), watch)?
    } else {
        let start = &plan.starts[0];
        let lane = match &recorded {
            Some(h) => Lane {
                start: start.clone(),
                doc: plan.doc.unwrap_or(super::lanes::FALLBACK.into()),
                why: h.why.clone(),
            },
            None => super::lanes::Nearest::read(plan.nearest.as_deref()).lane(start, plan.doc),
        };
        watch.note(&format!("under {} ({})", lane.doc, lane.why));
        let jobs = plan
            .jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
        campaign_in(&dir, &plan, &lane, jobs, recorded.as_ref(), watch, true)?
    };
    work.publish().map_err(|e| {
        format!(
            "cannot publish {} into {}: {e}",
            dir.display(),
            out.display()
        )
    })?;
    Ok(Outcome::Finished { campaign, out })
}

/// One adapter of a campaign and the document it is judged under.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Lane {
    pub start: Start,
    #[serde(with = "doc_text")]
    pub doc: DocReading,
    /// Why that document: `given` (`--doc`), or the matrix's nearest with its margin.
    pub why: String,
}

/// A document as its id (`rfc3986`, `draft-1996@lenient`).
mod doc_text {
    use serde::{Deserialize, Deserializer, Serializer};
    use urlcert_reference::DocReading;

    pub fn serialize<S: Serializer>(d: &DocReading, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&d.to_string())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<DocReading, D::Error> {
        String::deserialize(d)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

/// Runs (or, with `recorded`, resumes) the campaign of `plan`'s adapters in the work
/// folder `dir`: its header, its journal as it goes, then its report. With `rewrite`, the
/// journal is replaced by the report's list of buckets at the end; a lane of several
/// keeps its checkpoints, so that a resumed campaign can take its state back.
pub fn campaign_in(
    dir: &Path,
    plan: &Plan,
    lane: &Lane,
    jobs: usize,
    recorded: Option<&Header>,
    watch: &mut dyn Watch,
    rewrite: bool,
) -> Result<Campaign, Error> {
    let limits = plan.limits();
    let starts = std::slice::from_ref(&lane.start);
    let doc = lane.doc;
    let started = start_adapters(starts, limits)?;
    let infos: Vec<(Start, Info)> = started
        .iter()
        .map(|(s, a)| (s.clone(), a.info().clone()))
        .collect();
    let mut adapters: Vec<Box<dyn Engine>> = started.into_iter().map(|(_, a)| a).collect();
    if let Some(n) = &plan.seeds_note {
        watch.note(n);
    }
    let mut config = Config::new(doc, plan.seed, plan.limit, plan.seeds.clone());
    config.why = lane.why.clone();
    config.abort_after = plan.abort_after;
    if let Some(n) = plan.checkpoint_execs {
        config.checkpoint_execs = n.max(1);
    }
    let now = crate::report::run_names(std::time::SystemTime::now()).1;
    let header = Header::new(
        &config,
        &infos,
        plan.timeout_ms,
        super::grammar_available(doc),
        recorded.map_or(now, |h| h.started.clone()),
    );
    if let Some(h) = recorded {
        let differences = h.differences(&header);
        if !differences.is_empty() {
            return Err(format!(
                "cannot resume the campaign in {}: {} (leave an option out to take the campaign's own)",
                dir.display(),
                differences.join("; ")
            ).into());
        }
    }
    let cannot = |what: &str, e: &dyn std::fmt::Display| {
        format!("cannot write {} into {}: {e}", what, dir.display())
    };
    let saved = match recorded {
        None => {
            journal::write_header(dir, &header).map_err(|e| cannot(journal::HEADER, &e))?;
            super::Saved::default()
        }
        Some(h) => {
            let r = journal::restore(dir, doc, &h.started)?;
            // The journal goes on from its last checkpoint; what followed is made again.
            let mut kept = r.kept.join("\n");
            if !kept.is_empty() {
                kept.push('\n');
            }
            outdir::write_file(dir, journal::JOURNAL, &kept)
                .map_err(|e| cannot(journal::JOURNAL, &e))?;
            if h.result.is_none() {
                watch.note(&format!(
                    "resuming {} at execution {} of {} ({} buckets{})",
                    dir.display(),
                    r.saved.execs,
                    h.limit,
                    r.saved.buckets.len(),
                    match r.dropped {
                        0 => String::new(),
                        1 => "; the journal line after its last checkpoint is made again".into(),
                        n => format!(
                            "; the {n} journal lines after its last checkpoint are made again"
                        ),
                    }
                ));
            }
            r.saved
        }
    };
    let mut record = journal::CampaignJournal::open(dir, doc, plan.seed)
        .map_err(|e| cannot(journal::JOURNAL, &e))?;
    let names: Vec<&str> = infos.iter().map(|(_, i)| i.name.as_str()).collect();
    watch.note(&format!(
        "seed {}, document {doc}, adapters {}, {jobs} job(s)",
        plan.seed,
        v(&names.join(",")),
    ));
    crate::run::interrupt::graceful();
    watch.begin(plan.limit);
    let mut on_progress = |s: Status| watch.progress(s);
    let (campaign, failed) = if jobs <= 1 {
        super::run_from(
            &config,
            &mut adapters,
            &crate::run::interrupt::STOP,
            &mut on_progress,
            &mut record,
            saved,
        )
    } else {
        // Each worker starts its own adapters; the ones started here told who they are.
        drop(adapters);
        adapters = Vec::new();
        let make = || -> Result<Vec<Box<dyn Engine>>, String> {
            Ok(start_adapters(starts, limits)?
                .into_iter()
                .map(|(_, a)| a)
                .collect())
        };
        super::run_jobs(
            &config,
            jobs,
            &make,
            &crate::run::interrupt::STOP,
            &mut on_progress,
            &mut record,
            saved,
        )?
    };
    watch.end();
    drop(adapters);
    drop(record);
    if let Some(e) = failed {
        return Err(format!(
            "{}; what was found up to the last checkpoint is in {} (continue with --resume)",
            cannot(journal::JOURNAL, &e),
            dir.display()
        )
        .into());
    }
    let mut campaign = campaign;
    super::explain::annotate(&mut campaign, &plan.index);
    let mut header = header;
    header.result = Some(journal::outcome(&campaign));
    // The header's result before the journal is replaced: a kill in between leaves a
    // folder that --resume finishes from the journal.
    outdir::write_file(dir, journal::MARKDOWN, &report::markdown(&campaign))
        .map_err(|e| cannot(journal::MARKDOWN, &e))?;
    journal::write_header(dir, &header).map_err(|e| cannot(journal::HEADER, &e))?;
    if rewrite {
        outdir::write_file(dir, journal::JOURNAL, &report::jsonl(&campaign))
            .map_err(|e| cannot(journal::JOURNAL, &e))?;
    }
    Ok(campaign)
}

#[cfg(test)]
mod tests {
    use super::{command_name, parse_duration};
    use std::time::Duration;

    #[test]
    fn a_command_never_takes_a_registered_or_a_taken_name() {
        assert_eq!(command_name("url", &[]), Some("url (command)".into()));
        assert_eq!(
            command_name("reference", &[]),
            Some("reference (command)".into())
        );
        assert_eq!(
            command_name("mine", &["mine"]),
            Some("mine (command)".into())
        );
        assert_eq!(command_name("mine", &["url"]), None);
        assert_eq!(
            command_name("url", &["url", "url (command)"]),
            Some("url (command 2)".into())
        );
    }

    #[test]
    fn durations() {
        assert_eq!(parse_duration("30s"), Ok(Duration::from_secs(30)));
        assert_eq!(parse_duration("10m"), Ok(Duration::from_secs(600)));
        assert_eq!(parse_duration("1h"), Ok(Duration::from_secs(3600)));
        assert_eq!(parse_duration("1h30m"), Ok(Duration::from_secs(5400)));
        assert_eq!(parse_duration("45"), Ok(Duration::from_secs(45)));
        assert!(parse_duration("10x").is_err());
        assert!(parse_duration("m").is_err());
        assert!(parse_duration("1h30").is_err());
        assert!(parse_duration("").is_err());
    }
}
