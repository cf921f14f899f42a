//! Section 3, "URL References"; Section 4.1, "Scheme"; Section 4.2, "Opaque and
//! Hierarchical URLs".
//!
//! The spans come from [`Parts`], the Section 4.3 split. It cuts only at delimiters the
//! productions cannot derive where it cuts (`fragment` and both URL forms derive no
//! "#"; `scheme` no ":"; `server` no "/"; `path` no "?"), except for one choice the
//! BNF leaves open: a "//" after the scheme always introduces the server (Section
//! 4.3.1), though `segment = *pchar` would also let a path begin with it. Where that
//! other reading derives, [`ambiguities`] says so.

use super::classes::{all_chars, repeat, urlchar, ALPHA, DIGIT, RESERVED, UNRESERVED};
use super::parts::Parts;
use super::path::{path, query};
use super::server::{server, Server};
use crate::grammar::cx::{leftmost, Cx, Res, Span};
use crate::grammar::outcome::{Ambiguity, Failure};
use crate::grammar::rule::Rule;

/// What `URL-reference` matched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reference {
    /// `generic-URL`, or `opaque-URL` when only that alternative of `absoluteURL`
    /// derives; for a relative reference, `net_path`, `abs_path` or `rel_path`.
    pub rule: Rule,
    /// The alternatives of `absoluteURL` that derive (for a relative reference, the
    /// alternative of `relativeURL` taken).
    pub alternatives: crate::grammar::outcome::Rules,
    /// The server's parts, when there is a server and it derives.
    pub server: Option<Server>,
    /// When `rule` is `opaque-URL`: where `generic-URL` failed.
    pub generic_failure: Option<Failure>,
}

/// What `relativeURL` matched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Relative {
    pub rule: Rule,
    pub server: Option<Server>,
}

/// What `absoluteURL` matched: each alternative's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Absolute {
    pub generic: Res<Relative>,
    pub opaque: Res<()>,
}

/// `URL-reference  =  [ absoluteURL | relativeURL ] [ "#" fragment ]`
///
/// With a scheme, `absoluteURL` is taken; without one, `relativeURL` (Section 4.1:
/// "Relative URL references are distinguished from absolute URLs in that they do not
/// begin with a scheme name"). An empty reference is a `rel_path` with an empty path.
pub fn url_reference(cx: &mut Cx, parts: &Parts) -> Res<Reference> {
    cx.rule(Rule::D1996UrlReference, |cx| {
        // Neither URL form derives "#" (no urlchar is "#"), so the first "#" ends the URL.
        let url = Span::new(0, parts.fragment.map_or(cx.input.len(), |f| f.start - 1));
        // absoluteURL is tried on every reference; without a scheme it fails at `scheme`.
        let absolute = absolute_url(cx, url, parts);
        let found = match parts.scheme {
            Some(_) => absolute.map(|a| {
                let mut alternatives = crate::grammar::outcome::Rules::new();
                if a.generic.is_ok() {
                    alternatives.push(Rule::D1996GenericUrl);
                }
                if a.opaque.is_ok() {
                    alternatives.push(Rule::D1996OpaqueUrl);
                }
                match a.generic {
                    Ok(rel) => Reference {
                        rule: Rule::D1996GenericUrl,
                        alternatives,
                        server: rel.server,
                        generic_failure: None,
                    },
                    Err(f) => Reference {
                        rule: Rule::D1996OpaqueUrl,
                        alternatives,
                        server: None,
                        generic_failure: Some(f),
                    },
                }
            }),
            None => relative_url(cx, parts).map(|rel| Reference {
                rule: rel.rule,
                alternatives: [rel.rule].into_iter().collect(),
                server: rel.server,
                generic_failure: None,
            }),
        };
        let fragment = parts.fragment.map_or(Ok(()), |f| fragment(cx, f));
        match (found, fragment) {
            (Ok(r), Ok(())) => Ok(r),
            (Err(a), Err(b)) => Err(leftmost(a, b)),
            (Err(a), Ok(())) => Err(a),
            // The leftmost failing position, which may be where generic-URL failed.
            (Ok(r), Err(b)) => Err(match r.generic_failure {
                Some(a) => leftmost(a, b),
                None => b,
            }),
        }
    })
}

/// `fragment  =  *urlchar`
pub fn fragment(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D1996Fragment, |cx| {
        repeat(cx, s, Rule::D1996Fragment, "urlchar", urlchar)
    })
}

