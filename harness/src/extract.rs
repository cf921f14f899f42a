//! `urlcert extract`: the URLs in a text read from standard input, found by one
//! document's rules for URLs in running text. One line per URL, for a person or as
//! JSON.

use crate::check::quote;
use serde::Serialize;
use std::borrow::Cow;
use std::io::{Read, Write};
use std::process::ExitCode;
use urlcert_reference::{extract_as, DocReading, Found};

/// Bytes as text for JSON: lossy, with the exact bytes in hex when they are not UTF-8.
fn text_and_hex(bytes: &[u8]) -> (Cow<'_, str>, Option<String>) {
    let exact = std::str::from_utf8(bytes).is_ok();
    (
        String::from_utf8_lossy(bytes),
        (!exact).then(|| bytes.iter().map(|b| format!("{b:02x}")).collect()),
    )
}

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

/// `urlcert extract`: reads all of standard input, writes one line per URL found.
///
/// Exit status: 0 when the document has rules for URLs in running text (whether or not
/// any URL is found), 1 when it has none (the reason goes to standard error), 2 when
/// standard input cannot be read.
pub fn main(doc: DocReading, json: bool) -> ExitCode {
    let mut text = Vec::new();
    if let Err(e) = std::io::stdin().lock().read_to_end(&mut text) {
        eprintln!("urlcert extract: cannot read standard input: {e}");
        return ExitCode::from(2);
    }
    let found = match extract_as(doc, &text) {
        Ok(found) => found,
        Err(why) => {
            eprintln!("urlcert extract: --doc {doc}: {why}");
            return ExitCode::from(1);
        }
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for f in &found {
        let written = if json {
            serde_json::to_writer(&mut out, &ExtractLine::new(doc, f))
                .map_err(std::io::Error::from)
                .and_then(|()| out.write_all(b"\n"))
        } else {
            out.write_all(human(f).as_bytes())
        };
        if written.is_err() {
            // The reader went away (a closed pipe); nothing more to say.
            return ExitCode::from(1);
        }
    }
    if out.flush().is_err() {
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
