//! draft-fielding-url-syntax-01 (26 November 1996): the generic syntax of
//! Sections 2 to 4.
//!
//! One function per production, named after it in snake case (`URL-reference` is
//! [`generic::url_reference`], `absoluteURL` is [`generic::absolute_url`]), one constant
//! per character class ([`classes::RESERVED`]), each with the production verbatim in
//! its doc comment (`grammar/draft-1996-bnf.txt` holds them all; the test
//! `tests/bnf_text_draft1996.rs` checks the quotes).
//!
//! A reference is split as Section 4.3 says ([`parts::Parts`]), and each component is
//! then matched against its production:
//!
//! - without a scheme, the reference is `valid` when every component derives, with the
//!   rule `net_path` (a server), `abs_path` (a leading slash) or `rel_path`;
//! - with a scheme, it is `valid` (`generic-URL`) when the rest derives as a
//!   `relativeURL` with the Section 4.3 components, `generic-only` (`opaque-URL`) when
//!   only `scheme ":" *urlchar` derives, with the error saying where `generic-URL`
//!   failed;
//! - otherwise `invalid`, with the error at the leftmost position where a component
//!   fails.

pub mod classes;
pub mod generic;
pub mod notes;
pub mod parts;
pub mod path;
pub mod server;

use crate::document::{DocReading, Document};
use crate::grammar::cx::Cx;
use crate::grammar::outcome::Part;
use crate::grammar::outcome::{Components, Parse, Verdict};
use generic::Reference;
use parts::Parts;

/// The component names, in the order a parse reports them.
pub const COMPONENTS: &[&str] = &[
    "scheme", "server", "user", "password", "host", "port", "path", "query", "fragment",
];

crate::grammar::entry::entry_points! {
    /// Parses `input` under the 1996 draft.
    judge = judged;
    notes = |cx, parts, noted| notes::add(cx, parts, noted);
}

/// The verdict, rule, components and error for the whole input, and its split.
fn judged<'a>(cx: &mut Cx<'a>) -> (Parse<'a>, Parts) {
    let (parts, path_taken) = generic::split(cx.input, cx.reading);
    let found = generic::url_reference(cx, &parts);
    let mut parse = Parse::unjudged(DocReading::new(Document::Draft1996, cx.reading), cx.input);
    parse.ambiguities = generic::ambiguities(cx, &parts);
    if path_taken {
        parse.ambiguities.push(generic::SERVER_FAILS_PATH_TAKEN);
    }
    match found {
        Ok(r) => {
            parse.verdict = match r.rule {
                crate::grammar::rule::Rule::D1996OpaqueUrl => Verdict::GenericOnly,
                _ => Verdict::Valid,
            };
            parse.rule = Some(r.rule);
            parse.components = components(cx, &parts, &r);
            parse.error = r.generic_failure;
            parse.alternatives = r.alternatives;
        }
        Err(f) => parse.error = Some(f),
    }
    (parse, parts)
}

/// The Section 4.3 components by the draft's rule names. The path never includes the
/// slash before it ("the "/" separator between the server component and the path
/// component is NOT part of the path"), and is always there, possibly empty. `user`,
/// `password`, `host` and `port` are given when there is a server that derives.
fn components<'a>(cx: &Cx<'a>, parts: &Parts, r: &Reference) -> Components<'a> {
    let text = |s: Option<crate::grammar::cx::Span>| s.map(Part::Str);
    let mut c = Components::new(cx.input);
    c.put("scheme", text(parts.scheme));
    c.put("server", text(parts.server));
    if let Some(server) = r.server {
        server.put(cx, &mut c);
    }
    c.put("path", text(Some(parts.path)));
    c.put("query", text(parts.query));
    c.put("fragment", text(parts.fragment));
    c
}

#[cfg(test)]
mod tests;
