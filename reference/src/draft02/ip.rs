//! The "Internet protocol parts" (FULL FORM): `login`, `hostport`, `host` and what they
//! are made of.
//!
//! In this draft `user`, `password` and `hostname` are all made of xalphas, and
//! `xalpha` holds ":" and "@" (`extra` and `safe`), so the delimiters the prose names
//! ("followed by a commercial at sign "@"", "delimited by a colon", "after a colon") can
//! also be data: `u@h:21` derives as a hostname alone, as hostname and port, and as user,
//! hostname and port. The input is accepted when any derivation exists; the components
//! come from one derivation picked by the rules below (each is recorded as an
//! [`Ambiguity`] when another derivation exists too):
//!
//! - `login`: there is a user when some "@" has something before it and a `hostport`
//!   after it; the rightmost such "@" ends the user part (so the host is what the prose
//!   calls "the internet domain name of the host", which has no "@");
//! - `user [ : password ]`: the password starts after the first ":" that has something
//!   on both sides ("a password after the user name, delimited by a colon");
//! - `hostport`: the port is what follows the last ":", when that is `digits` and what
//!   precedes it is a `host` ("The port number ... is given in decimal notation after a
//!   colon").
//!
//! Everything these rules derive is an xalpha, so each rule is decided by one pass over
//! its span and a look at each "@" or ":": linear in the length of the input.

use super::classes::{digits, ialpha, owned, shape, xalphas};
use crate::grammar::cx::{furthest, host_failure, Cx, Res, Span};
use crate::grammar::login::{put_host_port, put_user_password};
use crate::grammar::outcome::Ambiguity;
use crate::grammar::rule::Rule;

/// What `login` found; spans of the input.
#[derive(Clone, Debug)]
pub struct Login {
    pub user: Option<Span>,
    pub password: Option<Span>,
    pub hostport: Hostport,
    pub ambiguities: crate::grammar::outcome::Ambiguities,
}

/// What `hostport` found.
#[derive(Clone, Debug)]
pub struct Hostport {
    pub host: Span,
    pub port: Option<Span>,
    pub ambiguities: crate::grammar::outcome::Ambiguities,
}

impl Login {
    pub fn put(&self, cx: &mut Cx) {
        put_user_password(cx, self.user, self.password);
        self.hostport.put(cx);
    }
}

impl Hostport {
    pub fn put(&self, cx: &mut Cx) {
        put_host_port(cx, self.host, self.port);
    }
}

const LOGIN_SPLIT: &str = "login [ user [ : password ] @ ] hostport: user, password and \
hostname all derive \"@\" and \":\" (safe, extra), so the login splits more than one way; \
urlcert ends the user part at the rightmost \"@\" that leaves a hostport after it";

const PASSWORD_SPLIT: &str = "user [ : password ]: user derives \":\" (extra), so the \
user part also derives as a user alone; urlcert starts the password after the first \":\" \
with text on both sides";

const PORT_SPLIT: &str = "hostport host [ : port ]: a hostname derives \":\" (extra), so \
this hostport also derives as a host alone; urlcert takes the digits after the last \":\" \
as the port";

/// `login [ user [ : password ] @ ] hostport`
pub fn login(cx: &mut Cx, s: Span) -> Res<Login> {
    cx.rule(Rule::D02Login, |cx| {
        let input = cx.input;
        let bytes = cx.bytes(s);
        if shape::all_xalpha(bytes) {
            // The rightmost "@" with a user before it and a hostport after it. What
            // follows any "@" but the last holds an "@", so it can only be a hostname
            // (a hostnumber and a port have none): one look at its first octet.
            let ats: Vec<usize> = (s.start + 1..s.end)
                .rev()
                .filter(|&k| input[k] == b'@')
                .collect();
            let after = |k: usize| &input[k + 1..s.end];
            let derives = |n: usize, k: usize| {
                shape::starts_alpha(after(k)) || (n == 0 && shape::hostport(after(k)))
            };
            if let Some(pos) = (0..ats.len()).find(|&n| derives(n, ats[n])) {
                let at = ats[pos];
                let mut ambiguities = crate::grammar::outcome::Ambiguities::new();
                // Another "@" that works, or no user at all (a hostname holds "@").
                let another = ats[pos + 1..]
                    .iter()
                    .any(|&k| shape::starts_alpha(after(k)));
                if another || shape::starts_alpha(bytes) {
                    ambiguities.push(Ambiguity {
                        rule: Rule::D02Login,
                        text: LOGIN_SPLIT,
                    });
                }
                let info = Span::new(s.start, at);
                let (user_span, password_span) = match first_inner_colon(cx, info) {
                    Some(colon) => {
                        ambiguities.push(Ambiguity {
                            rule: Rule::D02Password,
                            text: PASSWORD_SPLIT,
                        });
                        (
                            Span::new(info.start, colon),
                            Some(Span::new(colon + 1, info.end)),
                        )
                    }
                    None => (info, None),
                };
                user(cx, user_span)?;
                if let Some(p) = password_span {
                    password(cx, p)?;
                }
                let mut hp = hostport(cx, s.from(at + 1))?;
                ambiguities.append(&mut hp.ambiguities);
                return Ok(Login {
                    user: Some(user_span),
                    password: password_span,
                    hostport: hp,
                    ambiguities,
                });
            }
        }
        // No user part derives: the login is a hostport, or nothing.
        let whole = hostport(cx, s);
        let Err(whole_failure) = whole else {
            let mut hp = whole?;
            let ambiguities = std::mem::take(&mut hp.ambiguities);
            return Ok(Login {
                user: None,
                password: None,
                hostport: hp,
                ambiguities,
            });
        };
        // Where the user-part reading fails, split at the last "@" as the prose writes it.
        let Some(at) = cx.bytes(s).iter().rposition(|&b| b == b'@') else {
            return Err(whole_failure);
        };
        let at = s.start + at;
        let info = Span::new(s.start, at);
        let split = (|| {
            match first_inner_colon(cx, info) {
                Some(colon) => {
                    user(cx, Span::new(info.start, colon))?;
                    password(cx, Span::new(colon + 1, info.end))?;
                }
                None => user(cx, info)?,
            }
            hostport(cx, s.from(at + 1)).map(|_| ())
        })();
        Err(match split {
            Err(f) => furthest(f, whole_failure),
            Ok(()) => whole_failure,
        })
    })
}

