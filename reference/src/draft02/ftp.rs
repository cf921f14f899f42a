//! FTP: `ftpaddress` (BNF syntax; Specific Schemes, FTP).

use super::generic::path;
use super::ip::login;
use super::lexical::{expect, literal, scheme_value};
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::matched::Match;
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

/// `ftpaddress f t p : / / login / path`
///
/// The "/" is not optional: `ftp://host` does not derive.
pub fn ftpaddress<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D02Ftpaddress, |cx| {
        let at = literal(cx, s, "f t p : / /", Rule::D02Ftpaddress)?;
        // login derives neither "/" nor "?", so the first of them ends it.
        let login_end = super::lexical::first_of(cx, s.from(at), b"/?");
        let l = login(cx, Span::new(at, login_end))?;
        expect(cx, login_end, s, b'/', Rule::D02Ftpaddress)?;
        let p = s.from(login_end + 1);
        path(cx, p)?;
        cx.put("scheme", scheme_value(cx, s, "ftp"));
        l.put(cx);
        cx.put("path", Some(Part::Str(p)));
        let mut m = Match::new(Rule::D02Ftpaddress);
        m.ambiguities = l.ambiguities;
        Ok(m)
    })
}
