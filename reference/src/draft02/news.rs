//! NEWS: `newsaddress`, `groupart`, `group`, `article` (BNF syntax; Specific Schemes,
//! NEWS).

use super::classes::{ialpha, owned, shape, xalphas};
use super::ip::host;
use super::lexical::{literal, scheme_value};
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::matched::Match;
/// Which alternative of `groupart` urlcert reports.
pub use crate::grammar::news::GroupPart as Groupart;
use crate::grammar::outcome::Ambiguity;
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

const GROUP_OR_ARTICLE: &str = "groupart * | group | article: a group is an ialpha, which \
derives \"@\" (safe), so this derives as a group and as an article; urlcert reports the \
article (\"A message identifier may be distinguished from a news group name by the \
presence of the commercial at \"@\" character\", NEWS)";

const ARTICLE_SPLIT: &str = "article xalphas @ host: xalphas and hostname both derive \
\"@\", so the article splits at more than one \"@\"; urlcert ends the xalphas at the \
rightmost \"@\" that leaves a host after it";

/// `newsaddress n e w s : groupart`
pub fn newsaddress<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D02Newsaddress, |cx| {
        let at = literal(cx, s, "n e w s :", Rule::D02Newsaddress)?;
        let g = s.from(at);
        let (part, ambiguities) = groupart(cx, g)?;
        cx.put("scheme", scheme_value(cx, s, "news"));
        cx.put("groupart", Some(Part::Str(g)));
        part.put(cx, g);
        let mut m = Match::new(Rule::D02Newsaddress);
        m.ambiguities = ambiguities;
        Ok(m)
    })
}

/// `groupart * | group | article`
pub fn groupart(cx: &mut Cx, s: Span) -> Res<(Groupart, crate::grammar::outcome::Ambiguities)> {
    cx.rule(Rule::D02Groupart, |cx| {
        // "*" is no alpha (a group starts with one) and has no "@" (an article does).
        if cx.bytes(s) == b"*" {
            return Ok((Groupart::Star, crate::grammar::outcome::Ambiguities::new()));
        }
        let as_group = group(cx, s);
        let as_article = article(cx, s);
        match (as_group, as_article) {
            (g, Ok((host, mut ambiguities))) => {
                if g.is_ok() {
                    ambiguities.insert(
                        0,
                        Ambiguity {
                            rule: Rule::D02Groupart,
                            text: GROUP_OR_ARTICLE,
                        },
                    );
                }
                Ok((Groupart::Article { host }, ambiguities))
            }
            (Ok(()), Err(_)) => Ok((Groupart::Group, crate::grammar::outcome::Ambiguities::new())),
            // NEWS: "A message identifier may be distinguished from a news group name by
            // the presence of the commercial at "@" character", so that is the
            // alternative whose failure is reported.
            (Err(g), Err(a)) => Err(if cx.find(s, b'@').is_some() { a } else { g }),
        }
    })
}

/// `group ialpha [ . group ]`
///
/// As with `hostname`, an ialpha derives "." and every `ialpha . group` is an ialpha,
/// so a group is exactly an ialpha. Unlike later drafts, it may hold any xalpha: "@",
/// ":", "$", space, escapes; but not "+".
pub fn group(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D02Group, |cx| {
        ialpha(cx, s).map_err(owned(Rule::D02Group))
    })
}

/// `article xalphas @ host`
///
/// Returns the span of the host.
pub fn article(cx: &mut Cx, s: Span) -> Res<(Span, crate::grammar::outcome::Ambiguities)> {
    cx.rule(Rule::D02Article, |cx| {
        let input = cx.input;
        let ats: Vec<usize> = (s.start + 1..s.end)
            .rev()
            .filter(|&k| input[k] == b'@')
            .collect();
        if shape::all_xalpha(cx.bytes(s)) {
            // As in `login`: only what follows the last "@" can be a hostnumber.
            let after = |k: usize| &input[k + 1..s.end];
            let derives = |n: usize, k: usize| {
                shape::starts_alpha(after(k)) || (n == 0 && shape::host(after(k)))
            };
            if let Some(pos) = (0..ats.len()).find(|&n| derives(n, ats[n])) {
                let at = ats[pos];
                xalphas(cx, Span::new(s.start, at)).map_err(owned(Rule::D02Article))?;
                let h = s.from(at + 1);
                host(cx, h)?;
                let mut ambiguities = crate::grammar::outcome::Ambiguities::new();
                if ats[pos + 1..]
                    .iter()
                    .any(|&k| shape::starts_alpha(after(k)))
                {
                    ambiguities.push(Ambiguity {
                        rule: Rule::D02Article,
                        text: ARTICLE_SPLIT,
                    });
                }
                return Ok((h, ambiguities));
            }
        }
        // Nothing derives: report the failure of the split at the last "@".
        let Some(at) = cx.bytes(s).iter().rposition(|&b| b == b'@') else {
            xalphas(cx, s).map_err(owned(Rule::D02Article))?;
            return Err(cx.fail(s.end, Rule::D02Article, "@"));
        };
        let at = s.start + at;
        xalphas(cx, Span::new(s.start, at)).map_err(owned(Rule::D02Article))?;
        host(cx, s.from(at + 1))?;
        // Not reached: a split that derives is found above. Answer all the same.
        Err(cx.fail(s.start, Rule::D02Article, "xalphas @ host"))
    })
}
