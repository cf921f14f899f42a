//! What a campaign writes while it runs, so that a kill loses nothing it found and
//! `--resume` continues it.
//!
//! The journal file itself (appended and flushed line by line, a torn last line dropped
//! on reading) is [`crate::report::outdir::Journal`], the same as a run's
//! ([`crate::run::journal`]); the two schemas differ because a run journals records to
//! be rendered again and a campaign journals the state to be resumed.
//!
//! The report folder is built in `OUT.partial/` ([`crate::report::outdir`]):
//!
//! - `campaign.json`, written before the first request: what makes the campaign the
//!   same one again (document, seed, limit, adapters with their versions and how they
//!   were started, the seeds' digest, the caps), when it began, and once it has ended
//!   its `result`.
//! - `fuzz.jsonl`, the journal: one JSON object per line, appended and flushed as it
//!   happens, each with a `type`:
//!   - `bucket`: a bucket opened, written once its example is minimised: the fields of
//!     the final report's lines (`key`, `adapter`, `op`, `class`, `component`, `shape`,
//!     `count`, `input`, `base`, `expected`, `actual`, ...), the texts whole, with
//!     `index` (the order of opening), `opened_by` (the generated input that opened it)
//!     and `shape_bits`;
//!   - `example` (read, no longer written): a bucket's example replaced by a smaller
//!     one, from campaigns that minimised a kind more than once;
//!   - `checkpoint`: the whole state between two iterations: `session`, `execs`,
//!     `discrepancies`, `overflow`, `minimise_evals`, `elapsed_ms`, per bucket (by
//!     index) `counts` and `evals`, and `minimisations` per kind.
//! - `fuzz.md`, rendered from the state at a checkpoint (at most every 2 s), marked as
//!   in progress.
//!
//! A resumed campaign keeps the journal up to its last checkpoint, drops what follows
//! (those iterations are made again, and find the same), and restores the state from
//! it. When the campaign ends, `fuzz.jsonl` is rewritten as the report's list of
//! buckets (`bucket` lines only, final counts, texts bounded) and the folder is
//! published.

use super::{
    report, Bucket, Campaign, Checkpoint, Config, FindingClass, FindingKind, Limit, Record,
    Request, RequestOp, Saved,
};
use crate::ask::{Info, Model, Operation};
use crate::report::outdir;
use crate::Error;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value as Json};
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use urlcert_reference::DocReading;

/// The version of `campaign.json` and of the journal's lines.
pub const FORMAT: u32 = 1;
pub const HEADER: &str = "campaign.json";
/// The largest campaign header read back, in bytes.
const MAX_HEADER_BYTES: u64 = 16 * 1024 * 1024;
pub const JOURNAL: &str = "fuzz.jsonl";
pub const MARKDOWN: &str = "fuzz.md";
/// `fuzz.md` is rendered at a checkpoint at most this often.
const RENDER_EVERY: Duration = Duration::from_secs(2);

/// How an adapter of a campaign was started.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Start {
    /// A registered adapter, by name (`--adapter`).
    Adapter(String),
    /// An external program, as argv (`--command`).
    Command(Vec<String>),
}

impl std::fmt::Display for Start {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Start::Adapter(name) => write!(f, "--adapter {name}"),
            Start::Command(argv) => write!(f, "--command {argv:?}"),
        }
    }
}

/// One adapter of a campaign: how it was started and who it said it was.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AdapterEntry {
    pub start: Start,
    pub name: String,
    pub version: String,
    pub model: Model,
    pub operations: Vec<Operation>,
}

/// What the campaign starts from, summed up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeedsDigest {
    pub inputs: usize,
    pub bases: usize,
    pub references: usize,
    /// SHA-256 of every seed, each list in order, each item length-prefixed.
    pub sha256: String,
}

