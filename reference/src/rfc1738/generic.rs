//! RFC 1738 Section 5: the generic form, `url`, `otherurl` and `scheme`.

use super::classes::{xchar, DIGIT, HIALPHA, LOWALPHA};
use super::ip::{ip_schemepart, Login};
use super::Match;
use crate::document::Reading;
use crate::grammar::cx::{furthest, Cx, Res, Span};
use crate::grammar::outcome::Ambiguity;
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

/// What `genericurl` found.
pub struct Generic {
    pub scheme: Span,
    pub schemepart: Span,
    /// Set when the schemepart also derives as `ip-schemepart`.
    pub ip: Option<(Login, Option<Span>)>,
}

/// `otherurl       = genericurl`
pub fn otherurl<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::Otherurl, |cx| {
        let g = genericurl(cx, s)?;
        cx.put("scheme", Some(Part::Str(g.scheme)));
        cx.put("schemepart", Some(Part::Str(g.schemepart)));
        let mut ambiguities = crate::grammar::outcome::Ambiguities::new();
        if let Some((login, path)) = g.ip {
            login.put(cx);
            cx.put("urlpath", path.map(Part::Str));
            ambiguities.push(Ambiguity {
                rule: Rule::Schemepart,
                text: "schemepart = *xchar | ip-schemepart: both derive this schemepart; \
                       urlcert reports the ip-schemepart derivation and its components",
            });
        }
        Ok(Match {
            rule: Rule::Otherurl,
            ambiguities,
        })
    })
}

/// `genericurl     = scheme ":" schemepart`
pub fn genericurl(cx: &mut Cx, s: Span) -> Res<Generic> {
    cx.rule(Rule::Genericurl, |cx| {
        // scheme derives no ":", so the first ":" ends it.
        let Some(colon) = cx.find(s, b':') else {
            scheme(cx, s)?;
            return Err(cx.fail(s.end, Rule::Genericurl, "\":\""));
        };
        let sch = Span::new(s.start, colon);
        scheme(cx, sch)?;
        let part = s.from(colon + 1);
        let ip = schemepart(cx, part)?;
        Ok(Generic {
            scheme: sch,
            schemepart: part,
            ip,
        })
    })
}

crate::shared_productions::scheme! {
/// `scheme         = 1*[ lowalpha | digit | "+" | "-" | "." ]`
///
/// Deviation, under [`Reading::SchemeCaseIgnore`] only: `hialpha` is accepted too, as
/// the comment above the rule says ("interpreters should use case-ignore").
pub fn scheme(Rule::Scheme);
}

/// `schemepart     = *xchar | ip-schemepart`
///
/// Every ip-schemepart is also `*xchar`; where both derive, the ip-schemepart one is
/// returned so that its components can be reported.
pub fn schemepart(cx: &mut Cx, s: Span) -> Res<Option<(Login, Option<Span>)>> {
    cx.rule(Rule::Schemepart, |cx| {
        let ip = ip_schemepart(cx, s);
        // Where ip-schemepart derives, its derivation is the one reported, so `*xchar` is
        // scanned only when it fails (or when coverage is recorded: the scan marks the
        // character rules).
        let chars =
            (ip.is_err() || cx.recording()).then(|| cx.star(s, Rule::Schemepart, "xchar", xchar));
        match (chars, ip) {
            (_, Ok(parts)) => Ok(Some(parts)),
            (Some(Ok(())), Err(_)) => Ok(None),
            (Some(Err(a)), Err(b)) => Err(furthest(a, b)),
            (None, Err(_)) => unreachable!("*xchar is scanned when ip-schemepart fails"),
        }
    })
}
