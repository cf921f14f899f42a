//! Section 5's FTP (see also RFC959) group, as draft-06 and RFC 1738 both print it.

/// The FTP group's rule functions (see `shared_productions` for how it is invoked).
macro_rules! ftp {
    (shared) => {
        /// The pieces of `s` between its "/"s (a path of n slashes has n + 1 segments).
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

        /// The path `s`, one `segment` between each two "/"s: the segments, when each
        /// derives.
        pub fn segmented(
            cx: &mut Cx,
            s: Span,
            segment: fn(&mut Cx, Span) -> Res<()>,
        ) -> Res<Spans> {
            segments(cx, s)
                .iter()
                .map(|&seg| segment(cx, seg).map(|()| seg))
                .collect()
        }

        pub(crate) fn list(_cx: &Cx, spans: &[Span]) -> Part {
            Part::List(spans.iter().copied().collect())
        }
    };
    (ftpurl, $ftpurl:path, $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn ftpurl<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
            cx.scheme_rule(s, q!("ftp://"), $ftpurl, |cx, at| {
                let (l, login_end) = cx.up_to_slash(s, at, login)?;
                cx.put("scheme", Some(Part::Str(Span::new(s.start, s.start + 3))));
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
                        let t = cx.literal(path_end, s, q!(";type="), $ftpurl)?;
                        ftptype(cx, s.from(t))?;
                        typecode = Some(s.from(t));
                    }
                }
                cx.put("fpath", path.map(Part::Str));
                cx.put("fsegments", segments.map(|v| list(cx, &v)));
                cx.put("ftptype", typecode.map(Part::Str));
                Ok(Match::new($ftpurl))
            })
        }
    };
    (fpath, $fpath:path, $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn fpath(cx: &mut Cx, s: Span) -> Res<Spans> {
            cx.rule($fpath, |cx| segmented(cx, s, fsegment))
        }
    };
    (fsegment, $fsegment:path, $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn fsegment(cx: &mut Cx, s: Span) -> Res<()> {
            cx.rule($fsegment, |cx| {
                cx.star(
                    s,
                    $fsegment,
                    "uchar | \"?\" | \":\" | \"@\" | \"&\" | \"=\"",
                    |cx, i, e| uchar(cx, i, e).or_else(|| cx.one_of(i, b"?:@&=")),
                )
            })
        }
    };
    (ftptype, $ftptype:path, $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn ftptype(cx: &mut Cx, s: Span) -> Res<()> {
            cx.rule($ftptype, |cx| {
                let codes = "\"A\" | \"I\" | \"D\" | \"a\" | \"i\" | \"d\"";
                match cx.bytes(s) {
                    [b] if b"AIDaid".contains(b) => Ok(()),
                    [b, ..] if b"AIDaid".contains(b) => Err(cx.fail(
                        s.start + 1,
                        $ftptype,
                        "the end of the URL after the one-character ftptype",
                    )),
                    _ => Err(cx.fail(s.start, $ftptype, codes)),
                }
            })
        }
    };
    ($($production:tt)*) => {
        crate::shared_productions::group!(ftp; $($production)*);
    };
}
pub(crate) use ftp;
