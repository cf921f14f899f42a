//! Runs and certification: every case under every document, asked of the
//! reference and of adapters, judged, and collected as [`Record`]s for the reports; and
//! the expected-failure lists (`harness/expected/<adapter>.txt`) that `urlcert certify
//! --strict` checks both ways.
//!
//! The adapters and the judge come through a small seam, [`AdapterSource`] and [`Judge`], so
//! that this module runs with any adapter (the tests use their own). [`Registry`] and
//! [`crate::judge::judge`] are where the adapter registry and the comparison by meaning plug in.

use crate::ask::process::Limits;
use crate::ask::registry;
use crate::ask::Request;
use crate::ask::{Answer, Engine, Fault, Info};
use crate::case::{Expectation, LoadedCase, Operation, Suite};
use crate::judge::exact::quote;
use crate::judge::{Class, Judged};
use crate::report::{self, bound, Column, Provenance, Record, Run, Unavailable};
use crate::run::runner::{self, CaseResult, Outcome};
use crate::Error;
use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Instant;
use urlcert_reference::{DocReading, Document};

pub use crate::ask::reference::REFERENCE;

/// An adapter the registry knows: ready to ask, or missing what it needs.
pub enum Candidate {
    Ready(Box<dyn Engine>),
    Unavailable(Unavailable),
}

/// Where adapters come from.
pub trait AdapterSource {
    /// Every adapter the registry knows, available or not.
    fn all(&mut self) -> Vec<Candidate>;
    /// One adapter by name (`url`, `curl@allow-space`); `None` when the name is unknown.
    fn by_name(&mut self, name: &str) -> Option<Candidate>;
    /// An external program speaking the protocol, run as `argv` (never through a shell):
    /// one long-lived process, or with `one_shot` one process per request.
    fn command(&mut self, argv: &[String], one_shot: bool) -> Result<Box<dyn Engine>, Fault>;
}

/// How an engine's answer stands against one document's expectation: the one judge
/// ([`crate::judge::judge`]) or, in tests, a judge wrapped around it.
pub type Judge<'a> = &'a dyn Fn(&Request, DocReading, &Expectation, &Info, &Answer) -> Judged;

/// The adapter registry, as the command line uses it ([`crate::ask::registry`]).
pub struct Registry;

impl AdapterSource for Registry {
    fn all(&mut self) -> Vec<Candidate> {
        registry::all(Limits::default())
            .into_iter()
            .map(Candidate::from)
            .collect()
    }
    fn by_name(&mut self, name: &str) -> Option<Candidate> {
        registry::by_name(name, Limits::default()).map(Candidate::from)
    }
    fn command(&mut self, argv: &[String], one_shot: bool) -> Result<Box<dyn Engine>, Fault> {
        registry::command(argv.to_vec(), one_shot, Limits::default())
    }
}

impl From<registry::Found> for Candidate {
    fn from(f: registry::Found) -> Self {
        match f {
            registry::Found::Ready(a) => Candidate::Ready(a),
            registry::Found::Unavailable { name, why, install } => {
                Candidate::Unavailable(Unavailable { name, why, install })
            }
        }
    }
}

/// A fault as one line.
pub fn fault_line(f: &Fault) -> String {
    match f {
        Fault::Spawn { detail } => format!("could not start: {detail}"),
        Fault::Crash { detail } => format!("crashed: {detail}"),
        Fault::Timeout { after_ms } => format!("no answer after {after_ms} ms"),
        Fault::EarlyExit { detail } => format!("exited early: {detail}"),
        Fault::Garbage { detail } => format!("not the protocol: {detail}"),
        Fault::Oversized { bytes } => format!("answer too long: {bytes} bytes"),
        Fault::StderrFlood { bytes } => format!("too much on standard error: {bytes} bytes"),
    }
}

/// `--doc`: a document (every reading of it) or one reading (`DOC@READING`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DocFilter {
    Document(Document),
    Reading(DocReading),
}

