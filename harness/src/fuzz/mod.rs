//! `urlcert fuzz`: differential campaigns against any adapter.
//!
//! A campaign makes inputs ([`gen`]: strings derived from the document's grammar by the
//! oracle crate's generator, the cases' inputs and bases, and mutations of all of them),
//! asks the reference and every adapter about each, and judges each adapter's answer
//! with [`compare::judge`] against an [`Expectation`] built from the reference's own
//! answer: its verdict, rule and components for a parse, its result for a resolution.
//! That is differential, not certification: the reference stands in for the document,
//! and a discrepancy says only that the two disagree.
//!
//! Each discrepancy falls in a bucket keyed by (adapter, operation, class, first
//! differing component, shape), the shape being the delimiters its minimal input
//! contains ([`shape`]). A discrepancy whose (adapter, operation, class, component) and
//! raw shape were not seen before is minimised ([`minimise`]: delta debugging over
//! bytes, then over delimiter-separated pieces, while the adapter's answer keeps the
//! same class and component), and the shape of the minimal input decides its bucket.
//! Copies go to the bucket they were sorted into before, without being minimised
//! again. The work is bounded: evaluations per minimisation, minimisations per key and
//! buckets in all are capped ([`Config`]).
//!
//! Each request is drawn from a generator seeded with the campaign's seed and its
//! position, and no decision depends on the clock (except when a `--time` campaign
//! stops), so the same seed and number of iterations give the same buckets.
//!
//! A campaign run by the command line writes what it finds as it finds it
//! ([`journal`]): each bucket once it is minimised, and checkpoints of its whole state,
//! so that a killed campaign leaves its findings on disk and `--resume` continues it
//! from its last checkpoint as if it had not stopped.

pub mod cli;
pub mod gen;
pub mod journal;
pub mod minimise;
pub mod report;

use crate::adapter::{Adapter, Answer, Info, Operation};
use crate::cases::{Case, Expectation, ExpectedValue, Op};
use crate::compare;
use crate::judge::Class;
use crate::report::class_id;
use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use urlcert_reference::{DocReading, Document, Value};

pub use gen::Seeds;

/// When a campaign stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    Iterations(u64),
    Time(Duration),
}

/// What a campaign does.
#[derive(Clone, Debug)]
pub struct Config {
    /// The document the reference answers under (default `draft-1996`).
    pub doc: DocReading,
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

/// What a campaign asks: parses and resolutions (a `links` request needs a whole
/// document, which campaigns do not generate).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RequestOp {
    Parse,
    Resolve,
}

/// One request of a campaign.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Request {
    pub op: RequestOp,
    /// For a resolution: the base (from the cases), never mutated.
    pub base: Option<Vec<u8>>,
    /// The input parsed, or the reference resolved.
    pub input: Vec<u8>,
}

/// What the reference says of a request, kept for the report and for candidate cases.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RefAnswer {
    Parse {
        verdict: String,
        rule: Option<String>,
        components: Vec<(String, Option<Value<'static>>)>,
    },
    Resolve {
        /// The result, or `None` with `verdict` (`invalid`, `not-defined`).
        result: Option<Vec<u8>>,
        verdict: Option<String>,
    },
    /// The reference panicked: a bug in urlcert itself.
    Panic { message: String },
}

