//! The case file schema. Every struct denies unknown fields, so a typo in a key is an
//! error that names the file, line and column, not a silently ignored expectation.
//!
//! What follows is `cases/README.md`, the format's documentation, included here so
//! that it is documented where it is loaded.
//!
#![doc = include_str!("../../../cases/README.md")]

use super::operation::Operation;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;
use urlcert_reference::{DocReading, Document};

/// A case file: `{ description?, cases: [...] }`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CaseFile {
    #[serde(default)]
    pub description: Option<String>,
    pub cases: Vec<Case>,
}

/// One case: an input, what each document says of it, and where the documents say so.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Case {
    /// Stable id; never derived from the input.
    pub id: String,
    pub op: Operation,
    /// For `base` and `links`: the whole document (an HTML file, a MIME message).
    pub input: String,
    /// For `resolve`: the base the input is resolved against. Exported as `null` when
    /// there is none.
    #[serde(default)]
    pub base: Option<String>,
    /// For `base` and `links`: the URLs the document was retrieved by, in order (a
    /// redirect chain; the last one counts).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub retrieved_from: Vec<String>,
    /// For `base` and `links`, RFC 2396 and RFC 3986 only: the application's default
    /// base (their Section 5.1.4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub application_default: Option<String>,
    /// For `base` and `links`: `crlf` turns every line feed of `input` into CR LF
    /// before the document is read (YAML block scalars end lines with LF alone).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line_ends: Option<LineEnds>,
    /// For `base` and `links`: how the document is read (default `auto`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<crate::page::Format>,
    pub cite: Vec<Cite>,
    #[serde(default)]
    pub tags: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
    /// Keyed by `DOC` or `DOC@READING`.
    pub expect: BTreeMap<DocKey, Expectation>,
}

/// How a `base` or `links` case's document ends its lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum LineEnds {
    Lf,
    Crlf,
}

impl Case {
    /// A case made by the program, not read from a file (a fuzz input judged as a case):
    /// no citation, tags or comment.
    pub fn made(
        op: Operation,
        base: Option<String>,
        input: String,
        expect: BTreeMap<DocKey, Expectation>,
    ) -> Case {
        Case {
            id: "fuzz".into(),
            op,
            base,
            input,
            retrieved_from: Vec::new(),
            application_default: None,
            line_ends: None,
            format: None,
            cite: Vec::new(),
            tags: Vec::new(),
            comment: None,
            expect,
        }
    }

    /// The document of a `base` or `links` case, its line ends as `line_ends` says.
    pub fn document(&self) -> Vec<u8> {
        match self.line_ends {
            Some(LineEnds::Crlf) => self.input.replace('\n', "\r\n").into_bytes(),
            _ => self.input.clone().into_bytes(),
        }
    }

    /// The context of a `base` or `links` case.
    pub fn context(&self) -> urlcert_reference::base::Context {
        urlcert_reference::base::Context {
            retrieved_from: self
                .retrieved_from
                .iter()
                .map(|u| u.clone().into_bytes())
                .collect(),
            application_default: self.application_default.clone().map(String::into_bytes),
        }
    }
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Cite {
    pub doc: DocId,
    pub section: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quote: Option<String>,
}

/// A document id, checked when loaded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct DocId(pub Document);

impl Serialize for DocId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0.id())
    }
}

impl<'de> Deserialize<'de> for DocId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map(DocId).map_err(serde::de::Error::custom)
    }
}

/// `DOC` or `DOC@READING`, checked when loaded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct DocKey(pub DocReading);

/// Written as the reading's canonical name (`rfc1738`, `rfc1738@scheme-case-ignore`).
impl Serialize for DocKey {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for DocKey {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map(DocKey).map_err(serde::de::Error::custom)
    }
}

