//! What RFC 2396's prose says about an input beyond its grammar, reported as graded,
//! cited notes.
//!
//! | id | grade | when |
//! |---|---|---|
//! | `scheme-case` | should | the scheme has upper-case letters (§3.1) |
//! | `hostname-case` | must | a hostname has upper-case letters (§6) |
//! | `current-document` | should | a reference that derives and holds no URI: empty, or only a fragment (§4.2) |
//! | `colon-in-first-segment` | must | a reference whose text before its first ":" is no scheme, though Appendix B splits it off as one: a relative path whose first segment has a colon (§5) |
//! | `empty-port` | should | a server whose ":" has no port after it (§3.2.2, G.3) |
//! | `userinfo-password` | should | a userinfo of the form "user:password" (§3.2.2, §7) |
//! | `ipv6-literal` | must | an authority holding "[", under a reading without RFC 2732 (§3.2.2) |
//! | `rfc2732.brackets-outside-host` | should | under `rfc2396@rfc2732`, "[" or "]" in a query, a fragment or an opaque_part, which `uric` now allows (§2.2 as RFC 2732 §3 changes it) |

use super::parts::Parts;
use crate::document::Reading;
use crate::grammar::cx::Cx;
use crate::grammar::outcome::note;
use crate::grammar::outcome::{Grade, Noting, Verdict};

/// The note ids this module can add, for vocabularies and tests.
pub const IDS: &[&str] = &[
    "scheme-case",
    "hostname-case",
    "current-document",
    "colon-in-first-segment",
    "empty-port",
    "userinfo-password",
    "ipv6-literal",
    "rfc2732.brackets-outside-host",
];

/// Adds every note that applies to `p`.
pub fn add(cx: &mut Cx, parts: &Parts, p: &mut Noting) {
    scheme_case(cx, parts, p);
    colon_in_first_segment(cx, parts, p);
    ipv6_literal(cx, parts, p);
    if p.verdict == Verdict::Valid {
        hostname_case(p);
        current_document(cx, parts, p);
        empty_port(p);
        userinfo_password(p);
        brackets_outside_host(cx, parts, p);
    }
}

/// Section 3.1. Data: the scheme in lower case.
fn scheme_case(cx: &Cx, parts: &Parts, p: &mut Noting) {
    let Some(s) = parts.scheme else {
        return;
    };
    let name = cx.bytes(s);
    if !name.iter().any(u8::is_ascii_uppercase) {
        return;
    }
    note(
        p,
        "scheme-case",
        Grade::Should,
        "RFC 2396 §3.1",
        "\"For resiliency, programs interpreting URI should treat upper case letters as \
         equivalent to lower case in scheme names (e.g., allow \"HTTP\" as well as \
         \"http\").\"",
        vec![String::from_utf8_lossy(name).to_ascii_lowercase()],
    );
}

/// Section 6. Data: the hostname in lower case.
fn hostname_case(p: &mut Noting) {
    let Some(name) = p.components.str("hostname") else {
        return;
    };
    if !name.bytes().any(|b| b.is_ascii_uppercase()) {
        return;
    }
    let lower = name.to_ascii_lowercase();
    note(
        p,
        "hostname-case",
        Grade::Must,
        "RFC 2396 §6",
        "\"When a scheme uses elements of the common syntax, it will also use the common \
         syntax equivalence rules, namely that the scheme and hostname are case insensitive \
         and a URL with an explicit \":port\", where the port is the default for the \
         scheme, is equivalent to one where the port is elided.\"",
        vec![lower],
    );
}

/// Section 4.2. Data: the fragment, when there is one.
fn current_document(cx: &Cx, parts: &Parts, p: &mut Noting) {
    let no_uri = parts.scheme.is_none()
        && parts.authority.is_none()
        && parts.path.is_empty()
        && parts.query.is_none();
    if !no_uri {
        return;
    }
    note(
        p,
        "current-document",
        Grade::Should,
        "RFC 2396 §4.2",
        "\"A URI reference that does not contain a URI is a reference to the current \
         document.  In other words, an empty URI reference within a document is \
         interpreted as a reference to the start of that document, and a reference \
         containing only a fragment identifier is a reference to the identified fragment \
         of that document.  Traversal of such a reference should not result in an \
         additional retrieval action.\"",
        parts
            .fragment
            .map(|f| cx.text(f).into_owned())
            .into_iter()
            .collect(),
    );
}

