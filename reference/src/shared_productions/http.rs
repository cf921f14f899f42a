//! Section 5's HTTP group, as draft-06 and RFC 1738 both print it.

/// The HTTP group's rule functions (see `shared_productions` for how it is invoked).
macro_rules! http {
    (
        $(#[$httpurl_doc:meta])*
        pub fn httpurl($httpurl:path);
        $(#[$hpath_doc:meta])*
        pub fn hpath($hpath:path);
        $(#[$hsegment_doc:meta])*
        pub fn hsegment($hsegment:path);
        $(#[$search_doc:meta])*
        pub fn search($search:path);
    ) => {
        $(#[$httpurl_doc])*
        pub fn httpurl<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
            cx.rule($httpurl, |cx| {
                let at = cx.scheme_literal(s, q!("http://"), $httpurl)?;
                // hostport derives no "/", so the first "/" ends it.
                let hp_end = cx.find(s.from(at), b'/').unwrap_or(s.end);
                let hp = hostport(cx, Span::new(at, hp_end))?;
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

        $(#[$hpath_doc])*
        pub fn hpath(cx: &mut Cx, s: Span) -> Res<Spans> {
            cx.rule($hpath, |cx| {
                segments(cx, s)
                    .iter()
                    .map(|&seg| hsegment(cx, seg).map(|()| seg))
                    .collect()
            })
        }

        const HCHARS: &str = "uchar | \";\" | \":\" | \"@\" | \"&\" | \"=\"";

        $(#[$hsegment_doc])*
        pub fn hsegment(cx: &mut Cx, s: Span) -> Res<()> {
            cx.rule($hsegment, |cx| {
                cx.star(s, $hsegment, HCHARS, |cx, i, e| {
                    uchar(cx, i, e).or_else(|| cx.one_of(i, b";:@&="))
                })
            })
        }

        $(#[$search_doc])*
        pub fn search(cx: &mut Cx, s: Span) -> Res<()> {
            cx.rule($search, |cx| {
                cx.star(s, $search, HCHARS, |cx, i, e| {
                    uchar(cx, i, e).or_else(|| cx.one_of(i, b";:@&="))
                })
            })
        }
    };
}
pub(crate) use http;