impl DocFilter {
    pub fn matches(self, d: DocReading) -> bool {
        match self {
            DocFilter::Document(doc) => d.doc == doc,
            DocFilter::Reading(r) => d == r,
        }
    }
}

impl std::fmt::Display for DocFilter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DocFilter::Document(doc) => f.write_str(doc.id()),
            DocFilter::Reading(r) => write!(f, "{r}"),
        }
    }
}

impl FromStr for DocFilter {
    type Err = crate::Error;
    fn from_str(s: &str) -> crate::Result<DocFilter> {
        let filter = if s.contains('@') {
            s.parse().map(DocFilter::Reading)
        } else {
            s.parse().map(DocFilter::Document)
        };
        filter.map_err(crate::Error::new)
    }
}

fn in_scope(filter: Option<DocFilter>, d: DocReading) -> bool {
    filter.is_none_or(|f| f.matches(d))
}

/// The provenance of a run of `suite` starting now.
pub fn provenance(suite: &Suite) -> std::io::Result<Provenance> {
    let (run, time) = report::run_names(std::time::SystemTime::now());
    Ok(Provenance {
        run,
        urlcert_version: env!("CARGO_PKG_VERSION").to_string(),
        cases_sha256: suite.sha256.clone(),
        time,
    })
}

/// The reference as a column.
pub fn reference_column() -> Column {
    Column {
        name: REFERENCE.into(),
        version: format!("urlcert-reference {}", env!("CARGO_PKG_VERSION")),
        argv: None,
    }
}

fn record(lc: &LoadedCase, doc: DocReading, col: &Column, j: Judged, elapsed_ms: u64) -> Record {
    let case = &lc.case;
    Record {
        case: case.id.clone(),
        location: format!("{}:{}", lc.file.display(), lc.line),
        doc: doc.to_string(),
        op: case.op.to_string(),
        input: case.input.clone(),
        base: case.base.clone(),
        tags: case.tags.clone(),
        cite: case
            .cite
            .iter()
            .map(|c| report::Citation {
                doc: c.doc.0.id().to_string(),
                section: c.section.clone(),
            })
            .collect(),
        adapter: col.name.clone(),
        version: col.version.clone(),
        argv: col.argv.clone(),
        class: j.class,
        component: j.component,
        expected: bound(&j.expected),
        actual: bound(&j.actual),
        elapsed_ms,
    }
}

/// Where a run's records go as they are made, and what an earlier, stopped run of the
/// same plan already recorded (`--resume`): such a record is taken as it is, in its
/// place, and its question is not asked again.
pub trait Sink {
    /// The record an earlier run made for this adapter (column name), case and
    /// document.
    fn prior(&self, adapter: &str, case: &str, doc: &str) -> Option<Record>;
    /// A new record, as soon as it is made.
    fn record(&mut self, record: &Record) -> std::io::Result<()>;
    /// The run so far, after the reference and after each adapter.
    fn checkpoint(&mut self, _run: &Run) -> std::io::Result<()> {
        Ok(())
    }
}

/// Records kept nowhere but in the returned run.
pub struct NoSink;

impl Sink for NoSink {
    fn prior(&self, _: &str, _: &str, _: &str) -> Option<Record> {
        None
    }
    fn record(&mut self, _: &Record) -> std::io::Result<()> {
        Ok(())
    }
}

/// Every case under every document in scope, against the reference: the runner's
/// results (for the human failure output) and one record each. A failure is
/// `verdict` when the verdict differs, `resolution` for a resolve case, and otherwise
/// `component`, naming the first thing that differs (`user`, `rule`, `urls[0].end`).
pub fn reference_records(
    cases: &[LoadedCase],
    filter: Option<DocFilter>,
) -> (Vec<CaseResult>, Vec<Record>) {
    let mut records = Vec::new();
    let results = reference_pass(cases, filter, &mut NoSink, &mut |r| {
        records.push(r);
        Ok(())
    });
    (results.unwrap_or_default(), records)
}

