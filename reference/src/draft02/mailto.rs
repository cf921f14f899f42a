//! MAILTO: `mailtoaddress` (BNF syntax; Specific Schemes, MAILTO).

use super::classes::{owned, shape, xalphas};
use super::ip::hostname;
use super::lexical::{literal, scheme_value};
use crate::document::Reading;
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::matched::Match;
use crate::grammar::outcome::Ambiguity;
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

const AT_SPLIT: &str = "mailtoaddress ... xalphas @ hostname: xalphas and hostname both \
derive \"@\", so the address splits at more than one \"@\"; urlcert ends the xalphas at \
the rightmost \"@\" that leaves a hostname after it";

/// `mailtoaddress m a i l t o : : xalphas @ hostname`
///
/// Two colons, as printed. Under [`Reading::MailtoSingleColon`] the production is read
/// `m a i l t o : xalphas @ hostname`, as the prose intends: "This allows a URL to
/// specify an RFC822 addr-spec mail address" (MAILTO; cases/divergences/README.md §6).
/// Under either reading `mailto:user@host` still derives as `generic`.
pub fn mailtoaddress<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D02Mailtoaddress, |cx| {
        let opening = match cx.reading {
            Reading::MailtoSingleColon => "m a i l t o :",
            _ => "m a i l t o : :",
        };
        let at = literal(cx, s, opening, Rule::D02Mailtoaddress)?;
        let rest = s.from(at);
        let input = cx.input;
        // Everything after the opening is xalpha (an xalphas, "@" itself, a hostname),
        // and the hostname starts with an alpha: the rightmost "@" followed by one.
        let split = if shape::all_xalpha(cx.bytes(rest)) {
            (rest.start + 1..rest.end)
                .rev()
                .filter(|&k| input[k] == b'@' && shape::starts_alpha(&input[k + 1..rest.end]))
                .take(2)
                .collect::<Vec<_>>()
        } else {
            Vec::new()
        };
        let Some(&sign) = split.first() else {
            // Nothing derives: report the failure of the split at the last "@".
            let Some(sign) = cx.bytes(rest).iter().rposition(|&b| b == b'@') else {
                xalphas(cx, rest).map_err(owned(Rule::D02Mailtoaddress))?;
                return Err(cx.fail(rest.end, Rule::D02Mailtoaddress, "@"));
            };
            let sign = rest.start + sign;
            xalphas(cx, Span::new(rest.start, sign)).map_err(owned(Rule::D02Mailtoaddress))?;
            hostname(cx, rest.from(sign + 1))?;
            return Err(cx.fail(rest.start, Rule::D02Mailtoaddress, "xalphas @ hostname"));
        };
        let local = Span::new(rest.start, sign);
        xalphas(cx, local).map_err(owned(Rule::D02Mailtoaddress))?;
        let h = rest.from(sign + 1);
        hostname(cx, h)?;
        cx.put("scheme", scheme_value(cx, s, "mailto"));
        cx.put("xalphas", Some(Part::Str(local)));
        cx.put("host", Some(Part::Str(h)));
        let mut m = Match::new(Rule::D02Mailtoaddress);
        if split.len() > 1 {
            m.ambiguities.push(Ambiguity {
                rule: Rule::D02Mailtoaddress,
                text: AT_SPLIT,
            });
        }
        Ok(m)
    })
}
