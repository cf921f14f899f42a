//! RFC 1738 (<https://www.rfc-editor.org/rfc/rfc1738>): what it states about
//! equivalence, in the order of its sections.
//!
//! - Section 2.1: "programs interpreting URLs should treat upper case letters as
//!   equivalent to lower case in scheme names" (step `2.1`).
//! - Section 2.2: "Usually a URL has the same interpretation when an octet is
//!   represented by a character and when it encoded. However, this is not true for
//!   reserved characters", and "characters that are not required to be encoded
//!   (including alphanumerics) may be encoded within the scheme-specific part of a URL,
//!   as long as they are not being used for a reserved purpose" (step `2.2`). The
//!   characters not required to be encoded are the ones that "may be used unencoded":
//!   "only alphanumerics, the special characters "$-_.+!*'(),", and reserved characters
//!   used for their reserved purposes". Reserved characters are left encoded: "encoding
//!   a character reserved for a particular scheme may change the semantics of a URL".
//!   Unsafe ones ("~" among them) "must always be encoded" and stay so.
//!
//! Not stated: that a host name is case-insensitive (Section 3.1 describes host names
//! by RFC 1034 and RFC 1123 and says no more), that an explicit default port is the
//! same as none (each scheme says only "If :<port> is omitted, the port defaults to
//! ..."), the case of an escape's hexadecimal digits (Section 2.2 allows both: "(The
//! characters "abcdef" may also be used in hexadecimal encodings.)"; it does not say
//! which is the normal one, so a remaining escape is left as written).
//!
//! The input must be a URL under `rfc1738@scheme-case-ignore`, the reading Section 2.1
//! asks of interpreters, whatever reading is given: the strict reading refuses an upper
//! case scheme, which is what the first step is about.

use super::{
    after_scheme, decode, derives_ignoring_scheme_case, scheme_to_lower, Normalization,
    NotNormalizable, Steps,
};
use crate::document::DocReading;

/// Section 2.2: "only alphanumerics, the special characters "$-_.+!*'(),", and reserved
/// characters used for their reserved purposes may be used unencoded within a URL."
pub fn needs_no_encoding(b: u8) -> bool {
    b.is_ascii_alphanumeric()
        || matches!(
            b,
            b'$' | b'-' | b'_' | b'.' | b'+' | b'!' | b'*' | b'\'' | b'(' | b')' | b','
        )
}

/// RFC 1738's two statements, in the order of its sections.
pub fn normalize(doc: DocReading, input: &[u8]) -> Result<Normalization, NotNormalizable> {
    derives_ignoring_scheme_case(doc, input)?;
    let mut steps = Steps::new(doc, input);
    // 2.1: "For resiliency, programs interpreting URLs should treat upper case letters
    // as equivalent to lower case in scheme names (e.g., allow "HTTP" as well as
    // "http")."
    let value = scheme_to_lower(steps.current());
    steps.step("2.1", "RFC 1738 §2.1", "scheme name to lower case", value);
    // 2.2: "On the other hand, characters that are not required to be encoded (including
    // alphanumerics) may be encoded within the scheme-specific part of a URL, as long as
    // they are not being used for a reserved purpose."
    let value = after_scheme(steps.current(), |rest| {
        decode(rest, needs_no_encoding, false)
    });
    steps.step(
        "2.2",
        "RFC 1738 §2.2",
        "encoded characters that need no encoding (alphanumerics and \"$-_.+!*'(),\") decoded in the scheme-specific part",
        value,
    );
    steps.finish()
}
