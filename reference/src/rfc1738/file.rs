//! RFC 1738 Section 5 "FILE"; Section 3.10.

use super::ftp::{fpath, list};
use super::ip::host;
use super::Match;
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::outcome::Ambiguity;
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

/// `fileurl        = "file://" [ host | "localhost" ] "/" fpath`
pub fn fileurl<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::Fileurl, |cx| {
        let at = cx.scheme_literal(s, q!("file://"), Rule::Fileurl)?;
        // Neither host nor "localhost" derives "/", and the "/" is not optional.
        let Some(slash) = cx.find(s.from(at), b'/') else {
            let h = s.from(at);
            if !h.is_empty() {
                host(cx, h)?;
            }
            return Err(cx.fail(s.end, Rule::Fileurl, "\"/\""));
        };
        let h = Span::new(at, slash);
        let mut ambiguities = crate::grammar::outcome::Ambiguities::new();
        if !h.is_empty() {
            let as_host = host(cx, h);
            let as_localhost = cx.bytes(h) == b"localhost";
            match (as_host, as_localhost) {
                (Ok(()), true) => ambiguities.push(Ambiguity {
                    rule: Rule::Fileurl,
                    text: "both `host` and the literal \"localhost\" derive \"localhost\"; \
                           urlcert reports the \"localhost\" alternative, which Section \
                           3.10 gives its own meaning",
                }),
                (Ok(()), false) | (Err(_), true) => {}
                (Err(f), false) => return Err(f),
            }
        }
        let p = s.from(slash + 1);
        let segs = fpath(cx, p)?;
        cx.put("scheme", Some(Part::Str(Span::new(s.start, s.start + 4))));
        cx.put("host", (!h.is_empty()).then_some(Part::Str(h)));
        cx.put("fpath", Some(Part::Str(p)));
        cx.put("fsegments", Some(list(cx, &segs)));
        Ok(Match {
            rule: Rule::Fileurl,
            ambiguities,
        })
    })
}
