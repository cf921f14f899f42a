//! `urlcert fuzz`: differential campaigns against any adapter.
//!
//! A campaign makes inputs ([`gen`]: strings derived from the document's grammar by the
//! oracle crate's generator, the cases' inputs and bases, and mutations of all of them),
//! asks the reference and every adapter about each, and judges each adapter's answer
//! with the one judge ([`crate::judge::judge`]) against the expectation
//! [`crate::judge::expected::of`] makes of the reference's own answer: its verdict,
//! rule and components for a parse, its result for a resolution.
//! That is differential, not certification: the reference stands in for the document,
//! and a discrepancy says only that the two disagree.
//!
//! Each discrepancy is put to the named causes, the other documents, the leniencies and
//! the parsers' quirks ([`judge_one`]); one explanation is one bucket per adapter. What
//! none explains falls in a bucket keyed by (adapter, operation, class, what differs:
//! the first differing component, `accepts` / `rejects`, or the part of a resolution's
//! result). The first discrepancy of a bucket is minimised ([`minimise`]: delta
//! debugging over bytes, then over delimiter-separated pieces, while the adapter's
//! answer keeps the same explanation, or class and component); later ones are counted.
//! The work is bounded: evaluations per minimisation and buckets in all are capped
//! ([`Config`]).
//!
//! Each request is drawn from a generator seeded with the campaign's seed and its
//! position, and no decision depends on the clock (except when a `--time` campaign
//! stops), so the same seed and number of iterations give the same buckets.
//!
//! A campaign run by the command line writes what it finds as it finds it
//! ([`journal`]): each bucket once it is minimised, and checkpoints of its whole state,
//! so that a killed campaign leaves its findings on disk and `--resume` continues it
//! from its last checkpoint as if it had not stopped.

pub mod explain;
pub mod journal;
pub mod lanes;
pub mod nightly;
pub mod report;
pub mod session;

pub use crate::run::campaign::{gen, minimise};
pub use crate::run::campaign::{Limit, Request, RequestOp};

use crate::ask::{Answer, Engine, Info, Operation};
use crate::ask::{ReferenceAnswer, ReferenceEngine};
use crate::judge::meaning;
use crate::judge::Class;
use crate::report::class_id;
use crate::run::campaign::pool::Pool;
use crate::run::campaign::{self, Budget};
use std::collections::HashMap;
use std::collections::HashSet;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use urlcert_reference::{DocReading, Document};

pub use gen::Seeds;

/// What a campaign does.
#[derive(Clone, Debug)]
pub struct Config {
    /// The document the reference answers under, each adapter being judged against it:
    /// in a campaign of several adapters each has its own ([`lanes`]).
    pub doc: DocReading,
    /// Why it is that document, for the report: `--doc`, or the matrix's nearest.
    pub why: String,
    pub seed: u64,
    pub limit: Limit,
    /// The case inputs, bases and references the campaign starts from.
    pub seeds: Seeds,
    /// At most this many buckets; later discrepancies that fit none are counted in
    /// [`Campaign::overflow`].
    pub max_buckets: usize,
    /// At most this many answers asked while minimising one discrepancy.
    pub max_minimise_evals: usize,
    /// At most this many minimisations per (adapter, operation, class, component).
    pub max_minimisations_per_key: usize,
    /// Percent of generated requests that are resolutions (when the document and the
    /// adapter resolve).
    pub resolve_percent: u64,
    /// A checkpoint at least this often...
    pub checkpoint_every: Duration,
    /// ...and at least every this many iterations: about a second of the fastest
    /// campaigns, so that their journal grows by a line or two a second (tests set it
    /// low, for checkpoints at known places).
    pub checkpoint_execs: u64,
    /// Fault injection for tests: abort the process right after this iteration (before
    /// its checkpoint), as a kill would.
    pub abort_after: Option<u64>,
}

impl Config {
    pub fn new(doc: DocReading, seed: u64, limit: Limit, seeds: Seeds) -> Config {
        Config {
            doc,
            why: "given".into(),
            seed,
            limit,
            seeds,
            max_buckets: 200,
            max_minimise_evals: 1500,
            max_minimisations_per_key: 48,
            resolve_percent: 30,
            checkpoint_every: Duration::from_secs(2),
            checkpoint_execs: 100_000,
            abort_after: None,
        }
    }
}

/// What the reference says of a request, kept for the report and for candidate cases.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RefAnswer {
    /// Its answer in its own full model: a parse or a resolution, which the judge, the
    /// named causes and the candidate cases read.
    Answered(Box<ReferenceAnswer>),
    /// The reference panicked: a bug in urlcert itself.
    Panic { message: String },
}

impl Request {
    /// The request as every engine is asked it.
    pub fn asked(&self) -> crate::ask::Request<'_> {
        match self.op {
            RequestOp::Parse => crate::ask::Request::Parse { input: &self.input },
            RequestOp::Resolve => crate::ask::Request::Resolve {
                base: self.base.as_deref().unwrap_or_default(),
                reference: &self.input,
            },
        }
    }
}

/// The reference's answer to `req` under `doc`, asked as every engine is. A panic is
/// an answer too.
pub fn reference_answer(doc: DocReading, req: &Request) -> RefAnswer {
    let answer = crate::ask::ask(&mut ReferenceEngine::new(doc), &req.asked());
    let answer = match answer {
        Answer::Reference(r) => *r,
        Answer::Fault {
            fault: crate::ask::Fault::Crash { detail },
        } => {
            let message = detail.strip_prefix("panicked: ").unwrap_or(&detail);
            return RefAnswer::Panic {
                message: message.to_string(),
            };
        }
        other => {
            return RefAnswer::Panic {
                message: meaning::describe(&other),
            }
        }
    };
    match answer {
        ReferenceAnswer::Parse(_) | ReferenceAnswer::Resolve(_) => {
            RefAnswer::Answered(Box::new(answer))
        }
        _ => RefAnswer::Panic {
            message: "the reference answered another request".into(),
        },
    }
}

impl RefAnswer {
    /// The reference's whole answer; `None` for a panic.
    pub fn answer(&self) -> Option<&ReferenceAnswer> {
        match self {
            RefAnswer::Answered(answer) => Some(answer),
            RefAnswer::Panic { .. } => None,
        }
    }
}

/// A named cause of a discrepancy: one of the project's classifiers
/// ([`crate::judge::known::DIVERGENCES`], [`crate::judge::known::RESOLVE_DIVERGENCES`]), with
/// the case in `cases/` it cites; or another document whose answer the adapter gave
/// ([`follows`]), named `follows DOC (COMPONENT)`, with the nearest case that tells the
/// two documents apart (filled in by [`explain`] when the report is made).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Known {
    pub name: String,
    pub case: String,
}

/// The prefix of a [`Known`] that is a document's answer.
pub const FOLLOWS: &str = "follows ";

impl Known {
    /// The document the adapter followed, when this is one.
    pub fn followed(&self) -> Option<DocReading> {
        let rest = self.name.strip_prefix(FOLLOWS)?;
        rest.split(' ').next()?.parse().ok()
    }
}

/// What a finding is: a class of the one judge, or the reference's own panic (a bug in
/// urlcert, found by no adapter).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FindingClass {
    Judged(Class),
    ReferencePanic,
}

impl FindingClass {
    /// Its id in the journal and the reports: a [`class_id`], or `reference-panic`.
    pub fn id(self) -> &'static str {
        match self {
            FindingClass::Judged(c) => class_id(c),
            FindingClass::ReferencePanic => "reference-panic",
        }
    }

    /// The class of this id.
    pub fn from_id(id: &str) -> Option<FindingClass> {
        if id == "reference-panic" {
            return Some(FindingClass::ReferencePanic);
        }
        crate::report::CLASSES
            .into_iter()
            .find(|&c| class_id(c) == id)
            .map(FindingClass::Judged)
    }
}

