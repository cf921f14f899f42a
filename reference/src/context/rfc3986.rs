//! rfc3986: the appendix on delimiting a URI in context.

use super::Found;

pub(super) fn extract(_text: &[u8]) -> Vec<Found> {
    Vec::new()
}
