//! Section 3, "URI Syntactic Components"; Section 3.1, "Scheme Component"; Section 4,
//! "URI References"; Section 5, "Relative URI References".
//!
//! Each function recognises a whole span, found from the delimiters its productions
//! cannot derive, so that every split is the only one the grammar allows, except where
//! the grammar itself allows two: there the derivation Section 4.3 picks is taken, and
//! [`ambiguities`] names the other.

use super::authority::{authority, Authority};
use super::classes::{all_chars, escaped, repeat, ALPHA, DIGIT, UNRESERVED};
use super::parts::Parts;
pub use super::path::{abs_path, opaque_part};
use super::path::{fragment, query, Segment};
use crate::grammar::cx::{leftmost, Cx, Res, Span};
use crate::grammar::outcome::Ambiguity;
use crate::grammar::rule::Rule;

/// What `URI-reference` matched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reference {
    /// `absoluteURI`, `relativeURI`, or `URI-reference` itself for a reference with
    /// neither (empty, or only a fragment).
    pub rule: Rule,
    /// The alternatives taken below `rule`: `hier_part` then `net_path` or `abs_path`,
    /// or `opaque_part`, for an absoluteURI; `net_path`, `abs_path` or `rel_path` for a
    /// relativeURI.
    pub alternatives: crate::grammar::outcome::Rules,
    /// The authority and what it derived as, when there is one.
    pub authority: Option<(Span, Authority)>,
    /// The segments, when the path has `path_segments` (an abs_path) or a rel_path.
    pub segments: Option<Vec<Segment>>,
    /// The opaque_part, as the grammar derives it (to the end of the URI).
    pub opaque: Option<Span>,
}

impl Reference {
    fn new(rule: Rule) -> Reference {
        Reference {
            rule,
            alternatives: crate::grammar::outcome::Rules::new(),
            authority: None,
            segments: None,
            opaque: None,
        }
    }
}

/// `URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ]`
///
/// No uric is "#", so the first "#" ends the URI. The two forms never derive the same
/// string: an absoluteURI has a ":" before any "/", "?" or "#" (scheme derives none of
/// them), and a relativeURI has none there (net_path and abs_path begin with "/",
/// rel_segment holds no ":"). So the Appendix B split decides: with its `$2` the
/// reference can only be an absoluteURI, without it only a relativeURI (Section 3.1:
/// "Relative URI references are distinguished from absolute URI in that they do not
/// begin with a scheme name"). With neither (an empty URI), the reference is the empty
/// option of `[ absoluteURI | relativeURI ]`.
pub fn uri_reference(cx: &mut Cx, parts: &Parts) -> Res<Reference> {
    cx.rule(Rule::R2396UriReference, |cx| {
        let url = Span::new(0, parts.url_end(cx.input.len()));
        let found = if parts.scheme.is_some() {
            absolute_uri(cx, url)
        } else if url.is_empty() {
            Ok(Reference::new(Rule::R2396UriReference))
        } else {
            relative_uri(cx, url)
        };
        let fragment = parts.fragment.map_or(Ok(()), |f| fragment(cx, f));
        match (found, fragment) {
            (Ok(r), Ok(())) => Ok(r),
            (Err(a), Err(b)) => Err(leftmost(a, b)),
            (Err(a), Ok(())) | (Ok(_), Err(a)) => Err(a),
        }
    })
}

/// `absoluteURI   = scheme ":" ( hier_part | opaque_part )`
pub fn absolute_uri(cx: &mut Cx, s: Span) -> Res<Reference> {
    cx.rule(Rule::R2396AbsoluteUri, |cx| {
        // scheme derives no ":", so the first ":" ends it.
        let Some(colon) = cx.find(s, b':') else {
            scheme(cx, s)?;
            return Err(cx.fail(s.end, Rule::R2396AbsoluteUri, "\":\""));
        };
        scheme(cx, Span::new(s.start, colon))?;
        let rest = s.from(colon + 1);
        let mut r = Reference::new(Rule::R2396AbsoluteUri);
        // hier_part begins with "/" (net_path with "//", abs_path with "/"), and
        // opaque_part cannot (uric_no_slash holds no "/"): the first character decides.
        if cx.input.get(rest.start).filter(|_| !rest.is_empty()) == Some(&b'/') {
            let (form, authority, segments) = hier_part(cx, rest)?;
            r.alternatives = [Rule::R2396HierPart, form].into_iter().collect();
            r.authority = authority;
            r.segments = segments;
        } else {
            opaque_part(cx, rest)?;
            r.alternatives = [Rule::R2396OpaquePart].into_iter().collect();
            r.opaque = Some(rest);
        }
        Ok(r)
    })
}

