//! `urlcert compare`: one input (or one base and reference) under every document, as
//! `trace` shows it, and beside it every available parser's answer: its verdict or
//! result in its own model's words, and the documents it agrees with and differs
//! from, each judged by the one judge ([`crate::judge::judge`]) against that
//! document's answer. Parsers are asked in parallel, each in a thread of its own with
//! its own process limits, so that one that hangs or crashes is one faulted row.

use crate::ask::process::Limits;
use crate::ask::registry::{self, Found};
use crate::ask::{Answer, Info};
use crate::judge::{self, meaning, Class};
use crate::run::fuzz::{self, RefAnswer, Request, RequestOp};
use crate::show::trace;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use urlcert_reference::{DocReading, Document};

/// The longest input `compare` asks about, in bytes; a longer one is cut, and the
/// output says so.
pub const MAX_INPUT: usize = 64 * 1024;

/// How many parsers are asked at once.
const AT_ONCE: usize = 8;

/// One parser's answer and how it stands against each document.
pub struct ParserRow {
    pub name: String,
    pub version: String,
    pub model: String,
    pub answer: Answer,
    /// The documents whose answer it gives.
    pub agrees: Vec<Document>,
    /// The documents whose answer it does not give: the class and first component.
    pub differs: Vec<(Document, Class, Option<String>)>,
    /// The documents its model cannot express the answer of.
    pub inexpressible: Vec<Document>,
    pub elapsed: Duration,
}

/// A parser that could not be asked here.
pub struct Unavailable {
    pub name: String,
    pub why: String,
    pub install: String,
}

/// Everything `compare` shows.
pub struct Comparison {
    pub input: Vec<u8>,
    pub base: Option<Vec<u8>>,
    /// How many bytes of the input (or base) were cut off at [`MAX_INPUT`].
    pub cut: usize,
    pub documents: Vec<trace::Row>,
    pub parsers: Vec<ParserRow>,
    pub unavailable: Vec<Unavailable>,
}

/// Which parsers to ask: every registered one, or those named.
pub enum Chosen {
    All,
    Named(Vec<String>),
}

/// An error in the choice of parsers: a name the registry does not know.
#[derive(Debug)]
pub struct UnknownParser(pub String);

/// The parsers' side of a comparison: whoever answers a request for every parser
/// chosen, in order, each answer with who gave it and how long it took, or why the
/// parser could not be asked.
pub trait Parsers {
    fn ask(&self, request: &Request) -> Vec<Result<Asked, Unavailable>>;
}

/// One parser's answer to one request.
pub struct Asked {
    pub info: Info,
    pub answer: Answer,
    pub elapsed: Duration,
}

/// The names to ask: every registered one, or those named (each known to the registry).
pub fn chosen_names(chosen: &Chosen) -> Result<Vec<String>, UnknownParser> {
    match chosen {
        Chosen::All => Ok(registry::names()),
        Chosen::Named(names) => {
            let known = registry::names();
            match names.iter().find(|n| !known.contains(n)) {
                Some(unknown) => Err(UnknownParser(unknown.clone())),
                None => Ok(names.clone()),
            }
        }
    }
}

/// Each parser opened for one request and asked, in worker threads, [`AT_ONCE`] at a
/// time (`urlcert compare`).
pub struct OpenEach {
    pub names: Vec<String>,
    pub limits: Limits,
}

impl Parsers for OpenEach {
    fn ask(&self, request: &Request) -> Vec<Result<Asked, Unavailable>> {
        let next = AtomicUsize::new(0);
        let results: Mutex<Vec<Option<Result<Asked, Unavailable>>>> =
            Mutex::new((0..self.names.len()).map(|_| None).collect());
        std::thread::scope(|scope| {
            for _ in 0..AT_ONCE.min(self.names.len()) {
                scope.spawn(|| loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(name) = self.names.get(i) else { break };
                    let asked = open_and_ask(name, request, self.limits);
                    if let Ok(mut all) = results.lock() {
                        all[i] = asked;
                    }
                });
            }
        });
        results
            .into_inner()
            .unwrap_or_default()
            .into_iter()
            .flatten()
            .collect()
    }
}

