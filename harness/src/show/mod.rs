//! What the one-input commands print: `parse` and `resolve` (human and JSON lines),
//! `trace` (one input under every document), `compare` (that, and every parser beside
//! it), `normalize`, `extract` and `export`.

pub mod compare;
pub mod explore;
pub mod export;
pub mod extract;
pub mod normalize;
pub mod output;
pub mod trace;

use std::borrow::Cow;

/// Bytes as text for JSON: lossy, with the exact bytes in hex when they are not UTF-8.
pub(crate) fn text_and_hex(bytes: &[u8]) -> (Cow<'_, str>, Option<String>) {
    let exact = std::str::from_utf8(bytes).is_ok();
    (
        String::from_utf8_lossy(bytes),
        (!exact).then(|| bytes.iter().map(|b| format!("{b:02x}")).collect()),
    )
}
