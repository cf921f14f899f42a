//! Section 3, "Syntax Components"; Section 3.1, "Scheme"; Section 4, "Usage": the rules
//! that put the components together.
//!
//! The spans come from [`Parts`]. Every choice between alternatives here is made by the
//! first characters, because the alternatives derive disjoint strings (Appendix D.2: "The
//! ambiguity regarding the parsing of URI-reference as a URI or a relative-ref with a
//! colon in the first segment has been eliminated through the use of five separate path
//! matching rules", and "The ambiguity regarding the boundary between authority and path
//! has been eliminated through the use of five separate path matching rules"):
//!
//! - `URI` / `relative-ref`: a URI starts with `scheme ":"`; a relative-ref never does,
//!   since its first segment (`segment-nz-nc`) holds no ":" and its other forms start
//!   with "/" or derive no path at all;
//! - the alternatives of `hier-part` and of `relative-part` start with "//", with "/"
//!   and then no "/" (`segment-nz` is not empty), with a `pchar`, or derive nothing.
//!
//! So no input derives two ways here; the only ambiguity of the grammar a reference can
//! meet is in `host` ([`ambiguities`]).

use super::authority::{authority, Authority};
use super::classes::{ALPHA, DIGIT};
use super::parts::Parts;
use super::path::{
    fragment, path_abempty, path_absolute, path_empty, path_noscheme, path_rootless, query,
};
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::outcome::Ambiguity;
use crate::grammar::rule::Rule;

/// What `URI-reference` matched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reference {
    /// `URI` or `relative-ref`.
    pub rule: Rule,
    /// The path rule the alternative of `hier-part` or `relative-part` took:
    /// `path-abempty` (after an authority), `path-absolute`, `path-rootless` (in a URI),
    /// `path-noscheme` (in a relative-ref) or `path-empty`.
    pub path: Rule,
    /// The authority's parts, when there is one.
    pub authority: Option<Authority>,
}

/// What `hier-part` or `relative-part` matched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    pub path: Rule,
    pub authority: Option<Authority>,
}

/// `URI-reference = URI / relative-ref`
///
/// `URI` is tried first ("first-match-wins", Section 4.1); `relative-ref` only when the
/// input has no scheme, for a relative-ref never starts with `scheme ":"` (Section 4.1:
/// "If the URI-reference's prefix does not match the syntax of a scheme followed by its
/// colon separator, then the URI-reference is a relative reference"). When the input
/// derives from neither, the error is that of the alternative Section 4.1 names.
pub fn uri_reference(cx: &mut Cx, parts: &Parts) -> Res<Reference> {
    cx.rule(Rule::R3986UriReference, |cx| {
        let as_uri = uri(cx, parts);
        if parts.scheme.is_some() {
            return as_uri;
        }
        relative_ref(cx, parts)
    })
}

/// `URI           = scheme ":" hier-part [ "?" query ] [ "#" fragment ]`
pub fn uri(cx: &mut Cx, parts: &Parts) -> Res<Reference> {
    cx.rule(Rule::R3986Uri, |cx| {
        scheme_colon(cx, parts)?;
        let part = hier_part(cx, parts)?;
        if let Some(q) = parts.query {
            query(cx, q)?;
        }
        if let Some(f) = parts.fragment {
            fragment(cx, f)?;
        }
        Ok(Reference {
            rule: Rule::R3986Uri,
            path: part.path,
            authority: part.authority,
        })
    })
}

/// `absolute-URI  = scheme ":" hier-part [ "?" query ]`
///
/// No rule uses it; a parse asks it of every `URI`, and lists it among the
/// alternatives when it derives (Section 4.3: a base URI "calls for an absolute-URI
/// syntax rule that does not allow a fragment").
pub fn absolute_uri(cx: &mut Cx, parts: &Parts) -> Res<()> {
    cx.rule(Rule::R3986AbsoluteUri, |cx| {
        scheme_colon(cx, parts)?;
        hier_part(cx, parts)?;
        if let Some(q) = parts.query {
            query(cx, q)?;
        }
        match parts.fragment {
            // The "#" before the fragment is where absolute-URI ends.
            Some(f) => Err(cx.fail(
                f.start - 1,
                Rule::R3986AbsoluteUri,
                "the end (no \"#\" fragment)",
            )),
            None => Ok(()),
        }
    })
}

/// `relative-ref  = relative-part [ "?" query ] [ "#" fragment ]`
///
/// On the whole input: where `parts` has a scheme, the input is split again without
/// one.
pub fn relative_ref(cx: &mut Cx, parts: &Parts) -> Res<Reference> {
    cx.rule(Rule::R3986RelativeRef, |cx| {
        let relative;
        let parts = match parts.scheme {
            Some(_) => {
                relative = Parts::relative(cx.input);
                &relative
            }
            None => parts,
        };
        let part = relative_part(cx, parts)?;
        if let Some(q) = parts.query {
            query(cx, q)?;
        }
        if let Some(f) = parts.fragment {
            fragment(cx, f)?;
        }
        Ok(Reference {
            rule: Rule::R3986RelativeRef,
            path: part.path,
            authority: part.authority,
        })
    })
}