/// `name` opened and asked once; `None` for a name the registry does not open.
pub fn open_and_ask(
    name: &str,
    request: &Request,
    limits: Limits,
) -> Option<Result<Asked, Unavailable>> {
    let mut engine = match registry::open(name, false, limits)? {
        Found::Ready(engine) => engine,
        Found::Unavailable { name, why, install } => {
            return Some(Err(Unavailable { name, why, install }))
        }
    };
    Some(Ok(ask_engine(engine.as_mut(), request)))
}

/// One engine asked through the one ask: an operation it does not offer is
/// `unsupported`.
pub fn ask_engine(engine: &mut dyn crate::ask::Engine, request: &Request) -> Asked {
    let started = Instant::now();
    let answer = crate::ask::ask(engine, &request.asked());
    Asked {
        elapsed: started.elapsed(),
        info: engine.info().clone(),
        answer,
    }
}

/// The request `compare` puts: `input` (against `base`), each cut to `max` bytes,
/// and how many bytes were cut.
pub fn request(base: Option<&[u8]>, input: &[u8], max: usize) -> (Request, usize) {
    let (input, cut_input) = cut(input, max);
    let (base, cut_base) = match base {
        Some(b) => {
            let (b, c) = cut(b, max);
            (Some(b), c)
        }
        None => (None, 0),
    };
    let request = Request {
        op: if base.is_some() {
            RequestOp::Resolve
        } else {
            RequestOp::Parse
        },
        input: input.to_vec(),
        base: base.map(<[u8]>::to_vec),
    };
    (request, cut_input + cut_base)
}

/// The reference under every document and every parser `parsers` asks, about
/// `input` (against `base` when there is one), each cut to `max` bytes.
pub fn compare(base: Option<&[u8]>, input: &[u8], max: usize, parsers: &dyn Parsers) -> Comparison {
    let (request, cut) = request(base, input, max);
    let documents = trace::rows(request.base.as_deref(), &request.input);
    let answers: Vec<(Document, RefAnswer)> = Document::ALL
        .iter()
        .map(|&d| (d, fuzz::reference_answer(DocReading::from(d), &request)))
        .collect();
    let mut rows = Vec::new();
    let mut unavailable = Vec::new();
    for asked in parsers.ask(&request) {
        match asked {
            Ok(a) => rows.push(judged(&a.info, &request, &answers, a.answer, a.elapsed)),
            Err(u) => unavailable.push(u),
        }
    }
    Comparison {
        input: request.input.clone(),
        base: request.base.clone(),
        cut,
        documents,
        parsers: rows,
        unavailable,
    }
}

/// `bytes` cut to at most `max`, not inside a UTF-8 sequence (backing off at most
/// three bytes, whatever the bytes are), and how many bytes were left out.
fn cut(bytes: &[u8], max: usize) -> (&[u8], usize) {
    if bytes.len() <= max {
        return (bytes, 0);
    }
    let mut end = max;
    while end > max.saturating_sub(3) && end > 0 && bytes[end] & 0xC0 == 0x80 {
        end -= 1;
    }
    (&bytes[..end], bytes.len() - end)
}

/// A parser's answer judged against every document's.
fn judged(
    info: &Info,
    request: &Request,
    answers: &[(Document, RefAnswer)],
    answer: Answer,
    elapsed: Duration,
) -> ParserRow {
    let mut row = ParserRow {
        name: info.name.clone(),
        version: info.version.clone(),
        model: serde_json::to_value(info.model)
            .ok()
            .and_then(|v| v.as_str().map(String::from))
            .unwrap_or_default(),
        answer,
        agrees: Vec::new(),
        differs: Vec::new(),
        inexpressible: Vec::new(),
        elapsed,
    };
    for (doc, reference) in answers {
        // A document with no relative form gives no resolution to judge against.
        if request.op == RequestOp::Resolve && !doc.resolves() {
            continue;
        }
        let Some(expected) = reference.answer().and_then(judge::expected::of) else {
            continue;
        };
        let j = judge::judge(
            &request.asked(),
            DocReading::from(*doc),
            &expected,
            info,
            &row.answer,
        );
        match j.class {
            Class::Agree => row.agrees.push(*doc),
            Class::Unsupported => row.inexpressible.push(*doc),
            c => row.differs.push((*doc, c, j.component)),
        }
    }
    row
}

