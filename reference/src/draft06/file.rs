//! draft-06 Section 5, `fileurl`; Section 3.10.

use super::ftp::{fpath, list};
use super::ip::host;
use super::{put_scheme, Match};
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

/// `fileurl        = "file://" host [ "/" fpath ]`
///
/// Followed as written, which differs from RFC 1738 twice: `host` is not optional, so
/// `file:///etc/motd` (an empty host) is no fileurl, though Section 3.10 says "<host>
/// can be the string "localhost" or the empty string" (the notes report that prose
/// reading: `file.empty-host`); and the path is optional, so `file://vms.host.edu` is a
/// fileurl, though Section 3.10's form is `file://<host>/<path>`. "localhost" is a
/// `hostname` like any other.
pub fn fileurl<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D06Fileurl, |cx| {
        let at = cx.scheme_literal(s, q!("file://"), Rule::D06Fileurl)?;
        // host derives no "/", so the first "/" ends it.
        let slash = cx.find(s.from(at), b'/');
        let h = Span::new(at, slash.unwrap_or(s.end));
        host(cx, h)?;
        let (path, segs) = match slash {
            Some(slash) => {
                let p = s.from(slash + 1);
                let segs = fpath(cx, p)?;
                (Some(p), Some(segs))
            }
            None => (None, None),
        };
        put_scheme(cx, s, "file");
        cx.put("host", Some(Part::Str(h)));
        cx.put("fpath", path.map(Part::Str));
        cx.put("fsegments", segs.map(|v| list(cx, &v)));
        Ok(Match::new(Rule::D06Fileurl))
    })
}