/// What one document says of a case's input. `parse` cases use `verdict`, `rule`,
/// `components`, `notes` and `error`, and `split` with `contradiction` where the grammar
/// and the document's own split disagree; `resolve` cases use `result`, `printed`,
/// `reads_back`, `result_verdict`, `contradiction`, `current_document` and `steps`, or a
/// `verdict` of `not-defined` or
/// `invalid` when the document gives no result; `extract` cases use `urls`, or a
/// `verdict` of `not-defined` when the document has no rules for URLs in running text;
/// `normalize` cases use `result`, `steps`, `equivalent` and `different`, or a `verdict`
/// of `not-defined` (the document states no equivalence) or `invalid` (the input is not
/// an absolute URL under it); `base` cases use `bases` and `notes` (the ids raised, in
/// order), `links` cases `links`, or either a `verdict` of `not-defined`.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Expectation {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verdict: Option<String>,
    /// Absent: not checked. `null`: no production may match.
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub rule: Option<Option<String>>,
    /// Only the listed components are checked; `null` means absent.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub components: BTreeMap<String, Option<ExpectedValue>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<ExpectedNote>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<ExpectedError>,
    /// What the document's algorithm gives: a resolution's target, a normal form.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// What the document prints for this example, verbatim; "(current document)" stands
    /// for the base without its fragment.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub printed: Option<String>,
    /// Required when `printed` and `result` differ, when `reads_back` or a
    /// `result_verdict` other than `valid` is given (resolve), and with `split` (parse):
    /// what each side says and why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contradiction: Option<String>,
    /// `parse` cases: the components the document's own parsing rules give
    /// (`urlcert_reference::resolve::split::split`), where they contradict its grammar.
    /// Only the listed ones are checked; `null` is absent.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub split: BTreeMap<String, Option<String>>,
    /// `resolve` cases: the result's components as the document's own parsing rules read
    /// them back, where they are not the ones the algorithm recombined. Only the listed
    /// ones are checked; `null` is absent.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub reads_back: BTreeMap<String, Option<String>>,
    /// `resolve` cases: the verdict the document's grammar gives the result (`valid`,
    /// `generic-only`, `invalid`), where it is not `valid`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result_verdict: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current_document: Option<bool>,
    /// The ids of the steps the algorithm takes, in order; for `normalize`, the steps
    /// that change the input (`[]`: it is already in normal form).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub steps: Option<Vec<String>>,
    /// `normalize` cases: other inputs the document says are equivalent to this one;
    /// each must have the same normal form.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub equivalent: Option<Vec<String>>,
    /// `normalize` cases: inputs the document says are different from this one (or
    /// "cannot be assumed to be equivalent"); each must have another normal form.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub different: Option<Vec<String>>,
    /// `extract` cases: every URL found, in order (`[]`: none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub urls: Option<Vec<ExpectedUrl>>,
    /// `base` cases: every entity's base, in document order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bases: Option<Vec<ExpectedBase>>,
    /// `links` cases: every reference, in document order (`[]`: none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub links: Option<Vec<ExpectedLink>>,
    /// URL Standard `parse` and `resolve` cases: every validation error the parser
    /// reports, by the Standard's name, in the order reported (`[]`: none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub errors: Option<Vec<String>>,
    /// URL Standard `parse` cases: `valid` when the input is a valid URL string (its
    /// writing rules, `#url-writing`), else `invalid`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub writing: Option<String>,
    /// URL Standard cases: the validation errors the Standard prints for this example,
    /// where its algorithm reports others (`errors`); `contradiction` says why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub printed_errors: Option<Vec<String>>,
}

/// One entity's base in a `base` case.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ExpectedBase {
    /// "" for the top, "1", "1.2", ... for parts.
    #[serde(default)]
    pub part: String,
    /// The base; `null` when it is undefined (RFC 2396 and RFC 3986 with no application
    /// default, the October 1993 draft with no context).
    pub base: Option<String>,
    /// `content`, `encapsulating-entity`, `retrieval-url` or `default`.
    pub source: String,
}

/// One reference in a `links` case. `href` is required; what is left out is not checked.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ExpectedLink {
    #[serde(default)]
    pub part: String,
    pub href: String,
    /// Its absolute form; give either this or `error`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// Why it has none: `no-base`, `base-not-absolute` or `not-defined`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The base it was resolved against.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base: Option<String>,
    /// Where that base came from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

impl Expectation {
    /// `printed` with "(current document)" replaced by the base without its fragment,
    /// comparable with `result`.
    pub fn printed_as_url(&self, base: &str) -> Option<String> {
        let printed = self.printed.as_deref()?;
        Some(match printed.strip_prefix("(current document)") {
            Some(rest) => {
                let url = base.split('#').next().unwrap_or(base);
                format!("{url}{rest}")
            }
            None => printed.to_string(),
        })
    }
}

/// Tells `rule: null` (present, null) from no `rule` key at all.
fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(d).map(Some)
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(untagged)]
pub enum ExpectedValue {
    Str(String),
    List(Vec<String>),
    Fields(Vec<ExpectedField>),
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ExpectedField {
    pub fieldname: String,
    pub fieldvalue: String,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(untagged)]
pub enum ExpectedNote {
    Id(String),
    Full(NoteWithData),
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct NoteWithData {
    pub id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<Vec<String>>,
}

impl ExpectedNote {
    pub fn id(&self) -> &str {
        match self {
            ExpectedNote::Id(id) => id,
            ExpectedNote::Full(n) => &n.id,
        }
    }
    pub fn data(&self) -> Option<&[String]> {
        match self {
            ExpectedNote::Id(_) => None,
            ExpectedNote::Full(n) => n.data.as_deref(),
        }
    }
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ExpectedError {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offset: Option<usize>,
}

/// One URL an `extract` case expects. Only `url` is required; what is left out is not
/// checked.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ExpectedUrl {
    /// The URL as the document's rules take it out of its wrapper.
    pub url: String,
    /// Byte offset of the wrapper's opening delimiter in the input.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<usize>,
    /// Byte offset just past the wrapper's closing delimiter.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<usize>,
    /// `<URL:...>`, `<...>`, `[URL:...]`, `[...]`, `{URL:...}` or `{...}`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wrapper: Option<String>,
    /// The other readings where a hyphen stands before a line break (`[]`: none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alternatives: Option<Vec<String>>,
}
