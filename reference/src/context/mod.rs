//! URLs in running text: each document's own rules for finding a URL in mail, news or
//! print, and for taking it out of its wrapper.
//!
//! ```
//! use urlcert_reference::context::{extract, Wrapper};
//! use urlcert_reference::Document;
//! let text = b"Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;\n      type=d>";
//! let found = extract(Document::Rfc1738, text).unwrap();
//! assert_eq!(found[0].url, b"ftp://info.cern.ch/pub/www/doc;type=d");
//! assert_eq!(found[0].wrapper, Wrapper::AngleUrl);
//! assert_eq!((found[0].start, found[0].end), (27, text.len()));
//! ```
//!
//! One file per document, each rule under the sentence that makes it:
//!
//! | document | where | wrappers | whitespace inside | hyphen at a line break |
//! |---|---|---|---|---|
//! | `draft-02` | "Wrappers for URIs in plain text" | `<...>` | kept (`space` is an `extra` character) | no rule |
//! | `draft-03` | the same, and "PrePrefix" | `<...>`; a "URL:" inside is part of the URL | kept | no rule |
//! | `draft-06` | "APPENDIX: Recommendations for URLs in Context" | `<URL:...>` | ignored | no rule |
//! | `rfc1738` | "APPENDIX: Recommendations for URLs in Context" | `<URL:...>` | ignored | both readings |
//! | `rfc1808` | none: [`NotDefined`] | | | |
//! | `draft-1996` | Appendix B | `<...>`, `[...]`, `{...}`, each with or without "URL:" | ignored | both readings |
//! | `rfc2396` | Appendix E | `"..."`, `<...>`, each with or without "URL:"; whitespace alone | ignored | both readings |
//! | `rfc3986` | Appendix C | `"..."`, `<...>` (with or without "URL:"), whitespace | ignored | both readings |
//!
//! What every document shares (`scan.rs`): a wrapper ends at its first closing
//! delimiter, and a delimiter of any of the document's wrappers inside one ends the
//! attempt there, because no URL may contain one unencoded (a new wrapper may start at
//! it). A wrapper without the "URL:" prefix holds a URL only when what it holds starts
//! as the document's URLs start, with a scheme name and a colon, so that `<timbl@info.cern.ch>`
//! and `[1]` are not taken for URLs. Nothing outside a wrapper is a URL: no document
//! says where an unwrapped URL would end.
//!
//! The work is linear in the length of the text (each byte is looked at a bounded number
//! of times) and never panics, whatever the bytes.

pub(crate) mod draft02;
pub(crate) mod draft03;
pub(crate) mod draft06;
pub(crate) mod draft1996;
pub(crate) mod rfc1738;
pub(crate) mod rfc1808;
pub(crate) mod rfc2396;
pub(crate) mod rfc3986;
mod scan;
#[cfg(test)]
mod tests;

use crate::document::{DocReading, Document};
use std::fmt;

/// The wrapper a URL was found in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wrapper {
    /// `<URL:...>`: RFC 1738 and draft-06's recommendation, and one of the 1996 draft's.
    AngleUrl,
    /// `<...>`: the 1993 and March 1994 drafts' recommendation, and one of the 1996
    /// draft's.
    Angle,
    /// `[URL:...]` (1996 draft only).
    BracketUrl,
    /// `[...]` (1996 draft only).
    Bracket,
    /// `{URL:...}` (1996 draft only).
    BraceUrl,
    /// `{...}` (1996 draft only).
    Brace,
    /// `"..."` (RFC 2396 Appendix E: "within double-quotes"; RFC 3986 Appendix C).
    Quote,
    /// `"URL:..."` (RFC 2396 Appendix E, with its "URL:" prefix).
    QuoteUrl,
    /// No delimiters: a URI between whitespace, or the text's start or end (RFC 2396
    /// Appendix E: "or just using whitespace"; RFC 3986 Appendix C: "or just by using whitespace"). `start..end` is the URI itself.
    Whitespace,
}

impl Wrapper {
    /// Every wrapper, in the order of [`Wrapper::id`].
    pub const ALL: &'static [Wrapper] = &[
        Wrapper::AngleUrl,
        Wrapper::Angle,
        Wrapper::BracketUrl,
        Wrapper::Bracket,
        Wrapper::BraceUrl,
        Wrapper::Brace,
        Wrapper::Quote,
        Wrapper::QuoteUrl,
        Wrapper::Whitespace,
    ];

    /// How the wrapper is written in output and in case files: `<URL:...>`, `<...>`,
    /// `"..."`, `whitespace`.
    pub fn id(self) -> &'static str {
        match self {
            Wrapper::AngleUrl => "<URL:...>",
            Wrapper::Angle => "<...>",
            Wrapper::BracketUrl => "[URL:...]",
            Wrapper::Bracket => "[...]",
            Wrapper::BraceUrl => "{URL:...}",
            Wrapper::Brace => "{...}",
            Wrapper::Quote => "\"...\"",
            Wrapper::QuoteUrl => "\"URL:...\"",
            Wrapper::Whitespace => "whitespace",
        }
    }

    pub fn from_id(id: &str) -> Option<Wrapper> {
        Wrapper::ALL.iter().copied().find(|w| w.id() == id)
    }
}

impl fmt::Display for Wrapper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// Most hyphens at line breaks in one URL for which every reading is listed. With more,
/// [`Found::alternatives`] holds only the reading without any of them, so that the
/// output stays linear in the input.
pub const MAX_HYPHEN_READINGS: usize = 4;

/// One URL found in the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The URL as the document's rules take it out of its wrapper: under RFC 1738,
    /// draft-06 and the 1996 draft without the whitespace, and with every hyphen kept.
    pub url: Vec<u8>,
    /// Byte offset of the wrapper's opening delimiter (of the URI's first byte, for
    /// [`Wrapper::Whitespace`]).
    pub start: usize,
    /// Byte offset just past the wrapper's closing delimiter (past the URI's last byte,
    /// for [`Wrapper::Whitespace`]).
    pub end: usize,
    pub wrapper: Wrapper,
    /// The other readings where a hyphen stands just before a line break (RFC 1738 and
    /// the 1996 draft): "the hyphen may or may not actually be part of the URL". Each
    /// drops some of those hyphens: first each one alone, left to right, then each pair,
    /// and so on, the reading without any of them last. Empty when there is no such
    /// hyphen.
    pub alternatives: Vec<Vec<u8>>,
    /// The byte offsets in the text of the hyphens that may or may not belong.
    pub hyphens: Vec<usize>,
}

/// A document that gives no rule for URLs in running text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotDefined {
    pub doc: Document,
    /// Why, in urlcert's words.
    pub why: &'static str,
    /// The section quoted.
    pub cite: &'static str,
    /// The document's own words.
    pub quote: &'static str,
}

impl fmt::Display for NotDefined {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} gives no rule for URLs in running text: {} ({}: \"{}\")",
            self.doc, self.why, self.cite, self.quote
        )
    }
}

impl std::error::Error for NotDefined {}

/// Every URL `text` holds under `doc`'s rules, in the order they appear. The spans
/// (`start..end`) never overlap.
pub fn extract(doc: Document, text: &[u8]) -> Result<Vec<Found>, NotDefined> {
    extract_as(doc.into(), text)
}

/// As [`extract`], under a reading: only `bare-angle-brackets` (RFC 1738, draft-06)
/// changes what is found; the other readings are about parsing and resolution.
pub fn extract_as(doc: DocReading, text: &[u8]) -> Result<Vec<Found>, NotDefined> {
    (doc.doc.descriptor().extract)(text, doc.reading)
}
