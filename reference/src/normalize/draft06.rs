//! draft-ietf-uri-url-06 (4 August 1994), RFC 1738's last draft: what it
//! states about equivalence, in the order of its sections.
//!
//! - Section 2.1: "programs interpreting URLs should allow upper case letters as
//!   equivalent to lower case in scheme names" (step `2.1`).
//! - Section 2.2: "Most characters mean the same thing when represented as themselves
//!   as when represented encoded; however, this is not true for reserved characters",
//!   and "only alphanumerics, reserved characters used for their reserved purposes,
//!   "$", "-", "_", ".", and "+" are safe and may be transmitted unencoded. Even so,
//!   safe characters _may_ be encoded within the scheme specific part of a URL." (step
//!   `2.2`: encoded safe characters are decoded). The other characters "should always
//!   be encoded" (unsafe) or are not safe, so decoding them would not give a normal
//!   form the draft recommends.
//!
//! Not stated: host name case, default ports, the case of hexadecimal digits (the draft
//! names "0-9, A-F" only).
//!
//! The input must be a URL under `draft-06@scheme-case-ignore`, as for RFC 1738.

use super::{
    after_scheme, decode, derives_ignoring_scheme_case, scheme_to_lower, Normalization,
    NotNormalizable, Steps,
};
use crate::document::DocReading;

/// Section 2.2: "only alphanumerics, reserved characters used for their reserved
/// purposes, "$", "-", "_", ".", and "+" are safe".
pub fn is_safe(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'$' | b'-' | b'_' | b'.' | b'+')
}

/// The draft's two statements, in the order of its sections.
pub fn normalize(doc: DocReading, input: &[u8]) -> Result<Normalization, NotNormalizable> {
    derives_ignoring_scheme_case(doc, input)?;
    let mut steps = Steps::new(doc, input);
    // 2.1: "For resiliency, programs interpreting URLs should allow upper case letters
    // as equivalent to lower case in scheme names (e.g., allow "HTTP" as well as
    // "http")."
    let value = scheme_to_lower(steps.current());
    steps.step("2.1", "draft-06 §2.1", "scheme name to lower case", value);
    // 2.2: "Even so, safe characters _may_ be encoded within the scheme specific part of
    // a URL."
    let value = after_scheme(steps.current(), |rest| decode(rest, is_safe, false));
    steps.step(
        "2.2",
        "draft-06 §2.2",
        "encoded safe characters (alphanumerics and \"$-_.+\") decoded in the scheme-specific part",
        value,
    );
    steps.finish()
}
