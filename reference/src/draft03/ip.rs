//! draft-03's common internet parts: `login`, `hostport`, `host`, `hostname`,
//! `hostnumber`, `port`, `user`, `password`.
//!
//! Prose ("Internet protocol parts"): "This starts with a double slash "//" to indicate
//! its presence, and continues until the following slash "/"". No rule here derives "/".

use super::classes::{digits_in, ialpha, ALPHANUM2};
use crate::grammar::cx::{furthest, host_failure, Cx, Res, Span};
pub use crate::grammar::login::Hostport;
use crate::grammar::login::{host_port, put_user_password, user_password};
use crate::grammar::outcome::Ambiguity;
use crate::grammar::rule::Rule;

/// What `login` found; spans of the input.
#[derive(Clone, Copy, Debug)]
pub struct Login {
    pub user: Option<Span>,
    pub password: Option<Span>,
    pub hostport: Hostport,
    /// The input also derives with the optional `[ user [ : password ] @ ]` left out,
    /// the whole login being the hostport (a `hostname` may hold "@").
    pub ambiguous: bool,
}

/// The ambiguity of a `login` that also derives as a bare hostport.
pub fn login_ambiguity(l: &Login) -> Option<Ambiguity> {
    l.ambiguous.then_some(Ambiguity {
        rule: Rule::D03Login,
        text: "[ user [ : password ] @ ] hostport: a hostname derives \"@\" too, so the login \
               also derives with no user; urlcert reports the user (\"the user name and \
               optional password are followed by a commercial at sign \"@\"\")",
    })
}

impl Login {
    pub fn put(&self, cx: &mut Cx) {
        put_user_password(cx, self.user, self.password);
        self.hostport.put(cx);
    }
}

/// `login [ user [ : password ] @ ] hostport`
///
/// `user` and `password` derive no "@" and no ":", so the user part can only end at the
/// first "@", and the password start at the first ":" before it. But `hostname` derives
/// "@" (it is in `safe`), so an input with an "@" may also derive with the optional part
/// left out. urlcert reports the user-part derivation, as the prose describes it ("the
/// user name and optional password are followed by a commercial at sign "@""), and
/// records the ambiguity (`ftp://u@h/`: user "u" and host "h", or the hostname "u@h").
/// The hostport-only derivation is reported only when the other fails: `ftp://u%41@h/`
/// (a user has no escapes) has no user and the hostname "u%41@h".
pub fn login(cx: &mut Cx, s: Span) -> Res<Login> {
    cx.rule(Rule::D03Login, |cx| {
        let Some(at) = cx.find(s, b'@') else {
            let hp = hostport(cx, s)?;
            return Ok(Login {
                user: None,
                password: None,
                hostport: hp,
                ambiguous: false,
            });
        };
        let with_user =
            user_password(cx, Span::new(s.start, at), user, password).and_then(|(u, p)| {
                let hp = hostport(cx, s.from(at + 1))?;
                Ok((u, p, hp))
            });
        let without = hostport(cx, s);
        match (with_user, without) {
            (Ok((u, p, hp)), other) => Ok(Login {
                user: Some(u),
                password: p,
                hostport: hp,
                ambiguous: other.is_ok(),
            }),
            (Err(_), Ok(hp)) => Ok(Login {
                user: None,
                password: None,
                hostport: hp,
                ambiguous: false,
            }),
            (Err(a), Err(b)) => Err(furthest(a, b)),
        }
    })
}

/// `hostport host [ : port ]`
///
/// `host` derives no ":", so the first ":" starts the port.
pub fn hostport(cx: &mut Cx, s: Span) -> Res<Hostport> {
    cx.rule(Rule::D03Hostport, |cx| {
        let (host, port) = host_port(cx, s, host, port)?;
        Ok(Hostport { host, port })
    })
}

/// `host hostname | hostnumber`
///
/// A `hostname` starts with a letter and a `hostnumber` with a digit, so at most one
/// alternative matches.
pub fn host(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D03Host, |cx| {
        let Err(name_failure) = hostname(cx, s) else {
            return Ok(());
        };
        hostnumber(cx, s)
            .map_err(|number_failure| host_failure(cx, s, name_failure, number_failure))
    })
}

/// `hostname ialpha [ . hostname ]`
///
/// `ialpha` derives "." itself (`xalpha` includes `safe`, which has "."), so
/// `ialpha . hostname` derives nothing `ialpha` does not: the language is `ialpha`'s, a
/// letter then any `xalpha`s. The BNF is ambiguous wherever a hostname has a "."; every
/// derivation gives the same host, so none is recorded. Labels are not checked against
/// "RFC1037 format" (the prose's reference, RFC 1034 meant): the BNF is what decides.
pub fn hostname(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D03Hostname, |cx| ialpha(cx, s))
}

/// `hostnumber digits . digits . digits . digits`
pub fn hostnumber(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D03Hostnumber, |cx| {
        let mut at = s.start;
        for _ in 0..3 {
            match cx.find(s.from(at), b'.') {
                Some(dot) => {
                    digits_in(cx, Span::new(at, dot), Rule::D03Hostnumber)?;
                    at = dot + 1;
                }
                None => {
                    digits_in(cx, s.from(at), Rule::D03Hostnumber)?;
                    return Err(cx.fail(s.end, Rule::D03Hostnumber, "\".\""));
                }
            }
        }
        digits_in(cx, s.from(at), Rule::D03Hostnumber)
    })
}

/// `port digits`
pub fn port(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D03Port, |cx| digits_in(cx, s, Rule::D03Port))
}

/// `user alphanum2 [ user ]`
///
/// One or more `alphanum2`: letters, digits, "-", "_", ".", "+". No escapes.
pub fn user(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D03User, |cx| alphanum2s(cx, s, Rule::D03User))
}

/// `password alphanum2 [ password ]`
pub fn password(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D03Password, |cx| alphanum2s(cx, s, Rule::D03Password))
}

fn alphanum2s(cx: &mut Cx, s: Span, rule: Rule) -> Res<()> {
    cx.class_plus(s, rule, (&ALPHANUM2, "alphanum2"))
}
