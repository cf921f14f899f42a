//! RFC 1808 (<https://www.rfc-editor.org/rfc/rfc1808>): its one statement bearing on
//! equivalence is by reference. Section 2.1 defines the scheme as "scheme name, as per
//! Section 2.1 of RFC 1738", and that section says "programs interpreting URLs should
//! treat upper case letters as equivalent to lower case in scheme names" (step `2.1`).
//!
//! RFC 1808 takes nothing else from RFC 1738's Section 2: its `escape` is its own
//! (Section 2.2), and it says nothing on escaping, host names or ports. Its other
//! references to RFC 1738 (the net_loc and path "as per Section 3.1") bring no
//! equivalence with them: that section states none.

use super::{derives_as_absolute, scheme_to_lower, Normalization, NotNormalizable, Steps};
use crate::document::DocReading;
use crate::grammar::rule::Rule;

/// Section 2.1 of RFC 1808 with Section 2.1 of RFC 1738.
pub fn normalize(doc: DocReading, input: &[u8]) -> Result<Normalization, NotNormalizable> {
    derives_as_absolute(
        doc,
        input,
        Rule::R1808GenericRl,
        "it is a relative URL (Section 2.2: \"relativeURL\"); resolve it against a base first (Section 4)",
        "it does not derive from the grammar of Section 2.2 (`urlcert parse --doc rfc1808` says where)",
    )?;
    let mut steps = Steps::new(doc, input);
    // RFC 1808 2.1: "scheme ":" ::= scheme name, as per Section 2.1 of RFC 1738 [2]."
    // RFC 1738 2.1: "For resiliency, programs interpreting URLs should treat upper case
    // letters as equivalent to lower case in scheme names (e.g., allow "HTTP" as well as
    // "http")."
    let value = scheme_to_lower(steps.current());
    steps.step(
        "2.1",
        "RFC 1808 §2.1 (RFC 1738 §2.1)",
        "scheme name to lower case",
        value,
    );
    steps.finish()
}