/// By id, the order the reports list buckets in.
impl Ord for FindingClass {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.id().cmp(other.id())
    }
}

impl PartialOrd for FindingClass {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl std::fmt::Display for FindingClass {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

impl serde::Serialize for FindingClass {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

/// A discrepancy: how an adapter's answer stands against the reference's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    pub class: FindingClass,
    pub component: Option<String>,
    pub expected: String,
    pub actual: String,
    /// The named cause that explains it, when one does.
    pub known: Option<Known>,
}

/// The judgement of one adapter's answer to `req`; `None` when it agrees with the
/// reference or cannot express the request (nothing to compare). The discrepancy is
/// put to the project's named causes first ([`classify`]), then to the other documents
/// ([`follows`]), then to the leniencies every family of parsers shares
/// ([`crate::judge::leniency`]) and to the quirks of the adapter's own parser
/// ([`crate::judge::quirk`]); what none explains is new.
pub fn judge_one(
    doc: DocReading,
    req: &Request,
    reference: &RefAnswer,
    info: &Info,
    answer: &Answer,
) -> Option<Finding> {
    let e = crate::judge::expected::of(reference.answer()?)?;
    let mut j = crate::judge::judge(&req.asked(), doc, &e, info, answer);
    if j.component.is_none() {
        j.component = what_differs(reference, answer, j.class);
    }
    match j.class {
        Class::Agree | Class::Unsupported => None,
        c => Some(Finding {
            class: FindingClass::Judged(c),
            known: classify(doc, req, reference, info, answer, &j)
                .or_else(|| follows(doc, req, info, answer, &j))
                .or_else(|| {
                    crate::judge::leniency::explain(doc, req, reference, info, answer, &j).map(
                        |l| Known {
                            name: l.name.to_string(),
                            case: String::new(),
                        },
                    )
                }),
            component: j.component,
            expected: j.expected,
            actual: j.actual,
        }),
    }
}

/// What a verdict or a resolution discrepancy differs in, so that its kind says it as a
/// component discrepancy's does: `accepts` or `rejects` (what the document rejects or
/// takes); `refused` or `resolved` (the adapter gave no result where the document
/// gives one, or the reverse); else the first part of the two results that differs, as
/// RFC 3986 Appendix B splits them (`result scheme`, `result authority`, `result
/// path`, `result query`, `result fragment`).
fn what_differs(reference: &RefAnswer, answer: &Answer, class: Class) -> Option<String> {
    match (class, reference.answer()?) {
        (Class::Verdict, ReferenceAnswer::Parse(p)) => Some(
            match p.verdict {
                urlcert_reference::Verdict::Invalid => "accepts",
                _ => "rejects",
            }
            .into(),
        ),
        (Class::Resolution, ReferenceAnswer::Resolve(r)) => match (r, answer) {
            (Ok(_), Answer::Resolved { .. }) | (Err(_), Answer::Rejected { .. }) => {
                let (Ok(ours), Answer::Resolved { result }) = (r, answer) else {
                    return None;
                };
                let a = crate::judge::leniency::appendix_b(&ours.result);
                let b = crate::judge::leniency::appendix_b(result.as_bytes());
                let names = ["scheme", "authority", "path", "query", "fragment"];
                names
                    .iter()
                    .zip(a.iter().zip(b.iter()))
                    .find(|(_, (x, y))| x != y)
                    .map(|(n, _)| format!("result {n}"))
            }
            (Ok(_), _) => Some("refused".into()),
            (Err(_), _) => Some("resolved".into()),
        },
        _ => None,
    }
}

/// The documents a discrepancy is put to, in this order: the newest first, so that
/// "follows" names the latest document whose answer the adapter gave.
fn follow_order() -> impl Iterator<Item = DocReading> {
    Document::ALL
        .iter()
        .rev()
        .flat_map(|&d| d.readings().iter().map(move |&r| DocReading::new(d, r)))
}

/// The other document (or reading) whose answer the adapter gave, when one did: the
/// judge finds the adapter's answer agrees with the reference's under it. Named by that
/// document and the component (or class) the judged document differs in, so that one
/// such difference is one bucket.
pub fn follows(
    doc: DocReading,
    req: &Request,
    info: &Info,
    answer: &Answer,
    judged: &crate::judge::Judged,
) -> Option<Known> {
    if matches!(answer, Answer::Fault { .. }) {
        return None;
    }
    let asked = req.asked();
    let other = follow_order().filter(|&d| d != doc).find(|&d| {
        let RefAnswer::Answered(r) = reference_answer(d, req) else {
            return false;
        };
        crate::judge::expected::of(&r)
            .is_some_and(|e| crate::judge::judge(&asked, d, &e, info, answer).class == Class::Agree)
    })?;
    let what = match &judged.component {
        Some(c) if judged.class == Class::Component => c.clone(),
        _ => class_id(judged.class).to_string(),
    };
    Some(Known {
        name: format!("{FOLLOWS}{other} ({what})"),
        case: String::new(),
    })
}

/// The named cause of a discrepancy, if one of the project's classifiers explains it.
/// They are written for the 1996 draft, each citing the case that shows what the
/// document says, and each for the adapters of the models it concerns; under another
/// document nothing is classified.
pub fn classify(
    doc: DocReading,
    req: &Request,
    reference: &RefAnswer,
    info: &Info,
    answer: &Answer,
    judged: &crate::judge::Judged,
) -> Option<Known> {
    use crate::judge::known;
    if doc != DocReading::from(Document::Draft1996) {
        return None;
    }
    let input = std::str::from_utf8(&req.input).ok()?;
    let (name, case) = match (req.op, reference.answer()) {
        (RequestOp::Parse, Some(ReferenceAnswer::Parse(parse))) => {
            let seen = known::Disagreement {
                input,
                reference: parse,
                model: info.model,
                answer,
                class: judged.class,
                component: judged.component.as_deref(),
            };
            let name = known::classify(&seen)?;
            (name, known::divergence(name)?.case)
        }
        (RequestOp::Resolve, Some(ReferenceAnswer::Resolve(resolved))) => {
            let base = std::str::from_utf8(req.base.as_deref().unwrap_or_default()).ok()?;
            let result = match resolved {
                Ok(r) => Some(std::str::from_utf8(&r.result).ok()?),
                Err(_) => None,
            };
            let seen = known::ResolveDisagreement {
                base,
                input,
                result,
                model: info.model,
                answer,
                judged,
            };
            known::classify_resolution(&seen)?
        }
        _ => return None,
    };
    Some(Known {
        name: name.to_string(),
        case: case.to_string(),
    })
}

/// Asks `adapter` about `req` through the one [`crate::ask::ask`]; `None` when the
/// adapter does not offer the operation (nothing to compare).
pub fn ask(adapter: &mut dyn Engine, req: &Request) -> Option<Answer> {
    let request = req.asked();
    let offered = adapter.info().offers(request.operation());
    offered.then(|| crate::ask::ask(adapter, &request))
}

/// Whether the document's grammar is there to generate from (the oracle crate loads it).
pub fn grammar_available(doc: DocReading) -> bool {
    urlcert_oracle::Oracle::new(doc.doc.id(), None).is_ok()
}

/// Does `doc` define a relative form (so that resolutions are worth asking)?
pub fn resolves(doc: Document) -> bool {
    doc.resolves()
}

// ------------------------------------------------------------------ shapes and keys

/// The labels a shape is made of: the delimiters, and kinds of bytes no grammar allows.
pub const SHAPE_LABELS: &[&str] = &[
    ":", "//", "/", "?", "#", ";", "@", "=", "&", "+", "%", ".", "[", "]", "\\", "sp", "ctl",
    "8bit",
];

/// Which [`SHAPE_LABELS`] an input shows, as a bit set.
pub fn shape_bits(input: &[u8]) -> u32 {
    let mut bits = 0u32;
    let mut set = |label: &str| {
        if let Some(i) = SHAPE_LABELS.iter().position(|l| *l == label) {
            bits |= 1 << i;
        }
    };
    if input.windows(2).any(|w| w == b"//") {
        set("//");
    }
    for &b in input {
        match b {
            b':' => set(":"),
            b'/' => set("/"),
            b'?' => set("?"),
            b'#' => set("#"),
            b';' => set(";"),
            b'@' => set("@"),
            b'=' => set("="),
            b'&' => set("&"),
            b'+' => set("+"),
            b'%' => set("%"),
            b'.' => set("."),
            b'[' => set("["),
            b']' => set("]"),
            b'\\' => set("\\"),
            b' ' => set("sp"),
            0..=0x1f | 0x7f => set("ctl"),
            0x80..=0xff => set("8bit"),
            _ => {}
        }
    }
    bits
}

/// A shape as text: its labels separated by spaces, or `(none)`.
pub fn shape(bits: u32) -> String {
    let labels: Vec<&str> = SHAPE_LABELS
        .iter()
        .enumerate()
        .filter(|(i, _)| bits & (1 << i) != 0)
        .map(|(_, l)| *l)
        .collect();
    if labels.is_empty() {
        "(none)".into()
    } else {
        labels.join(" ")
    }
}

/// (adapter, operation, class, component): what a minimisation keeps.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FindingKind {
    pub adapter: String,
    pub op: RequestOp,
    pub class: FindingClass,
    pub component: Option<String>,
}

impl FindingKind {
    fn of(adapter: &str, op: RequestOp, f: &Finding) -> FindingKind {
        FindingKind {
            adapter: adapter.to_string(),
            op,
            class: f.class,
            component: f.component.clone(),
        }
    }
}

/// One distinct problem: a bucket of discrepancies with one minimal example.
#[derive(Clone, Debug)]
pub struct Bucket {
    pub kind: FindingKind,
    /// The shape of the minimal input, or `unminimised` for the bucket of a key whose
    /// minimisation budget ran out before a fitting bucket was found.
    pub shape: String,
    /// The first 12 hex digits of the SHA-256 of [`Bucket::key`].
    pub hash: String,
    /// How many generated inputs fell in it.
    pub count: u64,
    /// The minimal example.
    pub request: Request,
    /// The length of the input it was minimised from.
    pub original_len: usize,
    pub expected: String,
    pub actual: String,
    pub reference: RefAnswer,
    /// The execution (1-based) that first found it.
    pub first_exec: u64,
    /// Answers asked while minimising it.
    pub minimise_evals: u64,
    /// Its place in the order buckets were opened (0-based).
    pub index: usize,
    /// The generated input that opened it, kept for mutation.
    pub opened_by: Vec<u8>,
    /// The shape of its minimal input as bits; `None` when it was not minimised.
    bits: Option<u32>,
    /// The named cause its discrepancies are, when they are one: the bucket is then
    /// keyed by that name, whatever the shape of its inputs.
    pub known: Option<Known>,
}

impl Bucket {
    /// `adapter|op|class|component|shape`, or for a named cause
    /// `adapter|op|known|name`.
    pub fn key(&self) -> String {
        match &self.known {
            Some(k) => known_key(&self.kind, &k.name),
            None => key_text(&self.kind),
        }
    }
}

fn known_key(k: &FindingKind, name: &str) -> String {
    format!("{}|{}|known|{}", k.adapter, k.op, name)
}

fn key_text(k: &FindingKind) -> String {
    format!(
        "{}|{}|{}|{}",
        k.adapter,
        k.op,
        k.class,
        k.component.as_deref().unwrap_or("-"),
    )
}

fn hash12(s: &str) -> String {
    use sha2::{Digest, Sha256};
    let d = Sha256::digest(s.as_bytes());
    d.iter().take(6).map(|b| format!("{b:02x}")).collect()
}

/// Why a campaign stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    Iterations,
    Time,
    Interrupted,
    /// Not stopped yet: the report of a checkpoint.
    Running,
}