/// [`reference_records`], each record handed to `keep` (a prior one when `sink` has
/// it, else a new one, also given to `sink`). The runner's results are always all
/// there: the reference is cheap to run again.
fn reference_pass(
    cases: &[LoadedCase],
    filter: Option<DocFilter>,
    sink: &mut dyn Sink,
    keep: &mut dyn FnMut(Record) -> std::io::Result<()>,
) -> std::io::Result<Vec<CaseResult>> {
    let col = reference_column();
    let mut results = Vec::new();
    for lc in cases {
        let start = Instant::now();
        let ran = runner::run_cases(std::slice::from_ref(lc));
        let ms = start.elapsed().as_millis() as u64 / (ran.len().max(1) as u64);
        for r in ran {
            if !in_scope(filter, r.doc) {
                continue;
            }
            let Some(e) = lc
                .case
                .expect
                .iter()
                .find(|(k, _)| k.0 == r.doc)
                .map(|x| x.1)
            else {
                continue;
            };
            let doc = r.doc.to_string();
            if let Some(prior) = sink.prior(&col.name, &lc.case.id, &doc) {
                keep(prior)?;
                results.push(r);
                continue;
            }
            let mismatches = match &r.outcome {
                Outcome::Pass => &[][..],
                Outcome::Fail { mismatches } => mismatches,
            };
            let j = lc
                .case
                .with_request(|request| crate::judge::of_mismatches(request, e, mismatches));
            let rec = record(lc, r.doc, &col, j, ms);
            sink.record(&rec)?;
            keep(rec)?;
            results.push(r);
        }
    }
    Ok(results)
}

/// The column of an adapter.
pub fn column_of(info: &Info) -> Column {
    Column {
        name: info.name.clone(),
        version: info.version.clone(),
        argv: info.argv.clone(),
    }
}

/// Every case under every document in scope, asked of `adapter` (once per case) and
/// judged against each document's expectation.
pub fn adapter_records(
    cases: &[LoadedCase],
    filter: Option<DocFilter>,
    adapter: &mut dyn Engine,
    judge: Judge,
) -> Vec<Record> {
    let col = column_of(adapter.info());
    let mut records = Vec::new();
    let _ = adapter_pass(cases, filter, adapter, judge, &col, &mut NoSink, &mut |r| {
        records.push(r);
        Ok(())
    });
    records
}

/// [`adapter_records`] under the column `col`: a case whose every record `sink`
/// already has is not asked again; new records go to `sink` as they are made.
fn adapter_pass(
    cases: &[LoadedCase],
    filter: Option<DocFilter>,
    adapter: &mut dyn Engine,
    judge: Judge,
    col: &Column,
    sink: &mut dyn Sink,
    keep: &mut dyn FnMut(Record) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let info = adapter.info().clone();
    for lc in cases {
        let case = &lc.case;
        let docs: Vec<_> = case
            .expect
            .iter()
            .filter(|(k, _)| in_scope(filter, k.0))
            .collect();
        // Only the reference answers extract, normalize and base cases; links cases
        // are asked of the adapters that offer links, and of no other.
        let offers_links = info.operations.contains(&Operation::Links);
        if docs.is_empty()
            || matches!(
                case.op,
                Operation::Extract | Operation::Normalize | Operation::Base
            )
            || (case.op == Operation::Links && !offers_links)
        {
            continue;
        }
        let prior: Vec<Option<Record>> = docs
            .iter()
            .map(|(k, _)| sink.prior(&col.name, &case.id, &k.0.to_string()))
            .collect();
        if prior.iter().all(Option::is_some) {
            for prior in prior.into_iter().flatten() {
                keep(prior)?;
            }
            continue;
        }
        case.with_request(|request| {
            let start = Instant::now();
            let answer = crate::ask::ask(adapter, request);
            let ms = start.elapsed().as_millis() as u64;
            for ((key, e), prior) in docs.into_iter().zip(prior) {
                match prior {
                    Some(prior) => keep(prior)?,
                    None => {
                        let rec =
                            record(lc, key.0, col, judge(request, key.0, e, &info, &answer), ms);
                        sink.record(&rec)?;
                        keep(rec)?;
                    }
                }
            }
            Ok::<(), std::io::Error>(())
        })?;
    }
    Ok(())
}

