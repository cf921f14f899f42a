//! Section 2.2's structural productions: `URL`, `absoluteURL`, `generic-RL`,
//! `relativeURL` and its three forms, `scheme` and `fragment`.
//!
//! The spans come from [`Parts`], the Section 2.4 split. It cuts only at delimiters the
//! productions cannot derive where it cuts, so each split is the BNF's only one: no URL
//! form derives "#"; `scheme` derives no ":"; `net_loc` no "/"; `path` and `params` no
//! "?"; `path` no ";". And unlike the 1996 draft's, this BNF cannot read a "//" as the
//! start of a path (`fsegment = 1*pchar`: a path's first segment is never empty), so a
//! leading "//" is always a `net_path`. The one place the BNF derives an input another
//! way is the `URL` alternative itself: `pchar` holds ":", so an absolute URL also
//! derives as a `rel_path` (see [`ambiguities`]).

use super::classes::{all_chars, repeat, uchar_or_reserved, ALPHA, DIGIT, RESERVED, UNRESERVED};
use super::net_loc::net_loc;
use super::parts::Parts;
use super::path::{params, path, query};
use crate::grammar::cx::{leftmost, Cx, Res, Span};
use crate::grammar::outcome::{Ambiguity, Failure};
use crate::grammar::rule::Rule;

/// What `URL` matched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// `generic-RL`, or `absoluteURL` when only its second alternative,
    /// `scheme ":" *( uchar | reserved )`, derives; for a relative URL, `net_path`,
    /// `abs_path` or `rel_path`.
    pub rule: Rule,
    /// The alternatives that derive: for an absolute URL, `generic-RL` and `absoluteURL`
    /// (standing for its second alternative); for a relative URL, the form taken.
    pub alternatives: crate::grammar::outcome::Rules,
    /// When `rule` is `absoluteURL`: where `generic-RL` failed.
    pub generic_failure: Option<Failure>,
}

/// What `absoluteURL` matched: each alternative's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Absolute {
    /// `generic-RL`: the form of its `relativeURL`.
    pub generic: Res<Rule>,
    /// `scheme ":" *( uchar | reserved )`.
    pub other: Res<()>,
}

/// `URL         = ( absoluteURL | relativeURL ) [ "#" fragment ]`
///
/// With a scheme (Section 2.4.2), `absoluteURL` is taken; without one, `relativeURL`.
/// An empty URL is a `rel_path` with every part absent; so is a URL that is only a
/// fragment.
pub fn url(cx: &mut Cx, parts: &Parts) -> Res<Found> {
    cx.rule(Rule::R1808Url, |cx| {
        // Neither alternative derives "#" (no uchar or reserved is "#"), so the first "#"
        // ends them: Section 2.4.1 sets the fragment aside first.
        let url = Span::new(0, parts.url_end(cx.input.len()));
        // absoluteURL is tried on every URL; without a scheme it fails at `scheme`.
        let absolute = absolute_url(cx, url, parts);
        let found = match parts.scheme {
            Some(_) => absolute.map(|a| {
                let mut alternatives = crate::grammar::outcome::Rules::new();
                if a.generic.is_ok() {
                    alternatives.push(Rule::R1808GenericRl);
                }
                if a.other.is_ok() {
                    alternatives.push(Rule::R1808AbsoluteUrl);
                }
                match a.generic {
                    Ok(_) => Found {
                        rule: Rule::R1808GenericRl,
                        alternatives,
                        generic_failure: None,
                    },
                    Err(f) => Found {
                        rule: Rule::R1808AbsoluteUrl,
                        alternatives,
                        generic_failure: Some(f),
                    },
                }
            }),
            None => relative_url(cx, parts).map(|rule| Found {
                rule,
                alternatives: [rule].into_iter().collect(),
                generic_failure: None,
            }),
        };
        let fragment = parts.fragment.map_or(Ok(()), |f| fragment(cx, f));
        match (found, fragment) {
            (Ok(r), Ok(())) => Ok(r),
            (Err(a), Err(b)) => Err(leftmost(a, b)),
            (Err(a), Ok(())) => Err(a),
            // The leftmost failing position, which may be where generic-RL failed.
            (Ok(r), Err(b)) => Err(match r.generic_failure {
                Some(a) => leftmost(a, b),
                None => b,
            }),
        }
    })
}

