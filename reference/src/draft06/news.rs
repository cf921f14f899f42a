//! draft-06 Section 5, the NEWS group; Section 3.6.

use super::classes::{uchars_and, ALPHA, DIGIT};
use super::ip::host;
use super::{put_scheme, Match};
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

/// `newsurl        = "news:" grouppart`
pub fn newsurl<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D06Newsurl, |cx| {
        let at = cx.scheme_literal(s, q!("news:"), Rule::D06Newsurl)?;
        let g = s.from(at);
        let part = grouppart(cx, g)?;
        put_scheme(cx, s, "news");
        cx.put("grouppart", Some(Part::Str(g)));
        let text = |x: Option<Span>| x.map(Part::Str);
        let (group_, article_, host_) = match part {
            Grouppart::Star => (None, None, None),
            Grouppart::Group => (Some(g), None, None),
            Grouppart::Article { host } => (None, Some(g), Some(host)),
        };
        cx.put("group", text(group_));
        cx.put("article", text(article_));
        cx.put("host", text(host_));
        Ok(Match::new(Rule::D06Newsurl))
    })
}

/// Which alternative of `grouppart` matched.
pub enum Grouppart {
    Star,
    Group,
    /// An article, with the span of its host.
    Article {
        host: Span,
    },
}

/// `grouppart      = "*" | group | article`
pub fn grouppart(cx: &mut Cx, s: Span) -> Res<Grouppart> {
    cx.rule(Rule::D06Grouppart, |cx| {
        if cx.bytes(s) == b"*" {
            return Ok(Grouppart::Star);
        }
        if s.is_empty() {
            return Err(cx.fail(s.start, Rule::D06Grouppart, "\"*\" | group | article"));
        }
        // group derives no "@" and article exactly one, so at most one matches.
        let as_group = group(cx, s);
        let as_article = article(cx, s);
        match (as_group, as_article) {
            (Ok(()), _) => Ok(Grouppart::Group),
            (_, Ok(h)) => Ok(Grouppart::Article { host: h }),
            // Section 3.6: "A message identifier may be distinguished from a news group
            // name by the presence of the commercial at "@" character", so that is the
            // alternative whose failure is reported.
            (Err(g), Err(a)) => Err(if cx.find(s, b'@').is_some() { a } else { g }),
        }
    })
}

/// `group          = alpha *[ alpha | digit | "-" | "." ]`
///
/// No "+" and no "_" (RFC 1738 added both): `news:comp.lang.c++` and `news:alt.foo_bar`
/// are no groups here.
pub fn group(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D06Group, |cx| {
        if s.is_empty() || !cx.class(&ALPHA, cx.input[s.start]) {
            return Err(cx.fail(s.start, Rule::D06Group, "alpha"));
        }
        cx.star(
            s.from(s.start + 1),
            Rule::D06Group,
            "alpha | digit | \"-\" | \".\"",
            |cx, i, _| {
                let b = cx.input[i];
                (cx.class(&ALPHA, b) || cx.class(&DIGIT, b) || b"-.".contains(&b)).then_some(1)
            },
        )
    })
}

/// `article        = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host`
///
/// Returns the span of the host.
pub fn article(cx: &mut Cx, s: Span) -> Res<Span> {
    cx.rule(Rule::D06Article, |cx| {
        // The repeated part derives no "@", so the first "@" ends it.
        let at = cx.find(s, b'@').unwrap_or(s.end);
        let unique = Span::new(s.start, at);
        if unique.is_empty() {
            return Err(cx.fail(s.start, Rule::D06Article, ARTICLE_CHARS));
        }
        uchars_and(cx, unique, Rule::D06Article, ARTICLE_CHARS, b";/?:&=")?;
        if at == s.end {
            return Err(cx.fail(s.end, Rule::D06Article, "\"@\""));
        }
        let h = s.from(at + 1);
        host(cx, h)?;
        Ok(h)
    })
}

const ARTICLE_CHARS: &str = "uchar | \";\" | \"/\" | \"?\" | \":\" | \"&\" | \"=\"";
