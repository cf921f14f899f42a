//! draft-03 `httpaddress` (prose: "HTTP").

use super::ip::hostport;
use super::path::{path, search};
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::matched::Match;
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

/// `httpaddress h t t p : / / hostport [ / path ] [ ? search ]`
///
/// The search may follow the hostport directly (`http://h?x`). `hostport` derives no
/// "/" or "?", and `path` no "?", so the first "/" or "?" ends the hostport and the
/// first "?" the path.
pub fn httpaddress<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D03Httpaddress, |cx| {
        let at = cx.literal(s.start, s, q!("http://"), Rule::D03Httpaddress)?;
        let rest = s.from(at);
        let hp_end = cx
            .bytes(rest)
            .iter()
            .position(|&b| b == b'/' || b == b'?')
            .map_or(s.end, |i| at + i);
        let hp = hostport(cx, Span::new(at, hp_end))?;
        let (mut p, mut q) = (None, None);
        let mut i = hp_end;
        if i < s.end && cx.input[i] == b'/' {
            let end = cx.find(s.from(i + 1), b'?').unwrap_or(s.end);
            let span = Span::new(i + 1, end);
            path(cx, span)?;
            p = Some(span);
            i = end;
        }
        if i < s.end {
            // Only "?" can be here.
            let span = s.from(i + 1);
            search(cx, span)?;
            q = Some(span);
        }
        cx.put("scheme", Some(Part::Str(Span::new(s.start, s.start + 4))));
        hp.put(cx);
        cx.put("path", p.map(Part::Str));
        cx.put("search", q.map(Part::Str));
        Ok(Match::new(Rule::D03Httpaddress))
    })
}