const SCHEME_CHARS: &str = "alpha | digit | \"+\" | \"-\" | \".\"";

/// `scheme  =  1*( alpha | digit | "+" | "-" | "." )`
///
/// Upper case is in the BNF (`alpha`); Section 4.1 adds that programs "should treat
/// upper case letters as equivalent to lower case" (the note `scheme-case`).
pub fn scheme(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D1996Scheme, |cx| {
        if s.is_empty() {
            return Err(cx.fail(s.start, Rule::D1996Scheme, SCHEME_CHARS));
        }
        cx.star(s, Rule::D1996Scheme, SCHEME_CHARS, |cx, i, _| {
            let b = cx.input[i];
            let ok = cx.class(&ALPHA, b) || cx.class(&DIGIT, b) || b"+-.".contains(&b);
            ok.then_some(1)
        })
    })
}

/// `scheme ":"` at the start of `s`, for the two alternatives of `absoluteURL`: scheme
/// derives no ":", so the first ":" ends it. Returns the offset after the ":".
fn scheme_colon(cx: &mut Cx, s: Span, rule: Rule) -> Res<usize> {
    let Some(colon) = cx.find(s, b':') else {
        scheme(cx, s)?;
        return Err(cx.fail(s.end, rule, "\":\""));
    };
    scheme(cx, Span::new(s.start, colon))?;
    Ok(colon + 1)
}

/// `absoluteURL = generic-URL | opaque-URL`
///
/// Both alternatives are tried, and both results kept: every generic-URL is also an
/// opaque-URL (all its characters are urlchar), so an input that derives as generic-URL
/// has two derivations.
pub fn absolute_url(cx: &mut Cx, s: Span, parts: &Parts) -> Res<Absolute> {
    cx.rule(Rule::D1996AbsoluteUrl, |cx| {
        let generic = generic_url(cx, s, parts);
        let opaque = opaque_url(cx, s);
        match (&generic, &opaque) {
            (Err(g), Err(o)) => Err(leftmost(g.clone(), o.clone())),
            _ => Ok(Absolute { generic, opaque }),
        }
    })
}

/// `opaque-URL  = scheme ":" *urlchar`
pub fn opaque_url(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D1996OpaqueUrl, |cx| {
        let at = scheme_colon(cx, s, Rule::D1996OpaqueUrl)?;
        repeat(cx, s.from(at), Rule::D1996OpaqueUrl, "urlchar", urlchar)
    })
}

/// `generic-URL = scheme ":" relativeURL`
///
/// The relativeURL is the rest of the Section 4.3 split: server, path, query.
pub fn generic_url(cx: &mut Cx, s: Span, parts: &Parts) -> Res<Relative> {
    cx.rule(Rule::D1996GenericUrl, |cx| {
        scheme_colon(cx, s, Rule::D1996GenericUrl)?;
        relative_url(cx, parts)
    })
}

/// `relativeURL = net_path | abs_path | rel_path`
///
/// The alternative is the one the Section 4.3 split takes: `net_path` when there is a
/// server ("//"), else `abs_path` when the path had its slash (Section 4.3.2: "A
/// relative reference beginning with a single slash character is termed an
/// absolute-path reference"), else `rel_path`.
pub fn relative_url(cx: &mut Cx, parts: &Parts) -> Res<Relative> {
    cx.rule(Rule::D1996RelativeUrl, |cx| {
        if let Some(s) = parts.server {
            let server = net_path(cx, s, parts)?;
            Ok(Relative {
                rule: Rule::D1996NetPath,
                server: Some(server),
            })
        } else if parts.path_slash {
            abs_path(cx, parts)?;
            Ok(Relative {
                rule: Rule::D1996AbsPath,
                server: None,
            })
        } else {
            rel_path(cx, parts)?;
            Ok(Relative {
                rule: Rule::D1996RelPath,
                server: None,
            })
        }
    })
}

/// `net_path    = "//" server [ abs_path ]`
pub fn net_path(cx: &mut Cx, s: Span, parts: &Parts) -> Res<Server> {
    cx.rule(Rule::D1996NetPath, |cx| {
        let found = server(cx, s)?;
        // The server runs to the next "/" or to the end: what follows it, if anything,
        // starts with "/" and is the abs_path.
        if parts.path_slash {
            abs_path(cx, parts)?;
        }
        Ok(found)
    })
}