/// `absoluteURL = generic-RL | ( scheme ":" *( uchar | reserved ) )`
///
/// Both alternatives are tried and both results kept: every generic-RL also derives as
/// the second alternative (each character of a `relativeURL` is a `uchar` or
/// `reserved`), so an input that is a generic-RL has two derivations. The second
/// alternative has no name of its own; urlcert calls it `absoluteURL`.
pub fn absolute_url(cx: &mut Cx, s: Span, parts: &Parts) -> Res<Absolute> {
    cx.rule(Rule::R1808AbsoluteUrl, |cx| {
        let generic = generic_rl(cx, s, parts);
        let other = scheme_colon(cx, s, Rule::R1808AbsoluteUrl).and_then(|at| {
            repeat(
                cx,
                s.from(at),
                Rule::R1808AbsoluteUrl,
                "uchar | reserved",
                uchar_or_reserved,
            )
        });
        match (&generic, &other) {
            (Err(g), Err(o)) => Err(leftmost(g.clone(), o.clone())),
            _ => Ok(Absolute { generic, other }),
        }
    })
}

/// `generic-RL  = scheme ":" relativeURL`
///
/// The relativeURL is the rest of the Section 2.4 split: net_loc, query, params, path.
pub fn generic_rl(cx: &mut Cx, s: Span, parts: &Parts) -> Res<Rule> {
    cx.rule(Rule::R1808GenericRl, |cx| {
        scheme_colon(cx, s, Rule::R1808GenericRl)?;
        relative_url(cx, parts)
    })
}

/// `scheme ":"` at the start of `s`, for both alternatives of `absoluteURL`: `scheme`
/// derives no ":", so the first ":" ends it. Returns the offset after the ":". This is
/// Section 2.4.2's test: a colon "after the first character and before any characters
/// not allowed as part of a scheme name".
fn scheme_colon(cx: &mut Cx, s: Span, rule: Rule) -> Res<usize> {
    let Some(colon) = cx.find(s, b':') else {
        scheme(cx, s)?;
        return Err(cx.fail(s.end, rule, "\":\""));
    };
    scheme(cx, Span::new(s.start, colon))?;
    Ok(colon + 1)
}

/// `relativeURL = net_path | abs_path | rel_path`
///
/// The alternative is the one the Section 2.4 split takes: `net_path` when the parse
/// string began with "//" (Section 2.4.3), else `abs_path` when the path had its slash
/// (Section 2.4.6), else `rel_path`. Returns the alternative taken.
pub fn relative_url(cx: &mut Cx, parts: &Parts) -> Res<Rule> {
    cx.rule(Rule::R1808RelativeUrl, |cx| {
        if let Some(s) = parts.net_loc {
            net_path(cx, s, parts)?;
            Ok(Rule::R1808NetPath)
        } else if parts.path_slash {
            abs_path(cx, parts)?;
            Ok(Rule::R1808AbsPath)
        } else {
            rel_path(cx, parts)?;
            Ok(Rule::R1808RelPath)
        }
    })
}

/// `net_path    = "//" net_loc [ abs_path ]`
pub fn net_path(cx: &mut Cx, s: Span, parts: &Parts) -> Res<()> {
    cx.rule(Rule::R1808NetPath, |cx| {
        net_loc(cx, s)?;
        // The net_loc runs to the next "/" or to the end (Section 2.4.3): what follows
        // it, if anything, starts with "/" and is the abs_path. Without that "/" the
        // split leaves no path, params or query.
        if parts.path_slash {
            abs_path(cx, parts)?;
        }
        Ok(())
    })
}

