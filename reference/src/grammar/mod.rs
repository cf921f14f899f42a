//! The grammar kernel every document's rule functions are written with: character
//! classes built from classes ([`class`]), the matching context ([`cx`]), the entry points of a document's parse ([`entry`]), the splits of a login ([`login`]), the rules
//! ([`rule`]), the spans of the input ([`span`]), what a production matched ([`matched`]), a news URL's group part ([`news`]), the outcomes of a parse
//! ([`outcome`]), and how a note shows octets ([`render`]). Nothing in it belongs to one
//! document.

pub mod class;
pub mod cx;
pub(crate) mod entry;
pub mod login;
pub mod matched;
pub mod news;
pub mod outcome;
pub mod render;
pub mod rule;
pub mod span;