/// The reference's answer to `req` under `doc`. A panic is caught and is an answer too.
pub fn reference_answer(doc: DocReading, req: &Request) -> RefAnswer {
    let run = || match req.op {
        RequestOp::Parse => {
            let p = urlcert_reference::parse(doc, &req.input);
            RefAnswer::Parse {
                verdict: p.verdict.id().to_string(),
                rule: p.rule.map(|r| r.name().to_string()),
                components: p
                    .components
                    .iter()
                    .map(|(n, v)| (n.to_string(), v.clone().map(Value::into_owned)))
                    .collect(),
            }
        }
        RequestOp::Resolve => {
            let base = req.base.as_deref().unwrap_or_default();
            match urlcert_reference::resolve(doc, base, &req.input, false) {
                Ok(r) => RefAnswer::Resolve {
                    result: Some(r.result),
                    verdict: None,
                },
                Err(urlcert_reference::Unresolvable::NotDefined { .. }) => RefAnswer::Resolve {
                    result: None,
                    verdict: Some("not-defined".into()),
                },
                Err(urlcert_reference::Unresolvable::BaseNotAbsolute { .. }) => {
                    RefAnswer::Resolve {
                        result: None,
                        verdict: Some("invalid".into()),
                    }
                }
            }
        }
    };
    match std::panic::catch_unwind(run) {
        Ok(a) => a,
        Err(e) => {
            let message = e
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "(no message)".into());
            RefAnswer::Panic { message }
        }
    }
}

/// The case and expectation [`compare::judge`] needs, built from the reference's answer.
fn as_case(doc: DocReading, req: &Request, r: &RefAnswer) -> Option<(Case, Expectation)> {
    let lossy = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    let mut e = Expectation::default();
    let op = match r {
        RefAnswer::Parse {
            verdict,
            rule,
            components,
        } => {
            e.verdict = Some(verdict.clone());
            e.rule = Some(rule.clone());
            for (name, v) in components {
                let v = match v {
                    None => None,
                    Some(Value::Str(s)) => Some(ExpectedValue::Str(s.to_string())),
                    // No model gives lists or fields: judge skips them anyway.
                    Some(_) => continue,
                };
                e.components.insert(name.clone(), v);
            }
            Op::Parse
        }
        RefAnswer::Resolve { result, verdict } => {
            e.result = result.as_deref().map(lossy);
            e.verdict = verdict.clone();
            Op::Resolve
        }
        RefAnswer::Panic { .. } => return None,
    };
    let case = Case::made(
        op,
        req.base.as_deref().map(lossy),
        lossy(&req.input),
        BTreeMap::new(),
    );
    let _ = doc;
    Some((case, e))
}

/// A discrepancy: how an adapter's answer stands against the reference's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// A [`class_id`], or `reference-panic`.
    pub class: String,
    pub component: Option<String>,
    pub expected: String,
    pub actual: String,
}

/// The judgement of one adapter's answer to `req`; `None` when it agrees with the
/// reference or cannot express the request (nothing to compare).
pub fn judge_one(
    doc: DocReading,
    req: &Request,
    reference: &RefAnswer,
    info: &Info,
    answer: &Answer,
) -> Option<Finding> {
    let (case, e) = as_case(doc, req, reference)?;
    let j = compare::judge(&case, doc, &e, info, answer);
    match j.class {
        Class::Agree | Class::Unsupported => None,
        c => Some(Finding {
            class: class_id(c).to_string(),
            component: j.component,
            expected: j.expected,
            actual: j.actual,
        }),
    }
}

/// Asks `adapter` about `req` (resolutions only of an adapter that resolves).
pub fn ask(adapter: &mut dyn Adapter, req: &Request) -> Option<Answer> {
    match req.op {
        RequestOp::Parse => Some(adapter.parse(&req.input)),
        RequestOp::Resolve => {
            if !adapter.info().operations.contains(&Operation::Resolve) {
                return None;
            }
            Some(adapter.resolve(req.base.as_deref().unwrap_or_default(), &req.input))
        }
    }
}

/// Whether the document's grammar is there to generate from (the oracle crate loads it).
pub fn grammar_available(doc: DocReading) -> bool {
    urlcert_oracle::Oracle::load(doc.doc.id(), None, &urlcert_oracle::grammar_dir()).is_ok()
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
pub struct Kind {
    pub adapter: String,
    pub op: &'static str,
    pub class: String,
    pub component: Option<String>,
}

fn op_id(op: RequestOp) -> &'static str {
    match op {
        RequestOp::Parse => "parse",
        RequestOp::Resolve => "resolve",
    }
}