/// `abs_path    = "/"  rel_path`
pub fn abs_path(cx: &mut Cx, parts: &Parts) -> Res<()> {
    cx.rule(Rule::R1808AbsPath, |cx| rel_path(cx, parts))
}

/// `rel_path    = [ path ] [ ";" params ] [ "?" query ]`
///
/// `path` derives no empty string (`fsegment = 1*pchar`), so an empty path is the
/// absent `[ path ]`. The parts are matched left to right, so the first failure is the
/// leftmost.
pub fn rel_path(cx: &mut Cx, parts: &Parts) -> Res<()> {
    cx.rule(Rule::R1808RelPath, |cx| {
        if !parts.path.is_empty() {
            path(cx, parts.path)?;
        }
        if let Some(p) = parts.params {
            params(cx, p)?;
        }
        if let Some(q) = parts.query {
            query(cx, q)?;
        }
        Ok(())
    })
}

const SCHEME_CHARS: &str = "alpha | digit | \"+\" | \"-\" | \".\"";

/// `scheme      = 1*( alpha | digit | "+" | "-" | "." )`
///
/// Upper case is in the BNF (`alpha`). Section 2.1 adds only "scheme name, as per
/// Section 2.1 of RFC 1738".
pub fn scheme(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R1808Scheme, |cx| {
        if s.is_empty() {
            return Err(cx.fail(s.start, Rule::R1808Scheme, SCHEME_CHARS));
        }
        cx.star(s, Rule::R1808Scheme, SCHEME_CHARS, |cx, i, _| {
            let b = cx.input[i];
            let ok = cx.class(&ALPHA, b) || cx.class(&DIGIT, b) || b"+-.".contains(&b);
            ok.then_some(1)
        })
    })
}

/// `fragment    =  *( uchar | reserved )`
///
/// Section 2.4.1: the substring "after the first (left-most) crosshatch "#" and up to
/// the end of the parse string".
pub fn fragment(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R1808Fragment, |cx| {
        repeat(
            cx,
            s,
            Rule::R1808Fragment,
            "uchar | reserved",
            uchar_or_reserved,
        )
    })
}

/// Does `bytes` derive as `rel_path`? Records nothing.
///
/// `rel_path = [ path ] [ ";" params ] [ "?" query ]`: the query is after the first "?"
/// (no path or params character is "?"), the params after the first ";" before it (no
/// path character is ";"), and a path is `pchar`s and "/"s whose first segment is not
/// empty.
fn derives_as_rel_path(bytes: &[u8]) -> bool {
    let pchar = |b: u8| UNRESERVED.contains(b) || b":@&=".contains(&b);
    let (rest, query) = match bytes.iter().position(|&b| b == b'?') {
        Some(at) => (&bytes[..at], Some(&bytes[at + 1..])),
        None => (bytes, None),
    };
    let (path, params) = match rest.iter().position(|&b| b == b';') {
        Some(at) => (&rest[..at], Some(&rest[at + 1..])),
        None => (rest, None),
    };
    let reserved_or_uchar = |b: u8| RESERVED.contains(b) || UNRESERVED.contains(b);
    !path.starts_with(b"/")
        && all_chars(path, |b| pchar(b) || b == b'/')
        && params.is_none_or(|p| all_chars(p, |b| pchar(b) || b == b'/' || b == b';'))
        && query.is_none_or(|q| all_chars(q, reserved_or_uchar))
}

const SCHEME_OR_REL_PATH: &str = "URL = ( absoluteURL | relativeURL ) ...: pchar includes \
    \":\", so the part before any \"#\" also derives as a rel_path whose first segment holds \
    the scheme and its colon; urlcert reports the absoluteURL, as Section 2.4.2 takes the \
    scheme first";