/// What a path form found: `net_path` or `abs_path` (or `rel_path`), the authority,
/// the segments.
type Form = (Rule, Option<(Span, Authority)>, Option<Vec<Segment>>);

/// `relativeURI   = ( net_path | abs_path | rel_path ) [ "?" query ]`
///
/// Section 5: "A relative reference beginning with two slash characters is termed a
/// network-path reference [...] A relative reference beginning with a single slash
/// character is termed an absolute-path reference [...] A relative reference that does
/// not begin with a scheme name or a slash character is termed a relative-path
/// reference."
pub fn relative_uri(cx: &mut Cx, s: Span) -> Res<Reference> {
    cx.rule(Rule::R2396RelativeUri, |cx| {
        let (form, authority, segments) = path_then_query(cx, s, true)?;
        let mut r = Reference::new(Rule::R2396RelativeUri);
        r.alternatives = [form].into_iter().collect();
        r.authority = authority;
        r.segments = segments;
        Ok(r)
    })
}

/// `hier_part     = ( net_path | abs_path ) [ "?" query ]`
pub fn hier_part(cx: &mut Cx, s: Span) -> Res<Form> {
    cx.rule(Rule::R2396HierPart, |cx| path_then_query(cx, s, false))
}

/// `( net_path | abs_path [ | rel_path ] ) [ "?" query ]`, which hier_part and
/// relativeURI share.
fn path_then_query(cx: &mut Cx, s: Span, relative: bool) -> Res<Form> {
    // No path form derives "?" (authority, pchar and ";" hold none), so the first "?"
    // starts the query.
    let q = cx.find(s, b'?');
    let p = Span::new(s.start, q.unwrap_or(s.end));
    let bytes = cx.bytes(p);
    // Section 4.3: "the left-most matching rule soaks up as much of the URI reference
    // string as it is capable of matching. In other words, the authority component
    // wins": a leading "//" is a net_path, though abs_path derives it too (see
    // `ambiguities`).
    let form = if bytes.starts_with(b"//") {
        let (authority, segments) = net_path(cx, p)?;
        (Rule::R2396NetPath, Some(authority), segments)
    } else if bytes.starts_with(b"/") || !relative {
        (Rule::R2396AbsPath, None, Some(abs_path(cx, p)?))
    } else {
        (Rule::R2396RelPath, None, Some(rel_path(cx, p)?))
    };
    if let Some(q) = q {
        query(cx, s.from(q + 1))?;
    }
    Ok(form)
}

/// What `net_path` found: the authority and what it derived as, and the abs_path's
/// segments if there is one.
pub type NetPath = ((Span, Authority), Option<Vec<Segment>>);

/// `net_path      = "//" authority [ abs_path ]`
pub fn net_path(cx: &mut Cx, s: Span) -> Res<NetPath> {
    cx.rule(Rule::R2396NetPath, |cx| {
        cx.literal(s.start, s, q!("//"), Rule::R2396NetPath)?;
        // authority derives no "/" (nor "?"): it runs to the next "/", and what follows
        // it, if anything, starts with "/" and is the abs_path.
        let a = s.start + 2;
        let end = cx.find(s.from(a), b'/').unwrap_or(s.end);
        let span = Span::new(a, end);
        let found = authority(cx, span)?;
        let segments = if end < s.end {
            Some(abs_path(cx, s.from(end))?)
        } else {
            None
        };
        Ok(((span, found), segments))
    })
}

/// `rel_path      = rel_segment [ abs_path ]`
///
/// The rel_segment is returned as the first segment, split at its first ";" as a
/// `segment` would be: rel_segment derives no "/" and no ":", and every string it
/// derives is one `segment = *pchar *( ";" param )` derives too, so the segments list
/// has one entry per path segment whatever the form.
pub fn rel_path(cx: &mut Cx, s: Span) -> Res<Vec<Segment>> {
    cx.rule(Rule::R2396RelPath, |cx| {
        // rel_segment derives no "/", so the first "/" starts the abs_path.
        let end = cx.find(s, b'/').unwrap_or(s.end);
        let first = Span::new(s.start, end);
        rel_segment(cx, first)?;
        let semi = cx.find(first, b';').unwrap_or(end);
        let mut out = vec![Segment {
            pchars: Span::new(first.start, semi),
            params: Span::new(semi, end),
        }];
        if end < s.end {
            out.extend(abs_path(cx, s.from(end))?);
        }
        Ok(out)
    })
}