/// What to run: the suite, the documents in scope, the reference or not, and the
/// adapters.
pub struct Plan<'a> {
    pub suite: &'a Suite,
    pub filter: Option<DocFilter>,
    pub reference: bool,
    pub adapters: Vec<Box<dyn Engine>>,
    pub unavailable: Vec<Unavailable>,
}

/// Runs `plan`; `progress` hears one line before each adapter. Returns the run and the
/// reference's results (empty when the reference did not run).
pub fn execute(
    plan: Plan,
    judge: Judge,
    progress: &mut dyn FnMut(&str),
) -> std::io::Result<(Run, Vec<CaseResult>)> {
    let provenance = provenance(plan.suite)?;
    execute_into(plan, provenance, judge, progress, &mut NoSink)
}

/// The columns `plan` makes, in order: the reference when it runs, then each adapter,
/// a name reported twice told apart by a suffix (`#2`).
pub fn columns(plan: &Plan) -> Vec<Column> {
    let mut columns: Vec<Column> = Vec::new();
    if plan.reference {
        columns.push(reference_column());
    }
    for adapter in &plan.adapters {
        let mut col = column_of(adapter.info());
        let base = col.name.clone();
        let mut n = 2;
        while columns.iter().any(|c| c.name == col.name) {
            col.name = format!("{base}#{n}");
            n += 1;
        }
        columns.push(col);
    }
    columns
}

/// [`execute`] with each record handed to `sink` as it is made, and the records an
/// earlier run left in `sink` taken instead of asking again.
pub fn execute_into(
    plan: Plan,
    provenance: Provenance,
    judge: Judge,
    progress: &mut dyn FnMut(&str),
    sink: &mut dyn Sink,
) -> std::io::Result<(Run, Vec<CaseResult>)> {
    let mut columns = columns(&plan).into_iter();
    let mut run = Run {
        provenance,
        columns: Vec::new(),
        unavailable: plan.unavailable,
        records: Vec::new(),
        coverage: Vec::new(),
        ledgers: Vec::new(),
    };
    let cases = &plan.suite.cases;
    let mut results = Vec::new();
    if plan.reference {
        progress(REFERENCE);
        let col = columns.next().unwrap_or_else(reference_column);
        let mut records = Vec::new();
        results = reference_pass(cases, plan.filter, sink, &mut |r| {
            records.push(r);
            Ok(())
        })?;
        run.records.extend(records);
        run.columns.push(col);
        sink.checkpoint(&run)?;
    }
    for mut adapter in plan.adapters {
        let col = columns.next().unwrap_or_else(|| column_of(adapter.info()));
        progress(&format!("{} ({})", col.name, col.version));
        let mut records = Vec::new();
        adapter_pass(
            cases,
            plan.filter,
            adapter.as_mut(),
            judge,
            &col,
            sink,
            &mut |r| {
                records.push(r);
                Ok(())
            },
        )?;
        run.records.extend(records);
        run.columns.push(col);
        sink.checkpoint(&run)?;
    }
    Ok((run, results))
}

/// The folder a run writes into: `--out`, or `root/<run>` (`-2`, `-3`, ... when that
/// exists).
pub fn out_dir(out: Option<PathBuf>, root: &Path, run: &str) -> PathBuf {
    if let Some(o) = out {
        return o;
    }
    let mut dir = root.join(run);
    let mut n = 2;
    while dir.exists() {
        dir = root.join(format!("{run}-{n}"));
        n += 1;
    }
    dir
}

