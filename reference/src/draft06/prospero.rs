//! draft-06 Section 5, the PROSPERO group; Section 3.11.

use super::classes::uchars_and;
use super::ftp::{list, segmented};
use super::ip::opening;
use super::{put_scheme, Match};
use crate::grammar::cx::{Cx, Res, Span, Spans};
use crate::grammar::outcome::Ambiguity;
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

/// `prosperourl    = "prospero://" hostport "/" ppath *[ fieldspec ]`
pub fn prosperourl<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D06Prosperourl, |cx| {
        let (hp, p_start) = opening(cx, s, q!("prospero://"), Rule::D06Prosperourl)?;
        // psegment derives no ";", so the first ";" opens the first fieldspec.
        let p_end = cx.find(s.from(p_start), b';').unwrap_or(s.end);
        let p = Span::new(p_start, p_end);
        let segs = ppath(cx, p)?;
        let mut fields = crate::inline::InlineList::new();
        let mut ambiguities = crate::grammar::outcome::Ambiguities::new();
        let mut at = p_end;
        while at < s.end {
            // fieldname and fieldvalue derive no ";": each fieldspec ends at the next one.
            let end = cx.find(s.from(at + 1), b';').unwrap_or(s.end);
            let f = fieldspec(cx, Span::new(at, end))?;
            if f.ambiguous && ambiguities.is_empty() {
                ambiguities.push(Ambiguity {
                    rule: Rule::D06Fieldspec,
                    text: "fieldname and fieldvalue derive \"=\" (uchar includes extra, \
                           which has \"=\"), so a fieldspec with two \"=\" splits more \
                           than one way; urlcert ends the fieldname at the first \"=\" \
                           (Section 3.11: \"The name of the field and its value are \
                           separated by a \"=\"\")",
                });
            }
            fields.push((f.name, f.value));
            at = end;
        }
        put_scheme(cx, s, "prospero");
        hp.put(cx);
        cx.put("ppath", Some(Part::Str(p)));
        cx.put("psegments", Some(list(cx, &segs)));
        cx.put("fieldspecs", Some(Part::Fields(fields)));
        Ok(Match {
            rule: Rule::D06Prosperourl,
            ambiguities,
        })
    })
}

/// `ppath          = psegment *[ "/" psegment ]`
pub fn ppath(cx: &mut Cx, s: Span) -> Res<Spans> {
    cx.rule(Rule::D06Ppath, |cx| segmented(cx, s, psegment))
}

/// `psegment       = *[ uchar | "?" | ":" | "@" | "&" | "=" ]`
pub fn psegment(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D06Psegment, |cx| {
        uchars_and(
            cx,
            s,
            Rule::D06Psegment,
            "uchar | \"?\" | \":\" | \"@\" | \"&\" | \"=\"",
            b"?:@&=",
        )
    })
}

/// What `fieldspec` found.
pub struct Fieldspec {
    pub name: Span,
    pub value: Span,
    /// Another "=" follows the one taken as the separator, so another split derives too.
    pub ambiguous: bool,
}

/// `fieldspec      = ";" fieldname "=" fieldvalue`
///
/// In this draft `fieldname` derives "=" (through `uchar`, `unreserved` and `extra`), so
/// the separator is not determined by the BNF when the fieldspec has more than one "=".
/// The first "=" is taken (Section 3.11: "The name of the field and its value are
/// separated by a "=" (equal sign)"); `fieldname` and `fieldvalue` are the same
/// production, so every split derives or none does.
pub fn fieldspec(cx: &mut Cx, s: Span) -> Res<Fieldspec> {
    cx.rule(Rule::D06Fieldspec, |cx| {
        let at = cx.literal(s.start, s, q!(";"), Rule::D06Fieldspec)?;
        let Some(eq) = cx.find(s.from(at), b'=') else {
            fieldname(cx, s.from(at))?;
            return Err(cx.fail(s.end, Rule::D06Fieldspec, "\"=\""));
        };
        let name = Span::new(at, eq);
        let value = s.from(eq + 1);
        fieldname(cx, name)?;
        fieldvalue(cx, value)?;
        let ambiguous = cx.find(value, b'=').is_some();
        Ok(Fieldspec {
            name,
            value,
            ambiguous,
        })
    })
}

const FIELDCHARS: &str = "uchar | \"?\" | \":\" | \"@\" | \"&\"";

/// `fieldname      = *[ uchar | "?" | ":" | "@" | "&" ]`
pub fn fieldname(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D06Fieldname, |cx| {
        uchars_and(cx, s, Rule::D06Fieldname, FIELDCHARS, b"?:@&")
    })
}

/// `fieldvalue     = *[ uchar | "?" | ":" | "@" | "&" ]`
pub fn fieldvalue(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D06Fieldvalue, |cx| {
        uchars_and(cx, s, Rule::D06Fieldvalue, FIELDCHARS, b"?:@&")
    })
}