/// The first ":" in `s` with something before and after it.
fn first_inner_colon(cx: &Cx, s: Span) -> Option<usize> {
    if s.len() < 3 {
        return None;
    }
    cx.find(Span::new(s.start + 1, s.end - 1), b':')
}

/// `hostport host [ : port ]`
pub fn hostport(cx: &mut Cx, s: Span) -> Res<Hostport> {
    cx.rule(Rule::D02Hostport, |cx| {
        // port is digits, so a port can only follow the last ":".
        let colon = cx
            .bytes(s)
            .iter()
            .rposition(|&b| b == b':')
            .map(|i| s.start + i);
        if let Some(colon) = colon {
            let h = Span::new(s.start, colon);
            let p = s.from(colon + 1);
            let splits = shape::digits(cx.bytes(p))
                && shape::all_xalpha(cx.bytes(h))
                && shape::host(cx.bytes(h));
            if splits {
                host(cx, h)?;
                port(cx, p)?;
                let mut ambiguities = crate::grammar::outcome::Ambiguities::new();
                if shape::starts_alpha(cx.bytes(h)) {
                    ambiguities.push(Ambiguity {
                        rule: Rule::D02Hostport,
                        text: PORT_SPLIT,
                    });
                }
                return Ok(Hostport {
                    host: h,
                    port: Some(p),
                    ambiguities,
                });
            }
        }
        match host(cx, s) {
            Ok(()) => Ok(Hostport {
                host: s,
                port: None,
                ambiguities: crate::grammar::outcome::Ambiguities::new(),
            }),
            Err(whole) => {
                let Some(colon) = colon else {
                    return Err(whole);
                };
                let split =
                    host(cx, Span::new(s.start, colon)).and_then(|()| port(cx, s.from(colon + 1)));
                Err(match split {
                    Err(f) => furthest(whole, f),
                    Ok(()) => whole,
                })
            }
        }
    })
}

/// `host hostname | hostnumber`
pub fn host(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D02Host, |cx| {
        let name = hostname(cx, s);
        let Err(name_failure) = name else {
            return Ok(());
        };
        // A hostname starts with an alpha and a hostnumber with a digit: at most one
        // alternative matches.
        hostnumber(cx, s)
            .map_err(|number_failure| host_failure(cx, s, name_failure, number_failure))
    })
}

/// `hostname ialpha [ . hostname ]`
///
/// `ialpha` derives "." itself (`safe`), and every `ialpha . hostname` is also an
/// `ialpha`, so a hostname is exactly an ialpha: the span is matched as one. (The
/// derivations differ only in where the dots fall; no component depends on it.)
pub fn hostname(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D02Hostname, |cx| {
        ialpha(cx, s).map_err(owned(Rule::D02Hostname))
    })
}

/// `hostnumber digits . digits . digits . digits`
pub fn hostnumber(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D02Hostnumber, |cx| {
        // digits derive no ".", so the dots split the span.
        let mut at = s.start;
        for _ in 0..3 {
            match cx.find(s.from(at), b'.') {
                Some(dot) => {
                    digits(cx, Span::new(at, dot)).map_err(owned(Rule::D02Hostnumber))?;
                    at = dot + 1;
                }
                None => {
                    digits(cx, s.from(at)).map_err(owned(Rule::D02Hostnumber))?;
                    return Err(cx.fail(s.end, Rule::D02Hostnumber, "."));
                }
            }
        }
        digits(cx, s.from(at)).map_err(owned(Rule::D02Hostnumber))
    })
}

/// `port digits`
pub fn port(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D02Port, |cx| {
        digits(cx, s).map_err(owned(Rule::D02Port))
    })
}

/// `user xalphas`
pub fn user(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D02User, |cx| {
        xalphas(cx, s).map_err(owned(Rule::D02User))
    })
}

/// `password xalphas`
pub fn password(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D02Password, |cx| {
        xalphas(cx, s).map_err(owned(Rule::D02Password))
    })
}