impl Stop {
    pub fn id(self) -> &'static str {
        match self {
            Stop::Iterations => "iterations",
            Stop::Time => "time",
            Stop::Interrupted => "interrupted",
            Stop::Running => "running",
        }
    }
}

/// A finished campaign.
#[derive(Clone, Debug)]
pub struct Campaign {
    pub doc: DocReading,
    pub seed: u64,
    pub limit: Limit,
    pub adapters: Vec<Info>,
    /// `YYYY-MM-DDTHH:MM:SSZ`.
    pub started: String,
    pub duration: Duration,
    pub stop: Stop,
    /// Generated requests, each asked of every adapter.
    pub execs: u64,
    /// Answers asked while minimising.
    pub minimise_evals: u64,
    /// Discrepancies in all (each generated request × adapter that disagreed).
    pub discrepancies: u64,
    /// Discrepancies no bucket could take once the bucket cap was reached.
    pub overflow: u64,
    /// Whether grammar-based generation was available for the document.
    pub grammar: bool,
    /// How many times it was started: 1, and one more per `--resume`.
    pub sessions: u32,
    /// Most frequent first, then by key.
    pub buckets: Vec<Bucket>,
    /// Each adapter: the document it was judged under, why, and what it answered.
    pub lanes: Vec<LaneRun>,
    /// Each bucket's nearest case, by [`Bucket::key`] ([`explain`]); empty until the
    /// report is made.
    pub nearest: std::collections::BTreeMap<String, explain::NearestCase>,
}

/// One adapter of a campaign: the document it was judged under and why, and how much
/// it answered.
#[derive(Clone, Debug)]
pub struct LaneRun {
    pub adapter: String,
    pub doc: DocReading,
    pub why: String,
    /// Requests it was asked.
    pub execs: u64,
    pub duration: Duration,
    /// Why the lane did not run, when it did not (its other fields are then empty).
    pub failed: Option<String>,
}

impl LaneRun {
    pub fn exec_per_sec(&self) -> f64 {
        rate(self.execs, self.duration)
    }
}

/// The campaigns of several lanes as one: their adapters, lanes and buckets side by
/// side, executions and discrepancies summed (an execution is one request asked of one
/// adapter), the longest duration, and a line for each lane that did not run.
pub fn merge(parts: Vec<Campaign>, failed: &[(session::Lane, String)]) -> Campaign {
    let mut parts = parts.into_iter();
    let Some(mut all) = parts.next() else {
        unreachable!("merge is given at least one campaign")
    };
    for c in parts {
        all.adapters.extend(c.adapters);
        all.lanes.extend(c.lanes);
        all.buckets.extend(c.buckets);
        all.execs += c.execs;
        all.minimise_evals += c.minimise_evals;
        all.discrepancies += c.discrepancies;
        all.overflow += c.overflow;
        all.duration = all.duration.max(c.duration);
        all.grammar |= c.grammar;
        all.sessions = all.sessions.max(c.sessions);
        all.started = all.started.min(c.started);
        if c.stop == Stop::Interrupted {
            all.stop = Stop::Interrupted;
        }
        all.nearest.extend(c.nearest);
    }
    for (lane, why) in failed {
        all.lanes.push(LaneRun {
            adapter: lane.start.to_string(),
            doc: lane.doc,
            why: lane.why.clone(),
            execs: 0,
            duration: Duration::ZERO,
            failed: Some(why.clone()),
        });
    }
    all.buckets.sort_by(report_order);
    all
}