/// Section 5, for a reference Appendix B gives a `$2` that `scheme` does not derive
/// (`a@b:c`, `1abc:x`): read as a relative path, its first segment holds a colon, so it
/// cannot be one either. Data: that segment (up to the first "/", "?" or "#").
fn colon_in_first_segment(cx: &mut Cx, parts: &Parts, p: &mut Noting) {
    let Some(s) = parts.scheme else {
        return;
    };
    let name = cx.bytes(s);
    let is_scheme = name[0].is_ascii_alphabetic()
        && name
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(b));
    if is_scheme {
        return;
    }
    let input = cx.input;
    let end = input
        .iter()
        .position(|b| b"/?#".contains(b))
        .unwrap_or(input.len());
    note(
        p,
        "colon-in-first-segment",
        Grade::Must,
        "RFC 2396 §5",
        "\"Authors should be aware that a path segment which contains a colon character \
         cannot be used as the first segment of a relative URI path (e.g., \"this:that\"), \
         because it would be mistaken for a scheme name.  It is therefore necessary to \
         precede such segments with other segments (e.g., \"./this:that\") in order for \
         them to be referenced as a relative path.\"",
        vec![String::from_utf8_lossy(&input[..end]).into_owned()],
    );
}

/// Section 3.2.2 and Appendix G.3, for a server that derives with an empty port.
fn empty_port(p: &mut Noting) {
    if p.components.str("port") != Some("") {
        return;
    }
    note(
        p,
        "empty-port",
        Grade::Should,
        "RFC 2396 §3.2.2; §G.3",
        "\"If the port is omitted, the default port number is assumed.\" (§3.2.2); \"The \
         URL port is now *digit instead of 1*digit, since systems are expected to handle \
         the case where the \":\" separator between host and port is supplied without a \
         port.\" (§G.3)",
        Vec::new(),
    );
}

/// Section 3.2.2, for a userinfo with a ":". No data: the text advises against putting
/// what follows the ":" anywhere.
fn userinfo_password(p: &mut Noting) {
    if !p
        .components
        .str("userinfo")
        .is_some_and(|u| u.contains(':'))
    {
        return;
    }
    note(
        p,
        "userinfo-password",
        Grade::Should,
        "RFC 2396 §3.2.2; §7",
        "\"Some URL schemes use the format \"user:password\" in the userinfo field. This \
         practice is NOT RECOMMENDED, because the passing of authentication information in \
         clear text (such as URI) has proven to be a security risk in almost every case \
         where it has been used.\" (§3.2.2)",
        Vec::new(),
    );
}

/// Section 3.2.2, for an authority holding "[" under a reading without RFC 2732 (where
/// no production derives it). Data: the authority.
fn ipv6_literal(cx: &Cx, parts: &Parts, p: &mut Noting) {
    if cx.reading == Reading::Rfc2732 {
        return;
    }
    let Some(a) = parts.authority else {
        return;
    };
    if cx.find(a, b'[').is_none() {
        return;
    }
    note(
        p,
        "ipv6-literal",
        Grade::Must,
        "RFC 2396 §3.2.2",
        "\"The host is a domain name of a network host, or its IPv4 address as a set of \
         four decimal digit groups separated by \".\".  Literal IPv6 addresses are not \
         supported.\" RFC 2732 (December 1999) later adds them: the reading \
         rfc2396@rfc2732.",
        vec![cx.text(a).into_owned()],
    );
}

/// RFC 2732's abstract and Section 3, under `rfc2396@rfc2732`: "[" and "]" join
/// `reserved`, so `uric` holds them, though the text allows them "explicitly for this
/// reserved purpose", the IPv6 literal. Data: the components that hold them.
fn brackets_outside_host(cx: &Cx, parts: &Parts, p: &mut Noting) {
    if cx.reading != Reading::Rfc2732 {
        return;
    }
    let holds = |s: Option<crate::grammar::cx::Span>| {
        s.is_some_and(|s| cx.bytes(s).iter().any(|b| *b == b'[' || *b == b']'))
    };
    let mut found = Vec::new();
    if p.components.str("opaque_part").is_some() && holds(Some(parts.path)) {
        found.push("opaque_part".to_string());
    }
    if holds(parts.query) {
        found.push("query".to_string());
    }
    if holds(parts.fragment) {
        found.push("fragment".to_string());
    }
    if found.is_empty() {
        return;
    }
    note(
        p,
        "rfc2732.brackets-outside-host",
        Grade::Should,
        "RFC 2396 §2.2, as RFC 2732 §3 changes it",
        "\"This document incudes an update to the generic syntax for Uniform Resource \
         Identifiers defined in RFC 2396 [URL].  It defines a syntax for IPv6 addresses and \
         allows the use of \"[\" and \"]\" within a URI explicitly for this reserved \
         purpose.\" (RFC 2732, Abstract; Section 3 says it again)",
        found,
    );
}
