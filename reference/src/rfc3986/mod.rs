//! RFC 3986, "Uniform Resource Identifier (URI): Generic Syntax" (January 2005,
//! <https://www.rfc-editor.org/rfc/rfc3986>): the grammar of Appendix A and the split of
//! Section 3 / Appendix B.

pub mod notes;

use crate::cx::Coverage;
use crate::document::{DocReading, Document, Reading};
use crate::outcome::{Components, Parse, Verdict};

/// The component names, in the order a parse reports them: the RFC's rule names.
pub const COMPONENTS: &[&str] = &[
    "scheme",
    "authority",
    "userinfo",
    "host",
    "IP-literal",
    "IPv6address",
    "IPvFuture",
    "IPv4address",
    "reg-name",
    "port",
    "path",
    "query",
    "fragment",
];

/// Parses `input` as a `URI-reference` under RFC 3986.
pub fn parse(input: &[u8], reading: Reading) -> Parse {
    parse_with_coverage(input, reading).0
}

/// As [`parse`], also returning which rules accepted and rejected on the way.
pub fn parse_with_coverage(_input: &[u8], reading: Reading) -> (Parse, Coverage) {
    let parse = Parse {
        doc: DocReading::new(Document::Rfc3986, reading),
        verdict: Verdict::NotDefined,
        rule: None,
        components: Components::default(),
        error: None,
        alternatives: Vec::new(),
        ambiguities: Vec::new(),
        notes: Vec::new(),
    };
    (parse, Coverage::default())
}