/// The `--json` object: `input`, `base`, `documents` (as `trace --json` gives them),
/// `parsers` (each with `answer`, `agrees`, `differs` and `inexpressible`),
/// `unavailable`, and `cut` (bytes left out of an over-long input).
pub fn json(c: &Comparison) -> Value {
    let mut out = trace::json(c.base.as_deref(), &c.input, &c.documents);
    let parsers: Vec<Value> = c
        .parsers
        .iter()
        .map(|p| {
            json!({
                "parser": p.name,
                "version": p.version,
                "model": p.model,
                "answer": meaning::describe(&p.answer),
                "agrees": p.agrees.iter().map(|d| d.id()).collect::<Vec<_>>(),
                "differs": p.differs.iter().map(|(d, class, component)| json!({
                    "doc": d.id(),
                    "class": crate::report::class_id(*class),
                    "component": component,
                })).collect::<Vec<_>>(),
                "inexpressible": p.inexpressible.iter().map(|d| d.id()).collect::<Vec<_>>(),
                "elapsed_ms": p.elapsed.as_millis() as u64,
            })
        })
        .collect();
    let unavailable: Vec<Value> = c
        .unavailable
        .iter()
        .map(|u| json!({"parser": u.name, "why": u.why, "install": u.install}))
        .collect();
    out["parsers"] = Value::Array(parsers);
    out["unavailable"] = Value::Array(unavailable);
    out["cut"] = json!(c.cut);
    out
}

/// The documents as `trace` shows them, then one line per parser (its answer) with a
/// second line naming the documents it agrees with and differs from, then one line per
/// unavailable parser.
pub fn human(c: &Comparison) -> String {
    let v = crate::report::text::visible;
    let mut out = trace::human(c.base.as_deref(), &c.input, &c.documents);
    if c.cut > 0 {
        out.push_str(&format!(
            "(the input was cut to {MAX_INPUT} bytes: {} bytes left out)\n",
            c.cut
        ));
    }
    if !c.parsers.is_empty() {
        out.push_str("parsers, each judged against every document's answer above:\n");
    }
    let width = c.parsers.iter().map(|p| p.name.len()).max().unwrap_or(0);
    for p in &c.parsers {
        out.push_str(&format!(
            "  {:<width$}  {}\n",
            v(&p.name),
            v(&meaning::describe(&p.answer))
        ));
        let mut said = Vec::new();
        if !p.agrees.is_empty() {
            said.push(format!("as {}", ids(&p.agrees)));
        }
        if !p.differs.is_empty() {
            let differs: Vec<String> = p
                .differs
                .iter()
                .map(|(d, class, component)| match component {
                    Some(comp) => format!(
                        "{} ({} {})",
                        d.id(),
                        crate::report::class_id(*class),
                        v(comp)
                    ),
                    None => format!("{} ({})", d.id(), crate::report::class_id(*class)),
                })
                .collect();
            said.push(format!("unlike {}", differs.join(", ")));
        }
        if !p.inexpressible.is_empty() {
            said.push(format!("cannot express {}", ids(&p.inexpressible)));
        }
        out.push_str(&format!("  {:<width$}    {}\n", "", said.join("; ")));
    }
    for u in &c.unavailable {
        out.push_str(&format!(
            "  {:<width$}  unavailable: {} (install: {})\n",
            v(&u.name),
            v(&u.why),
            v(&u.install)
        ));
    }
    out
}

fn ids(docs: &[Document]) -> String {
    docs.iter().map(|d| d.id()).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::cut;

    #[test]
    fn a_cut_keeps_whole_characters_and_counts_what_it_left_out() {
        // "é" is two bytes: a cut after 2 bytes would split it.
        assert_eq!(cut("aé".as_bytes(), 2), ("a".as_bytes(), 2));
        assert_eq!(cut(b"abc", 3), (&b"abc"[..], 0));
        // Bytes that are not UTF-8 at all are cut at the bound, in linear time.
        let junk = vec![0x80u8; 10];
        assert_eq!(cut(&junk, 8).0.len(), 5);
        assert_eq!(cut(b"abcd", 2), (&b"ab"[..], 2));
    }
}
