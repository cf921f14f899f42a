//! draft-fielding-url-syntax-01 (26 November 1996): what it states about
//! equivalence, in the order of its sections.
//!
//! - Section 2.2: "Unreserved characters can be escaped without changing the semantics
//!   of the URL" (step `2.2`).
//! - Section 4.1: "programs interpreting URLs should treat upper case letters as
//!   equivalent to lower case in scheme names" (step `4.1`).
//!
//! Not stated: that a host name is case-insensitive, that an explicit default port is
//! the same as none (Section 4.3.1 says only "If the port is omitted, the default port
//! number is assumed"), anything about the case of an escape's hexadecimal digits or
//! about dot segments outside relative resolution.

use super::{
    after_scheme, decode, derives_as_absolute, scheme_to_lower, Normalization, NotNormalizable,
    Steps,
};
use crate::document::DocReading;
use crate::grammar::rule::Rule;

/// Section 2.2: `unreserved = alpha | digit | mark`,
/// `mark = "$" | "-" | "_" | "." | "!" | "~" | "*" | "'" | "(" | ")" | ","`.
pub fn is_unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric()
        || matches!(
            b,
            b'$' | b'-' | b'_' | b'.' | b'!' | b'~' | b'*' | b'\'' | b'(' | b')' | b','
        )
}

/// The draft's two statements, in the order of its sections.
pub fn normalize(doc: DocReading, input: &[u8]) -> Result<Normalization, NotNormalizable> {
    derives_as_absolute(
        doc,
        input,
        Rule::D1996GenericUrl,
        "it is a relative URL (Section 4.1: \"Relative URL references are distinguished from absolute URLs in that they do not begin with a scheme name\"); resolve it against a base first (Section 6)",
        "it does not derive from the grammar of Sections 2 to 4 (`urlcert parse --doc draft-1996` says where)",
    )?;
    let mut steps = Steps::new(doc, input);
    // 2.2: "Unreserved characters can be escaped without changing the semantics of the
    // URL, but this should not be done unless the URL is being used in a context which
    // does not allow the unescaped character to appear."
    let value = after_scheme(steps.current(), |rest| decode(rest, is_unreserved, false));
    steps.step(
        "2.2",
        "draft-1996 §2.2",
        "escaped unreserved characters (alpha, digit and \"$-_.!~*'(),\") unescaped",
        value,
    );
    // 4.1: "For resiliency, programs interpreting URLs should treat upper case letters
    // as equivalent to lower case in scheme names (e.g., allow "HTTP" as well as
    // "http")."
    let value = scheme_to_lower(steps.current());
    steps.step("4.1", "draft-1996 §4.1", "scheme name to lower case", value);
    steps.finish()
}
