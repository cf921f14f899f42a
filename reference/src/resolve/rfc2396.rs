//! rfc2396: Section 5.2, step by step.

use super::{Resolution, Unresolvable};
use crate::document::DocReading;

/// The Section 5.2 algorithm.
pub fn resolve(
    doc: DocReading,
    _base: &[u8],
    _reference: &[u8],
    _trace: bool,
) -> Result<Resolution, Unresolvable> {
    Err(Unresolvable::NotDefined {
        doc: doc.doc,
        cite: "",
        quote: "",
    })
}
