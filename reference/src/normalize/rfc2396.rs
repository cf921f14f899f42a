//! RFC 2396 (<https://www.rfc-editor.org/rfc/rfc2396>): what it states about
//! equivalence, in the order of its sections.
//!
//! - Section 2.3: "Unreserved characters can be escaped without changing the semantics
//!   of the URI" (step `2.3`: escaped unreserved characters are unescaped). Section 2.4.2
//!   adds that "%7e" and "~" "are equivalent for an http URL".
//! - Section 3.1: "programs interpreting URI should treat upper case letters as
//!   equivalent to lower case in scheme names", and Section 6: "the scheme and hostname
//!   are case insensitive" (step `6-case`).
//! - Section 6: "a URL with an explicit ":port", where the port is the default for the
//!   scheme, is equivalent to one where the port is elided" (step `6-port`). RFC 2396
//!   names no default port: "The definition of specific URL schemes ... has been moved
//!   to separate documents" (G.3). The defaults used are those of RFC 1738 Section 3,
//!   the scheme definitions RFC 2396 updates but does not replace.
//!
//! Not stated, so not applied: the case of the hexadecimal digits in an escape (the
//! grammar allows both, the text does not say they are equivalent), an empty port
//! (`*digit` allows "http://h:/"; Section 6 speaks only of the default port), dot
//! segments in an absolute URI, an empty path against "/".
//!
//! The order is the sections': `2.3` before `6-case`, so that a host that becomes a
//! hostname once unescaped ("A%2DB") is lower-cased too.

use super::{decode, scheme_and_components, Authority, Normalization, NotNormalizable, Steps};
use crate::document::DocReading;
use crate::resolve::rfc3986::recompose;

/// Section 2.3: `unreserved = alphanum | mark`,
/// `mark = "-" | "_" | "." | "!" | "~" | "*" | "'" | "(" | ")"`.
pub fn is_unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric()
        || matches!(
            b,
            b'-' | b'_' | b'.' | b'!' | b'~' | b'*' | b'\'' | b'(' | b')'
        )
}

/// What step `6-port` does, with the default ports it reads ([`super::DEFAULT_PORTS`]).
pub const DEFAULT_PORT_ELIDED: &str = "an explicit default port (RFC 1738 §3: ftp 21, http 80, gopher 70, nntp 119, telnet 23, wais 210, prospero 1525) elided with its \":\"";

/// Section 3.2.2: `hostname = *( domainlabel "." ) toplabel [ "." ]`,
/// `domainlabel = alphanum | alphanum *( alphanum | "-" ) alphanum`,
/// `toplabel = alpha | alpha *( alphanum | "-" ) alphanum`.
pub fn is_hostname(host: &[u8]) -> bool {
    let host = host.strip_suffix(b".").unwrap_or(host);
    let label = |l: &[u8]| {
        matches!((l.first(), l.last()), (Some(a), Some(z)) if a.is_ascii_alphanumeric() && z.is_ascii_alphanumeric())
            && l.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'-')
    };
    let labels: Vec<&[u8]> = host.split(|&b| b == b'.').collect();
    labels.iter().all(|l| label(l))
        && labels
            .last()
            .and_then(|top| top.first())
            .is_some_and(u8::is_ascii_alphabetic)
}

/// Section 3.2.2: `IPv4address = 1*digit "." 1*digit "." 1*digit "." 1*digit`.
fn is_ipv4address(host: &[u8]) -> bool {
    let parts: Vec<&[u8]> = host.split(|&b| b == b'.').collect();
    parts.len() == 4
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.iter().all(u8::is_ascii_digit))
}

/// Section 3.2.2: `userinfo = *( unreserved | escaped | ";" | ":" | "&" | "=" | "+" |
/// "$" | "," )`.
fn is_userinfo(u: &[u8]) -> bool {
    let mut i = 0;
    while i < u.len() {
        if super::triplet(u, i).is_some() {
            i += 3;
        } else if is_unreserved(u[i]) || b";:&=+$,".contains(&u[i]) {
            i += 1;
        } else {
            return false;
        }
    }
    true
}