/// `abs_path    = "/"  rel_path`
pub fn abs_path(cx: &mut Cx, parts: &Parts) -> Res<()> {
    cx.rule(Rule::D1996AbsPath, |cx| rel_path(cx, parts))
}

/// `rel_path    = [ path ] [ "?" query ]`
///
/// `path` derives the empty string, so the path is always there, possibly empty.
pub fn rel_path(cx: &mut Cx, parts: &Parts) -> Res<()> {
    cx.rule(Rule::D1996RelPath, |cx| {
        path(cx, parts.path)?;
        match parts.query {
            Some(q) => query(cx, q),
            None => Ok(()),
        }
    })
}

/// Does `bytes` derive as `rel_path` (path, then "?" and query)? Records nothing.
fn derives_as_rel_path(bytes: &[u8]) -> bool {
    let pchar = |b: u8| UNRESERVED.contains(b) || b":@&=+".contains(&b);
    let (p, q) = match bytes.iter().position(|&b| b == b'?') {
        Some(at) => (&bytes[..at], Some(&bytes[at + 1..])),
        None => (bytes, None),
    };
    all_chars(p, |b| pchar(b) || b == b'/' || b == b';')
        && q.is_none_or(|q| all_chars(q, |b| RESERVED.contains(b) || UNRESERVED.contains(b)))
}

const SERVER_OR_PATH: &str = "net_path = \"//\" server [ abs_path ], but segment = *pchar \
    lets a path begin with an empty segment, so abs_path and rel_path derive this \"//\" as \
    a path too; urlcert reports the Section 4.3.1 reading, where \"//\" introduces the \
    server";

const SERVER_FAILS_OR_PATH: &str = "\"//\" introduces a server here (Section 4.3.1), and \
    server fails; but segment = *pchar lets a path begin with an empty segment, so read as \
    abs_path the same characters derive. urlcert follows Section 4.3.1";

const SCHEME_OR_REL_PATH: &str = "URL-reference = [ absoluteURL | relativeURL ] ...: pchar \
    includes \":\", so the part before any \"#\" also derives as a rel_path whose first \
    segment holds the scheme and its colon; urlcert reports the absoluteURL, as Section 4.1 \
    extracts the scheme";

/// Under `double-slash-path`: the BNF's other derivation of a "//" whose server fails.
pub const SERVER_FAILS_PATH_TAKEN: Ambiguity = Ambiguity {
    rule: Rule::D1996Segment,
    text: "\"//\" introduces a server by Section 4.3.1, and server fails; but segment = \
        *pchar lets a path begin with an empty segment, so abs_path derives the same \
        characters. Under the reading double-slash-path urlcert takes that path",
};

/// The Section 4.3 split, and whether the reading took a failing server's "//" as a
/// path instead (`double-slash-path`): only there do the procedure and the BNF part,
/// since where the server derives both derivations exist and Section 4.3.1 decides.
pub fn split(input: &[u8], reading: crate::document::Reading) -> (Parts, bool) {
    let parts = Parts::of(input);
    let Some(s) = parts.server else {
        return (parts, false);
    };
    if reading != crate::document::Reading::DoubleSlashPath
        || server(&mut Cx::new(input, reading, false), s).is_ok()
    {
        return (parts, false);
    }
    (Parts::without_server(input), true)
}

/// The places where the BNF derives the reference in a way the Section 4.3 split does
/// not take, and which reading urlcert reports.
pub fn ambiguities(cx: &Cx, parts: &Parts) -> crate::grammar::outcome::Ambiguities {
    let input = cx.input;
    let url_end = parts.fragment.map_or(input.len(), |f| f.start - 1);
    let mut out = crate::grammar::outcome::Ambiguities::new();
    if let Some(s) = parts.server {
        // The "//" starts at s.start - 2; read as abs_path, "/" then rel_path.
        if derives_as_rel_path(&input[s.start - 1..url_end]) {
            // Asked again, recording nothing, so coverage is only what the parse did.
            let server_derives = server(&mut Cx::new(input, cx.reading, false), s).is_ok();
            let text = if server_derives {
                SERVER_OR_PATH
            } else {
                SERVER_FAILS_OR_PATH
            };
            out.push(Ambiguity {
                rule: Rule::D1996Segment,
                text,
            });
        }
    }
    if parts.scheme.is_some() && derives_as_rel_path(&input[..url_end]) {
        out.push(Ambiguity {
            rule: Rule::D1996UrlReference,
            text: SCHEME_OR_REL_PATH,
        });
    }
    out
}
