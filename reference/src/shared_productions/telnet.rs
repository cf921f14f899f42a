//! Section 5's TELNET group, as draft-06 and RFC 1738 both print it.

/// The TELNET group's rule functions (see `shared_productions` for how it is invoked).
macro_rules! telnet {
    (telneturl, $telneturl:path, $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn telneturl<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
            cx.scheme_rule(s, q!("telnet://"), $telneturl, |cx, at| {
                let (l, login_end) = cx.up_to_slash(s, at, login)?;
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
    ($($production:tt)*) => {
        crate::shared_productions::group!(telnet; $($production)*);
    };
}
pub(crate) use telnet;
