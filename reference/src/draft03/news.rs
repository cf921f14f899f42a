//! draft-03 `newsaddress`, `groupart`, `group`, `article` (prose: "NEWS") and
//! `nntpaddress` (prose: "NNTP").

use super::at;
use super::classes::{digits_in, ialpha, xalphas};
use super::ip::host;
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::matched::Match;
/// Which alternative of `groupart` urlcert reports.
pub use crate::grammar::news::GroupPart as Groupart;
use crate::grammar::outcome::Ambiguity;
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

/// `newsaddress n e w s : groupart`
pub fn newsaddress<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D03Newsaddress, |cx| {
        let at = cx.literal(s.start, s, q!("news:"), Rule::D03Newsaddress)?;
        let g = s.from(at);
        let part = groupart(cx, g)?;
        let text = |x: Option<Span>| x.map(Part::Str);
        cx.put("scheme", text(Some(Span::new(s.start, s.start + 4))));
        cx.put("groupart", text(Some(g)));
        part.kind.put(cx, g);
        let mut m = Match::new(Rule::D03Newsaddress);
        m.ambiguities.extend(part.ambiguities);
        Ok(m)
    })
}

pub struct GroupartMatch {
    pub kind: Groupart,
    pub ambiguities: crate::grammar::outcome::Ambiguities,
}

/// `groupart * | group | article`
///
/// `group` derives "@" (it is in `safe`), so a message identifier may also derive as a
/// group. The prose decides which is meant: "A message identifier may be distinguished
/// from a news group name by the presence of the commercial at "@" character." So an
/// input with "@" is reported as an `article` when it derives one, with the ambiguity
/// recorded when it is a `group` too.
pub fn groupart(cx: &mut Cx, s: Span) -> Res<GroupartMatch> {
    cx.rule(Rule::D03Groupart, |cx| {
        if cx.bytes(s) == b"*" {
            return Ok(GroupartMatch {
                kind: Groupart::Star,
                ambiguities: crate::grammar::outcome::Ambiguities::new(),
            });
        }
        let has_at = cx.find(s, b'@').is_some();
        let as_article = if has_at { Some(article(cx, s)) } else { None };
        let as_group = group(cx, s);
        match (as_article, as_group) {
            (Some(Ok(a)), g) => {
                let mut ambiguities = a.ambiguities;
                if g.is_ok() {
                    ambiguities.push(Ambiguity {
                        rule: Rule::D03Groupart,
                        text: "group | article: the input derives both (\"@\" is in safe); \
                               urlcert reports the article (\"A message identifier may be \
                               distinguished from a news group name by the presence of the \
                               commercial at \"@\" character\")",
                    });
                }
                Ok(GroupartMatch {
                    kind: Groupart::Article { host: a.host },
                    ambiguities,
                })
            }
            (_, Ok(())) => Ok(GroupartMatch {
                kind: Groupart::Group,
                ambiguities: crate::grammar::outcome::Ambiguities::new(),
            }),
            // With an "@" the input was meant as an article, so its failure is reported.
            (Some(Err(a)), Err(_)) => Err(a),
            (None, Err(g)) => Err(g),
        }
    })
}

/// `group ialpha [ . group ]`
///
/// `ialpha` derives "." itself, so the language is `ialpha`'s (as for `hostname`).
pub fn group(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D03Group, |cx| ialpha(cx, s))
}

pub struct ArticleMatch {
    pub host: Span,
    pub ambiguities: crate::grammar::outcome::Ambiguities,
}

/// `article xalphas @ host`
///
/// Split at the last "@" that gives a derivation (see `at.rs`).
pub fn article(cx: &mut Cx, s: Span) -> Res<ArticleMatch> {
    cx.rule(Rule::D03Article, |cx| {
        let chosen = at::choose(cx, s, true);
        let split = chosen.map(|(at, _)| at).or_else(|| {
            cx.bytes(s)
                .iter()
                .rposition(|&b| b == b'@')
                .map(|i| s.start + i)
        });
        let Some(at) = split else {
            xalphas(cx, s)?;
            return Err(cx.fail(s.end, Rule::D03Article, "\"@\""));
        };
        xalphas(cx, Span::new(s.start, at))?;
        let h = s.from(at + 1);
        host(cx, h)?;
        let mut ambiguities = crate::grammar::outcome::Ambiguities::new();
        if chosen.is_some_and(|(_, more)| more) {
            ambiguities.push(Ambiguity {
                rule: Rule::D03Article,
                text: "xalphas @ host: both sides derive \"@\", and more than one \"@\" \
                       splits the input; urlcert reports the split at the last such \"@\"",
            });
        }
        Ok(ArticleMatch {
            host: h,
            ambiguities,
        })
    })
}

/// `nntpaddress n n t p : group / digits`
///
/// No "//host": the BNF names no server, though the prose says "The news server name,
/// newsgroup name, and index number of an article within the newsgroup on that
/// particular server are given" (cases/divergences/README.md §6: the BNF wins for syntax). The
/// article number is required. `group` derives no "/", so the first "/" ends it.
pub fn nntpaddress<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D03Nntpaddress, |cx| {
        let at = cx.literal(s.start, s, q!("nntp:"), Rule::D03Nntpaddress)?;
        let Some(slash) = cx.find(s.from(at), b'/') else {
            group(cx, s.from(at))?;
            return Err(cx.fail(s.end, Rule::D03Nntpaddress, "\"/\""));
        };
        let g = Span::new(at, slash);
        group(cx, g)?;
        let d = s.from(slash + 1);
        digits_in(cx, d, Rule::D03Nntpaddress)?;
        cx.put("scheme", Some(Part::Str(Span::new(s.start, s.start + 4))));
        cx.put("group", Some(Part::Str(g)));
        cx.put("digits", Some(Part::Str(d)));
        Ok(Match::new(Rule::D03Nntpaddress))
    })
}