const REL_SEGMENT_CHARS: &str = "unreserved | escaped | \";\" | \"@\" | \"&\" | \"=\" | \"+\" | \
    \"$\" | \",\"";

/// ```text
/// rel_segment   = 1*( unreserved | escaped |
///                     ";" | "@" | "&" | "=" | "+" | "$" | "," )
/// ```
///
/// No ":": Section 5, "a path segment which contains a colon character cannot be used as
/// the first segment of a relative URI path (e.g., "this:that"), because it would be
/// mistaken for a scheme name". And not empty, so a relativeURI has no empty path
/// before a "?": `?y`, which Appendix C.1 resolves, derives from no production.
pub fn rel_segment(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R2396RelSegment, |cx| {
        if s.is_empty() {
            return Err(cx.fail(s.start, Rule::R2396RelSegment, REL_SEGMENT_CHARS));
        }
        repeat(
            cx,
            s,
            Rule::R2396RelSegment,
            REL_SEGMENT_CHARS,
            |cx, i, end| {
                if cx.class(&UNRESERVED, cx.input[i]) {
                    return Some(1);
                }
                escaped(cx, i, end).or_else(|| cx.one_of(i, b";@&=+$,"))
            },
        )
    })
}

const SCHEME_REST: &str = "alpha | digit | \"+\" | \"-\" | \".\"";

/// `scheme        = alpha *( alpha | digit | "+" | "-" | "." )`
///
/// Upper case is in the BNF (`alpha`); Section 3.1 adds that "programs interpreting URI
/// should treat upper case letters as equivalent to lower case in scheme names" (the
/// note `scheme-case`).
pub fn scheme(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R2396Scheme, |cx| {
        cx.first_then_star(
            s,
            Rule::R2396Scheme,
            (&ALPHA, "alpha"),
            SCHEME_REST,
            |cx, i, _| {
                let b = cx.input[i];
                let ok = cx.class(&ALPHA, b) || cx.class(&DIGIT, b) || b"+-.".contains(&b);
                ok.then_some(1)
            },
        )
    })
}

const NET_OR_ABS_PATH: &str = "net_path = \"//\" authority [ abs_path ], but abs_path = \"/\" \
    path_segments and a segment may be empty, so this \"//\" also derives as an abs_path \
    whose first segment is empty (reg_name's characters are a segment's). Section 4.3: the \
    BNF \"is ambiguous in terms of differentiating between an authority component and a path \
    component that begins with two slash characters. The greedy algorithm is used for \
    disambiguation [...] In other words, the authority component wins\": urlcert reports the \
    net_path";

const SERVER_OR_REG_NAME: &str = "authority = server | reg_name, and this authority derives \
    as both (every character a server holds, reg_name holds). urlcert reports the server: the \
    first alternative, the syntax Section 3.2.2 gives \"URL schemes that involve the direct \
    use of an IP-based protocol to a specified server\"; Section 3.2.1 leaves the reg_name's \
    structure to the scheme";

const OPAQUE_QUERY: &str = "absoluteURI = scheme \":\" ( hier_part | opaque_part ), and only \
    hier_part has a [ \"?\" query ]: opaque_part = uric_no_slash *uric takes this \"?\" and \
    all that follows it, while Section 4.3 and Appendix B's regular expression split the query \
    off ($7 = [^#]* after \"?\"). urlcert reports opaque_part as the grammar derives it, and \
    path and query as Appendix B splits them";

/// The places where the input has a derivation other than the one reported, and which
/// one urlcert reports (see [`Reference`]).
pub fn ambiguities(cx: &Cx, parts: &Parts, r: &Reference) -> crate::grammar::outcome::Ambiguities {
    let input = cx.input;
    let mut out = crate::grammar::outcome::Ambiguities::new();
    if let Some((a, found)) = r.authority {
        // Read as abs_path, the "//" and what follows up to the query derive when every
        // character is a segment's (pchar, ";") or "/".
        let seg = |b: u8| UNRESERVED.contains(b) || b":@&=+$,;/".contains(&b);
        if all_chars(&input[a.start - 2..parts.path.end], seg) {
            out.push(Ambiguity {
                rule: Rule::R2396NetPath,
                text: NET_OR_ABS_PATH,
            });
        }
        if let Authority::Server {
            reg_name_too: true, ..
        } = found
        {
            out.push(Ambiguity {
                rule: Rule::R2396Authority,
                text: SERVER_OR_REG_NAME,
            });
        }
    }
    if r.opaque.is_some() && parts.query.is_some() {
        out.push(Ambiguity {
            rule: Rule::R2396OpaquePart,
            text: OPAQUE_QUERY,
        });
    }
    out
}
