//! urlcert's reference: the historical URL specifications as code.
//!
//! Each document is a module (`draft02`, `draft03`, `draft06`, `rfc1738`, `rfc1808`,
//! `draft1996`, `rfc2396`, `rfc3986`); inside it, one function per production, named after
//! the rule, with the production verbatim in its doc comment. No I/O, no dependencies
//! beyond `std` but `idna` (UTS #46, for the URL Standard's domains) and `serde`, behind
//! the `serde` feature, for the output types.
//!
//! The layout:
//! - [`grammar`]: the kernel every grammar is written with: classes built from classes,
//!   the matching context, the rules, what a production matched, the outcomes, how a note
//!   shows octets. Nothing in it belongs to one document.
//! - the document modules, and beside them `shared_productions`: the productions
//!   draft-06 and RFC 1738 print byte for byte, each defined once as a macro both invoke
//!   with their own rule names and their own quotes.
//! - the operations on documents, one module each, with a file per document that
//!   defines the thing: [`mod@resolve`] (and [`resolve::split`]), [`context`] (URLs in running
//!   text), [`mod@normalize`], [`base`]; and [`invariants`], checks that hold across them.
//! - [`whatwg`]: the WHATWG URL Standard, whose URLs are defined by a parser, not a
//!   grammar: its algorithms step by step (through the `idna` crate for UTS #46), and
//!   its writing rules (the valid URL string) as a recogniser of their own; beside the
//!   documents rather than one of them, until it is wired in as the ninth.
//! - [`documents`]: one [`Descriptor`] per document, in one list ([`DOCUMENTS`]): its
//!   readings, its grammar, its relative form, its equivalences, its extractor, or the
//!   sentence in which it leaves one out. The operations ([`parse`], [`resolve()`],
//!   [`extract`], [`normalize()`], ...) look the document up there instead of matching on
//!   it, so a new document is its own modules plus its descriptor, its [`Document`]
//!   variant (with its id) and its rules. Its recogniser and component names sit in two
//!   tables beside the list, so that code that only parses links only the parsers.
//!
//! A [`Parse`] borrows its input: components are [`grammar::outcome::Text`] (`Cow<str>`) slices
//! of it, in inline lists and an inline container, so the common parse allocates
//! nothing; [`Failure::expected`] is static text; the notes are computed on request
//! ([`Parse::notes`]).
//!
//! ```
//! use urlcert_reference::{parse, DocReading, Document, Verdict};
//! let p = parse(Document::Rfc1738.into(), b"ftp://@host.com/");
//! assert_eq!(p.verdict, Verdict::Valid);
//! assert_eq!(p.components.str("user"), Some(""));
//! assert!(p.notes().iter().any(|n| n.id == "default-port"));
//! ```
#![forbid(unsafe_code)]

/// A BNF literal as the grammar writes it, quotes included: `q!("//")` is `"\"//\""`,
/// what `Cx::literal` matches (without the quotes) and what its failure reports.
macro_rules! q {
    ($lit:literal) => {
        concat!("\"", $lit, "\"")
    };
}

pub mod base;
#[cfg(test)]
mod class_contents;
pub mod context;
pub mod document;
pub mod documents;
pub mod draft02;
pub mod draft03;
pub mod draft06;
pub mod draft1996;
pub mod grammar;
#[cfg(test)]
mod huge_inputs;
pub mod inline;
pub mod invariants;
pub mod normalize;
pub mod resolve;
pub mod rfc1738;
pub mod rfc1808;
pub mod rfc2396;
pub mod rfc3986;
mod shared_productions;
pub mod stated;
#[cfg(test)]
pub(crate) mod testing;
pub mod whatwg;

pub use context::{extract, extract_as, Found, NotDefined, Wrapper};
pub use document::{DocReading, Document, Reading};
pub use documents::{Descriptor, DOCUMENTS};
pub use grammar::cx::Coverage;
pub use grammar::outcome::{
    Ambiguity, Components, Failure, Field, Grade, Note, Parse, Value, Verdict,
};
pub use grammar::rule::Rule;
pub use inline::InlineList;
pub use normalize::{normalize, NormStep, Normalization, NotNormalizable};
pub use resolve::{resolve, Detail, Resolution, Step, Steps, Unresolvable};

/// Parses `input` under a document and reading.
pub fn parse(doc: DocReading, input: &[u8]) -> Parse<'_> {
    (documents::PARSERS[doc.doc as usize])(input, doc.reading)
}

/// The notes of `input` under a document and reading: what [`Parse::notes`] gives.
pub(crate) fn notes_of(doc: DocReading, input: &[u8]) -> Vec<Note> {
    (doc.doc.descriptor().grammar.notes)(input, doc.reading)
}

/// As [`parse`], also recording which rule functions accepted and rejected.
pub fn parse_with_coverage(doc: DocReading, input: &[u8]) -> (Parse<'_>, Coverage) {
    (doc.doc.descriptor().grammar.parse_with_coverage)(input, doc.reading)
}

/// The component names a parse under `doc` may report: the grammar's own rule names.
pub fn components(doc: Document) -> &'static [&'static str] {
    documents::COMPONENTS[doc as usize]
}

/// The ids of the notes a parse under `doc` may give.
pub fn note_ids(doc: Document) -> &'static [&'static str] {
    doc.descriptor().grammar.note_ids
}
