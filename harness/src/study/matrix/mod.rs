//! `urlcert matrix`: which document each parser follows, every parser and every document
//! judged on the same inputs.
//!
//! The basis ([`basis`]) is every distinct parse input and (base, reference) pair of the
//! suite, each once, with each document's answer to it. Every available adapter (or
//! those named) is asked each item once; its answers go to `answers.jsonl` in
//! `OUT.partial/` as they come ([`journal`]), so `--resume` continues a stopped matrix.
//! Each answer is judged under every document by the one judge ([`score::judge_item`]),
//! and [`build`] gives one row per parser: the agreement per document for parsing, for
//! resolution and for both, on every item and on the discriminating ones; the nearest
//! document with its runner-up, margin and ties ([`score`], [`margin`]); and the
//! fingerprint, row by row of the divergence table ([`fingerprint`]). [`render`] writes
//! `matrix.json`, `matrix.md` and `matrix.html`.
//!
//! Not to be confused with [`crate::report::matrix`], the cases × adapters matrix of a
//! run's report.

pub mod basis;
pub mod fingerprint;
pub mod journal;
pub mod margin;
pub mod render;
pub mod score;

pub use render::{html, json, markdown, render_files};

use crate::ask::{Answer, Info};
use crate::case::Operation;
use crate::report::{Column, Provenance, Unavailable};
use basis::Basis;
use score::{Judgements, OpScores};
use std::path::Path;
use urlcert_reference::Document;

/// `matrix.json`'s `format`.
pub const FORMAT: u32 = 2;

/// What the scores count, as `matrix.json`, `matrix.md` and `matrix.html` say it.
pub const BASIS: &str = "Every parser and every document are scored on the same inputs: each distinct parse input and each distinct (base, reference) pair of the case suite, counted once. A document's answer to an input is what a case states under its default reading, and the reference's answer under that reading where no case states it (the reference passes every case). The URL Standard's components are its URL class's getters (href, protocol, host, hostname, port, pathname, search, hash), each read off a parser's own parts as the getter makes it. A document that leaves a question out gives no answer: draft-03, draft-06 and RFC 1738 define no relative form, so they parse no relative reference and resolve no pair, and RFC 3986 refuses a base with a fragment (Section 5.1). Parsing is scored under all nine documents on the inputs all nine answer; resolution, and both operations together for a parser that resolves, under the six documents with a relative form on the inputs those six answer; the rest is counted as outside. An input is discriminating when at least two documents answer it differently; the nearest document is the one that agrees on the most discriminating inputs (the newer on equal counts), given with the runner-up, the margin in inputs and a 95% bootstrap interval of that margin; where an interval reaches zero the documents are named together as a tie, and with fewer than 10 discriminating inputs the matrix says \"not enough to tell\". Agreement on every input is kept beside it. Inputs a parser did not answer, or that could not be compared under every document, are counted apart, never as disagreements; crashes, timeouts and adapter errors count as not agreeing. Nearest is the best agreement on these inputs, not a claim about what the parser's authors intended.";

/// One parser's row.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Parser {
    pub adapter: String,
    pub version: String,
    /// `in-process`, the interpreter (`python3`, `node`, `java`, ...) or `native`.
    pub runtime: String,
    /// The nearest document for parsing and resolution together, as a label.
    pub nearest: String,
    pub together: OpScores,
    pub parse: OpScores,
    pub resolve: OpScores,
    /// Row by row of the divergence table, the documents whose answers it gives.
    pub fingerprint: Vec<fingerprint::Cell>,
    /// The rows where it does not give its nearest document's answer, in the table's
    /// order.
    pub departs: Vec<String>,
    /// Items asked (every item of the basis).
    pub asked: usize,
}

/// What the basis holds, for the reports.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Inputs {
    pub parse: usize,
    pub parse_discriminating: usize,
    pub resolve: usize,
    pub resolve_discriminating: usize,
    /// Parse inputs some document does not answer (relative references, under the
    /// documents without a relative form): scored only together with resolution.
    pub parse_outside: usize,
    /// Pairs some document with a relative form does not answer (a base it refuses):
    /// not scored.
    pub resolve_outside: usize,
    /// The parse and resolve cases the inputs come from.
    pub cases: usize,
}

/// The whole matrix.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Matrix {
    pub format: u32,
    pub basis: &'static str,
    pub inputs: Inputs,
    pub documents: Vec<&'static str>,
    pub provenance: Provenance,
    pub parsers: Vec<Parser>,
    pub unavailable: Vec<Unavailable>,
    /// The rows of the divergence table the fingerprint has, with their items.
    #[serde(skip)]
    pub rows: Vec<RowItems>,
}

/// A row of the divergence table and its discriminating items, for the pages' links.
#[derive(Clone, Debug)]
pub struct RowItems {
    pub slug: &'static str,
    pub items: Vec<basis::Item>,
}

/// One parser as the matrix is given it: who it is and its answer to each item of the
/// basis, in order (`None`: not asked).
pub struct Answered<'a> {
    pub column: &'a Column,
    pub info: &'a Info,
    pub answers: &'a [Option<Answer>],
}