/// Executions per second over `duration` (0 for none).
fn rate(execs: u64, duration: Duration) -> f64 {
    let s = duration.as_secs_f64();
    if s > 0.0 {
        execs as f64 / s
    } else {
        0.0
    }
}

impl Campaign {
    pub fn exec_per_sec(&self) -> f64 {
        rate(self.execs, self.duration)
    }
}

/// Where a campaign is, for a progress bar.
#[derive(Clone, Copy, Debug)]
pub struct Status {
    pub execs: u64,
    pub elapsed: Duration,
    pub buckets: usize,
    pub discrepancies: u64,
}

/// What a stopped campaign had done at its last checkpoint: a resumed campaign starts
/// from it ([`run_from`]). [`Saved::default`] is a campaign that has not begun.
#[derive(Clone, Debug, Default)]
pub struct Saved {
    /// `YYYY-MM-DDTHH:MM:SSZ`, when the first session began (`None`: now).
    pub started: Option<String>,
    /// Sessions before this one.
    pub sessions: u32,
    pub execs: u64,
    pub discrepancies: u64,
    pub overflow: u64,
    pub minimise_evals: u64,
    pub elapsed: Duration,
    /// In the order they were opened ([`Bucket::index`]).
    pub buckets: Vec<Bucket>,
    /// Minimisations made per kind.
    pub minimisations: Vec<(FindingKind, usize)>,
}

/// A checkpoint: everything a resumed campaign needs, at an iteration boundary.
pub struct Checkpoint<'a> {
    /// 1-based: how many times the campaign has been started, this one included.
    pub session: u32,
    pub execs: u64,
    pub discrepancies: u64,
    pub overflow: u64,
    pub minimise_evals: u64,
    pub elapsed: Duration,
    /// Every bucket, in the order they were opened.
    pub buckets: &'a [Bucket],
    /// Minimisations made per kind, sorted by kind.
    pub minimisations: Vec<(&'a FindingKind, usize)>,
    /// The campaign has stopped: this is its final state, and its report comes next.
    pub last: bool,
}

/// Where a campaign writes what it finds as it finds it (`fuzz.jsonl`, see
/// [`journal`]). An error stops the campaign.
pub trait Record {
    /// A bucket was opened; its example is minimised.
    fn bucket(&mut self, b: &Bucket) -> std::io::Result<()>;
    /// The campaign is between two iterations; `snapshot` makes its report so far.
    fn checkpoint(
        &mut self,
        cp: &Checkpoint,
        snapshot: &dyn Fn() -> Campaign,
    ) -> std::io::Result<()>;
}

/// Records nothing: a campaign kept in memory.
pub struct Unrecorded;

impl Record for Unrecorded {
    fn bucket(&mut self, _: &Bucket) -> std::io::Result<()> {
        Ok(())
    }
    fn checkpoint(&mut self, _: &Checkpoint, _: &dyn Fn() -> Campaign) -> std::io::Result<()> {
        Ok(())
    }
}

/// What filing a discrepancy changed, for the [`Record`].
enum Event {
    Opened(usize),
}

struct State {
    buckets: Vec<Bucket>,
    by_key: HashMap<String, usize>,
    minimisations: HashMap<FindingKind, usize>,
    minimise_evals: u64,
    overflow: u64,
    execs: u64,
    discrepancies: u64,
    events: Vec<Event>,
}

impl State {
    fn from_saved(saved: Saved) -> State {
        let by_key = saved
            .buckets
            .iter()
            .enumerate()
            .map(|(i, b)| (b.key(), i))
            .collect();
        State {
            by_key,
            minimisations: saved.minimisations.into_iter().collect(),
            minimise_evals: saved.minimise_evals,
            overflow: saved.overflow,
            execs: saved.execs,
            discrepancies: saved.discrepancies,
            events: Vec::new(),
            buckets: saved.buckets,
        }
    }

    /// Tells `record` what the last filing changed.
    fn flush(&mut self, record: &mut dyn Record) -> std::io::Result<()> {
        for e in self.events.drain(..) {
            match e {
                Event::Opened(i) => record.bucket(&self.buckets[i])?,
            }
        }
        Ok(())
    }

    fn status(&self, elapsed: Duration) -> Status {
        Status {
            execs: self.execs,
            elapsed,
            buckets: self.buckets.len(),
            discrepancies: self.discrepancies,
        }
    }
}

/// What a campaign's report says besides its state.
struct Head {
    doc: DocReading,
    why: String,
    seed: u64,
    limit: Limit,
    adapters: Vec<Info>,
    started: String,
    grammar: bool,
    sessions: u32,
}

/// The order of a report: the buckets no named cause explains (new) first, then the
/// known causes; each group most frequent first, then by key.
pub fn report_order(a: &Bucket, b: &Bucket) -> std::cmp::Ordering {
    a.known
        .is_some()
        .cmp(&b.known.is_some())
        .then_with(|| b.count.cmp(&a.count))
        .then_with(|| a.key().cmp(&b.key()))
}

impl Head {
    fn campaign(&self, st: &State, duration: Duration, stop: Stop) -> Campaign {
        let mut buckets = st.buckets.clone();
        buckets.sort_by(report_order);
        Campaign {
            doc: self.doc,
            seed: self.seed,
            limit: self.limit,
            adapters: self.adapters.clone(),
            started: self.started.clone(),
            duration,
            stop,
            execs: st.execs,
            minimise_evals: st.minimise_evals,
            discrepancies: st.discrepancies,
            overflow: st.overflow,
            grammar: self.grammar,
            sessions: self.sessions,
            buckets,
            lanes: self
                .adapters
                .iter()
                .map(|a| LaneRun {
                    adapter: a.name.clone(),
                    doc: self.doc,
                    why: self.why.clone(),
                    execs: st.execs,
                    duration,
                    failed: None,
                })
                .collect(),
            nearest: Default::default(),
        }
    }
}

// ------------------------------------------------------------------ the work

/// Requests are made in rounds of this many positions (a round ends at a multiple of
/// it). The inputs that opened buckets are fed back to the generator at round
/// boundaries only, so that what the n-th request is depends on the seed and n, never
/// on how many workers answered the round before.
pub const ROUND: u64 = 512;

/// One adapter's discrepancy on a request.
#[derive(Clone, Debug)]
pub struct Hit {
    /// The adapter's position in the campaign's list.
    pub adapter: usize,
    pub name: String,
    pub finding: Finding,
}

/// A request that found something: what the reference said, and each discrepancy.
#[derive(Clone, Debug)]
pub struct Evaluated {
    /// 0-based position in the campaign.
    pub index: u64,
    pub req: Request,
    pub reference: RefAnswer,
    /// Empty when the reference panicked (that is the discrepancy).
    pub hits: Vec<Hit>,
}

/// A discrepancy to minimise: the adapter that said it (`None`: the reference
/// panicked), the request and the finding.
#[derive(Clone, Debug)]
pub struct MinJob {
    pub adapter: Option<usize>,
    pub req: Request,
    pub reference: RefAnswer,
    pub finding: Finding,
}

/// A minimised discrepancy: the minimal request, its finding and the reference's
/// answer to it, and the answers asked.
#[derive(Clone, Debug)]
pub struct MinResult {
    pub min: Request,
    pub finding: Finding,
    pub reference: RefAnswer,
    pub evals: u64,
}

