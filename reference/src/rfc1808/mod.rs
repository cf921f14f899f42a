//! RFC 1808 (June 1995), "Relative Uniform Resource Locators": the grammar of Section
//! 2.2, "BNF for Relative URLs", applied in the order of Section 2.4, "Parsing a URL".
//!
//! One function per production, named after it in snake case (`URL` is
//! [`generic::url`], `generic-RL` is [`generic::generic_rl`], `absoluteURL` is
//! [`generic::absolute_url`]), one constant per character class
//! ([`classes::RESERVED`]), each with the production verbatim in its doc comment
//! (`grammar/rfc1808-bnf.txt` holds them all; the test `tests/bnf_text_rfc1808.rs`
//! checks the quotes).
//!
//! A URL is split as Section 2.4 says ([`parts::Parts`]: fragment, scheme, net_loc,
//! query, params, path), and each component is then matched against its production:
//!
//! - without a scheme, the URL is `valid` when every component derives, with the rule
//!   `net_path` (a net_loc), `abs_path` (a leading slash) or `rel_path` (this includes
//!   the empty URL and the URL that is only a fragment);
//! - with a scheme, it is `valid` (`generic-RL`) when the rest derives as a
//!   `relativeURL` with the Section 2.4 components, `generic-only` (`absoluteURL`) when
//!   only `scheme ":" *( uchar | reserved )` derives, with the error saying where
//!   `generic-RL` failed. Section 2: "base documents can only make use of relative URLs
//!   when their base URL fits within the generic-RL syntax";
//! - otherwise `invalid`, with the error at the leftmost position where a component
//!   fails.
//!
//! RFC 1808 defines no scheme ("Within this section, we include as examples only those
//! schemes that have a defined URL syntax in RFC 1738", Section 2.3) and no host syntax,
//! so every scheme is judged by the same productions and there is no `not-defined`.

pub mod classes;
pub mod generic;
pub mod net_loc;
pub mod notes;
pub mod parts;
pub mod path;

use crate::document::{DocReading, Document};
use crate::grammar::cx::{Cx, Span};
use crate::grammar::outcome::Part;
use crate::grammar::outcome::{Components, Parse, Verdict};
use crate::grammar::rule::Rule;
use parts::Parts;

/// The component names, in the order a parse reports them: the six of Section 2.1,
/// `<scheme>://<net_loc>/<path>;<params>?<query>#<fragment>`.
pub const COMPONENTS: &[&str] = &["scheme", "net_loc", "path", "params", "query", "fragment"];

crate::grammar::entry::entry_points! {
    /// Parses `input` under RFC 1808.
    judge = judged;
    notes = |cx, parts, noted| notes::add(cx, parts, noted);
}

/// The verdict, rule, components and error for the whole input, and its split.
fn judged<'a>(cx: &mut Cx<'a>) -> (Parse<'a>, Parts) {
    let parts = Parts::of(cx.input);
    let found = generic::url(cx, &parts);
    let mut parse = Parse::unjudged(DocReading::new(Document::Rfc1808, cx.reading), cx.input);
    parse.ambiguities = generic::ambiguities(cx, &parts);
    match found {
        Ok(r) => {
            parse.verdict = match r.rule {
                Rule::R1808AbsoluteUrl => Verdict::GenericOnly,
                _ => Verdict::Valid,
            };
            parse.rule = Some(r.rule);
            parse.components = components(cx, &parts);
            parse.error = r.generic_failure;
            parse.alternatives = r.alternatives;
        }
        Err(f) => parse.error = Some(f),
    }
    (parse, parts)
}

/// The Section 2.4 components by the BNF's rule names, as written (not decoded).
///
/// The path never includes the slash before it (Section 2.4.6: "Even though the initial
/// slash is not part of the URL path"), and is always there, possibly empty: "all that
/// is left of the parse string is the URL <path> and the slash "/" that may precede it"
/// (Section 2.4.6), and Section 4 speaks of "the embedded URL path" being "empty". The
/// BNF would call an empty path absent (`[ path ]`, `fsegment = 1*pchar`); urlcert
/// reports `""`, as for the 1996 draft. The other five are `null` when their delimiter
/// is not there (see [`parts`]).
fn components<'a>(cx: &Cx<'a>, parts: &Parts) -> Components<'a> {
    let text = |s: Option<Span>| s.map(Part::Str);
    let mut c = Components::new(cx.input);
    c.put("scheme", text(parts.scheme));
    c.put("net_loc", text(parts.net_loc));
    c.put("path", text(Some(parts.path)));
    c.put("params", text(parts.params));
    c.put("query", text(parts.query));
    c.put("fragment", text(parts.fragment));
    c
}

#[cfg(test)]
mod tests;