/// Seeds each parser's resampling from its name, so that the same records give the
/// same intervals whatever else the matrix holds.
fn seed(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// One parser's row.
pub fn parser(basis: &Basis, a: &Answered) -> Parser {
    let judged: Vec<Option<Judgements>> = basis
        .items
        .iter()
        .zip(a.answers.iter().chain(std::iter::repeat(&None)))
        .map(|(item, answer)| answer.as_ref().map(|x| score::judge_item(item, a.info, x)))
        .collect();
    let s = seed(&a.column.name);
    let together = score::score(basis, &judged, &[Operation::Parse, Operation::Resolve], s);
    let parse = score::score(basis, &judged, &[Operation::Parse], s);
    let resolve = score::score(basis, &judged, &[Operation::Resolve], s);
    let fingerprint = fingerprint::of_parser(basis, &judged);
    let departs = match together.nearest.best() {
        Some(best) => fingerprint
            .iter()
            .filter(|c| c.compared.contains(&best.id()) && !c.follows.contains(&best.id()))
            .map(|c| c.row.to_string())
            .collect(),
        None => Vec::new(),
    };
    Parser {
        adapter: a.column.name.clone(),
        version: a.column.version.clone(),
        runtime: runtime(a.column.argv.as_deref()),
        nearest: together.nearest.label(),
        together,
        parse,
        resolve,
        fingerprint,
        departs,
        asked: a.answers.iter().filter(|x| x.is_some()).count(),
    }
}

/// The matrix of `parsers` on `basis`.
pub fn build(
    basis: &Basis,
    provenance: Provenance,
    parsers: &[Answered],
    unavailable: Vec<Unavailable>,
) -> Matrix {
    let count = |op: Operation, d: bool| basis.of(op).filter(|i| !d || i.discriminating).count();
    let outside = |op: Operation| {
        let docs = Basis::candidates(op);
        basis
            .of(op)
            .filter(|i| docs.iter().any(|&d| i.answer(d).is_none()))
            .count()
    };
    let rows = fingerprint::rows_with_items(basis)
        .into_iter()
        .map(|slug| RowItems {
            slug,
            items: basis
                .items
                .iter()
                .filter(|i| i.discriminating && i.rows.iter().any(|r| r == slug))
                .cloned()
                .collect(),
        })
        .collect();
    Matrix {
        format: FORMAT,
        basis: BASIS,
        inputs: Inputs {
            parse: count(Operation::Parse, false),
            parse_discriminating: count(Operation::Parse, true),
            resolve: count(Operation::Resolve, false),
            resolve_discriminating: count(Operation::Resolve, true),
            parse_outside: outside(Operation::Parse),
            resolve_outside: outside(Operation::Resolve),
            // Each parse or resolve case asks exactly one item.
            cases: basis.items.iter().map(|i| i.cases.len()).sum(),
        },
        documents: Document::ALL.iter().map(|d| d.id()).collect(),
        provenance,
        parsers: parsers.iter().map(|a| parser(basis, a)).collect(),
        unavailable,
        rows,
    }
}

/// How many items are put to an engine together ([`crate::ask::ask_many`]) before
/// their answers are written to the journal: enough for a browser to answer many
/// references in one run, few enough that a kill loses little.
const ASKED_TOGETHER: usize = 256;

/// Asks `engine` (the column `name`) every item of `basis` once, through the one
/// [`crate::ask::ask_many`], a few hundred at a time: an answer `journal` kept from a
/// stopped matrix is taken as it is; new ones are written to it as each batch comes
/// back.
pub fn ask_each(
    basis: &Basis,
    engine: &mut dyn crate::ask::Engine,
    name: &str,
    journal: &mut journal::AnswerJournal,
) -> std::io::Result<Vec<Option<Answer>>> {
    let mut answers: Vec<Option<Answer>> = basis
        .items
        .iter()
        .map(|item| journal.prior(name, &item.id).cloned())
        .collect();
    let missing: Vec<usize> = (0..answers.len())
        .filter(|&n| answers[n].is_none())
        .collect();
    for chunk in missing.chunks(ASKED_TOGETHER) {
        let requests: Vec<_> = chunk.iter().map(|&n| basis.items[n].request()).collect();
        let got = crate::ask::ask_many(engine, &requests);
        for (&n, answer) in chunk.iter().zip(got) {
            journal.record(name, &basis.items[n].id, &answer)?;
            answers[n] = Some(answer);
        }
    }
    Ok(answers)
}

/// The runtime an adapter runs in, from its argv: `in-process` without one; the
/// interpreter family of `argv[0]` (`python3`, `node`, `java`, `ruby`, `perl`, `php`,
/// ...); otherwise `native` (a compiled program).
pub fn runtime(argv: Option<&[String]>) -> String {
    let Some(first) = argv.and_then(|a| a.first()) else {
        return "in-process".into();
    };
    let base = Path::new(first)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let base = base.strip_suffix(".exe").unwrap_or(&base).to_string();
    let family = base.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    match family {
        "python" | "pypy" => "python3".into(),
        "nodejs" | "node" => "node".into(),
        "java" | "ruby" | "perl" | "php" | "lua" | "luajit" | "deno" | "bun" | "go" | "dotnet"
        | "mono" | "Rscript" | "julia" | "erl" | "escript" | "elixir" | "guile" | "racket"
        | "sbcl" | "tclsh" | "ghc" | "runghc" | "swift" | "kotlin" | "scala" | "groovy"
        | "dart" | "crystal" | "nim" | "sh" | "bash" | "env" => family.into(),
        _ => "native".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runtimes_from_argv() {
        let a = |v: &[&str]| runtime(Some(&v.iter().map(|s| s.to_string()).collect::<Vec<_>>()));
        assert_eq!(runtime(None), "in-process");
        assert_eq!(a(&["/root/.pyenv/shims/python3", "x.py"]), "python3");
        assert_eq!(a(&["/x/.deps/venv/bin/python3.11"]), "python3");
        assert_eq!(a(&["/usr/bin/node", "x.js"]), "node");
        assert_eq!(a(&["java", "-cp", "x"]), "java");
        assert_eq!(a(&["/t/urlcert-adapters/curl_url"]), "native");
    }
}
