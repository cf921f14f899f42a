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
    /// Default `draft-1996`.
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

/// Runs a campaign in its report folder (or, resuming, finishes a stopped one). An
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
    let abort_after = match std::env::var(ABORT_AFTER) {
        Ok(v) => Some(
            v.parse::<u64>()
                .map_err(|_| format!("{ABORT_AFTER}={v:?} is not a number"))?,
        ),
        Err(_) => None,
    };
    // Whatever is not given is the stopped campaign's own, or the default.
    let doc = match (args.doc, &recorded) {
        (Some(d), _) => d,
        (None, Some(h)) => h
            .doc
            .parse()
            .map_err(|e| format!("{}: its document: {e}", journal::HEADER))?,
        (None, None) => urlcert_reference::Document::Draft1996.into(),
    };
    let seed = match (args.seed, &recorded) {
        (Some(s), _) => s,
        (None, Some(h)) => h.seed,
        (None, None) => std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(1),
    };
    let limit = match (args.iterations, args.time, &recorded) {
        (Some(n), _, _) => Limit::Iterations(n),
        (None, Some(d), _) => Limit::Time(d),
        (None, None, Some(h)) => h.limit,
        (None, None, None) => Limit::Time(Duration::from_secs(60)),
    };
    let timeout_ms = args
        .timeout_ms
        .or(recorded.as_ref().map(|h| h.timeout_ms))
        .unwrap_or(5000);
    let mut starts: Vec<Start> = args.adapters.iter().cloned().map(Start::Adapter).collect();
    if !args.command.is_empty() {
        starts.push(Start::Command(args.command.clone()));
    }
    if starts.is_empty() {
        if let Some(h) = &recorded {
            starts = h.adapters.iter().map(|a| a.start.clone()).collect();
        }
    }
    if starts.is_empty() {
        return Err("give --adapter NAME or --command ARG...".into());
    }
    let limits = Limits {
        timeout: Duration::from_millis(timeout_ms),
        ..Limits::default()
    };
    let started = start_adapters(&starts, limits)?;
    let infos: Vec<(Start, Info)> = started
        .iter()
        .map(|(s, a)| (s.clone(), a.info().clone()))
        .collect();
    let mut adapters: Vec<Box<dyn Engine>> = started.into_iter().map(|(_, a)| a).collect();
    let cases = crate::assets::cases_dir(args.cases.clone());
    let seeds = match Seeds::from_cases(&cases) {
        Ok(s) => s,
        Err(e) => {
            watch.note(&format!("{}; starting from built-in seeds", v(e.message())));
            Seeds::builtin()
        }
    };
    let mut config = Config::new(doc, seed, limit, seeds);
    config.abort_after = abort_after;
    if let Some(n) = args.checkpoint_execs {
        config.checkpoint_execs = n.max(1);
    }
    let now = crate::report::run_names(std::time::SystemTime::now()).1;
    let header = Header::new(
        &config,
        &infos,
        timeout_ms,
        super::grammar_available(doc),
        recorded.as_ref().map_or(now, |h| h.started.clone()),
    );
    if let Some(h) = &recorded {
        let differences = h.differences(&header);
        if !differences.is_empty() {
            return Err(format!(
                "cannot resume the campaign in {}: {} (leave an option out to take the campaign's own)",
                outdir::work_path(&out).display(),
                differences.join("; ")
            ).into());
        }
    }
    let work = outdir::Work::open(&out, "fuzz", recorded.is_some()).map_err(|r| r.to_string())?;
    let dir = work.path().to_path_buf();
    let cannot = |what: &str, e: &dyn std::fmt::Display| {
        format!("cannot write {} into {}: {e}", what, dir.display())
    };
    let saved = match &recorded {
        None => {
            journal::write_header(&dir, &header).map_err(|e| cannot(journal::HEADER, &e))?;
            super::Saved::default()
        }
        Some(h) => {
            let r = journal::restore(&dir, doc, &h.started)?;
            // The journal goes on from its last checkpoint; what followed is made again.
            let mut kept = r.kept.join("\n");
            if !kept.is_empty() {
                kept.push('\n');
            }
            outdir::write_file(&dir, journal::JOURNAL, &kept)
                .map_err(|e| cannot(journal::JOURNAL, &e))?;
            watch.note(&format!(
                "resuming {} at execution {} of {} ({} buckets{})",
                dir.display(),
                r.saved.execs,
                h.limit,
                r.saved.buckets.len(),
                match r.dropped {
                    0 => String::new(),
                    1 => "; the journal line after its last checkpoint is made again".into(),
                    n =>
                        format!("; the {n} journal lines after its last checkpoint are made again"),
                }
            ));
            r.saved
        }
    };
    let mut record = journal::CampaignJournal::open(&dir, doc, seed)
        .map_err(|e| cannot(journal::JOURNAL, &e))?;
    let names: Vec<&str> = infos.iter().map(|(_, i)| i.name.as_str()).collect();
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    watch.note(&format!(
        "seed {seed}, document {doc}, adapters {}, {jobs} job(s)",
        v(&names.join(",")),
    ));
    crate::run::interrupt::graceful();
    watch.begin(limit);
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
            Ok(start_adapters(&starts, limits)?
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
    let mut header = header;
    header.result = Some(journal::outcome(&campaign));
    // The header's result before the journal is replaced: a kill in between leaves a
    // folder that --resume finishes from the journal.
    outdir::write_file(&dir, journal::MARKDOWN, &report::markdown(&campaign))
        .map_err(|e| cannot(journal::MARKDOWN, &e))?;
    journal::write_header(&dir, &header).map_err(|e| cannot(journal::HEADER, &e))?;
    outdir::write_file(&dir, journal::JOURNAL, &report::jsonl(&campaign))
        .map_err(|e| cannot(journal::JOURNAL, &e))?;
    work.publish().map_err(|e| {
        format!(
            "cannot publish {} into {}: {e}",
            dir.display(),
            out.display()
        )
    })?;
    Ok(Outcome::Finished { campaign, out })
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