// ---------------------------------------------------------------------------------
// Expected-failure lists

/// One entry of an expected-failure list: a case under a document.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Entry {
    pub case: String,
    pub doc: String,
    /// 1-based line in the list (0 for entries made from a run).
    pub line: usize,
}

/// The default list of `adapter`: `<dir>/<adapter>.txt`.
pub fn expected_path(dir: &Path, adapter: &str) -> PathBuf {
    dir.join(format!("{}.txt", report::file_safe(adapter)))
}

/// The largest expected-failure list read, in bytes (16 MiB); the largest shipped one
/// holds about 200 KB.
pub const MAX_EXPECTED_BYTES: u64 = 16 * 1024 * 1024;

/// Reads a list: one `case-id doc` per line; `#` starts a comment; blank lines are
/// ignored. A missing file is an empty list; anything but a regular file of at most
/// [`MAX_EXPECTED_BYTES`] is refused.
///
/// A path below [`crate::assets::EMBEDDED`] (`(built-in)/harness/expected/NAME.txt`) is
/// the list built into urlcert.
pub fn read_expected(path: &Path) -> Result<Vec<Entry>, Error> {
    let text = match crate::assets::embedded_rest(path) {
        Some(_) => Ok(crate::assets::embedded_text(path)
            .unwrap_or_default()
            .to_string()),
        None => crate::user_file::read_text(path, MAX_EXPECTED_BYTES),
    };
    let text = match text {
        Ok(t) => t,
        Err(crate::user_file::Refused::Missing) => return Ok(Vec::new()),
        Err(e) => return Err(format!("{}: {e}", path.display()).into()),
    };
    parse_expected(&text).map_err(|e| Error::new(format!("{}:{e}", path.display())))
}

/// Parses a list's text (see [`read_expected`]). Errors read `LINE: message`.
pub fn parse_expected(text: &str) -> Result<Vec<Entry>, Error> {
    let mut entries = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line_no = n + 1;
        let content = line.split('#').next().unwrap_or("");
        let words: Vec<&str> = content.split_whitespace().collect();
        match words.as_slice() {
            [] => {}
            [case, doc] => entries.push(Entry {
                case: case.to_string(),
                doc: doc.to_string(),
                line: line_no,
            }),
            _ => {
                return Err(format!(
                    "{line_no}: expected `case-id doc`, found {}",
                    quote(line.trim())
                )
                .into())
            }
        }
    }
    Ok(entries)
}

/// How a run stands against an expected-failure list.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Strictness {
    /// Outcomes that are not `agree` and not listed.
    pub unexpected_failures: Vec<Record>,
    /// Listed entries whose outcome now agrees.
    pub unexpected_passes: Vec<Entry>,
    /// Listed entries with no outcome in the run: (entry, why).
    pub stale: Vec<(Entry, String)>,
}

impl Strictness {
    pub fn ok(&self) -> bool {
        self.unexpected_failures.is_empty()
            && self.unexpected_passes.is_empty()
            && self.stale.is_empty()
    }

    /// Every problem, one per line; each unexpected failure followed by what the
    /// document expects and what the adapter gave.
    pub fn render(&self, list: &Path) -> String {
        let v = crate::report::text::visible;
        let list = v(&list.display().to_string());
        let mut out = String::new();
        for r in &self.unexpected_failures {
            out.push_str(&format!(
                "unexpected failure: {} {} ({}): not in {list}\n    expected: {}\n    actual:   {}\n",
                v(&r.case),
                v(&r.doc),
                report::class_id(r.class),
                v(&shorten(&r.expected)),
                v(&shorten(&r.actual)),
            ));
        }
        for e in &self.unexpected_passes {
            out.push_str(&format!(
                "unexpected pass: {} {} (line {} of {list}) now agrees\n",
                v(&e.case),
                v(&e.doc),
                e.line,
            ));
        }
        for (e, why) in &self.stale {
            out.push_str(&format!(
                "stale entry: {} {} (line {} of {list}): {}\n",
                v(&e.case),
                v(&e.doc),
                e.line,
                v(why)
            ));
        }
        out
    }