/// The places where the BNF derives the URL in a way the Section 2.4 split does not
/// take, and which reading urlcert reports.
pub fn ambiguities(cx: &Cx, parts: &Parts) -> crate::grammar::outcome::Ambiguities {
    let url_end = parts.url_end(cx.input.len());
    let mut out = crate::grammar::outcome::Ambiguities::new();
    if parts.scheme.is_some() && derives_as_rel_path(&cx.input[..url_end]) {
        out.push(Ambiguity {
            rule: Rule::R1808Url,
            text: SCHEME_OR_REL_PATH,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::derives_as_rel_path;
    use crate::document::Reading;
    use crate::grammar::outcome::Verdict;
    use crate::rfc1808::classes::{all_chars, RESERVED, UNRESERVED};
    use crate::rfc1808::parse;
    use crate::rfc1808::parts::Parts;

    #[test]
    fn rel_path_derivations() {
        for yes in [
            "",
            "g",
            "http:g",
            "http://a/b;p?q",
            "ftp://h//etc/motd",
            ";x/y;z",
            "?/?",
            "a%2F",
        ] {
            assert!(derives_as_rel_path(yes.as_bytes()), "{yes:?}");
        }
        for no in ["/g", "g h", "%zz", "g;x?y#", "g;x y", "g?y z"] {
            assert!(!derives_as_rel_path(no.as_bytes()), "{no:?}");
        }
    }

    /// On generated inputs without a scheme or a net_loc, the grammar's verdict is the
    /// one a plain character check of `rel_path` (after an optional "/") and `fragment`
    /// gives; and the Section 2.4 split loses nothing.
    #[test]
    fn generated_relative_urls_agree_with_a_plain_check() {
        const PIECES: &[&str] = &[
            "a", "Z", "0", ".", "..", "/", "//", ";", "?", "#", ":", "@", "&", "=", "+", "$", "%",
            "%2F", "%4", "%G0", " ", "~", "<", "\"", "\u{e9}", "\0", "type=d",
        ];
        let mut seed: u64 = 0x1808;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut checked = 0;
        for _ in 0..20_000 {
            let n = next() % 8;
            let input: String = (0..n)
                .map(|_| PIECES[(next() % PIECES.len() as u64) as usize])
                .collect();
            let bytes = input.as_bytes();
            let parts = Parts::of(bytes);
            // The split is lossless.
            let mut back = Vec::new();
            let text = |s: crate::grammar::cx::Span| &bytes[s.start..s.end];
            if let Some(s) = parts.scheme {
                back.extend_from_slice(text(s));
                back.push(b':');
            }
            if let Some(s) = parts.net_loc {
                back.extend_from_slice(b"//");
                back.extend_from_slice(text(s));
            }
            if parts.path_slash {
                back.push(b'/');
            }
            back.extend_from_slice(text(parts.path));
            for (d, part) in [
                (b';', parts.params),
                (b'?', parts.query),
                (b'#', parts.fragment),
            ] {
                if let Some(s) = part {
                    back.push(d);
                    back.extend_from_slice(text(s));
                }
            }
            assert_eq!(back, bytes, "{input:?}");

            let q = parse(bytes, Reading::Strict);
            if parts.scheme.is_some() || parts.net_loc.is_some() {
                continue;
            }
            checked += 1;
            let url = &bytes[..parts.url_end(bytes.len())];
            let url = url.strip_prefix(b"/").unwrap_or(url);
            let fragment_ok = parts.fragment.is_none_or(|f| {
                all_chars(text(f), |b| RESERVED.contains(b) || UNRESERVED.contains(b))
            });
            let want = derives_as_rel_path(url) && fragment_ok;
            assert_eq!(q.verdict == Verdict::Valid, want, "{input:?}: {q:?}");
            assert_ne!(q.verdict, Verdict::GenericOnly, "{input:?}");
        }
        assert!(checked > 5_000, "{checked}");
    }
}
