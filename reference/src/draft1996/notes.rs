//! What the 1996 draft's prose says beyond the BNF, reported as graded, cited notes.
//!
//! | id | grade | when |
//! |---|---|---|
//! | `excluded.unwise-or-national` | should | an unwise or national character appears unescaped (§2.3.3) |
//! | `scheme-case` | should | the scheme has upper-case letters (§4.1) |
//! | `current-document` | should | an empty or fragment-only reference that derives (§3) |
//! | `colon-in-first-segment` | must | a relative-path reference whose first segment has ":" (§4.3.2) |
//! | `empty-port` | should | a server whose ":" has no port after it (§4.3.1, E.3) |

use super::classes::{escaped, EXCLUDED, NATIONAL, UNWISE};
use super::parts::Parts;
use crate::grammar::cx::Cx;
use crate::grammar::outcome::note;
use crate::grammar::outcome::{Grade, Noting, Verdict};

/// The note ids this module can add, for vocabularies and tests.
pub const IDS: &[&str] = &[
    "excluded.unwise-or-national",
    "scheme-case",
    "current-document",
    "colon-in-first-segment",
    "empty-port",
];

/// Adds every note that applies to `p`.
pub fn add(cx: &mut Cx, parts: &Parts, p: &mut Noting) {
    unwise_or_national(cx, p);
    scheme_case(cx, parts, p);
    colon_in_first_segment(cx, parts, p);
    if p.verdict != Verdict::Invalid {
        current_document(cx, parts, p);
        empty_port(p);
    }
}

/// Section 2.3.3. Data: each distinct unwise or national octet, as `%XX`.
fn unwise_or_national(cx: &mut Cx, p: &mut Noting) {
    let input = cx.input;
    let mut found: Vec<u8> = Vec::new();
    let mut i = 0;
    while i < input.len() {
        if input[i] == b'%' && escaped(cx, i, input.len()).is_some() {
            i += 3;
            continue;
        }
        let b = input[i];
        // Consulting `excluded` records which of its five sets the octet falls in.
        if cx.class(&EXCLUDED, b)
            && (UNWISE.contains(b) || NATIONAL.contains(b))
            && !found.contains(&b)
        {
            found.push(b);
        }
        i += 1;
    }
    if found.is_empty() {
        return;
    }
    note(
        p,
        "excluded.unwise-or-national",
        Grade::Should,
        "004§2.3.3",
        "\"Excluded characters must be escaped in order to be properly represented within \
         a URL.  However, there do exist some systems that allow characters from the \
         \"unwise\" and \"national\" sets to be used in URL references; a robust \
         implementation should be prepared to handle those characters when it is possible \
         to do so.\"",
        found.iter().map(|b| format!("%{b:02X}")).collect(),
    );
}

/// Section 4.1. Data: the scheme in lower case.
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
        "004§4.1",
        "\"For resiliency, programs interpreting URLs should treat upper case letters as \
         equivalent to lower case in scheme names (e.g., allow \"HTTP\" as well as \
         \"http\").\"",
        vec![String::from_utf8_lossy(name).to_ascii_lowercase()],
    );
}

/// Section 3. Data: the fragment, when there is one.
fn current_document(cx: &Cx, parts: &Parts, p: &mut Noting) {
    let no_url = parts.scheme.is_none()
        && parts.server.is_none()
        && !parts.path_slash
        && parts.path.is_empty()
        && parts.query.is_none();
    if !no_url {
        return;
    }
    note(
        p,
        "current-document",
        Grade::Should,
        "004§3",
        "\"A URL reference which does not contain a URL is a reference to the current \
         document.  In other words, an empty URL reference within a document is \
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

/// Section 4.3.2, for a relative-path reference (no scheme, no server, no leading
/// slash): its first segment would be "mistaken for a scheme name". Data: that segment.
fn colon_in_first_segment(cx: &Cx, parts: &Parts, p: &mut Noting) {
    if parts.scheme.is_some() || parts.server.is_some() || parts.path_slash {
        return;
    }
    let path = parts.path;
    let first = path.start..cx.find(path, b'/').unwrap_or(path.end);
    if !cx.input[first.clone()].contains(&b':') {
        return;
    }
    note(
        p,
        "colon-in-first-segment",
        Grade::Must,
        "004§4.3.2",
        "\"Authors should be aware that path segments which contain a colon \":\" \
         character cannot be used as the first component of a relative URL path (e.g., \
         \"this:that\") because they will likely be mistaken for a scheme name.  It is \
         therefore necessary to precede such cases with other components (e.g., \
         \"./this:that\") in order for them to be referenced as a relative path.\"",
        vec![String::from_utf8_lossy(&cx.input[first]).into_owned()],
    );
}

/// Section 4.3.1 and Appendix E.3, for a server that derives with an empty port.
fn empty_port(p: &mut Noting) {
    if p.components.str("port") != Some("") {
        return;
    }
    note(
        p,
        "empty-port",
        Grade::Should,
        "004§E.3; §4.3.1",
        "\"The URL port is now *digit instead of 1*digit, since systems are expected to \
         handle the case where the \":\" separator between host and port is supplied \
         without a port.\" (E.3); \"If the port is omitted, the default port number is \
         assumed.\" (§4.3.1)",
        Vec::new(),
    );
}