    /// The one closing line of `certify`: what happened against the list. `failing` is
    /// how many of the adapter's failures the list names; `strict` whether `--strict`
    /// was given.
    pub fn verdict(&self, list: &Path, failing: usize, strict: bool) -> String {
        let list = crate::report::text::visible(&list.display().to_string());
        let problems = format!(
            "{} unexpected failure{}, {} unexpected pass{}, {} stale entr{}",
            self.unexpected_failures.len(),
            plural(self.unexpected_failures.len(), "", "s"),
            self.unexpected_passes.len(),
            plural(self.unexpected_passes.len(), "", "es"),
            self.stale.len(),
            plural(self.stale.len(), "y", "ies"),
        );
        match (strict, self.ok()) {
            (true, true) => format!(
                "certify --strict: passed: {failing} listed failure{} still failing, nothing unexpected (against {list})\n",
                plural(failing, "", "s")
            ),
            (true, false) => format!("certify --strict: failed: {problems} (against {list})\n"),
            (false, true) => format!(
                "certify: {failing} listed failure{} still failing, nothing unexpected (against {list}); --strict would pass\n",
                plural(failing, "", "s")
            ),
            (false, false) => format!(
                "certify: {problems} (against {list}); --strict would fail and list them\n"
            ),
        }
    }

    /// The ledger the reports carry: this standing of `adapter` against `list`.
    pub fn ledger(
        &self,
        adapter: &str,
        list: &Path,
        found: bool,
        entries: &[Entry],
        strict: bool,
    ) -> report::Ledger {
        report::Ledger {
            adapter: adapter.to_string(),
            list: list.display().to_string(),
            found,
            listed: entries
                .iter()
                .map(|e| (e.case.clone(), e.doc.clone()))
                .collect(),
            unexpected_failures: self.unexpected_failures.len(),
            unexpected_passes: self.unexpected_passes.len(),
            stale: self.stale.len(),
            strict: strict.then(|| self.ok()),
        }
    }
}

fn plural(n: usize, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 {
        one
    } else {
        many
    }
}

/// The longest expected or actual text a strict failure line shows, in characters; the
/// certificate has the whole of it, with a diff.
const SHOWN: usize = 300;

fn shorten(s: &str) -> String {
    match s.char_indices().nth(SHOWN) {
        None => s.to_string(),
        Some((at, _)) => format!(
            "{}… ({} bytes more; the certificate has all of it)",
            &s[..at],
            s.len() - at
        ),
    }
}

/// Does the list at `path` exist (a file, or one built into urlcert)?
pub fn expected_exists(path: &Path) -> bool {
    match crate::assets::embedded_rest(path) {
        Some(_) => crate::assets::embedded_text(path).is_some(),
        None => path.exists(),
    }
}

/// Checks `records` (one adapter's) against `entries`, both ways. Entries for documents
/// outside `filter` are not checked.
pub fn check_expected(
    entries: &[Entry],
    records: &[&Record],
    suite: &Suite,
    filter: Option<DocFilter>,
) -> Strictness {
    let ids: HashSet<&str> = suite.cases.iter().map(|c| c.case.id.as_str()).collect();
    let outcomes: BTreeMap<(&str, &str), &Record> = records
        .iter()
        .map(|r| ((r.case.as_str(), r.doc.as_str()), *r))
        .collect();
    let listed: HashSet<(&str, &str)> = entries
        .iter()
        .map(|e| (e.case.as_str(), e.doc.as_str()))
        .collect();
    let mut s = Strictness::default();
    for e in entries {
        let doc = match DocReading::from_str(&e.doc) {
            Ok(d) => d,
            Err(why) => {
                s.stale.push((e.clone(), why));
                continue;
            }
        };
        if !ids.contains(e.case.as_str()) {
            s.stale.push((e.clone(), "no case has this id".into()));
            continue;
        }
        if !in_scope(filter, doc) {
            continue;
        }
        match outcomes.get(&(e.case.as_str(), e.doc.as_str())) {
            None => s.stale.push((
                e.clone(),
                "the case has no outcome under this document".into(),
            )),
            Some(r) if r.class == Class::Agree => s.unexpected_passes.push(e.clone()),
            Some(_) => {}
        }
    }
    for r in records {
        if r.class != Class::Agree && !listed.contains(&(r.case.as_str(), r.doc.as_str())) {
            s.unexpected_failures.push((*r).clone());
        }
    }
    s
}