impl SeedsDigest {
    pub fn of(s: &super::Seeds) -> SeedsDigest {
        use sha2::{Digest, Sha256};
        let mut h = Sha256::new();
        for list in [&s.inputs, &s.bases, &s.references] {
            h.update((list.len() as u64).to_le_bytes());
            for item in list {
                h.update((item.len() as u64).to_le_bytes());
                h.update(item);
            }
        }
        SeedsDigest {
            inputs: s.inputs.len(),
            bases: s.bases.len(),
            references: s.references.len(),
            sha256: h.finalize().iter().map(|b| format!("{b:02x}")).collect(),
        }
    }
}

/// The bounds of the work, which decide what is minimised and bucketed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Caps {
    pub max_buckets: usize,
    pub max_minimise_evals: usize,
    pub max_minimisations_per_key: usize,
    pub resolve_percent: u64,
}

impl Caps {
    pub fn of(c: &Config) -> Caps {
        Caps {
            max_buckets: c.max_buckets,
            max_minimise_evals: c.max_minimise_evals,
            max_minimisations_per_key: c.max_minimisations_per_key,
            resolve_percent: c.resolve_percent,
        }
    }
}

/// How a campaign ended, added to `campaign.json` at the end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub stop: String,
    pub execs: u64,
    pub duration_ms: u64,
    pub discrepancies: u64,
    pub overflow: u64,
    pub minimise_evals: u64,
    pub buckets: usize,
    pub sessions: u32,
    /// The buckets no named cause explains, by key, in the report's order.
    #[serde(default)]
    pub new_buckets: Vec<String>,
    /// The named causes found: each with its adapter, count and the case it cites.
    #[serde(default)]
    pub known_causes: Vec<KnownCount>,
}

/// One named cause in `campaign.json`'s result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KnownCount {
    pub adapter: String,
    pub op: String,
    pub name: String,
    pub case: String,
    pub count: u64,
}

/// `campaign.json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    pub format: u32,
    pub doc: String,
    pub seed: u64,
    pub limit: Limit,
    pub adapters: Vec<AdapterEntry>,
    pub timeout_ms: u64,
    pub seeds: SeedsDigest,
    /// Whether the document's grammar was there to generate from.
    pub grammar: bool,
    pub caps: Caps,
    /// `YYYY-MM-DDTHH:MM:SSZ`.
    pub started: String,
    /// The version of urlcert that began it.
    pub urlcert: String,
    /// Why the reference answers under `doc`: given, or the matrix's nearest for the
    /// adapter.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub why: String,
    /// A campaign of several adapters: one lane per adapter, each a campaign of its own
    /// in `lanes/<dir>/` ([`super::lanes`]); `doc` is then `nearest` or the one given.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lanes: Vec<super::lanes::LaneEntry>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Outcome>,
}

impl AdapterEntry {
    /// The adapter `info` says it is, started as `start`.
    pub fn of(start: &Start, info: &Info) -> AdapterEntry {
        AdapterEntry {
            start: start.clone(),
            name: info.name.clone(),
            version: info.version.clone(),
            model: info.model,
            operations: info.operations.clone(),
        }
    }
}

impl Header {
    /// The header of the campaign `config` makes with `adapters`, started as `starts`.
    pub fn new(
        config: &Config,
        adapters: &[(Start, Info)],
        timeout_ms: u64,
        grammar: bool,
        started: String,
    ) -> Header {
        Header {
            format: FORMAT,
            doc: config.doc.to_string(),
            seed: config.seed,
            limit: config.limit.as_written(),
            adapters: adapters
                .iter()
                .map(|(start, info)| AdapterEntry::of(start, info))
                .collect(),
            timeout_ms,
            seeds: SeedsDigest::of(&config.seeds),
            grammar,
            caps: Caps::of(config),
            started,
            urlcert: env!("CARGO_PKG_VERSION").to_string(),
            why: config.why.clone(),
            lanes: Vec::new(),
            result: None,
        }
    }