/// What answers a campaign's requests: the adapters of this thread ([`Local`]), or
/// worker threads each with their own ([`run_jobs`]). Both give the same answers to
/// the same requests, so the campaign finds the same whatever answers it.
trait Workers {
    /// Evaluates `items` (positions and requests, in order). Returns the requests that
    /// found something, and the first position not evaluated because the campaign was
    /// stopped (`None`: all were).
    fn evaluate(&mut self, items: Vec<(u64, Request)>) -> (Vec<Evaluated>, Option<u64>);
    /// Minimises each job; the results in the jobs' order.
    fn minimise(&mut self, jobs: Vec<MinJob>) -> Vec<MinResult>;
}

/// What every worker needs besides its adapters.
#[derive(Clone, Copy)]
struct Ctx<'a> {
    config: &'a Config,
    budget: Budget<'a>,
}

impl Ctx<'_> {
    fn stopped(&self) -> bool {
        self.budget.stopped()
    }
}

/// Evaluates one request against `adapters`; `None` when the campaign was stopped
/// before every adapter answered.
fn evaluate_one(
    cx: Ctx,
    adapters: &mut [Box<dyn Engine>],
    index: u64,
    req: Request,
) -> Option<Option<Evaluated>> {
    if cx.stopped() {
        return None;
    }
    let doc = cx.config.doc;
    let reference = reference_answer(doc, &req);
    if matches!(reference, RefAnswer::Panic { .. }) {
        return Some(Some(Evaluated {
            index,
            req,
            reference,
            hits: Vec::new(),
        }));
    }
    let mut hits = Vec::new();
    for (i, adapter) in adapters.iter_mut().enumerate() {
        let Some(answer) = ask(adapter.as_mut(), &req) else {
            continue;
        };
        // Stopping was asked while the adapter answered: the request is left for a
        // resumed campaign, so that the campaign ends at once.
        if cx.budget.stop.load(Ordering::Relaxed) {
            return None;
        }
        if let Some(f) = judge_one(doc, &req, &reference, adapter.info(), &answer) {
            hits.push(Hit {
                adapter: i,
                name: adapter.info().name.clone(),
                finding: f,
            });
        }
    }
    Some((!hits.is_empty()).then_some(Evaluated {
        index,
        req,
        reference,
        hits,
    }))
}

fn evaluate_all(
    cx: Ctx,
    adapters: &mut [Box<dyn Engine>],
    items: Vec<(u64, Request)>,
) -> (Vec<Evaluated>, Option<u64>) {
    let mut out = Vec::new();
    for (index, req) in items {
        match evaluate_one(cx, adapters, index, req) {
            Some(Some(e)) => out.push(e),
            Some(None) => {}
            None => return (out, Some(index)),
        }
    }
    (out, None)
}

/// The reference's answer and the adapter's finding on `cand`, when it is the same
/// discrepancy as `f`: the same named cause, or (when `f` has none) the same class and
/// component and no named cause.
fn same_kind(
    doc: DocReading,
    adapter: &mut dyn Engine,
    cand: &Request,
    f: &Finding,
) -> Option<(Finding, RefAnswer)> {
    let r = reference_answer(doc, cand);
    if matches!(r, RefAnswer::Panic { .. }) {
        return None;
    }
    let answer = ask(adapter, cand)?;
    let g = judge_one(doc, cand, &r, adapter.info(), &answer)?;
    let same = match &f.known {
        Some(k) => g.known.as_ref().is_some_and(|h| h.name == k.name),
        None => g.known.is_none() && g.class == f.class && g.component == f.component,
    };
    same.then_some((g, r))
}

fn minimise_one(cx: Ctx, adapters: &mut [Box<dyn Engine>], job: MinJob) -> MinResult {
    let config = cx.config;
    let doc = config.doc;
    let stop = cx.budget.stop;
    let f = &job.finding;
    match job.adapter.and_then(|i| adapters.get_mut(i)) {
        Some(a) => {
            let a: &mut dyn Engine = a.as_mut();
            let budget = if f.class == FindingClass::Judged(Class::Crash) {
                config.max_minimise_evals.min(100)
            } else {
                config.max_minimise_evals
            };
            let mut test = |cand: &Request| -> bool {
                !stop.load(Ordering::Relaxed) && same_kind(doc, a, cand, f).is_some()
            };
            let (min, evals) = minimise::request(&job.req, &mut test, budget);
            // Asked once more, so that the bucket shows the minimal input's own
            // answers (an adapter that answers differently now keeps the original).
            let again = (min != job.req)
                .then(|| same_kind(doc, a, &min, f))
                .flatten();
            match again {
                Some((mf, mr)) => MinResult {
                    min,
                    finding: mf,
                    reference: mr,
                    evals: evals as u64 + 1,
                },
                None => MinResult {
                    min: job.req.clone(),
                    finding: job.finding.clone(),
                    reference: job.reference.clone(),
                    evals: evals as u64,
                },
            }
        }
        None => {
            let mut test = |cand: &Request| -> bool {
                matches!(reference_answer(doc, cand), RefAnswer::Panic { .. })
            };
            let (min, evals) = minimise::request(&job.req, &mut test, config.max_minimise_evals);
            let r = reference_answer(doc, &min);
            MinResult {
                min,
                finding: job.finding,
                reference: r,
                evals: evals as u64,
            }
        }
    }
}

/// The adapters of the calling thread.
struct Local<'a, 'c> {
    cx: Ctx<'c>,
    adapters: &'a mut [Box<dyn Engine>],
}

impl Workers for Local<'_, '_> {
    fn evaluate(&mut self, items: Vec<(u64, Request)>) -> (Vec<Evaluated>, Option<u64>) {
        evaluate_all(self.cx, self.adapters, items)
    }
    fn minimise(&mut self, jobs: Vec<MinJob>) -> Vec<MinResult> {
        jobs.into_iter()
            .map(|j| minimise_one(self.cx, self.adapters, j))
            .collect()
    }
}

enum Task {
    Evaluate(Vec<(u64, Request)>),
    Minimise(Vec<(usize, MinJob)>),
}

enum Reply {
    Evaluated(Vec<Evaluated>, Option<u64>),
    Minimised(Vec<(usize, MinResult)>),
}

/// The campaign's workers, each with its own adapters (an external adapter is one
/// process per worker).
type WorkerPool = Pool<Task, Reply>;

impl Workers for WorkerPool {
    fn evaluate(&mut self, items: Vec<(u64, Request)>) -> (Vec<Evaluated>, Option<u64>) {
        let n = self.workers() as u64;
        let mut parts: Vec<Vec<(u64, Request)>> = vec![Vec::new(); self.workers()];
        // The partition is by position: worker w takes the positions ≡ w (mod n).
        for (index, req) in items {
            parts[(index % n) as usize].push((index, req));
        }
        let gathered = self.scatter(parts.into_iter().map(|p| Some(Task::Evaluate(p))).collect());
        let mut all = Vec::new();
        let mut first_missing: Option<u64> = None;
        for reply in gathered.replies {
            if let Reply::Evaluated(found, missing) = reply {
                all.extend(found);
                if let Some(m) = missing {
                    first_missing = Some(first_missing.map_or(m, |f| f.min(m)));
                }
            }
        }
        if !gathered.complete {
            first_missing = Some(0);
        }
        all.sort_by_key(|e| e.index);
        (all, first_missing)
    }

