//! Section 5's GOPHER (see also RFC1436) group, as draft-06 and RFC 1738 both print it.

/// The GOPHER group's rule functions (see `shared_productions` for how it is invoked).
macro_rules! gopher {
    (shared) => {
        #[derive(Default)]
        struct GopherPath {
            gtype: Option<Span>,
            selector: Option<Span>,
            search: Option<Span>,
            gopher_plus: Option<Span>,
        }

        impl GopherPath {
            /// `selector [ "%09" search [ "%09" gopher+_string ] ]` over `rest`.
            ///
            /// `selector = *xchar` derives "%09" itself, so any "%09" may or may not be a
            /// delimiter. urlcert takes the leftmost "%09" after which `search` can match as the
            /// selector's end, and the first "%09" after that as the search's end: Section 3.4.1
            /// says a selector holds no tab, so this is the reading the prose intends.
            fn split(
                &mut self,
                cx: &mut Cx,
                rest: Span,
                gopherurl: crate::grammar::rule::Rule,
                ambiguities: &mut crate::grammar::outcome::Ambiguities,
            ) -> Res<()> {
                let input = cx.input;
                let mut tabs = Vec::new();
                let mut i = rest.start;
                while i < rest.end {
                    if escaped_octet(&input[..rest.end], i).is_some() {
                        if &input[i..i + 3] == b"%09" {
                            tabs.push(i);
                        }
                        i += 3;
                    } else {
                        i += 1;
                    }
                }
                if tabs.is_empty() {
                    selector(cx, rest)?;
                    self.selector = Some(rest);
                    return Ok(());
                }
                // search derives neither "/" nor "?": where does the next one stand?
                let mut next_bad = vec![rest.end; rest.len() + 1];
                for k in (rest.start..rest.end).rev() {
                    next_bad[k - rest.start] = if b"/?".contains(&input[k]) {
                        k
                    } else {
                        next_bad[k + 1 - rest.start]
                    };
                }
                let mut chosen = None;
                for (k, &tab) in tabs.iter().enumerate() {
                    let after = tab + 3;
                    let bad = next_bad[after - rest.start];
                    match tabs.get(k + 1) {
                        Some(&next) if next < bad => {
                            chosen = Some((tab, Span::new(after, next), Some(rest.from(next + 3))));
                            break;
                        }
                        _ if bad == rest.end => {
                            chosen = Some((tab, rest.from(after), None));
                            break;
                        }
                        _ => {}
                    }
                }
                ambiguities.push(Ambiguity {
                    rule: gopherurl,
                    text: "selector = *xchar also derives \"%09\"; urlcert splits at the leftmost \
                           \"%09\" after which `search` matches, then at the next \"%09\" \
                           (Section 3.4.1: a selector holds no tab)",
                });
                match chosen {
                    Some((tab, q, plus)) => {
                        let sel = Span::new(rest.start, tab);
                        selector(cx, sel)?;
                        search(cx, q)?;
                        if let Some(p) = plus {
                            gopher_plus_string(cx, p)?;
                        }
                        self.selector = Some(sel);
                        self.search = Some(q);
                        self.gopher_plus = plus;
                    }
                    None => {
                        selector(cx, rest)?;
                        self.selector = Some(rest);
                    }
                }
                Ok(())
            }
        }
    };
    (gopherurl, $gopherurl:path, $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn gopherurl<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
            cx.scheme_rule(s, q!("gopher://"), $gopherurl, |cx, at| {
                let (hp, hp_end) = cx.up_to_slash(s, at, hostport)?;
                cx.put("scheme", Some(Part::Str(Span::new(s.start, s.start + 6))));
                hp.put(cx);
                let mut parts = GopherPath::default();
                let mut ambiguities = crate::grammar::outcome::Ambiguities::new();
                let path = s.from(hp_end + 1);
                if hp_end < s.end && !path.is_empty() {
                    let t = gtype(cx, path)?;
                    parts.gtype = Some(t);
                    parts.split(cx, path.from(t.end), $gopherurl, &mut ambiguities)?;
                }
                let text = |sp: Option<Span>| sp.map(Part::Str);
                cx.put("gtype", text(parts.gtype));
                cx.put("selector", text(parts.selector));
                cx.put("search", text(parts.search));
                cx.put("gopher+_string", text(parts.gopher_plus));
                Ok(Match {
                    rule: $gopherurl,
                    ambiguities,
                })
            })
        }
    };
    (gtype, $gtype:path, $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn gtype(cx: &mut Cx, s: Span) -> Res<Span> {
            cx.rule($gtype, |cx| match xchar(cx, s.start, s.end) {
                Some(n) => Ok(Span::new(s.start, s.start + n)),
                None => Err(cx.fail(s.start, $gtype, "xchar")),
            })
        }
    };
    (selector, $selector:path, $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn selector(cx: &mut Cx, s: Span) -> Res<()> {
            cx.rule($selector, |cx| cx.star(s, $selector, "xchar", xchar))
        }
    };
    (gopher_plus_string, $gopher_plus_string:path, $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn gopher_plus_string(cx: &mut Cx, s: Span) -> Res<()> {
            cx.rule($gopher_plus_string, |cx| cx.star(s, $gopher_plus_string, "xchar", xchar))
        }
    };
    ($($production:tt)*) => {
        crate::shared_productions::group!(gopher; $($production)*);
    };
}
pub(crate) use gopher;
