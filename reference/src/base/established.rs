//! What establishing a base gives back, and what it is asked with: the base of each
//! entity and the layer it came from, the steps and notes on the way, each reference's
//! link, and the refusals. The layers and the walk both build these; they live apart
//! from both so that neither reaches back into the other.

use super::model::Reference;
use crate::document::{DocReading, Document};
use crate::resolve::{Resolution, Unresolvable};
use std::fmt;

/// Which layer gave a base (RFC 1808 Section 3, the 1996 draft's Section 5, RFC 2396 and
/// RFC 3986 Section 5.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Source {
    /// "Base URL embedded in the document's content" (a `BASE` element, or for a message
    /// its header fields).
    Content,
    /// "Base URL of the encapsulating entity (message, document, or none)".
    EncapsulatingEntity,
    /// "URL used to retrieve the entity".
    RetrievalUrl,
    /// "Base URL = "" (undefined)", or for RFC 2396 and RFC 3986 "application-dependent".
    Default,
}

impl Source {
    pub const ALL: [Source; 4] = [
        Source::Content,
        Source::EncapsulatingEntity,
        Source::RetrievalUrl,
        Source::Default,
    ];

    /// The id used in JSON and case files.
    pub fn id(self) -> &'static str {
        match self {
            Source::Content => "content",
            Source::EncapsulatingEntity => "encapsulating-entity",
            Source::RetrievalUrl => "retrieval-url",
            Source::Default => "default",
        }
    }

    pub fn from_id(id: &str) -> Option<Source> {
        Source::ALL.into_iter().find(|s| s.id() == id)
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// What the caller knows of how the document was obtained.
#[derive(Clone, Debug, Default)]
pub struct Context {
    /// The URLs used to retrieve it, in order; after a redirect, the last one counts.
    pub retrieved_from: Vec<Vec<u8>>,
    /// For RFC 2396 and RFC 3986 only, whose default base "is defined by the context of
    /// the application": the application's default. Without it the base is undefined.
    pub application_default: Option<Vec<u8>>,
}

/// The base an entity ends up with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Base {
    /// The base. `Some(b"")` is the empty default of RFC 1808 and the 1996 draft, under
    /// which Step 1 takes every reference as absolute; `None` is RFC 2396's and RFC
    /// 3986's undefined base (no application default given).
    pub value: Option<Vec<u8>>,
    pub source: Source,
    /// What gave it, in words: "the Content-Base field on line 3", "the base of part 1".
    pub how: String,
    /// The section whose rule gave it ("5.1", "3.3").
    pub section: &'static str,
}

/// One layer considered, in order: what it said and whether it gave the base.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The section of the layer ("3.1", "5.2", "5.1.3").
    pub section: &'static str,
    pub source: Source,
    pub said: String,
    pub taken: bool,
}

/// A place where the input breaks a rule of the document, or where the text is silent
/// and urlcert made a documented choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// Stable id (`base.field-breaks-grammar`); [`NOTE_IDS`] lists them.
    pub id: &'static str,
    /// 1-based line in the input.
    pub line: usize,
    pub message: String,
}

/// Why a link has no absolute form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkFailure {
    /// The document's resolution algorithm gives none.
    Unresolvable(Unresolvable),
    /// A relative reference and no base: RFC 2396 and RFC 3986 with no application
    /// default, the October 1993 draft with no context.
    NoBase { doc: Document, cite: &'static str },
}

impl fmt::Display for LinkFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkFailure::Unresolvable(u) => u.fmt(f),
            LinkFailure::NoBase { doc, cite } => write!(
                f,
                "a relative reference and no base: {doc} gives none here ({cite})"
            ),
        }
    }
}

/// One reference and what it means. It is resolved against its entity's base
/// ([`EntityBase::base`]); the resolution keeps no steps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    pub reference: Reference,
    pub result: Result<Resolution, LinkFailure>,
}

/// One entity's base and links.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntityBase {
    /// "" for the top, "1", "1.2", ... for enclosed entities, numbered in order from 1 at
    /// each level (the message enclosed in a `message/rfc822` part is that part's "1").
    pub part: String,
    pub media_type: Option<String>,
    pub line: usize,
    pub base: Base,
    pub steps: Vec<Step>,
    pub notes: Vec<Note>,
    pub links: Vec<Link>,
}

/// The whole document: every entity, in document order (parents before children).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Established {
    pub doc: DocReading,
    pub entities: Vec<EntityBase>,
}

impl Established {
    /// Every link of every entity, in document order, with its entity (its part and
    /// base).
    pub fn links(&self) -> impl Iterator<Item = (&EntityBase, &Link)> {
        self.entities
            .iter()
            .flat_map(|e| e.links.iter().map(move |l| (e, l)))
    }
}

/// Why a document gives no rule for establishing a base.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotDefined {
    pub doc: Document,
    pub cite: &'static str,
    pub quote: &'static str,
}

impl fmt::Display for NotDefined {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} defines no relative form, so no base ({}: \"{}\")",
            self.doc, self.cite, self.quote
        )
    }
}

impl std::error::Error for NotDefined {}

/// The ids of the notes [`establish`] may raise.
pub const NOTE_IDS: &[&str] = &[
    "base.element-without-href",
    "base.element-outside-head",
    "base.element-not-absolute",
    "base.repeated-element",
    "base.repeated-field",
    "base.field-breaks-grammar",
    "base.field-not-defined",
    "base.field-in-multipart-heading",
    "base.relative-location-resolved",
    "base.fragment-stripped",
];

/// A base for a message: quoted, or "no base".
pub(crate) fn shown(v: &Option<Vec<u8>>) -> String {
    match v {
        Some(v) => format!("{:?}", String::from_utf8_lossy(v)),
        None => "no base".to_string(),
    }
}

/// Where a document says what the default base is.
pub(crate) fn default_cite(doc: Document) -> &'static str {
    doc.descriptor()
        .relative
        .defined()
        .map_or("", |relative| relative.default_base_cite)
}
