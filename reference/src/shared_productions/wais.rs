//! Section 5's WAIS (see also RFC1625) group, as draft-06 and RFC 1738 both print it.

/// The WAIS group's rule functions (see `shared_productions` for how it is invoked).
macro_rules! wais {
    (shared) => {
        // The opening all three forms share, `"wais://" hostport "/"`, is `ip`'s `opening`.
        fn components(cx: &mut Cx, s: Span, hp: Hostport, parts: [Option<Span>; 4]) {
            cx.put("scheme", Some(Part::Str(Span::new(s.start, s.start + 4))));
            hp.put(cx);
            for (name, part) in ["database", "search", "wtype", "wpath"]
                .into_iter()
                .zip(parts)
            {
                cx.put(name, part.map(Part::Str));
            }
        }
    };
    (waisurl, $waisurl:path, $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn waisurl<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
            cx.rule($waisurl, |cx| {
                let a = match waisdatabase(cx, s) {
                    Ok(m) => return Ok(m),
                    Err(f) => f,
                };
                let b = match waisindex(cx, s) {
                    Ok(m) => return Ok(m),
                    Err(f) => f,
                };
                waisdoc(cx, s).map_err(|c| furthest(furthest(a, b), c))
            })
        }
    };
    (waisdatabase, $waisdatabase:path, $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn waisdatabase<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
            cx.rule($waisdatabase, |cx| {
                let (hp, at) = opening(cx, s, q!("wais://"), $waisdatabase)?;
                let db = s.from(at);
                database(cx, db)?;
                components(cx, s, hp, [Some(db), None, None, None]);
                Ok(Match::new($waisdatabase))
            })
        }
    };
    (waisindex, $waisindex:path, $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn waisindex<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
            cx.rule($waisindex, |cx| {
                let (hp, at) = opening(cx, s, q!("wais://"), $waisindex)?;
                // database derives no "?".
                let q = cx.find(s.from(at), b'?').unwrap_or(s.end);
                let db = Span::new(at, q);
                database(cx, db)?;
                let after = cx.literal(q, s, q!("?"), $waisindex)?;
                let sr = s.from(after);
                search(cx, sr)?;
                components(cx, s, hp, [Some(db), Some(sr), None, None]);
                Ok(Match::new($waisindex))
            })
        }
    };
    (waisdoc, $waisdoc:path, $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn waisdoc<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
            cx.rule($waisdoc, |cx| {
                let (hp, at) = opening(cx, s, q!("wais://"), $waisdoc)?;
                // database and wtype derive no "/".
                let d_end = cx.find(s.from(at), b'/').unwrap_or(s.end);
                let db = Span::new(at, d_end);
                database(cx, db)?;
                let t_start = cx.literal(d_end, s, q!("/"), $waisdoc)?;
                let t_end = cx.find(s.from(t_start), b'/').unwrap_or(s.end);
                let ty = Span::new(t_start, t_end);
                wtype(cx, ty)?;
                let p_start = cx.literal(t_end, s, q!("/"), $waisdoc)?;
                let p = s.from(p_start);
                wpath(cx, p)?;
                components(cx, s, hp, [Some(db), None, Some(ty), Some(p)]);
                Ok(Match::new($waisdoc))
            })
        }
    };
    (database, $database:path, $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn database(cx: &mut Cx, s: Span) -> Res<()> {
            cx.rule($database, |cx| cx.star(s, $database, "uchar", uchar))
        }
    };
    (wtype, $wtype:path, $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn wtype(cx: &mut Cx, s: Span) -> Res<()> {
            cx.rule($wtype, |cx| cx.star(s, $wtype, "uchar", uchar))
        }
    };
    (wpath, $wpath:path, $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn wpath(cx: &mut Cx, s: Span) -> Res<()> {
            cx.rule($wpath, |cx| cx.star(s, $wpath, "uchar", uchar))
        }
    };
    ($($production:tt)*) => {
        crate::shared_productions::group!(wais; $($production)*);
    };
}
pub(crate) use wais;