    fn minimise(&mut self, jobs: Vec<MinJob>) -> Vec<MinResult> {
        let n = self.workers();
        let total = jobs.len();
        let mut parts: Vec<Vec<(usize, MinJob)>> = (0..n).map(|_| Vec::new()).collect();
        for (i, j) in jobs.into_iter().enumerate() {
            parts[i % n].push((i, j));
        }
        let tasks = parts
            .into_iter()
            .map(|p| (!p.is_empty()).then_some(Task::Minimise(p)))
            .collect();
        let mut slots: Vec<Option<MinResult>> = (0..total).map(|_| None).collect();
        for reply in self.scatter(tasks).replies {
            if let Reply::Minimised(done) = reply {
                for (i, r) in done {
                    slots[i] = Some(r);
                }
            }
        }
        slots.into_iter().flatten().collect()
    }
}

/// The adapters of one worker, made in its own thread.
pub type MakeAdapters<'a> = dyn Fn() -> Result<Vec<Box<dyn Engine>>, String> + Sync + 'a;

/// Runs a campaign from `saved` over `jobs` worker threads, each with the adapters
/// `make` starts (so an external adapter runs as `jobs` processes). Requests are
/// partitioned by position and the findings filed in position order, so the same seed
/// and limit give the same buckets whatever `jobs` is. An error when a worker's
/// adapters do not start.
#[allow(clippy::too_many_arguments)]
pub fn run_jobs(
    config: &Config,
    jobs: usize,
    make: &MakeAdapters,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(Status),
    record: &mut dyn Record,
    saved: Saved,
) -> Result<(Campaign, Option<std::io::Error>), String> {
    let jobs = jobs.max(1);
    let cx = Ctx {
        config,
        budget: budget(config, stop, &saved),
    };
    let work = |adapters: &mut Vec<Box<dyn Engine>>, task: Task| match task {
        Task::Evaluate(items) => {
            let (found, missing) = evaluate_all(cx, adapters, items);
            Reply::Evaluated(found, missing)
        }
        Task::Minimise(list) => Reply::Minimised(
            list.into_iter()
                .map(|(i, j)| (i, minimise_one(cx, adapters, j)))
                .collect(),
        ),
    };
    let hello = |adapters: &Vec<Box<dyn Engine>>| -> Vec<Info> {
        adapters.iter().map(|a| a.info().clone()).collect()
    };
    std::thread::scope(|scope| {
        let (mut pool, infos) = WorkerPool::start(scope, jobs, make, hello, &work)?;
        let out = run_core(config, cx, &infos, &mut pool, progress, record, saved);
        // Closing the task channels ends the workers (and their adapters).
        drop(pool);
        Ok(out)
    })
}

/// The engine's budget for a session beginning now, after `saved`'s.
fn budget<'a>(config: &Config, stop: &'a AtomicBool, saved: &Saved) -> Budget<'a> {
    Budget {
        limit: config.limit,
        began: Instant::now(),
        before: saved.elapsed,
        stop,
    }
}

/// Runs a campaign in memory: `adapters` are asked in order; `stop` ends it early
/// (Ctrl-C), and `progress` is told where it is now and then.
pub fn run(
    config: &Config,
    adapters: &mut [Box<dyn Engine>],
    stop: &AtomicBool,
    progress: &mut dyn FnMut(Status),
) -> Campaign {
    // Recording nothing never fails.
    run_from(
        config,
        adapters,
        stop,
        progress,
        &mut Unrecorded,
        Saved::default(),
    )
    .0
}

/// Runs a campaign from `saved` (a new one from [`Saved::default`]) with the adapters
/// of this thread, telling `record` each bucket as it is opened and the state at
/// checkpoints (every [`Config::checkpoint_execs`] iterations, at least every
/// [`Config::checkpoint_every`], and at the end). Returns the campaign, and the
/// recording error that stopped it, if one did.
pub fn run_from(
    config: &Config,
    adapters: &mut [Box<dyn Engine>],
    stop: &AtomicBool,
    progress: &mut dyn FnMut(Status),
    record: &mut dyn Record,
    saved: Saved,
) -> (Campaign, Option<std::io::Error>) {
    let cx = Ctx {
        config,
        budget: budget(config, stop, &saved),
    };
    let infos: Vec<Info> = adapters.iter().map(|a| a.info().clone()).collect();
    let mut local = Local { cx, adapters };
    run_core(config, cx, &infos, &mut local, progress, record, saved)
}

/// The differential check: each request asked of the reference and of every adapter
/// by `workers`, each discrepancy filed in its bucket, the state recorded at
/// checkpoints.
struct Differential<'a> {
    config: &'a Config,
    budget: Budget<'a>,
    inputs: gen::Inputs<'a>,
    can_resolve: bool,
    workers: &'a mut dyn Workers,
    record: &'a mut dyn Record,
    progress: &'a mut dyn FnMut(Status),
    head: Head,
    st: State,
    /// How many buckets' opening inputs the generator has been given.
    fed: usize,
    /// The round's minimisations, worked out before filing, by (position, hit).
    minimised: HashMap<(u64, usize), MinResult>,
    last_checkpoint: (u64, Instant),
    /// The recording error that stopped the campaign.
    failed: Option<std::io::Error>,
}

/// The discrepancy a reference panic is.
fn reference_panic(message: &str) -> Finding {
    Finding {
        class: FindingClass::ReferencePanic,
        component: None,
        expected: "the reference answers without panicking".into(),
        actual: format!("panicked: {message}"),
        known: None,
    }
}

impl Differential<'_> {
    fn checkpoint(&mut self, stop: Stop) -> std::io::Result<()> {
        let st = &mut self.st;
        let mut minimisations: Vec<(&FindingKind, usize)> =
            st.minimisations.iter().map(|(k, n)| (k, *n)).collect();
        minimisations.sort();
        let duration = self.budget.elapsed();
        let cp = Checkpoint {
            session: self.head.sessions,
            execs: st.execs,
            discrepancies: st.discrepancies,
            overflow: st.overflow,
            minimise_evals: st.minimise_evals,
            elapsed: duration,
            buckets: &st.buckets,
            minimisations,
            last: stop != Stop::Running,
        };
        let head = &self.head;
        self.record
            .checkpoint(&cp, &|| head.campaign(st, duration, stop))
    }
}

