//! RFC 3986, "Uniform Resource Identifier (URI): Generic Syntax" (January 2005,
//! <https://www.rfc-editor.org/rfc/rfc3986>): the grammar of Appendix A, "Collected ABNF
//! for URI", applied to the components Section 3 delimits.
//!
//! One function per rule, named after it in snake case (`URI-reference` is
//! [`generic::uri_reference`], `path-abempty` is [`path::path_abempty`],
//! `IPv6address` is [`authority::ipv6address`], `dec-octet` is
//! [`authority::dec_octet`]), one constant per class of single characters
//! ([`classes::UNRESERVED`], [`classes::SUB_DELIMS`], and the RFC 5234 core rules
//! [`classes::ALPHA`], [`classes::DIGIT`], [`classes::HEXDIG`]), each with its rule
//! verbatim in its doc comment (`grammar/rfc3986-abnf.txt` holds them all; the test
//! `tests/bnf_text_rfc3986.rs` checks the quotes). ABNF's quoted strings match either
//! case (RFC 5234 §2.3), so `HEXDIG` holds "a" to "f" and `IPvFuture` starts with "v"
//! or "V".
//!
//! An input is judged as a `URI-reference`, split as [`parts::Parts`] says (Section 4.1
//! for the scheme, then the delimiters of Section 3), each component then matched
//! against its rule:
//!
//! - `valid`, with the rule `URI` or `relative-ref`. [`Parse::alternatives`] lists that
//!   rule, then the path rule its `hier-part` or `relative-part` took (`path-abempty`
//!   after an authority, `path-absolute`, `path-rootless` in a URI, `path-noscheme` in
//!   a relative reference, or `path-empty`), then `absolute-URI` when the input derives
//!   from it too (a URI without a fragment, Section 4.3);
//! - `invalid` otherwise, with the error where the leftmost component that fails
//!   stops deriving: within a rule with alternatives, the furthest any alternative got
//!   (so `[::1::2]` fails at the second ":" of its second "::", `[::1.2.3.256]` at the
//!   "6", while `1.2.3.256` is a reg-name); a "%" without two HEXDIG fails `pct-encoded` at the "%"; an
//!   input with no scheme that does not derive fails as a relative reference ("1a:b"
//!   fails `segment-nz-nc` at the ":").
//!
//! There is no `generic-only` and no `not-defined`: the RFC defines no scheme, and
//! `URI-reference` has no catch-all. The readings `rfc3986` (strict) and
//! `rfc3986@non-strict` parse alike; they differ in resolution only (Section 5.2.2).
//!
//! The components are the RFC's rule names ([`COMPONENTS`]); `path` is the whole path,
//! its leading "/" included, and always present. The host is given under `host` and
//! under the name of the alternative that derived it; an IP literal also under the rule
//! inside its brackets (`[::1]` gives `IP-literal` `"[::1]"` and `IPv6address` `"::1"`).
//!
//! The grammar derives a reference one way only, except at `host`: an `IPv4address` is
//! a `reg-name` too, and urlcert reports the IPv4address, as Section 3.2.2 says
//! ([`generic::ambiguities`]). The other places where a split by delimiters might seem
//! to choose are not ambiguous (Appendix D.2; see [`generic`]). Three rules are not used
//! by `URI-reference` and a parse never reaches them: `path` (Section 3.3 names the
//! path rules it groups; [`path::path`]), `reserved` and `gen-delims` (Section 2.2: "A
//! component's ABNF syntax rule will not use the reserved or gen-delims rule names
//! directly"). `absolute-URI` is asked of every valid URI.

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
use crate::grammar::rule::Rule;
use generic::Reference;
use parts::Parts;

/// The component names, in the order a parse reports them: the RFC's rule names.
pub const COMPONENTS: &[&str] = &[
    "scheme",
    "authority",
    "userinfo",
    "host",
    "IP-literal",
    "IPv6address",
    "IPvFuture",
    "IPv4address",
    "reg-name",
    "port",
    "path",
    "query",
    "fragment",
];

crate::grammar::entry::entry_points! {
    /// Parses `input` as a `URI-reference` under RFC 3986.
    judge = judged;
    notes = |cx, (parts, matched), noted| notes::add(cx, parts, matched.as_ref(), noted);
}

/// The verdict, rule, components and error for the whole input, its split and what
/// `URI-reference` matched in it (`None` when it failed).
fn judged<'a>(cx: &mut Cx<'a>) -> (Parse<'a>, (Parts, Option<Reference>)) {
    let parts = Parts::of(cx.input);
    let found = generic::uri_reference(cx, &parts);
    let mut parse = Parse::unjudged(DocReading::new(Document::Rfc3986, cx.reading), cx.input);
    parse.ambiguities = generic::ambiguities(&found);
    // The failure moves into the parse; the notes need only what matched.
    let matched = match found {
        Ok(r) => {
            parse.verdict = Verdict::Valid;
            parse.rule = Some(r.rule);
            parse.alternatives = [r.rule, r.path].into_iter().collect();
            if r.rule == Rule::R3986Uri && generic::absolute_uri(cx, &parts).is_ok() {
                parse.alternatives.push(Rule::R3986AbsoluteUri);
            }
            parse.components = components(cx, &parts, &r);
            Some(r)
        }
        Err(f) => {
            parse.error = Some(f);
            None
        }
    };
    (parse, (parts, matched))
}

/// The components by the RFC's rule names, as written (not decoded). Without an
/// authority, its subcomponents are absent.
fn components<'a>(cx: &Cx<'a>, parts: &Parts, r: &Reference) -> Components<'a> {
    let text = |s: Option<Span>| s.map(Part::Str);
    let mut c = Components::new(cx.input);
    c.put("scheme", text(parts.scheme));
    c.put("authority", text(parts.authority));
    match &r.authority {
        Some(a) => a.put(cx, &mut c),
        None => {
            for name in &COMPONENTS[2..10] {
                c.put(name, None);
            }
        }
    }
    c.put("path", text(Some(parts.path)));
    c.put("query", text(parts.query));
    c.put("fragment", text(parts.fragment));
    c
}

#[cfg(test)]
mod tests;
