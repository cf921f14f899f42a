//! TELNET: the productions draft-06 Section 5 and RFC 1738 Section 5 print alike.

/// The TELNET group's rule functions (invoked as the module above says).
macro_rules! telnet {
    (
        $(#[$telneturl_doc:meta])*
        pub fn telneturl($telneturl:path);
    ) => {
        $(#[$telneturl_doc])*
        pub fn telneturl<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
            cx.rule($telneturl, |cx| {
                let at = cx.scheme_literal(s, q!("telnet://"), $telneturl)?;
                let login_end = cx.find(s.from(at), b'/').unwrap_or(s.end);
                let l = login(cx, Span::new(at, login_end))?;
                if login_end < s.end && login_end + 1 != s.end {
                    return Err(cx.fail(
                        login_end + 1,
                        $telneturl,
                        "the end of the URL after \"/\"",
                    ));
                }
                cx.put("scheme", Some(Part::Str(Span::new(s.start, s.start + 6))));
                l.put(cx);
                Ok(Match::new($telneturl))
            })
        }
    };
}
pub(crate) use telnet;