/// Is the authority a `server` (Section 3.2.2) whose host is a `hostname`? Otherwise it
/// is a `reg_name`, or an IP address, neither of which Section 6 makes case-insensitive.
fn server_hostname(a: &Authority) -> bool {
    server(a) && is_hostname(&a.host)
}

/// `server = [ [ userinfo "@" ] hostport ]`, `hostport = host [ ":" port ]`,
/// `port = *digit`; with RFC 2732, `host` may be an IPv6 literal in brackets.
fn server(a: &Authority) -> bool {
    a.userinfo.as_deref().is_none_or(is_userinfo)
        && (is_hostname(&a.host) || is_ipv4address(&a.host) || a.host.starts_with(b"["))
        && a.port
            .as_deref()
            .is_none_or(|p| p.iter().all(u8::is_ascii_digit))
}

/// RFC 2396's statements, in the order of its sections.
pub fn normalize(doc: DocReading, input: &[u8]) -> Result<Normalization, NotNormalizable> {
    let (scheme, c) = scheme_and_components(
        doc,
        input,
        "it has no scheme, so it is a relative URI reference (Section 3.1: \"Relative URI references are distinguished from absolute URI in that they do not begin with a scheme name\"); resolve it against a base first (Section 5.2)",
        "it does not match the absoluteURI rule of Appendix A (`urlcert parse --doc rfc2396` says where)",
    )?;
    let mut scheme = scheme.to_vec();
    let mut authority = c.authority.map(Authority::split);
    let mut path = c.path.to_vec();
    let mut query = c.query.map(<[u8]>::to_vec);
    let mut fragment = c.fragment.map(<[u8]>::to_vec);
    let join = |scheme: &[u8],
                authority: &Option<Authority>,
                path: &[u8],
                query: &Option<Vec<u8>>,
                fragment: &Option<Vec<u8>>| {
        let a = authority.as_ref().map(Authority::join);
        recompose(
            Some(scheme),
            a.as_deref(),
            path,
            query.as_deref(),
            fragment.as_deref(),
        )
    };
    let mut steps = Steps::new(doc, input);

    // 2.3: "Unreserved characters can be escaped without changing the semantics of the
    // URI, but this should not be done unless the URI is being used in a context that
    // does not allow the unescaped character to appear."
    let unescape = |p: &[u8]| decode(p, is_unreserved, false);
    if let Some(a) = &mut authority {
        a.userinfo = a.userinfo.as_deref().map(unescape);
        a.host = unescape(&a.host);
        a.port = a.port.as_deref().map(unescape);
    }
    path = unescape(&path);
    query = query.as_deref().map(unescape);
    fragment = fragment.as_deref().map(unescape);
    steps.step(
        "2.3",
        "RFC 2396 §2.3",
        "escaped unreserved characters (alphanum and \"-_.!~*'()\") unescaped",
        join(&scheme, &authority, &path, &query, &fragment),
    );

    // 3.1: "For resiliency, programs interpreting URI should treat upper case letters as
    // equivalent to lower case in scheme names (e.g., allow "HTTP" as well as "http")."
    // 6: "When a scheme uses elements of the common syntax, it will also use the common
    // syntax equivalence rules, namely that the scheme and hostname are case
    // insensitive".
    scheme.make_ascii_lowercase();
    if let Some(a) = &mut authority {
        if server_hostname(a) {
            a.host.make_ascii_lowercase();
        }
    }
    steps.step(
        "6-case",
        "RFC 2396 §3.1, §6",
        "scheme and hostname to lower case",
        join(&scheme, &authority, &path, &query, &fragment),
    );

    // 6: "a URL with an explicit ":port", where the port is the default for the scheme,
    // is equivalent to one where the port is elided."
    if let Some(a) = &mut authority {
        if let Some(default) = super::default_port(&scheme) {
            if server(a) && a.port_is(default.port) {
                a.port = None;
            }
        }
    }
    steps.step(
        "6-port",
        "RFC 2396 §6",
        DEFAULT_PORT_ELIDED,
        join(&scheme, &authority, &path, &query, &fragment),
    );
    steps.finish()
}