    /// The header of a campaign of several lanes: what its lanes share, and the lanes.
    /// Its adapters are filled in when the lanes have said who they are.
    pub fn of_lanes(plan: &super::session::Plan, lanes: &[super::lanes::LaneEntry]) -> Header {
        let doc = plan.doc.map_or("nearest".to_string(), |d| d.to_string());
        let config = Config::new(
            urlcert_reference::Document::Draft1996.into(),
            plan.seed,
            plan.limit,
            plan.seeds.clone(),
        );
        Header {
            format: FORMAT,
            doc,
            seed: plan.seed,
            limit: plan.limit.as_written(),
            adapters: Vec::new(),
            timeout_ms: plan.timeout_ms,
            seeds: SeedsDigest::of(&plan.seeds),
            grammar: true,
            caps: Caps::of(&config),
            started: crate::report::run_names(std::time::SystemTime::now()).1,
            urlcert: env!("CARGO_PKG_VERSION").to_string(),
            why: String::new(),
            lanes: lanes.to_vec(),
            result: None,
        }
    }

    /// What differs between the campaign this header began and `now`, each said in
    /// words; empty when `now` continues it.
    pub fn differences(&self, now: &Header) -> Vec<String> {
        let mut d = Vec::new();
        if self.format != now.format {
            d.push(format!(
                "its files are format {}, this urlcert writes format {}",
                self.format, now.format
            ));
        }
        if self.doc != now.doc {
            d.push(format!(
                "the document: the campaign's is {}, --doc says {}",
                self.doc, now.doc
            ));
        }
        if self.seed != now.seed {
            d.push(format!(
                "the seed: the campaign's is {}, --seed says {}",
                self.seed, now.seed
            ));
        }
        if self.limit != now.limit {
            d.push(format!(
                "the limit: the campaign's is {}, now {}",
                self.limit, now.limit
            ));
        }
        if self.timeout_ms != now.timeout_ms {
            d.push(format!(
                "the timeout: the campaign's is {} ms, --timeout-ms says {}",
                self.timeout_ms, now.timeout_ms
            ));
        }
        let starts = |h: &Header| {
            h.adapters
                .iter()
                .map(|a| a.start.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        if starts(self) != starts(now) {
            d.push(format!(
                "the adapters: the campaign's are `{}`, now `{}`",
                starts(self),
                starts(now)
            ));
        } else {
            for (was, is) in self.adapters.iter().zip(&now.adapters) {
                let name = crate::report::text::visible(&was.name);
                if was.name != is.name {
                    d.push(format!(
                        "adapter {}: it was called {name}, it now says it is {}",
                        was.start,
                        crate::report::text::visible(&is.name)
                    ));
                }
                if was.version != is.version {
                    d.push(format!(
                        "adapter {name}: the campaign's version is {}, it is now {}",
                        crate::report::text::visible(&was.version),
                        crate::report::text::visible(&is.version)
                    ));
                }
                if was.model != is.model || was.operations != is.operations {
                    d.push(format!(
                        "adapter {name}: its model or operations changed ({:?} {:?}, now {:?} {:?})",
                        was.model, was.operations, is.model, is.operations
                    ));
                }
            }
        }
        if self.seeds != now.seeds {
            d.push(format!(
                "the seeds: the case files changed since ({} inputs, {} bases, {} references; now {}, {}, {}, or the same counts with other text)",
                self.seeds.inputs,
                self.seeds.bases,
                self.seeds.references,
                now.seeds.inputs,
                now.seeds.bases,
                now.seeds.references
            ));
        }
        if self.grammar != now.grammar {
            d.push(format!(
                "the document's grammar was {} to generate from, and now is {}",
                if self.grammar { "there" } else { "not there" },
                if now.grammar { "there" } else { "not" }
            ));
        }
        if self.caps != now.caps {
            d.push(format!(
                "the caps: the campaign's are {:?}, this urlcert's {:?}",
                self.caps, now.caps
            ));
        }
        d
    }
}

/// Writes `campaign.json` into `dir`, atomically.
pub fn write_header(dir: &Path, h: &Header) -> io::Result<()> {
    let text = serde_json::to_string_pretty(h).map_err(io::Error::other)?;
    outdir::write_file(dir, HEADER, &format!("{text}\n"))
}

/// Reads `dir/campaign.json`; the error names the file.
pub fn read_header(dir: &Path) -> Result<Header, Error> {
    let path = dir.join(HEADER);
    let text = crate::user_file::read_text(&path, MAX_HEADER_BYTES).map_err(|e| {
        if matches!(e, crate::user_file::Refused::Missing) {
            format!(
                "{} is missing: the campaign in {} was stopped before it began; remove that folder and start again",
                path.display(),
                dir.display()
            )
        } else {
            format!("{}: {e}", path.display())
        }
    })?;
    serde_json::from_str(&text).map_err(|e| {
        Error::new(format!(
            "{}:{}: not a campaign header: {e}",
            path.display(),
            e.line()
        ))
    })
}

// ------------------------------------------------------------------ writing

/// The journal of a running campaign, in its work folder.
pub struct CampaignJournal {
    dir: PathBuf,
    file: outdir::Journal,
    doc: DocReading,
    seed: u64,
    rendered: Option<Instant>,
}

impl CampaignJournal {
    /// Appends to `dir/fuzz.jsonl` (made if need be).
    pub fn open(dir: &Path, doc: DocReading, seed: u64) -> io::Result<CampaignJournal> {
        Ok(CampaignJournal {
            dir: dir.to_path_buf(),
            file: outdir::Journal::append(&dir.join(JOURNAL))?,
            doc,
            seed,
            rendered: None,
        })
    }
}

impl Record for CampaignJournal {
    fn bucket(&mut self, b: &Bucket) -> io::Result<()> {
        let whole = |s: &str| s.to_string();
        self.file
            .line(&report::bucket_object(self.doc, self.seed, b, whole).to_string())
    }

    fn checkpoint(&mut self, cp: &Checkpoint, snapshot: &dyn Fn() -> Campaign) -> io::Result<()> {
        // The report before the line, so that a journal with a checkpoint has a report
        // beside it; the final report is written next, by the caller.
        if !cp.last && self.rendered.is_none_or(|t| t.elapsed() >= RENDER_EVERY) {
            outdir::write_file(&self.dir, MARKDOWN, &report::markdown(&snapshot()))?;
            self.rendered = Some(Instant::now());
        }
        self.file.line(&checkpoint_line(cp).to_string())
    }
}

fn kind_json(k: &FindingKind) -> Json {
    json!([k.adapter, k.op, k.class, k.component])
}

fn checkpoint_line(cp: &Checkpoint) -> Json {
    json!({
        "type": "checkpoint",
        "session": cp.session,
        "execs": cp.execs,
        "discrepancies": cp.discrepancies,
        "overflow": cp.overflow,
        "minimise_evals": cp.minimise_evals,
        "elapsed_ms": u64::try_from(cp.elapsed.as_millis()).unwrap_or(u64::MAX),
        "buckets": cp.buckets.len(),
        "counts": cp.buckets.iter().map(|b| b.count).collect::<Vec<_>>(),
        "evals": cp.buckets.iter().map(|b| b.minimise_evals).collect::<Vec<_>>(),
        "minimisations": cp
            .minimisations
            .iter()
            .map(|(k, n)| json!([kind_json(k), n]))
            .collect::<Vec<_>>(),
    })
}

/// The final `campaign.json`: the header with its `result`.
pub fn outcome(c: &Campaign) -> Outcome {
    Outcome {
        stop: c.stop.id().to_string(),
        execs: c.execs,
        duration_ms: u64::try_from(c.duration.as_millis()).unwrap_or(u64::MAX),
        discrepancies: c.discrepancies,
        overflow: c.overflow,
        minimise_evals: c.minimise_evals,
        buckets: c.buckets.len(),
        sessions: c.sessions,
        new_buckets: c
            .buckets
            .iter()
            .filter(|b| b.known.is_none())
            .map(|b| b.key())
            .collect(),
        known_causes: c
            .buckets
            .iter()
            .filter_map(|b| {
                b.known.as_ref().map(|k| KnownCount {
                    adapter: b.kind.adapter.clone(),
                    op: b.kind.op.to_string(),
                    name: k.name.clone(),
                    case: k.case.clone(),
                    count: b.count,
                })
            })
            .collect(),
    }
}

// ------------------------------------------------------------------ reading

/// A stopped campaign's state, read back from its journal.
#[derive(Debug)]
pub struct Restored {
    pub saved: Saved,
    /// The journal's lines up to its last checkpoint: what the resumed journal keeps.
    pub kept: Vec<String>,
    /// Lines after the last checkpoint, dropped (their iterations are made again).
    pub dropped: usize,
    /// Whether the journal had any checkpoint (without one the campaign starts over).
    pub checkpointed: bool,
}

/// Reads `dir/fuzz.jsonl` back into the state of its last checkpoint. `doc` is the
/// campaign's document (the reference's answers are asked again, not stored). Errors
/// name the file and line.
pub fn restore(dir: &Path, doc: DocReading, started: &str) -> Result<Restored, Error> {
    let path = dir.join(JOURNAL);
    let lines = outdir::read_lines(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut parsed = Vec::with_capacity(lines.len());
    for (n, text) in &lines {
        let v: Json = serde_json::from_str(text)
            .map_err(|e| format!("{}:{n}: not JSON: {e}", path.display()))?;
        parsed.push((*n, v));
    }
    let last = parsed.iter().rposition(|(_, v)| v["type"] == "checkpoint");
    let keep = last.map_or(0, |i| i + 1);
    let mut saved = Saved {
        started: Some(started.to_string()),
        ..Saved::default()
    };
    for (n, v) in &parsed[..keep] {
        let at = At {
            path: &path,
            n: *n,
            v,
        };
        match v["type"].as_str() {
            Some("bucket") => {
                let b = at.bucket(doc)?;
                if b.index != saved.buckets.len() {
                    return Err(at.err(&format!(
                        "bucket index {} where {} was due",
                        b.index,
                        saved.buckets.len()
                    )));
                }
                saved.buckets.push(b);
            }
            Some("example") => {
                let i = at.usize("index")?;
                let b = saved
                    .buckets
                    .get_mut(i)
                    .ok_or_else(|| at.err(&format!("an example for bucket {i}, not opened")))?;
                b.request.input = at.bytes("input")?;
                b.request.base = at.opt_bytes("base")?;
                b.original_len = at.usize("original_len")?;
                b.expected = at.str("expected")?.to_string();
                b.actual = at.str("actual")?.to_string();
                b.reference = super::reference_answer(doc, &b.request);
            }
            Some("checkpoint") => at.checkpoint(&mut saved)?,
            Some(other) => {
                return Err(at.err(&format!(
                    "a line of type `{}`, which this urlcert does not know",
                    crate::report::text::visible(other)
                )))
            }
            None => return Err(at.err("a line without a `type`")),
        }
    }
    Ok(Restored {
        saved,
        kept: lines[..keep].iter().map(|(_, t)| t.clone()).collect(),
        dropped: lines.len() - keep,
        checkpointed: last.is_some(),
    })
}

/// Whether `dir/fuzz.jsonl` has a checkpoint line (the journal of a campaign, not the
/// list of buckets of a finished one).
pub fn has_checkpoint(dir: &Path) -> Result<bool, Error> {
    let path = dir.join(JOURNAL);
    let lines = outdir::read_lines(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(lines
        .iter()
        .any(|(_, t)| serde_json::from_str::<Json>(t).is_ok_and(|v| v["type"] == "checkpoint")))
}

/// One line of the journal being read.
struct At<'a> {
    path: &'a Path,
    n: usize,
    v: &'a Json,
}

impl At<'_> {
    fn err(&self, what: &str) -> Error {
        Error::new(format!("{}:{}: {what}", self.path.display(), self.n))
    }

    fn missing(&self, key: &str, what: &str) -> Error {
        self.err(&format!("`{key}` is missing or not {what}"))
    }

    fn str(&self, key: &str) -> Result<&str, Error> {
        self.v[key]
            .as_str()
            .ok_or_else(|| self.missing(key, "text"))
    }

    fn u64(&self, key: &str) -> Result<u64, Error> {
        self.v[key]
            .as_u64()
            .ok_or_else(|| self.missing(key, "a number"))
    }

    fn usize(&self, key: &str) -> Result<usize, Error> {
        usize::try_from(self.u64(key)?).map_err(|_| self.missing(key, "a small number"))
    }

    /// `key`, or `key_hex` when the bytes were not UTF-8.
    fn bytes(&self, key: &str) -> Result<Vec<u8>, Error> {
        let hex_key = format!("{key}_hex");
        match self.v[&hex_key].as_str() {
            Some(hex) => unhex(hex).ok_or_else(|| self.missing(&hex_key, "hexadecimal")),
            None => Ok(self.str(key)?.as_bytes().to_vec()),
        }
    }

    /// As [`At::bytes`], `null` being `None`.
    fn opt_bytes(&self, key: &str) -> Result<Option<Vec<u8>>, Error> {
        match &self.v[key] {
            Json::Null => Ok(None),
            _ => self.bytes(key).map(Some),
        }
    }

    fn u64s(&self, key: &str, len: usize) -> Result<Vec<u64>, Error> {
        let list = self.v[key]
            .as_array()
            .ok_or_else(|| self.missing(key, "a list"))?;
        if list.len() != len {
            return Err(self.err(&format!(
                "`{key}` has {} numbers for {len} buckets",
                list.len()
            )));
        }
        list.iter()
            .map(|x| {
                x.as_u64()
                    .ok_or_else(|| self.missing(key, "a list of numbers"))
            })
            .collect()
    }

    fn kind(&self, v: &Json) -> Result<FindingKind, Error> {
        let bad = || {
            self.missing(
                "minimisations",
                "a list of [[adapter, op, class, component], n]",
            )
        };
        let parts = v.as_array().filter(|p| p.len() == 4).ok_or_else(bad)?;
        Ok(FindingKind {
            adapter: parts[0].as_str().ok_or_else(bad)?.to_string(),
            op: RequestOp::named(parts[1].as_str().ok_or_else(bad)?).ok_or_else(bad)?,
            class: parts[2]
                .as_str()
                .and_then(FindingClass::from_id)
                .ok_or_else(bad)?,
            component: match &parts[3] {
                Json::Null => None,
                c => Some(c.as_str().ok_or_else(bad)?.to_string()),
            },
        })
    }

    fn bucket(&self, doc: DocReading) -> Result<Bucket, Error> {
        let op = self.str("op")?;
        let kind = FindingKind {
            adapter: self.str("adapter")?.to_string(),
            op: RequestOp::named(op).ok_or_else(|| self.err(&format!("unknown op `{op}`")))?,
            class: FindingClass::from_id(self.str("class")?)
                .ok_or_else(|| self.missing("class", "a finding's class"))?,
            component: match &self.v["component"] {
                Json::Null => None,
                c => Some(
                    c.as_str()
                        .ok_or_else(|| self.missing("component", "text or null"))?
                        .to_string(),
                ),
            },
        };
        let shape = self.str("shape")?.to_string();
        // A bucket of a named cause (absent from journals written before there were).
        let known = match &self.v["known"] {
            Json::Null => None,
            k => Some(super::Known {
                name: k
                    .as_str()
                    .ok_or_else(|| self.missing("known", "text or null"))?
                    .to_string(),
                case: self.str("case")?.to_string(),
            }),
        };
        let key = match &known {
            Some(k) => super::known_key(&kind, &k.name),
            None => super::key_text(&kind),
        };
        if key != self.str("key")? {
            return Err(self.err(
                "`key` does not match its adapter, op, class and component (or named cause)",
            ));
        }
        let request = Request {
            op: kind.op,
            base: self.opt_bytes("base")?,
            input: self.bytes("input")?,
        };
        let bits = match &self.v["shape_bits"] {
            Json::Null => None,
            b => Some(
                b.as_u64()
                    .and_then(|b| u32::try_from(b).ok())
                    .ok_or_else(|| self.missing("shape_bits", "a number or null"))?,
            ),
        };
        Ok(Bucket {
            hash: super::hash12(&key),
            reference: super::reference_answer(doc, &request),
            kind,
            shape,
            count: self.u64("count")?,
            request,
            original_len: self.usize("original_len")?,
            expected: self.str("expected")?.to_string(),
            actual: self.str("actual")?.to_string(),
            first_exec: self.u64("first_exec")?,
            minimise_evals: self.u64("minimise_evals")?,
            index: self.usize("index")?,
            opened_by: self.bytes("opened_by")?,
            bits,
            known,
        })
    }

    fn checkpoint(&self, saved: &mut Saved) -> Result<(), Error> {
        let n = saved.buckets.len();
        if self.usize("buckets")? != n {
            return Err(self.err(&format!(
                "a checkpoint of {} buckets after {n} bucket lines",
                self.usize("buckets")?
            )));
        }
        let counts = self.u64s("counts", n)?;
        let evals = self.u64s("evals", n)?;
        for ((b, c), e) in saved.buckets.iter_mut().zip(counts).zip(evals) {
            b.count = c;
            b.minimise_evals = e;
        }
        // `memo` (bucket index, raw shape) pairs, written by campaigns that keyed new
        // buckets by shape, are no longer needed and not read.
        let bad_min = || self.missing("minimisations", "a list of [kind, n]");
        let mut minimisations = Vec::new();
        for entry in self.v["minimisations"].as_array().ok_or_else(bad_min)? {
            let e = entry
                .as_array()
                .filter(|e| e.len() == 2)
                .ok_or_else(bad_min)?;
            let count = e[1]
                .as_u64()
                .and_then(|c| usize::try_from(c).ok())
                .ok_or_else(bad_min)?;
            minimisations.push((self.kind(&e[0])?, count));
        }
        saved.minimisations = minimisations;
        saved.sessions = u32::try_from(self.u64("session")?)
            .map_err(|_| self.missing("session", "a small number"))?;
        saved.execs = self.u64("execs")?;
        saved.discrepancies = self.u64("discrepancies")?;
        saved.overflow = self.u64("overflow")?;
        saved.minimise_evals = self.u64("minimise_evals")?;
        saved.elapsed = Duration::from_millis(self.u64("elapsed_ms")?);
        Ok(())
    }
}

fn unhex(s: &str) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) {
        return None;
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(s.get(i..i + 2)?, 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trips_and_rejects_junk() {
        assert_eq!(unhex("00ff7a"), Some(vec![0, 0xff, 0x7a]));
        assert_eq!(unhex("0"), None);
        assert_eq!(unhex("zz"), None);
    }

    #[test]
    fn a_journal_line_that_is_not_json_is_named_by_file_and_line() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join(JOURNAL),
            "{\"type\":\"checkpoint\"}\nnot json\n",
        )
        .unwrap();
        let doc: DocReading = urlcert_reference::Document::Draft1996.into();
        let e = restore(dir.path(), doc, "x").unwrap_err();
        assert!(e.message().contains("fuzz.jsonl:2: not JSON"), "{e}");
        std::fs::write(
            dir.path().join(JOURNAL),
            "{\"type\":\"checkpoint\",\"buckets\":0,\"counts\":[],\"evals\":[],\"memo\":[],\"minimisations\":[],\"session\":1,\"execs\":5,\"discrepancies\":0,\"overflow\":0,\"minimise_evals\":0}\n",
        )
        .unwrap();
        let e = restore(dir.path(), doc, "x").unwrap_err();
        assert!(
            e.message()
                .contains("fuzz.jsonl:1: `elapsed_ms` is missing"),
            "{e}"
        );
    }
}
