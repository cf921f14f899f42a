//! What the one-input commands print: `parse` and `resolve` (human and JSON lines),
//! `trace` (one input under every document), `normalize`, `extract` and `export`.

pub mod export;
pub mod extract;
pub mod normalize;
pub mod output;
pub mod trace;