/// ```text
/// hier-part     = "//" authority path-abempty
///               / path-absolute
///               / path-rootless
///               / path-empty
/// ```
///
/// Section 3: "When authority is present, the path must either be empty or begin with a
/// slash ("/") character. When authority is not present, the path cannot begin with two
/// slash characters ("//")."
pub fn hier_part(cx: &mut Cx, parts: &Parts) -> Res<Part> {
    cx.rule(Rule::R3986HierPart, |cx| {
        hier_or_relative_part(cx, parts, Rule::R3986PathRootless, path_rootless)
    })
}

/// ```text
/// relative-part = "//" authority path-abempty
///               / path-absolute
///               / path-noscheme
///               / path-empty
/// ```
pub fn relative_part(cx: &mut Cx, parts: &Parts) -> Res<Part> {
    cx.rule(Rule::R3986RelativePart, |cx| {
        hier_or_relative_part(cx, parts, Rule::R3986PathNoscheme, path_noscheme)
    })
}

/// The shape `hier-part` and `relative-part` share, their third alternative being
/// `third`. With "//" the authority alternative is the only one that can derive (the
/// others cannot start with "//"). Without it, the three path alternatives are tried in
/// order and the first that derives is taken; where none does, the failure is that of
/// the alternative the first character asks for ("/": `path-absolute`; any other:
/// `third`), the one that gets furthest.
fn hier_or_relative_part(
    cx: &mut Cx,
    parts: &Parts,
    third: Rule,
    third_fn: fn(&mut Cx, Span) -> Res<()>,
) -> Res<Part> {
    if let Some(a) = parts.authority {
        let found = authority(cx, a)?;
        path_abempty(cx, parts.path)?;
        return Ok(Part {
            path: Rule::R3986PathAbempty,
            authority: Some(found),
        });
    }
    let path = parts.path;
    let part = |path| {
        Ok(Part {
            path,
            authority: None,
        })
    };
    let absolute = match path_absolute(cx, path) {
        Ok(()) => return part(Rule::R3986PathAbsolute),
        Err(f) => f,
    };
    let other = match third_fn(cx, path) {
        Ok(()) => return part(third),
        Err(f) => f,
    };
    if path_empty(cx, path).is_ok() {
        return part(Rule::R3986PathEmpty);
    }
    let slash = cx.input.get(path.start) == Some(&b'/');
    Err(if slash { absolute } else { other })
}

const SCHEME_CHARS: &str = "ALPHA / DIGIT / \"+\" / \"-\" / \".\"";

fn is_scheme_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"+-.".contains(&b)
}

/// `scheme        = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`
///
/// `ALPHA` holds both cases; Section 3.1 adds that "schemes are case-insensitive" and
/// that the canonical form is lower case (the note `scheme-case`).
pub fn scheme(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R3986Scheme, |cx| {
        cx.first_then_star(
            s,
            Rule::R3986Scheme,
            (&ALPHA, "ALPHA"),
            SCHEME_CHARS,
            |cx, i, _| {
                let b = cx.input[i];
                let ok = cx.class(&ALPHA, b) || cx.class(&DIGIT, b) || b"+-.".contains(&b);
                ok.then_some(1)
            },
        )
    })
}

/// `scheme ":"` at the start of the input, for `URI` and `absolute-URI`. Without the
/// split's scheme, the longest run of scheme characters is what `scheme` is asked
/// about: it fails, or the character after it is no ":".
fn scheme_colon(cx: &mut Cx, parts: &Parts) -> Res<()> {
    if let Some(s) = parts.scheme {
        return scheme(cx, s);
    }
    let input = cx.input;
    let end = input
        .iter()
        .position(|&b| !is_scheme_char(b))
        .unwrap_or(input.len());
    scheme(cx, Span::new(0, end))?;
    Err(cx.fail(end, Rule::R3986Uri, "\":\""))
}

const IPV4_OR_REG_NAME: &str = "host = IP-literal / IPv4address / reg-name: the host derives \
    as IPv4address, and as reg-name too (reg-name = *( unreserved / pct-encoded / \
    sub-delims ) holds every DIGIT and \".\"). urlcert reports IPv4address, as Section \
    3.2.2 says: \"If host matches the rule for IPv4address, then it should be considered an \
    IPv4 address literal and not a reg-name.\"";

/// The places where the grammar derives the input more than one way, and which
/// derivation urlcert reports: only `host`, when it is an `IPv4address`.
pub fn ambiguities(found: &Res<Reference>) -> crate::grammar::outcome::Ambiguities {
    let ipv4 = matches!(
        found,
        Ok(Reference {
            authority: Some(a),
            ..
        }) if a.host.kind == Rule::R3986Ipv4address
    );
    if ipv4 {
        [Ambiguity {
            rule: Rule::R3986Host,
            text: IPV4_OR_REG_NAME,
        }]
        .into_iter()
        .collect()
    } else {
        crate::grammar::outcome::Ambiguities::new()
    }
}
