//! draft-06 Section 5, the FTP group; Section 3.2.

use super::classes::uchars_and;
use super::ip::login;
use super::{put_scheme, Match};
use crate::grammar::cx::{Cx, Res, Span, Spans};
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

/// `ftpurl         = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]`
pub fn ftpurl<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D06Ftpurl, |cx| {
        let at = cx.scheme_literal(s, q!("ftp://"), Rule::D06Ftpurl)?;
        // login derives no "/", so the first "/" ends it.
        let login_end = cx.find(s.from(at), b'/').unwrap_or(s.end);
        let l = login(cx, Span::new(at, login_end))?;
        put_scheme(cx, s, "ftp");
        l.put(cx);
        let (mut path, mut segments, mut typecode) = (None, None, None);
        if login_end < s.end {
            let rest = s.from(login_end + 1);
            // fsegment derives no ";", so a ";" can only open ";type=".
            let path_end = cx.find(rest, b';').unwrap_or(s.end);
            let p = Span::new(rest.start, path_end);
            segments = Some(fpath(cx, p)?);
            path = Some(p);
            if path_end < s.end {
                let t = cx.literal(path_end, s, q!(";type="), Rule::D06Ftpurl)?;
                ftptype(cx, s.from(t))?;
                typecode = Some(s.from(t));
            }
        }
        cx.put("fpath", path.map(Part::Str));
        cx.put("fsegments", segments.map(|v| list(cx, &v)));
        cx.put("ftptype", typecode.map(Part::Str));
        Ok(Match::new(Rule::D06Ftpurl))
    })
}

/// `fpath          = fsegment *[ "/" fsegment ]`
pub fn fpath(cx: &mut Cx, s: Span) -> Res<Spans> {
    cx.rule(Rule::D06Fpath, |cx| {
        segments(cx, s)
            .iter()
            .map(|&seg| fsegment(cx, seg).map(|()| seg))
            .collect()
    })
}

/// `fsegment       = *[ uchar | "?" | ":" | "@" | "&" | "=" ]`
pub fn fsegment(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D06Fsegment, |cx| {
        uchars_and(
            cx,
            s,
            Rule::D06Fsegment,
            "uchar | \"?\" | \":\" | \"@\" | \"&\" | \"=\"",
            b"?:@&=",
        )
    })
}

/// `ftptype        = "A" | "I" | "D" | "a" | "i" | "d"`
pub fn ftptype(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D06Ftptype, |cx| {
        let codes = "\"A\" | \"I\" | \"D\" | \"a\" | \"i\" | \"d\"";
        match cx.bytes(s) {
            [b] if b"AIDaid".contains(b) => Ok(()),
            [b, ..] if b"AIDaid".contains(b) => Err(cx.fail(
                s.start + 1,
                Rule::D06Ftptype,
                "the end of the URL after the one-character ftptype",
            )),
            _ => Err(cx.fail(s.start, Rule::D06Ftptype, codes)),
        }
    })
}

/// The pieces of `s` between its "/"s (a path of n slashes has n + 1 segments): the
/// segment rules (`fsegment`, `hsegment`, `psegment`) derive no "/".
pub fn segments(cx: &Cx, s: Span) -> Spans {
    let mut out = Spans::new();
    let mut start = s.start;
    while let Some(slash) = cx.find(s.from(start), b'/') {
        out.push(Span::new(start, slash));
        start = slash + 1;
    }
    out.push(s.from(start));
    out
}

/// A list component: each span's text.
pub(crate) fn list(_cx: &Cx, spans: &[Span]) -> Part {
    Part::List(spans.iter().copied().collect())
}