impl campaign::Check for Differential<'_> {
    type Input = Request;
    type Found = Evaluated;

    /// The inputs that opened a bucket before this round began.
    fn round(&mut self, first: u64) {
        while let Some(b) = self.st.buckets.get(self.fed) {
            if b.first_exec > first {
                break;
            }
            self.inputs.interesting(&b.opened_by);
            self.fed += 1;
        }
    }

    fn draw(&mut self, n: u64) -> Option<Request> {
        let mut rng = gen::iteration_rng(self.config.seed, n);
        let config = self.config;
        Some(
            self.inputs
                .request(n, &mut rng, self.can_resolve, config.resolve_percent),
        )
    }

    fn check(&mut self, n: u64, req: Request) -> Option<Evaluated> {
        self.workers.evaluate(vec![(n, req)]).0.pop()
    }

    fn check_round(
        &mut self,
        items: Vec<(u64, Request)>,
        _: &Budget,
    ) -> (Vec<(u64, Evaluated)>, Option<u64>) {
        let (found, missing) = self.workers.evaluate(items);
        (found.into_iter().map(|e| (e.index, e)).collect(), missing)
    }

    /// The discrepancies to minimise, worked out before filing so that the workers
    /// minimise them side by side; filing then takes each result in order.
    fn prepare(&mut self, found: &[(u64, Evaluated)]) {
        let plan = self.st.plan(found.iter().map(|(_, e)| e), self.config);
        let jobs: Vec<MinJob> = plan.iter().map(|(_, _, j)| j.clone()).collect();
        let results = self.workers.minimise(jobs);
        self.minimised = plan
            .into_iter()
            .zip(results)
            .map(|((index, hit, _), r)| ((index, hit), r))
            .collect();
    }

    fn file(&mut self, index: u64, e: Evaluated) -> ControlFlow<()> {
        let exec = index + 1;
        let (st, config) = (&mut self.st, self.config);
        if e.hits.is_empty() {
            let RefAnswer::Panic { message } = &e.reference else {
                unreachable!("an evaluated request without hits is a reference panic")
            };
            st.discrepancies += 1;
            let m = self.minimised.remove(&(index, 0));
            let f = reference_panic(message);
            st.file(
                "reference",
                None,
                &e.req,
                &e.reference,
                f,
                exec,
                m,
                self.workers,
                config,
            );
        } else {
            for (h, hit) in e.hits.into_iter().enumerate() {
                st.discrepancies += 1;
                let m = self.minimised.remove(&(index, h));
                st.file(
                    &hit.name,
                    Some(hit.adapter),
                    &e.req,
                    &e.reference,
                    hit.finding,
                    exec,
                    m,
                    self.workers,
                    config,
                );
            }
        }
        // Written as soon as it is filed.
        if let Err(err) = st.flush(self.record) {
            self.failed = Some(err);
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }

    fn done(&mut self, index: u64) -> ControlFlow<()> {
        self.st.execs = index + 1;
        let exec = self.st.execs;
        if self.config.abort_after == Some(exec) {
            // Fault injection for the tests of --resume: a kill between checkpoints.
            std::process::abort();
        }
        if exec - self.last_checkpoint.0 >= self.config.checkpoint_execs
            || self.last_checkpoint.1.elapsed() >= self.config.checkpoint_every
        {
            if let Err(err) = self.checkpoint(Stop::Running) {
                self.failed = Some(err);
                return ControlFlow::Break(());
            }
            self.last_checkpoint = (exec, Instant::now());
        }
        if exec.is_multiple_of(64) {
            (self.progress)(self.st.status(self.budget.elapsed()));
        }
        ControlFlow::Continue(())
    }
}

/// The campaign itself: the differential check run by the campaign engine, in rounds
/// of [`ROUND`] requests answered by `workers`, then filed in position order.
fn run_core(
    config: &Config,
    cx: Ctx,
    infos: &[Info],
    workers: &mut dyn Workers,
    progress: &mut dyn FnMut(Status),
    record: &mut dyn Record,
    saved: Saved,
) -> (Campaign, Option<std::io::Error>) {
    let oracle = urlcert_oracle::Oracle::new(config.doc.doc.id(), None).ok();
    let doc = config.doc;
    let can_resolve = resolves(doc.doc)
        && infos
            .iter()
            .any(|a| a.operations.contains(&Operation::Resolve));
    let head = Head {
        doc,
        why: config.why.clone(),
        seed: config.seed,
        limit: config.limit,
        adapters: infos.to_vec(),
        started: saved
            .started
            .clone()
            .unwrap_or_else(|| crate::report::run_names(std::time::SystemTime::now()).1),
        grammar: oracle.is_some(),
        sessions: saved.sessions + 1,
    };
    let st = State::from_saved(saved);
    let from = st.execs;
    let mut check = Differential {
        config,
        budget: cx.budget,
        inputs: gen::Inputs::new(oracle.as_ref(), &config.seeds),
        can_resolve,
        workers,
        record,
        progress,
        head,
        last_checkpoint: (st.execs, Instant::now()),
        st,
        fed: 0,
        minimised: HashMap::new(),
        failed: None,
    };
    let (why, _) = campaign::run(&mut check, from, ROUND, &cx.budget);
    let why = match why {
        campaign::Stop::Count | campaign::Stop::Exhausted => Stop::Iterations,
        campaign::Stop::Time => Stop::Time,
        campaign::Stop::Interrupted => Stop::Interrupted,
    };
    if check.failed.is_none() {
        check.failed = check.checkpoint(why).err();
    }
    let elapsed = cx.budget.elapsed();
    (check.progress)(check.st.status(elapsed));
    (check.head.campaign(&check.st, elapsed, why), check.failed)
}

impl State {
    /// The key of the bucket a discrepancy of `kind` goes to: its explanation's, or its
    /// kind's.
    fn bucket_key(kind: &FindingKind, f: &Finding) -> String {
        match &f.known {
            Some(k) => known_key(kind, &k.name),
            None => key_text(kind),
        }
    }

