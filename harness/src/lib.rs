//! urlcert: a conformance suite for the historical URL specifications.
//!
//! - [`cases`]: the YAML case format (documented in `cases/README.md` and in
//!   [`cases::schema`]), loading with file:line:column errors, validation.
//! - [`runner`]: runs cases against the reference and collects every outcome.
//! - [`output`]: the `urlcert parse` and `urlcert resolve` output, human-readable and
//!   JSON lines.
//! - [`trace`]: one input under every document, with the changes marked.
//! - [`export`]: `urlcert export`, the whole case set as one JSON document
//!   (`cases/export.schema.json`).
//! - [`document`]: a real file (a MIME message, an HTML page) read into the document
//!   model that base establishment works on: entities, header fields as written, `BASE`
//!   elements and references, with their lines.
//! - [`extract`]: `urlcert extract`, the URLs in running text under one document.
//! - [`normalize`]: `urlcert normalize`, one document's normal form of each input.
//! - [`contradictions`]: the list of printed examples that contradict their own
//!   document's algorithm, generated from the cases.
//! - [`self_contradiction`]: `urlcert contradictions --search`, a document's
//!   contradictions with itself (its grammar, its own split, its algorithm) found by
//!   machine.
//! - [`evolution`]: how each document's answers differ from the one before it,
//!   generated from the cases.
//! - [`rows`]: the rows of the divergence table, which tag the cases about each.
//! - [`text`]: escaping for generated Markdown and HTML.
//! - [`user_file`]: reading a file a user names: regular files only, bounded.
//! - [`adapter`]: one interface for every parser urlcert judges, and the answers it
//!   gives.
//! - [`judge`]: the classes an adapter's outcome falls in.
//! - [`oracle_classes`]: the named prose classes under which the reference and the
//!   BNF oracle may disagree.
//! - [`compare`]: an adapter's answer against a document's expectation, by meaning:
//!   the component tables and the declared normalisations.
//! - [`certify`]: runs of every case against the reference and adapters, and the
//!   expected-failure lists `urlcert certify --strict` checks.
//! - [`matrix`]: `urlcert matrix`, which document each parser follows best: the suite
//!   against every available adapter, scored per document, as JSON, Markdown and HTML.
//! - [`campaign`]: the campaign engine `fuzz` and the search of `self_contradiction`
//!   plug their checks into: seeded draws, the budget, minimisation.
//! - [`fuzz`]: `urlcert fuzz`, differential campaigns against any adapter: generated
//!   and mutated inputs, delta-debugging minimisation, buckets, reports.
//! - [`corpus`]: `urlcert corpus`, the fuzz targets' seeds from the cases.
//! - [`coverage`]: `urlcert coverage`, which productions, resolution branches, notes
//!   and readings of ambiguities the cases (or a fuzz corpus) reach, per document,
//!   against the reviewed exceptions.
//! - [`fuzzcheck`]: the checks the fuzz targets make, callable from tests: the
//!   reference against the in-process adapters with each documented divergence named,
//!   and URLs built from the grammars' productions.
//! - [`bench`]: `urlcert bench` and `cargo bench`: the workloads and the
//!   measurements of the reference against the url crate and of the adapter protocol.
//! - [`report`]: a run's reports: JSON lines, summary, Markdown, HTML, JUnit and one
//!   certificate per adapter, written atomically.
//! - [`assets`]: the case files, adapter programs, expected-failure lists and
//!   recordings compiled into urlcert, the checkout they are read from instead when
//!   there is one, and the cache folder the adapter programs are written to.

pub mod adapter;
pub mod ask;
pub mod assets;
pub mod bench;
pub mod campaign;
pub mod cases;
pub mod certify;
pub mod contradictions;
pub mod corpus;
pub mod coverage;
pub mod document;
pub mod evolution;
pub mod export;
pub mod extract;
pub mod fuzz;
pub mod fuzzcheck;
pub mod fuzzinput;
pub mod interrupt;
pub mod journal;
pub mod judge;
pub mod links;
pub mod matrix;
pub mod normalize;
pub mod output;
pub mod report;
pub mod rows;
pub mod runner;
pub mod self_contradiction;
pub mod text;
pub mod trace;
pub mod user_file;