impl Kind {
    fn of(adapter: &str, op: RequestOp, f: &Finding) -> Kind {
        Kind {
            adapter: adapter.to_string(),
            op: op_id(op),
            class: f.class.clone(),
            component: f.component.clone(),
        }
    }
}

/// One distinct problem: a bucket of discrepancies with one minimal example.
#[derive(Clone, Debug)]
pub struct Bucket {
    pub kind: Kind,
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
}

impl Bucket {
    /// `adapter|op|class|component|shape`.
    pub fn key(&self) -> String {
        key_text(&self.kind, &self.shape)
    }
}

fn key_text(k: &Kind, shape: &str) -> String {
    format!(
        "{}|{}|{}|{}|{}",
        k.adapter,
        k.op,
        k.class,
        k.component.as_deref().unwrap_or("-"),
        shape
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
}

impl Campaign {
    pub fn exec_per_sec(&self) -> f64 {
        let s = self.duration.as_secs_f64();
        if s > 0.0 {
            self.execs as f64 / s
        } else {
            0.0
        }
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
    /// (bucket index, raw shape): discrepancies of the bucket's kind with that raw
    /// shape go to that bucket without being minimised.
    pub memo: Vec<(usize, u32)>,
    /// Minimisations made per kind.
    pub minimisations: Vec<(Kind, usize)>,
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
    /// The (bucket index, raw shape) pairs memorised since the previous checkpoint.
    pub memo: &'a [(usize, u32)],
    /// Minimisations made per kind, sorted by kind.
    pub minimisations: Vec<(&'a Kind, usize)>,
    /// The campaign has stopped: this is its final state, and its report comes next.
    pub last: bool,
}

/// Where a campaign writes what it finds as it finds it (`fuzz.jsonl`, see
/// [`journal`]). An error stops the campaign.
pub trait Record {
    /// A bucket was opened; its example is minimised.
    fn bucket(&mut self, b: &Bucket) -> std::io::Result<()>;
    /// A bucket's example was replaced by a smaller one.
    fn example(&mut self, b: &Bucket) -> std::io::Result<()>;
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
    fn example(&mut self, _: &Bucket) -> std::io::Result<()> {
        Ok(())
    }
    fn checkpoint(&mut self, _: &Checkpoint, _: &dyn Fn() -> Campaign) -> std::io::Result<()> {
        Ok(())
    }
}

/// What filing a discrepancy changed, for the [`Record`].
enum Event {
    Opened(usize),
    Example(usize),
}

struct State {
    buckets: Vec<Bucket>,
    by_key: HashMap<String, usize>,
    /// (kind, raw shape) → the bucket it was sorted into.
    memo: HashMap<(Kind, u32), usize>,
    /// Memo entries since the last checkpoint, as (bucket index, raw shape).
    memo_new: Vec<(usize, u32)>,
    minimisations: HashMap<Kind, usize>,
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
        let memo = saved
            .memo
            .iter()
            .filter_map(|&(i, raw)| saved.buckets.get(i).map(|b| ((b.kind.clone(), raw), i)))
            .collect();
        State {
            by_key,
            memo,
            memo_new: Vec::new(),
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
                Event::Example(i) => record.example(&self.buckets[i])?,
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
    seed: u64,
    limit: Limit,
    adapters: Vec<Info>,
    started: String,
    grammar: bool,
    sessions: u32,
}

impl Head {
    fn campaign(&self, st: &State, duration: Duration, stop: Stop) -> Campaign {
        let mut buckets = st.buckets.clone();
        buckets.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.key().cmp(&b.key())));
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
        }
    }
}

/// Runs a campaign in memory: `adapters` are asked in order; `stop` ends it early
/// (Ctrl-C), and `progress` is told where it is now and then.
pub fn run(
    config: &Config,
    adapters: &mut [Box<dyn Adapter>],
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

/// Runs a campaign from `saved` (a new one from [`Saved::default`]), telling `record`
/// each bucket as it is opened and the state at checkpoints (every
/// [`Config::checkpoint_execs`] iterations, at least every
/// [`Config::checkpoint_every`], and at the end). Returns the campaign, and the
/// recording error that stopped it, if one did.
pub fn run_from(
    config: &Config,
    adapters: &mut [Box<dyn Adapter>],
    stop: &AtomicBool,
    progress: &mut dyn FnMut(Status),
    record: &mut dyn Record,
    saved: Saved,
) -> (Campaign, Option<std::io::Error>) {
    let clock = Instant::now();
    let before = saved.elapsed;
    let elapsed = || before + clock.elapsed();
    let oracle =
        urlcert_oracle::Oracle::load(config.doc.doc.id(), None, &urlcert_oracle::grammar_dir())
            .ok();
    let mut inputs = gen::Inputs::new(oracle.as_ref(), &config.seeds);
    let doc = config.doc;
    let can_resolve = resolves(doc.doc)
        && adapters
            .iter()
            .any(|a| a.info().operations.contains(&Operation::Resolve));
    let head = Head {
        doc,
        seed: config.seed,
        limit: config.limit,
        adapters: adapters.iter().map(|a| a.info().clone()).collect(),
        started: saved
            .started
            .clone()
            .unwrap_or_else(|| crate::report::run_names(std::time::SystemTime::now()).1),
        grammar: oracle.is_some(),
        sessions: saved.sessions + 1,
    };
    let mut st = State::from_saved(saved);
    // The inputs that opened buckets are kept for mutation, in the order they did.
    for b in &st.buckets {
        inputs.interesting(&b.opened_by);
    }
    let checkpoint = |st: &mut State, record: &mut dyn Record, stop: Stop| {
        let mut minimisations: Vec<(&Kind, usize)> =
            st.minimisations.iter().map(|(k, n)| (k, *n)).collect();
        minimisations.sort();
        let duration = elapsed();
        let cp = Checkpoint {
            session: head.sessions,
            execs: st.execs,
            discrepancies: st.discrepancies,
            overflow: st.overflow,
            minimise_evals: st.minimise_evals,
            elapsed: duration,
            buckets: &st.buckets,
            memo: &st.memo_new,
            minimisations,
            last: stop != Stop::Running,
        };
        let written = record.checkpoint(&cp, &|| head.campaign(st, duration, stop));
        st.memo_new.clear();
        written
    };
    let mut failed = None;
    let mut last_checkpoint = (st.execs, Instant::now());
    let why = loop {
        if stop.load(Ordering::Relaxed) {
            break Stop::Interrupted;
        }
        match config.limit {
            Limit::Iterations(n) if st.execs >= n => break Stop::Iterations,
            Limit::Time(d) if elapsed() >= d => break Stop::Time,
            _ => {}
        }
        let mut rng = gen::iteration_rng(config.seed, st.execs);
        let req = inputs.request(st.execs, &mut rng, can_resolve, config.resolve_percent);
        st.execs += 1;
        let exec = st.execs;
        let reference = reference_answer(doc, &req);
        let mut new_bucket = false;
        if let RefAnswer::Panic { message } = &reference {
            st.discrepancies += 1;
            let f = Finding {
                class: "reference-panic".into(),
                component: None,
                expected: "the reference answers without panicking".into(),
                actual: format!("panicked: {message}"),
            };
            new_bucket |= st.file("reference", &req, &reference, f, exec, None, config);
            if let Err(e) = st.flush(record) {
                failed = Some(e);
                break Stop::Interrupted;
            }
        } else {
            for adapter in adapters.iter_mut() {
                let Some(answer) = ask(adapter.as_mut(), &req) else {
                    continue;
                };
                // Stopping was asked while the adapter answered: the adapters after it
                // are not asked, so that the campaign ends at once.
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let info = adapter.info().clone();
                if let Some(f) = judge_one(doc, &req, &reference, &info, &answer) {
                    st.discrepancies += 1;
                    let name = info.name.clone();
                    let a: &mut dyn Adapter = adapter.as_mut();
                    new_bucket |=
                        st.file(&name, &req, &reference, f, exec, Some((a, stop)), config);
                    // Written as soon as it is minimised.
                    if let Err(e) = st.flush(record) {
                        failed = Some(e);
                        break;
                    }
                }
            }
            if failed.is_some() {
                break Stop::Interrupted;
            }
        }
        if new_bucket {
            inputs.interesting(&req.input);
        }
        if config.abort_after == Some(exec) {
            // Fault injection for the tests of --resume: a kill between checkpoints.
            std::process::abort();
        }
        if exec - last_checkpoint.0 >= config.checkpoint_execs
            || last_checkpoint.1.elapsed() >= config.checkpoint_every
        {
            if let Err(e) = checkpoint(&mut st, record, Stop::Running) {
                failed = Some(e);
                break Stop::Interrupted;
            }
            last_checkpoint = (exec, Instant::now());
        }
        if exec.is_multiple_of(64) {
            progress(st.status(elapsed()));
        }
    };
    if failed.is_none() {
        failed = checkpoint(&mut st, record, why).err();
    }
    progress(st.status(elapsed()));
    (head.campaign(&st, elapsed(), why), failed)
}

/// The adapter's finding on `cand` and the reference's answer, when the finding has
/// the class and component of `f`.
fn same_kind(
    doc: DocReading,
    adapter: &mut dyn Adapter,
    cand: &Request,
    f: &Finding,
) -> Option<(Finding, RefAnswer)> {
    let r = reference_answer(doc, cand);
    if matches!(r, RefAnswer::Panic { .. }) {
        return None;
    }
    let answer = ask(adapter, cand)?;
    let g = judge_one(doc, cand, &r, adapter.info(), &answer)?;
    (g.class == f.class && g.component == f.component).then_some((g, r))
}

impl State {
    /// Sends later discrepancies of `kind` with raw shape `raw` to bucket `i`.
    fn remember(&mut self, kind: Kind, raw: u32, i: usize) {
        self.memo.insert((kind, raw), i);
        self.memo_new.push((i, raw));
    }

    /// Puts a discrepancy in its bucket, minimising it first when its kind and raw
    /// shape are new. Returns whether a new bucket was made.
    #[allow(clippy::too_many_arguments)]
    fn file(
        &mut self,
        adapter_name: &str,
        req: &Request,
        reference: &RefAnswer,
        f: Finding,
        exec: u64,
        adapter: Option<(&mut dyn Adapter, &AtomicBool)>,
        config: &Config,
    ) -> bool {
        let kind = Kind::of(adapter_name, req.op, &f);
        let raw = shape_bits(&req.input);
        if let Some(&i) = self.memo.get(&(kind.clone(), raw)) {
            self.buckets[i].count += 1;
            return false;
        }
        let done = self.minimisations.get(&kind).copied().unwrap_or(0);
        let may_minimise = done < config.max_minimisations_per_key
            && self.buckets.len() < config.max_buckets
            && f.class != "timeout";
        if !may_minimise {
            return self.file_unminimised(kind, raw, req, reference, f, exec, config);
        }
        *self.minimisations.entry(kind.clone()).or_default() += 1;
        let (min, min_f, min_ref, evals) = match adapter {
            Some((a, stop)) => {
                let budget = if f.class == "crash" {
                    config.max_minimise_evals.min(100)
                } else {
                    config.max_minimise_evals
                };
                let doc = config.doc;
                let mut test = |cand: &Request| -> bool {
                    !stop.load(Ordering::Relaxed) && same_kind(doc, a, cand, &f).is_some()
                };
                let (min, evals) = minimise::request(req, &mut test, budget);
                // Asked once more, so that the bucket shows the minimal input's own
                // answers (an adapter that answers differently now keeps the original).
                let again = (min != *req).then(|| same_kind(doc, a, &min, &f)).flatten();
                match again {
                    Some((mf, mr)) => (min, mf, mr, evals + 1),
                    None => (req.clone(), f.clone(), reference.clone(), evals),
                }
            }
            None => {
                let mut test = |cand: &Request| -> bool {
                    matches!(reference_answer(config.doc, cand), RefAnswer::Panic { .. })
                };
                let (min, evals) = minimise::request(req, &mut test, config.max_minimise_evals);
                let r = reference_answer(config.doc, &min);
                (min, f.clone(), r, evals)
            }
        };
        self.minimise_evals += evals as u64;
        let bits = shape_bits(&min.input);
        let shape_text = shape(bits);
        let key = key_text(&kind, &shape_text);
        let i = match self.by_key.get(&key) {
            Some(&i) => {
                let b = &mut self.buckets[i];
                b.count += 1;
                b.minimise_evals += evals as u64;
                if min.input.len() < b.request.input.len() {
                    b.request = min;
                    b.expected = min_f.expected;
                    b.actual = min_f.actual;
                    b.reference = min_ref;
                    b.original_len = b.original_len.min(req.input.len());
                    self.events.push(Event::Example(i));
                }
                self.remember(kind, raw, i);
                return false;
            }
            None => self.buckets.len(),
        };
        self.buckets.push(Bucket {
            hash: hash12(&key),
            kind: kind.clone(),
            shape: shape_text,
            count: 1,
            request: min,
            original_len: req.input.len(),
            expected: min_f.expected,
            actual: min_f.actual,
            reference: min_ref,
            first_exec: exec,
            minimise_evals: evals as u64,
            index: i,
            opened_by: req.input.clone(),
            bits: Some(bits),
        });
        self.by_key.insert(key, i);
        self.remember(kind, raw, i);
        self.events.push(Event::Opened(i));
        true
    }

    /// The budget is spent: the bucket of the same kind with the largest shape inside
    /// the raw shape, or the kind's `unminimised` bucket.
    #[allow(clippy::too_many_arguments)]
    fn file_unminimised(
        &mut self,
        kind: Kind,
        raw: u32,
        req: &Request,
        reference: &RefAnswer,
        f: Finding,
        exec: u64,
        config: &Config,
    ) -> bool {
        let fits = self
            .buckets
            .iter()
            .enumerate()
            .filter(|(_, b)| b.kind == kind)
            .filter_map(|(i, b)| b.bits.filter(|s| s & raw == *s).map(|s| (i, s)))
            .max_by_key(|(i, s)| (s.count_ones(), std::cmp::Reverse(*i)));
        if let Some((i, _)) = fits {
            self.buckets[i].count += 1;
            self.remember(kind, raw, i);
            return false;
        }
        let shape_text = if f.class == "timeout" {
            shape(raw)
        } else {
            "unminimised".to_string()
        };
        let key = key_text(&kind, &shape_text);
        if let Some(&i) = self.by_key.get(&key) {
            let b = &mut self.buckets[i];
            b.count += 1;
            if req.input.len() < b.request.input.len() {
                b.request = req.clone();
                b.original_len = req.input.len();
                b.expected = f.expected;
                b.actual = f.actual;
                b.reference = reference.clone();
                self.events.push(Event::Example(i));
            }
            return false;
        }
        if self.buckets.len() >= config.max_buckets {
            self.overflow += 1;
            return false;
        }
        let i = self.buckets.len();
        self.buckets.push(Bucket {
            hash: hash12(&key),
            kind,
            shape: shape_text,
            count: 1,
            request: req.clone(),
            original_len: req.input.len(),
            expected: f.expected,
            actual: f.actual,
            reference: reference.clone(),
            first_exec: exec,
            minimise_evals: 0,
            index: i,
            opened_by: req.input.clone(),
            bits: None,
        });
        self.by_key.insert(key, i);
        self.events.push(Event::Opened(i));
        true
    }
}
