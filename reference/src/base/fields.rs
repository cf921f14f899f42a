//! The header fields that carry a message's base, one function per production, each
//! with its production verbatim. A field's value is taken as written, folding included,
//! and each document's rule on whitespace is applied here.

use crate::document::DocReading;
use crate::grammar::outcome::Verdict;

/// RFC 822's linear white space characters: SPACE and HTAB, and the CR LF of folding.
fn is_lwsp(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n')
}

/// The value with every whitespace character taken out. The 1996 draft, Section 5.1:
/// "any whitespace inside the field value (including that used for line folding) is
/// ignored".
pub fn without_whitespace(value: &[u8]) -> Vec<u8> {
    value.iter().copied().filter(|&b| !is_lwsp(b)).collect()
}

/// Why a field value breaks its production.
pub type Broken = &'static str;

/// RFC 1808, Section 3.1:
///
/// `base-header  = "Base" ":" "<URL:" absoluteURL ">"`
///
/// "where "Base" is case-insensitive and any whitespace (including that used for line
/// folding) inside the angle brackets is ignored." Takes the field's value (what follows
/// the colon) and gives the absoluteURL.
///
/// The text is silent on whitespace outside the brackets and on the letter case of
/// "<URL:". Its BNF uses "the conventions of RFC 822" (Section 2.2), under which
/// linear white space may stand between lexical tokens (RFC 822 Section 3.1.4) and
/// letter case is not distinguished in literals (Section 3.4.7); urlcert reads both so.
pub fn base_header(doc: DocReading, value: &[u8]) -> Result<Vec<u8>, Broken> {
    let start = value
        .iter()
        .position(|&b| !is_lwsp(b))
        .unwrap_or(value.len());
    let end = value
        .iter()
        .rposition(|&b| !is_lwsp(b))
        .map_or(start, |e| e + 1);
    let token = &value[start..end];
    let Some(inner) = token.strip_prefix(b"<") else {
        return Err("it does not begin with \"<URL:\"");
    };
    let Some(inner) = inner.strip_suffix(b">") else {
        return Err("the \"<URL:\" is never closed by \">\"");
    };
    if inner.contains(&b'>') || inner.contains(&b'<') {
        return Err("more than one angle-bracketed value");
    }
    let inner = without_whitespace(inner);
    match inner.get(..4) {
        Some(p) if p.eq_ignore_ascii_case(b"URL:") => {}
        _ => return Err("the angle brackets do not begin with \"URL:\""),
    }
    let url = inner[4..].to_vec();
    absolute_url(doc, &url)?;
    Ok(url)
}

/// The 1996 draft, Section 5.1 (RFC 2110 Section 4.1 has the same production with
/// RFC 1738's URL for absoluteURI):
///
/// `Content-Base      = "Content-Base" ":" absoluteURL`
pub fn content_base(doc: DocReading, value: &[u8]) -> Result<Vec<u8>, Broken> {
    let url = without_whitespace(value);
    absolute_url(doc, &url)?;
    Ok(url)
}

/// The 1996 draft, Section 5.1:
///
/// `Content-Location  = "Content-Location" ":" ( absoluteURL | relativeURL )`
///
/// Gives the URL and whether it is absolute; a relative one "must be resolved to its
/// absolute form (like any relative URL) before it can be used as the base URL".
pub fn content_location(doc: DocReading, value: &[u8]) -> Result<(Vec<u8>, bool), Broken> {
    let url = without_whitespace(value);
    let p = crate::parse(doc, &url);
    if p.verdict == Verdict::Invalid || p.verdict == Verdict::NotDefined {
        return Err("the value is neither an absolute nor a relative URL under this document");
    }
    if has(&p, "fragment") {
        return Err("the value has a fragment identifier, which neither production allows");
    }
    let absolute = has(&p, "scheme");
    Ok((url, absolute))
}

/// Is `url` an absolute URL (RFC 1808's absoluteURL, the 1996 draft's, RFC 2396's
/// absoluteURI, RFC 3986's absolute-URI) under `doc`: it derives, with a scheme and
/// without a fragment?
pub fn absolute_url(doc: DocReading, url: &[u8]) -> Result<(), Broken> {
    let p = crate::parse(doc, url);
    if p.verdict == Verdict::Invalid || p.verdict == Verdict::NotDefined {
        return Err("the value is not a URL under this document");
    }
    if !has(&p, "scheme") {
        return Err("the value is a relative URL where an absolute one is required");
    }
    if has(&p, "fragment") {
        return Err("the value has a fragment identifier, which an absolute URL does not");
    }
    Ok(())
}

fn has(p: &crate::Parse, component: &str) -> bool {
    p.components.get(component).is_some_and(|v| v.is_some())
}