    /// The discrepancies of a round that filing will minimise, as (position, hit,
    /// job): the first of each explanation and of each kind without a bucket, within the
    /// caps per kind. Filing goes the
    /// same way, so each of them finds its result (the bucket cap aside: past it, a
    /// result is not used).
    fn plan<'e>(
        &self,
        found: impl Iterator<Item = &'e Evaluated>,
        config: &Config,
    ) -> Vec<(u64, usize, MinJob)> {
        let mut seen: HashSet<String> = HashSet::new();
        let mut started: HashMap<FindingKind, usize> = HashMap::new();
        let mut jobs = Vec::new();
        for e in found {
            let mut consider = |h: usize, adapter: Option<usize>, name: &str, f: &Finding| {
                let kind = FindingKind::of(name, e.req.op, f);
                let key = State::bucket_key(&kind, f);
                if self.by_key.contains_key(&key) || !seen.insert(key) {
                    return;
                }
                if f.known.is_none() {
                    let n = started.entry(kind.clone()).or_default();
                    let done = self.minimisations.get(&kind).copied().unwrap_or(0) + *n;
                    if done >= config.max_minimisations_per_key
                        || f.class == FindingClass::Judged(Class::Timeout)
                    {
                        return;
                    }
                    *n += 1;
                }
                jobs.push((
                    e.index,
                    h,
                    MinJob {
                        adapter,
                        req: e.req.clone(),
                        reference: e.reference.clone(),
                        finding: f.clone(),
                    },
                ));
            };
            if e.hits.is_empty() {
                if let RefAnswer::Panic { message } = &e.reference {
                    let f = reference_panic(message);
                    consider(0, None, "reference", &f);
                }
            }
            for (h, hit) in e.hits.iter().enumerate() {
                consider(h, Some(hit.adapter), &hit.name, &hit.finding);
            }
        }
        jobs
    }

    /// Puts a discrepancy in its bucket, minimising it first when its explanation, or
    /// its kind, is new (`minimised`: the result worked out for it by
    /// [`State::plan`]). Returns whether a new bucket was made.
    #[allow(clippy::too_many_arguments)]
    fn file(
        &mut self,
        adapter_name: &str,
        adapter: Option<usize>,
        req: &Request,
        reference: &RefAnswer,
        f: Finding,
        exec: u64,
        minimised: Option<MinResult>,
        workers: &mut dyn Workers,
        config: &Config,
    ) -> bool {
        let kind = FindingKind::of(adapter_name, req.op, &f);
        let minimise = |f: &Finding| -> MinResult {
            minimised.unwrap_or_else(|| {
                let job = MinJob {
                    adapter,
                    req: req.clone(),
                    reference: reference.clone(),
                    finding: f.clone(),
                };
                workers
                    .minimise(vec![job.clone()])
                    .pop()
                    .unwrap_or(MinResult {
                        min: job.req,
                        finding: job.finding,
                        reference: job.reference,
                        evals: 0,
                    })
            })
        };
        if let Some(known) = f.known.clone() {
            // One named cause, one bucket, whatever the shape of its inputs.
            let key = known_key(&kind, &known.name);
            if let Some(&i) = self.by_key.get(&key) {
                self.buckets[i].count += 1;
                return false;
            }
            let m = minimise(&f);
            self.minimise_evals += m.evals;
            let i = self.buckets.len();
            let bits = shape_bits(&m.min.input);
            self.buckets.push(Bucket {
                hash: hash12(&key),
                // The class and component its minimal witness shows.
                kind: FindingKind::of(adapter_name, req.op, &m.finding),
                shape: shape(bits),
                count: 1,
                request: m.min,
                original_len: req.input.len(),
                expected: m.finding.expected,
                actual: m.finding.actual,
                reference: m.reference,
                first_exec: exec,
                minimise_evals: m.evals,
                index: i,
                opened_by: req.input.clone(),
                bits: Some(bits),
                known: Some(known),
            });
            self.by_key.insert(key, i);
            self.events.push(Event::Opened(i));
            return true;
        }
        // One kind (adapter, operation, class, component), one bucket: the first
        // discrepancy of a kind is minimised, the later ones counted.
        let key = key_text(&kind);
        if let Some(&i) = self.by_key.get(&key) {
            self.buckets[i].count += 1;
            return false;
        }
        if self.buckets.len() >= config.max_buckets {
            self.overflow += 1;
            return false;
        }
        let timeout = f.class == FindingClass::Judged(Class::Timeout);
        let MinResult {
            min,
            finding: min_f,
            reference: min_ref,
            evals,
        } = if timeout {
            // A timeout is not minimised: each try would wait for it again.
            MinResult {
                min: req.clone(),
                finding: f,
                reference: reference.clone(),
                evals: 0,
            }
        } else {
            *self.minimisations.entry(kind.clone()).or_default() += 1;
            minimise(&f)
        };
        self.minimise_evals += evals;
        let bits = shape_bits(&min.input);
        let i = self.buckets.len();
        self.buckets.push(Bucket {
            hash: hash12(&key),
            kind: kind.clone(),
            shape: shape(bits),
            count: 1,
            request: min,
            original_len: req.input.len(),
            expected: min_f.expected,
            actual: min_f.actual,
            reference: min_ref,
            first_exec: exec,
            minimise_evals: evals,
            index: i,
            opened_by: req.input.clone(),
            bits: Some(bits),
            known: None,
        });
        self.by_key.insert(key, i);
        self.events.push(Event::Opened(i));
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ask::inproc;

    fn draft1996() -> DocReading {
        Document::Draft1996.into()
    }

    fn parse(input: &str) -> Request {
        Request {
            op: RequestOp::Parse,
            base: None,
            input: input.as_bytes().to_vec(),
        }
    }

    fn finding(doc: DocReading, adapter: &str, req: &Request) -> Option<Finding> {
        let mut a = inproc::by_name(adapter).unwrap();
        let r = reference_answer(doc, req);
        let answer = ask(a.as_mut(), req)?;
        judge_one(doc, req, &r, a.info(), &answer)
    }

    #[test]
    fn a_named_cause_is_found_before_the_shape_is_looked_at() {
        // Three shapes of one cause: `http:` without "//" has no server (§4.3.1).
        for input in ["http:f", "http:;", "ftp:&x"] {
            let f = finding(draft1996(), "url", &parse(input)).unwrap();
            let k = f.known.expect(input);
            assert_eq!(k.name, "whatwg-special-scheme-slashes", "{input}");
            assert_eq!(k.case, "r1738.http.single-slash");
        }
        // The classifiers are written for the 1996 draft: under another document none
        // applies (another document, or a leniency, may explain it).
        let rfc3986: DocReading = Document::Rfc3986.into();
        if let Some(f) = finding(rfc3986, "url", &parse("http:f")) {
            assert_ne!(
                f.known.map(|k| k.name).as_deref(),
                Some("whatwg-special-scheme-slashes")
            );
        }
        // Nor to an adapter of a model it is not written for.
        let f = finding(draft1996(), "oxiri", &parse("http:f"));
        assert!(f.is_none_or(|f| !f.known.is_some_and(|k| k.name.starts_with("whatwg-"))));
    }

    #[test]
    fn an_answer_another_document_gives_is_named_by_that_document() {
        // RFC 3986 Section 3.3 keeps "a/../b" in the path of a parse; the URL Standard's
        // path state drops the ".." with the segment before it (#path-state).
        // fluent-uri, judged under the URL Standard, gives RFC 3986's answer.
        let us: DocReading = Document::UrlStandard.into();
        let f = finding(us, "fluent-uri", &parse("http://h/a/../b")).unwrap();
        let k = f.known.expect("explained");
        assert_eq!(k.name, "follows rfc3986 (pathname)");
        assert_eq!(k.followed(), Some(Document::Rfc3986.into()));
        // Judged under RFC 3986 itself, there is nothing to explain.
        assert_eq!(
            finding(
                Document::Rfc3986.into(),
                "fluent-uri",
                &parse("http://h/a/../b")
            ),
            None
        );
    }

    #[test]
    fn the_first_classifier_in_the_list_wins() {
        // `1abc:x` is a generic-URL the URL parser rejects as a relative reference
        // without a base: "whatwg-parses-no-relative-reference" takes relative rules
        // only, so the scheme rule names it.
        let f = finding(draft1996(), "url", &parse("1abc:x")).unwrap();
        assert_eq!(f.known.unwrap().name, "scheme-starts-with-letter");
        // An empty input is a relative reference: the first in the list explains it.
        let f = finding(draft1996(), "url", &parse("")).unwrap();
        assert_eq!(f.known.unwrap().name, "whatwg-parses-no-relative-reference");
    }

    #[test]
    fn copies_of_a_named_cause_share_one_bucket_whatever_their_shape() {
        let seeds = Seeds {
            inputs: ["http:f", "http:;", "ftp:&x", "http:f.g"]
                .iter()
                .map(|s| s.as_bytes().to_vec())
                .collect(),
            bases: Vec::new(),
            references: Vec::new(),
        };
        let config = Config::new(draft1996(), 1, Limit::Iterations(4), seeds);
        let mut adapters = vec![inproc::by_name("url").unwrap()];
        let c = run(&config, &mut adapters, &AtomicBool::new(false), &mut |_| {});
        assert_eq!(c.buckets.len(), 1, "{:?}", c.buckets);
        let b = &c.buckets[0];
        assert_eq!(b.count, 4);
        assert_eq!(b.key(), "url|parse|known|whatwg-special-scheme-slashes");
        // Its witness is minimal for the cause.
        assert!(b.request.input.len() <= 6, "{:?}", b.request.input);
    }

    #[test]
    fn new_buckets_come_before_known_causes_in_a_report() {
        let mk = |known: Option<&str>, count: u64, shape: &str| Bucket {
            kind: FindingKind {
                adapter: "a".into(),
                op: RequestOp::Parse,
                class: FindingClass::Judged(Class::Verdict),
                component: None,
            },
            shape: shape.into(),
            hash: String::new(),
            count,
            request: parse("x"),
            original_len: 1,
            expected: String::new(),
            actual: String::new(),
            reference: RefAnswer::Panic {
                message: String::new(),
            },
            first_exec: 1,
            minimise_evals: 0,
            index: 0,
            opened_by: Vec::new(),
            bits: None,
            known: known.map(|n| Known {
                name: n.into(),
                case: "c".into(),
            }),
        };
        let mut v = [
            mk(Some("k1"), 100, ":"),
            mk(None, 1, "/"),
            mk(Some("k2"), 5, ":"),
            mk(None, 7, "?"),
        ];
        v.sort_by(report_order);
        let order: Vec<(bool, u64)> = v.iter().map(|b| (b.known.is_some(), b.count)).collect();
        assert_eq!(order, [(false, 7), (false, 1), (true, 100), (true, 5)]);
    }
}
