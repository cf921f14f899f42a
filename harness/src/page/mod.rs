//! Reading a real file into the document model that base establishment works on
//! ([`urlcert_reference::base::Entity`]): a MIME message with its body parts and enclosed
//! messages, or an HTML file, with the header fields, the `BASE` elements and the
//! references of each entity, and the line of each in the input.
//!
//! - [`mime`]: RFC 822 messages, `multipart/*` and `message/rfc822`.
//! - [`html`]: `BASE` elements and references in HTML content.
//!
//! Which reading [`Format::Auto`] picks, from the first bytes only:
//!
//! 1. The input starts with a header field line, that is `field-name ":"` where the
//!    field name is one or more printable ASCII characters (33 to 126) other than `:`
//!    (RFC 822 Section 3.1.2): a MIME message. Nothing may stand before it: a byte order
//!    mark, a blank line, white space or an mbox `From ` line make it not a message.
//! 2. Otherwise, if the input holds a `<` anywhere: an HTML document with no header
//!    (media type `text/html`).
//! 3. Otherwise: a plain-text document with no header, no base and no references (media
//!    type unknown, `None`).
//!
//! An empty input is a plain-text document, under every format an entity with nothing in
//! it. An HTML file that starts `<x:` reads as a message under `auto`: name the format.
//!
//! Lines are 1-based in the whole input and end at LF (CRLF counts once). Bytes that are
//! not UTF-8 are kept as they are in header values and in `href`s; in names (header field
//! names, element names) they are replaced by U+FFFD.

pub mod links;

mod lines;

pub mod html;
pub mod mime;

use std::fmt;
use urlcert_reference::base::Entity;

/// How to read the input.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    clap::ValueEnum,
    serde::Deserialize,
    serde::Serialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// A message if it starts with a header field, else HTML if it holds a `<`, else plain
    /// text.
    #[default]
    Auto,
    /// An RFC 822 message, with MIME body parts.
    Mime,
    /// An HTML document with no header.
    Html,
}

/// Reads `bytes` as `format` says. Fails only for a message that breaks the MIME
/// structure (see [`Problem`]); HTML and plain text always read.
pub fn read(bytes: &[u8], format: Format) -> Result<Entity, DocumentError> {
    match format {
        Format::Mime => mime::read(bytes),
        Format::Html => Ok(html::document(bytes)),
        Format::Auto if starts_with_header_field(bytes) => mime::read(bytes),
        Format::Auto if bytes.contains(&b'<') => Ok(html::document(bytes)),
        Format::Auto => Ok(Entity {
            line: 1,
            ..Entity::default()
        }),
    }
}

/// Does the first line start with `field-name ":"` (RFC 822 Section 3.1.2: "any CHAR,
/// excluding CTLs, SPACE, and ":"")?
pub fn starts_with_header_field(bytes: &[u8]) -> bool {
    let name = bytes
        .iter()
        .take_while(|&&b| (33..=126).contains(&b) && b != b':')
        .count();
    name > 0 && bytes.get(name) == Some(&b':')
}

/// Why a message could not be read, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DocumentError {
    /// 1-based line in the input.
    pub line: usize,
    /// The entity: "" for the whole input, "1", "1.2", ... for enclosed ones, numbered as
    /// in [`urlcert_reference::base::EntityBase::part`].
    pub part: String,
    pub problem: Problem,
}

/// What is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// A line in a header that is not a field: no colon, or a name with white space or
    /// control characters (RFC 822 Section 3.1.2).
    NotAHeaderField { text: String },
    /// The header starts with a continuation line, folded onto no field.
    ContinuationFirst,
    /// A CR not followed by LF where a header line or the blank line should start.
    LoneCr,
    /// A `multipart/*` with no `boundary` parameter (RFC 2046 Section 5.1.1: "The
    /// boundary parameter is required").
    NoBoundary { media_type: String },
    /// No delimiter line `--boundary` in a multipart body.
    NoDelimiter { boundary: String },
    /// The close-delimiter `--boundary--` stands before any delimiter: no body part.
    NoParts { boundary: String },
    /// The multipart body ends without its close-delimiter `--boundary--`: a truncated
    /// message, or a wrong boundary.
    NeverClosed { boundary: String },
    /// Entities nested deeper than [`mime::MAX_DEPTH`].
    TooDeep { limit: usize },
    /// A `multipart/*` or `message/rfc822` body with a transfer encoding other than 7bit,
    /// 8bit or binary (RFC 2045 Section 6.4, RFC 2046 Section 5.2.1).
    EncodedComposite {
        media_type: String,
        encoding: String,
    },
    /// A base64 or quoted-printable body that does not decode.
    Undecodable { encoding: String, detail: String },
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::NotAHeaderField { text } => {
                write!(f, "not a header field (name \":\" value): {text:?}")
            }
            Problem::ContinuationFirst => f.write_str(
                "the header starts with a continuation line (white space first), folded onto no field",
            ),
            Problem::LoneCr => f.write_str("a CR not followed by LF in the header"),
            Problem::NoBoundary { media_type } => write!(
                f,
                "{media_type} with no boundary parameter (RFC 2046 Section 5.1.1 requires one)"
            ),
            Problem::NoDelimiter { boundary } => write!(
                f,
                "the multipart body has no delimiter line \"--{boundary}\""
            ),
            Problem::NoParts { boundary } => write!(
                f,
                "the multipart body closes (\"--{boundary}--\") before any body part"
            ),
            Problem::NeverClosed { boundary } => write!(
                f,
                "the multipart body never closes: no line \"--{boundary}--\" (truncated?)"
            ),
            Problem::TooDeep { limit } => write!(
                f,
                "entities nested more than {limit} levels deep (urlcert's limit)"
            ),
            Problem::EncodedComposite {
                media_type,
                encoding,
            } => write!(
                f,
                "{media_type} with Content-Transfer-Encoding {encoding:?}: a composite body is \
                 7bit, 8bit or binary (RFC 2045 Section 6.4)"
            ),
            Problem::Undecodable { encoding, detail } => {
                write!(f, "the {encoding} body does not decode: {detail}")
            }
        }
    }
}

impl fmt::Display for DocumentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.part.is_empty() {
            write!(f, "line {}, top level: {}", self.line, self.problem)
        } else {
            write!(
                f,
                "line {}, part {}: {}",
                self.line, self.part, self.problem
            )
        }
    }
}

impl std::error::Error for DocumentError {}
