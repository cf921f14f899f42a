//! Why a document could not be read, and where.

use std::fmt;

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
    /// Entities nested deeper than [`super::mime::MAX_DEPTH`].
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
