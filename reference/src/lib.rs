//! urlcert's reference: the historical URL specifications as code.
//!
//! Each document is a module; inside it, one function per production, named after the
//! rule, with the production verbatim in its doc comment. No I/O, no dependencies
//! beyond `std` (and `serde`, behind the `serde` feature, for the output types).
//!
//! ```
//! use urlcert_reference::{parse, DocReading, Document, Verdict};
//! let p = parse(Document::Rfc1738.into(), b"ftp://@host.com/").unwrap();
//! assert_eq!(p.verdict, Verdict::Valid);
//! assert_eq!(p.components.str("user"), Some(""));
//! ```
#![forbid(unsafe_code)]

pub mod context;
pub mod cx;
pub mod document;
pub mod draft1996;
pub mod outcome;
pub mod resolve;
pub mod rfc1738;
pub mod rule;

pub use context::{extract, Found, NotDefined, Wrapper};
pub use cx::Coverage;
pub use document::{DocReading, Document, Reading};
pub use outcome::{Ambiguity, Components, Failure, Field, Grade, Note, Parse, Value, Verdict};
pub use resolve::{resolve, Resolution, Step, Unresolvable};
pub use rule::Rule;

/// Why the reference cannot answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unsupported {
    /// The grammar of this document is not implemented yet.
    NotImplemented(Document),
}

impl std::fmt::Display for Unsupported {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unsupported::NotImplemented(d) => {
                write!(f, "the reference does not implement the grammar of {d} yet")
            }
        }
    }
}

impl std::error::Error for Unsupported {}

/// Whether the reference implements this document's grammar.
pub fn supports(doc: DocReading) -> Result<(), Unsupported> {
    match doc.doc {
        Document::Rfc1738 | Document::Draft1996 => Ok(()),
        other => Err(Unsupported::NotImplemented(other)),
    }
}

/// Parses `input` under a document and reading.
pub fn parse(doc: DocReading, input: &[u8]) -> Result<Parse, Unsupported> {
    supports(doc)?;
    Ok(match doc.doc {
        Document::Draft1996 => draft1996::parse(input, doc.reading),
        _ => rfc1738::parse(input, doc.reading),
    })
}

/// As [`parse`], also recording which rule functions accepted and rejected.
pub fn parse_with_coverage(
    doc: DocReading,
    input: &[u8],
) -> Result<(Parse, Coverage), Unsupported> {
    supports(doc)?;
    Ok(match doc.doc {
        Document::Draft1996 => draft1996::parse_with_coverage(input, doc.reading),
        _ => rfc1738::parse_with_coverage(input, doc.reading),
    })
}
