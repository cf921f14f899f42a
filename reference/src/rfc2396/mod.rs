//! RFC 2396, "Uniform Resource Identifiers (URI): Generic Syntax" (August 1998,
//! <https://www.rfc-editor.org/rfc/rfc2396>): the grammar of Appendix A and the split of
//! Section 4.3 / Appendix B.
//!
//! One function per production, named after it in snake case (`URI-reference` is
//! [`generic::uri_reference`], `absoluteURI` is [`generic::absolute_uri`], `IPv4address`
//! is [`authority::ipv4address`]), one constant per character class
//! ([`classes::RESERVED`]), each with the production verbatim in its doc comment
//! (`grammar/rfc2396-bnf.txt` holds Appendix A; the test `tests/bnf_text_rfc2396.rs`
//! checks the quotes). Under the reading `rfc2396@rfc2732`, RFC 2732 Section 3 changes
//! `host`, `IPv4address` and `reserved` and adds `IPv6reference` with RFC 2373's
//! `IPv6address` ([`authority`]).
//!
//! A reference is split as Appendix B's regular expression does ([`parts::Parts`]), and
//! matched against `URI-reference`, each piece against its production. The verdicts:
//!
//! - `valid`, with the rule `absoluteURI` or `relativeURI`, or `URI-reference` itself
//!   for a reference that holds neither (the empty reference, or only a fragment:
//!   `URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ]`); `alternatives`
//!   gives the path form taken below the rule: `hier_part` then `net_path` or
//!   `abs_path`, or `opaque_part`, for an absoluteURI; `net_path`, `abs_path` or
//!   `rel_path` for a relativeURI;
//! - `invalid` otherwise, with the error at the leftmost position where a piece fails
//!   (within a piece, where its production stops; between the two alternatives of
//!   `authority`, the failure that got further).
//!
//! RFC 2396 has no catch-all production (the 1996 draft's `opaque-URL` became
//! `opaque_part`, one of the two forms of an absoluteURI), so nothing is `generic-only`.
//!
//! The components, by the RFC's rule names (all of them are given for a valid parse,
//! `null` when absent):
//!
//! | component | value |
//! |---|---|
//! | `scheme`, `authority`, `path`, `query`, `fragment` | Appendix B's `$2`, `$4`, `$5`, `$7`, `$9`; `path` is always there, possibly empty, and keeps its leading "/" (Appendix G.2) |
//! | `opaque_part` | for an absoluteURI of that form, the opaque_part as the grammar derives it: to the end of the URI, "?" and query included (see the ambiguity `opaque_part`) |
//! | `server` or `reg_name` | the authority again, under the alternative reported (`server` when it derives, else `reg_name`) |
//! | `userinfo`, `host`, `port` | the server's parts: `userinfo` before the "@", `host`, `port` after the ":" (possibly empty); an empty server has none |
//! | `hostname`, `IPv4address`, `IPv6reference` | the host again, under the one alternative of `host` that derives it (`IPv6reference` with its brackets, only under `rfc2396@rfc2732`); the other two are `null` |
//! | `segments` | a list, one entry per path segment: for an abs_path, each `segment` of `path_segments`; for a rel_path, the `rel_segment` first. Each entry is the segment's `*pchar` part (before its first ";"). `null` when the path has no segments (a net_path without abs_path, an opaque_part, an empty path) |
//! | `params` | a list as long as `segments`: each segment's `*( ";" param )` part as written, every ";" kept, `""` for a segment without parameters, so `d;p` gives `;p` and `d;` gives `;`. Parameters belong to every segment (Section 3.3: "Each path segment may include a sequence of parameters"), not to the path as in RFC 1808 |
//!
//! Where the grammar derives the input in more than one way, `ambiguities` says which
//! derivation is reported and why: a "//" that is an authority and also an abs_path's
//! empty first segment (Section 4.3's greedy rule), an authority that is a server and a
//! reg_name, and an opaque_part that holds a "?" which Appendix B splits off as a query.

pub mod authority;
pub mod classes;
pub mod generic;
pub mod notes;
pub mod parts;
pub mod path;

use crate::document::{DocReading, Document};
use crate::grammar::cx::{Cx, Span};
use crate::grammar::outcome::Part;
use crate::grammar::outcome::{Components, Parse, Verdict};
use authority::Authority;
use generic::Reference;
use parts::Parts;

/// The component names, in the order a parse reports them: the RFC's rule names.
pub const COMPONENTS: &[&str] = &[
    "scheme",
    "opaque_part",
    "authority",
    "server",
    "reg_name",
    "userinfo",
    "host",
    "hostname",
    "IPv4address",
    "IPv6reference",
    "port",
    "path",
    "segments",
    "params",
    "query",
    "fragment",
];

crate::grammar::entry::entry_points! {
    /// Parses `input` as a `URI-reference` under RFC 2396.
    judge = judged;
    notes = |cx, parts, noted| notes::add(cx, parts, noted);
}

/// The verdict, rule, components and error for the whole input, and its split.
fn judged<'a>(cx: &mut Cx<'a>) -> (Parse<'a>, Parts) {
    let parts = Parts::of(cx.input);
    let found = generic::uri_reference(cx, &parts);
    let mut parse = Parse::unjudged(DocReading::new(Document::Rfc2396, cx.reading), cx.input);
    match found {
        Ok(r) => {
            parse.verdict = Verdict::Valid;
            parse.rule = Some(r.rule);
            parse.components = components(cx, &parts, &r);
            parse.ambiguities = generic::ambiguities(cx, &parts, &r);
            parse.alternatives = r.alternatives;
        }
        Err(f) => parse.error = Some(f),
    }
    (parse, parts)
}

/// The components of a valid parse (see the module documentation).
fn components<'a>(cx: &Cx<'a>, parts: &Parts, r: &Reference) -> Components<'a> {
    let text = |s: Option<Span>| s.map(Part::Str);
    let mut c = Components::new(cx.input);
    for name in COMPONENTS {
        c.put(name, None);
    }
    c.put("scheme", text(parts.scheme));
    c.put("opaque_part", text(r.opaque));
    c.put("authority", text(parts.authority));
    match r.authority {
        Some((a, Authority::Server { server, .. })) => {
            c.put("server", text(Some(a)));
            c.put("userinfo", text(server.userinfo));
            if let Some((h, kind)) = server.host {
                c.put("host", text(Some(h)));
                c.put(kind.component(), text(Some(h)));
            }
            c.put("port", text(server.port));
        }
        Some((a, Authority::RegName)) => c.put("reg_name", text(Some(a))),
        None => {}
    }
    c.put("path", text(Some(parts.path)));
    if let Some(segments) = &r.segments {
        let list =
            |f: fn(&path::Segment) -> Span| Some(Part::List(segments.iter().map(f).collect()));
        c.put("segments", list(|s| s.pchars));
        c.put("params", list(|s| s.params));
    }
    c.put("query", text(parts.query));
    c.put("fragment", text(parts.fragment));
    c
}

#[cfg(test)]
mod tests;
