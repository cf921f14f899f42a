//! `urlcert extract`: the URLs in a text read from standard input, found by one
//! document's rules for URLs in running text. One line per URL, for a person or as
//! JSON.

use super::text_and_hex;
use crate::judge::exact::quote;
use serde::Serialize;
use std::borrow::Cow;

use urlcert_reference::{DocReading, Found};

/// One line of `urlcert extract --json`, fields in the documented order.
#[derive(Serialize)]
pub struct ExtractLine<'a> {
    pub doc: DocReading,
    /// The URL; bytes that are not UTF-8 are replaced here and kept in `url_hex`.
    pub url: Cow<'a, str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url_hex: Option<String>,
    /// Byte offset of the wrapper's opening delimiter.
    pub start: usize,
    /// Byte offset just past the wrapper's closing delimiter.
    pub end: usize,
    pub wrapper: &'static str,
    /// The readings without some of the hyphens that stand before a line break.
    pub alternatives: Vec<Cow<'a, str>>,
    /// The alternatives' exact bytes, when the URL is not UTF-8.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alternatives_hex: Option<Vec<String>>,
    /// The byte offsets of those hyphens in the input.
    pub hyphens: &'a [usize],
}

impl<'a> ExtractLine<'a> {
    pub fn new(doc: DocReading, f: &'a Found) -> ExtractLine<'a> {
        let (url, url_hex) = text_and_hex(&f.url);
        // The alternatives differ from the URL only by hyphens, so they are UTF-8 when
        // it is.
        let alternatives_hex = url_hex.is_some().then(|| {
            f.alternatives
                .iter()
                .map(|a| a.iter().map(|b| format!("{b:02x}")).collect())
                .collect()
        });
        ExtractLine {
            doc,
            url,
            url_hex,
            start: f.start,
            end: f.end,
            wrapper: f.wrapper.id(),
            alternatives: f
                .alternatives
                .iter()
                .map(|a| String::from_utf8_lossy(a))
                .collect(),
            alternatives_hex,
            hyphens: &f.hyphens,
        }
    }
}

/// One line for a person: offsets, wrapper, the URL, and its alternatives. Every string
/// from the input is quoted and escaped, so control characters cannot reach the
/// terminal.
pub fn human(f: &Found) -> String {
    let mut out = format!(
        "{}..{} {} {}",
        f.start,
        f.end,
        f.wrapper,
        quote(&String::from_utf8_lossy(&f.url))
    );
    if !f.alternatives.is_empty() {
        let alternatives: Vec<String> = f
            .alternatives
            .iter()
            .map(|a| quote(&String::from_utf8_lossy(a)))
            .collect();
        out.push_str(&format!(
            " or {} (a hyphen before a line break may or may not belong)",
            alternatives.join(" or ")
        ));
    }
    out.push('\n');
    out
}