/// How every adapter of `run` with a list in `dir` stands against it (what `urlcert
/// run` reports: the certificates mark listed and new failures, and `junit.xml` fails a
/// document only for new ones). An adapter without a list has no ledger; a list that
/// cannot be read is named in the second value and left out.
pub fn ledgers(run: &Run, suite: &Suite, dir: &Path) -> (Vec<report::Ledger>, Vec<String>) {
    let mut ledgers = Vec::new();
    let mut unread = Vec::new();
    for col in run.columns.iter().filter(|c| c.name != REFERENCE) {
        let list = expected_path(dir, &col.name);
        if !expected_exists(&list) {
            continue;
        }
        match read_expected(&list) {
            Ok(entries) => {
                let records: Vec<&Record> = report::records_of(run, &col.name).collect();
                let standing = check_expected(&entries, &records, suite, None);
                ledgers.push(standing.ledger(&col.name, &list, true, &entries, false));
            }
            Err(e) => unread.push(e.to_string()),
        }
    }
    (ledgers, unread)
}

/// A list rewritten from a run: every outcome of `records` that is not `agree`, plus
/// the `kept` entries of `old` (those for documents outside `filter`), sorted. Its
/// header names the command that checks it: `urlcert certify {checked_by} --strict`,
/// `checked_by` being the adapter as the user chose it (`--adapter NAME`, or the
/// `--command` arguments and `--expected FILE`).
pub fn render_expected(
    adapter: &str,
    checked_by: &str,
    old: &[Entry],
    records: &[&Record],
    filter: Option<DocFilter>,
) -> String {
    let mut lines: BTreeSet<(String, String, String)> = BTreeSet::new();
    for e in old {
        let outside = DocReading::from_str(&e.doc).is_ok_and(|d| !in_scope(filter, d));
        if outside {
            lines.insert((e.case.clone(), e.doc.clone(), String::new()));
        }
    }
    for r in records.iter().filter(|r| r.class != Class::Agree) {
        let why = match &r.component {
            Some(c) => format!("{} {c}", report::class_id(r.class)),
            None => report::class_id(r.class).to_string(),
        };
        lines.insert((r.case.clone(), r.doc.clone(), why));
    }
    let mut out = format!(
        "# Expected failures of `{}`: one `case-id doc` per line; `#` starts a comment.\n\
         # Checked both ways by `urlcert certify {1} --strict`;\n\
         # rewritten by `urlcert certify {1} --update-expected`.\n",
        crate::report::text::visible(adapter),
        crate::report::text::visible(checked_by).replace('\n', " ")
    );
    let mut last: Option<(String, String)> = None;
    for (case, doc, why) in lines {
        // An entry kept from the old list and the same one from this run: once.
        if last.as_ref() == Some(&(case.clone(), doc.clone())) {
            continue;
        }
        let why = crate::report::text::visible(&why).replace('#', "_");
        if why.is_empty() {
            out.push_str(&format!("{case} {doc}\n"));
        } else {
            out.push_str(&format!("{case} {doc}  # {why}\n"));
        }
        last = Some((case, doc));
    }
    out
}
