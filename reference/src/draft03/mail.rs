//! draft-03 `mailtoaddress` (prose: "MAILTO"), `midaddress` and `cidaddress` (listed
//! under "Specific Schemes": "mid Message identifiers for electronic mail", "cid
//! Content identifiers for MIME body part").

use super::at;
use super::classes::xalphas;
use super::ip::hostname;
use super::rfc822::{addr_spec, content_identifier};
use crate::document::Reading;
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::matched::Match;
use crate::grammar::outcome::Ambiguity;
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

/// `mailtoaddress m a i l t o : : xalphas @ hostname`
///
/// Two colons, as printed: with no generic alternative in `url`, `mailto:user@host`
/// does not derive (cases/divergences/README.md §3, §6). Under [`Reading::MailtoSingleColon`] one
/// colon, as the prose's "This allows a URL to specify an RFC822 addr-spec mail
/// address" intends. The "@" is chosen as `at.rs` says.
pub fn mailtoaddress<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D03Mailtoaddress, |cx| {
        let opening = match cx.reading {
            Reading::MailtoSingleColon => q!("mailto:"),
            _ => q!("mailto::"),
        };
        let start = cx.literal(s.start, s, opening, Rule::D03Mailtoaddress)?;
        let rest = s.from(start);
        let chosen = at::choose(cx, rest, false);
        let split = chosen.map(|(at, _)| at).or_else(|| {
            cx.bytes(rest)
                .iter()
                .rposition(|&b| b == b'@')
                .map(|i| rest.start + i)
        });
        let Some(at) = split else {
            xalphas(cx, rest)?;
            return Err(cx.fail(s.end, Rule::D03Mailtoaddress, "\"@\""));
        };
        let local = Span::new(rest.start, at);
        xalphas(cx, local)?;
        let h = s.from(at + 1);
        hostname(cx, h)?;
        cx.put("scheme", Some(Part::Str(Span::new(s.start, s.start + 6))));
        cx.put("xalphas", Some(Part::Str(local)));
        cx.put("host", Some(Part::Str(h)));
        let mut m = Match::new(Rule::D03Mailtoaddress);
        if chosen.is_some_and(|(_, more)| more) {
            m.ambiguities.push(Ambiguity {
                rule: Rule::D03Mailtoaddress,
                text: "xalphas @ hostname: both sides derive \"@\", and more than one \"@\" \
                       splits the input; urlcert reports the split at the last such \"@\"",
            });
        }
        Ok(m)
    })
}

/// `midaddress m i d : addr-spec`
pub fn midaddress<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D03Midaddress, |cx| {
        let at = cx.literal(s.start, s, q!("mid:"), Rule::D03Midaddress)?;
        addr_spec(cx, s.from(at))?;
        cx.put("scheme", Some(Part::Str(Span::new(s.start, s.start + 3))));
        Ok(Match::new(Rule::D03Midaddress))
    })
}

/// `cidaddress c i d : content-identifier`
pub fn cidaddress<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D03Cidaddress, |cx| {
        let at = cx.literal(s.start, s, q!("cid:"), Rule::D03Cidaddress)?;
        content_identifier(cx, s.from(at))?;
        cx.put("scheme", Some(Part::Str(Span::new(s.start, s.start + 3))));
        Ok(Match::new(Rule::D03Cidaddress))
    })
}
