//! Section 5's "URL schemeparts for ip based protocols" (the `login` group), as draft-06
//! and RFC 1738 both print it.

/// The `login` group's rule functions (see `shared_productions` for how it is invoked).
macro_rules! ip {
    (shared) => {
        /// What `login` found; spans of the input.
        #[derive(Clone, Copy, Debug)]
        pub struct Login {
            pub user: Option<Span>,
            pub password: Option<Span>,
            pub hostport: Hostport,
        }

        pub use crate::grammar::login::Hostport;

        impl Login {
            pub fn put(&self, cx: &mut Cx) {
                crate::grammar::login::put_user_password(cx, self.user, self.password);
                self.hostport.put(cx);
            }
        }

        /// `digits` is a building block: its failure is reported as the failure of the rule
        /// that used it, which is what a reader looks for.
        fn f_in(
            f: crate::grammar::outcome::Failure,
            rule: Rule,
        ) -> crate::grammar::outcome::Failure {
            crate::grammar::outcome::Failure { rule, ..f }
        }

        // Inlined into each scheme, where `lit` is a constant: its unquoting and the place
        // of its ":" fold away, as in `Cx::scheme_literal`.
        #[inline(always)]
        /// `lit hostport "/"` at the start of `s` (`lit` the scheme's opening literal, such
        /// as `q!("wais://")`), the opening of the nntp, wais and prospero URLs: the
        /// hostport, and the offset after the "/". hostport derives no "/", so the first
        /// "/" ends it.
        pub fn opening(
            cx: &mut Cx,
            s: Span,
            lit: &'static str,
            rule: crate::grammar::rule::Rule,
        ) -> Res<(Hostport, usize)> {
            let at = cx.scheme_literal(s, lit, rule)?;
            let (hp, hp_end) = cx.up_to_slash(s, at, hostport)?;
            let after = cx.literal(hp_end, s, q!("/"), rule)?;
            Ok((hp, after))
        }

        const USERCHARS: &str = "uchar | \";\" | \"?\" | \"&\" | \"=\"";

        /// The element `user` and `password` both repeat.
        fn userchar(cx: &mut Cx, i: usize, end: usize) -> Option<usize> {
            uchar(cx, i, end).or_else(|| cx.one_of(i, b";?&="))
        }
    };
    (login, $login:path, $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn login(cx: &mut Cx, s: Span) -> Res<Login> {
            cx.rule($login, |cx| {
                // Neither user, password nor hostport derives "@": the first "@" ends the user
                // part, and user derives no ":", so the first ":" before it starts the password.
                let (user_span, password_span, rest) =
                    crate::grammar::login::user_part(cx, s, user, password)?;
                let hostport = hostport(cx, rest)?;
                Ok(Login {
                    user: user_span,
                    password: password_span,
                    hostport,
                })
            })
        }
    };
    (hostport, $hostport:path, $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn hostport(cx: &mut Cx, s: Span) -> Res<Hostport> {
            cx.rule($hostport, |cx| {
                let (host, port) = crate::grammar::login::host_port(cx, s, host, port)?;
                Ok(Hostport { host, port })
            })
        }
    };
    (host, $host:path, $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn host(cx: &mut Cx, s: Span) -> Res<()> {
            cx.rule($host, |cx| {
                let name = hostname(cx, s);
                let Err(name_failure) = name else {
                    return Ok(());
                };
                // A hostnumber is digits and dots, and a hostname never is (RFC 1738's
                // rightmost label, draft-06's first character, is an alpha), so at most
                // one alternative can match.
                hostnumber(cx, s).map_err(|number_failure| {
                    crate::grammar::cx::host_failure(cx, s, name_failure, number_failure)
                })
            })
        }
    };
    (hostnumber, $hostnumber:path, $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn hostnumber(cx: &mut Cx, s: Span) -> Res<()> {
            cx.rule($hostnumber, |cx| {
                let mut at = s.start;
                for _ in 0..3 {
                    match cx.find(s.from(at), b'.') {
                        Some(dot) => {
                            digits(cx, Span::new(at, dot)).map_err(|f| f_in(f, $hostnumber))?;
                            at = dot + 1;
                        }
                        None => {
                            digits(cx, s.from(at)).map_err(|f| f_in(f, $hostnumber))?;
                            return Err(cx.fail(s.end, $hostnumber, "\".\""));
                        }
                    }
                }
                digits(cx, s.from(at)).map_err(|f| f_in(f, $hostnumber))
            })
        }
    };
    (port, $port:path, $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn port(cx: &mut Cx, s: Span) -> Res<()> {
            cx.rule($port, |cx| {
                digits(cx, s).map_err(|f| f_in(f, $port))
            })
        }
    };
    (user, $user:path, $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn user(cx: &mut Cx, s: Span) -> Res<()> {
            cx.rule($user, |cx| cx.star(s, $user, USERCHARS, userchar))
        }
    };
    (password, $password:path, $(#[$doc:meta])*) => {
        $(#[$doc])*
        pub fn password(cx: &mut Cx, s: Span) -> Res<()> {
            cx.rule($password, |cx| cx.star(s, $password, USERCHARS, userchar))
        }
    };
    ($($production:tt)*) => {
        crate::shared_productions::group!(ip; $($production)*);
    };
}
pub(crate) use ip;
