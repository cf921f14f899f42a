//! Section 5's HTTP group, as draft-06 and RFC 1738 both print it.

/// The HTTP group's rule functions (see `shared_productions` for how it is invoked).
macro_rules! http {
    (shared) => {
        const HCHARS: &str = "uchar | \";\" | \":\" | \"@\" | \"&\" | \"=\"";

        /// The element `hsegment` and `search` both repeat.
        fn hchar(cx: &mut Cx, i: usize, end: usize) -> Option<usize> {
            uchar(cx, i, end).or_else(|| cx.one_of(i, b";:@&="))
        }
    };
    (httpurl, $httpurl:path, $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn httpurl<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
            cx.scheme_rule(s, q!("http://"), $httpurl, |cx, at| {
                let (hp, hp_end) = cx.up_to_slash(s, at, hostport)?;
                let (mut path, mut segs, mut query) = (None, None, None);
                if hp_end < s.end {
                    let rest = s.from(hp_end + 1);
                    // hpath derives no "?", so the first "?" opens the search.
                    let path_end = cx.find(rest, b'?').unwrap_or(s.end);
                    let p = Span::new(rest.start, path_end);
                    segs = Some(hpath(cx, p)?);
                    path = Some(p);
                    if path_end < s.end {
                        let q = s.from(path_end + 1);
                        search(cx, q)?;
                        query = Some(q);
                    }
                }
                cx.put("scheme", Some(Part::Str(Span::new(s.start, s.start + 4))));
                hp.put(cx);
                cx.put("hpath", path.map(Part::Str));
                cx.put("hsegments", segs.map(|v| list(cx, &v)));
                cx.put("search", query.map(Part::Str));
                Ok(Match::new($httpurl))
            })
        }
    };
    (hpath, $hpath:path, $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn hpath(cx: &mut Cx, s: Span) -> Res<Spans> {
            cx.rule($hpath, |cx| segmented(cx, s, hsegment))
        }
    };
    (hsegment, $hsegment:path, $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn hsegment(cx: &mut Cx, s: Span) -> Res<()> {
            cx.rule($hsegment, |cx| cx.star(s, $hsegment, HCHARS, hchar))
        }
    };
    (search, $search:path, $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn search(cx: &mut Cx, s: Span) -> Res<()> {
            cx.rule($search, |cx| cx.star(s, $search, HCHARS, hchar))
        }
    };
    ($($production:tt)*) => {
        crate::shared_productions::group!(http; $($production)*);
    };
}
pub(crate) use http;
