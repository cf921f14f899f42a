//! RFC 1738 Section 5 "PROSPERO"; Section 3.11.

use super::classes::uchar;
use super::ftp::{list, segmented};
use super::ip::opening;
use super::Match;
use crate::grammar::cx::{Cx, Res, Span, Spans};
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

/// `prosperourl    = "prospero://" hostport "/" ppath *[ fieldspec ]`
pub fn prosperourl<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::Prosperourl, |cx| {
        let (hp, p_start) = opening(cx, s, q!("prospero://"), Rule::Prosperourl)?;
        // psegment derives no ";", so the first ";" opens the first fieldspec.
        let p_end = cx.find(s.from(p_start), b';').unwrap_or(s.end);
        let p = Span::new(p_start, p_end);
        let segs = ppath(cx, p)?;
        let mut fields = crate::inline::InlineList::new();
        let mut at = p_end;
        while at < s.end {
            // fieldname and fieldvalue derive no ";": each fieldspec ends at the next one.
            let end = cx.find(s.from(at + 1), b';').unwrap_or(s.end);
            fields.push(fieldspec(cx, Span::new(at, end))?);
            at = end;
        }
        cx.put("scheme", Some(Part::Str(Span::new(s.start, s.start + 8))));
        hp.put(cx);
        cx.put("ppath", Some(Part::Str(p)));
        cx.put("psegments", Some(list(cx, &segs)));
        cx.put("fieldspecs", Some(Part::Fields(fields)));
        Ok(Match::new(Rule::Prosperourl))
    })
}

/// `ppath          = psegment *[ "/" psegment ]`
pub fn ppath(cx: &mut Cx, s: Span) -> Res<Spans> {
    cx.rule(Rule::Ppath, |cx| segmented(cx, s, psegment))
}

/// `psegment       = *[ uchar | "?" | ":" | "@" | "&" | "=" ]`
pub fn psegment(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::Psegment, |cx| {
        cx.star(
            s,
            Rule::Psegment,
            "uchar | \"?\" | \":\" | \"@\" | \"&\" | \"=\"",
            |cx, i, e| uchar(cx, i, e).or_else(|| cx.one_of(i, b"?:@&=")),
        )
    })
}

/// `fieldspec      = ";" fieldname "=" fieldvalue`
pub fn fieldspec(cx: &mut Cx, s: Span) -> Res<(Span, Span)> {
    cx.rule(Rule::Fieldspec, |cx| {
        let at = cx.literal(s.start, s, q!(";"), Rule::Fieldspec)?;
        // fieldname derives no "=", so the first "=" ends it.
        let Some(eq) = cx.find(s.from(at), b'=') else {
            fieldname(cx, s.from(at))?;
            return Err(cx.fail(s.end, Rule::Fieldspec, "\"=\""));
        };
        let n = Span::new(at, eq);
        let v = s.from(eq + 1);
        fieldname(cx, n)?;
        fieldvalue(cx, v)?;
        Ok((n, v))
    })
}

const FIELDCHARS: &str = "uchar | \"?\" | \":\" | \"@\" | \"&\"";

/// `fieldname      = *[ uchar | "?" | ":" | "@" | "&" ]`
pub fn fieldname(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::Fieldname, |cx| {
        cx.star(s, Rule::Fieldname, FIELDCHARS, |cx, i, e| {
            uchar(cx, i, e).or_else(|| cx.one_of(i, b"?:@&"))
        })
    })
}

/// `fieldvalue     = *[ uchar | "?" | ":" | "@" | "&" ]`
pub fn fieldvalue(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::Fieldvalue, |cx| {
        cx.star(s, Rule::Fieldvalue, FIELDCHARS, |cx, i, e| {
            uchar(cx, i, e).or_else(|| cx.one_of(i, b"?:@&"))
        })
    })
}
