//! draft-06 Section 5, second group: `login` and its parts, the common syntax of
//! Section 3.1 that `ftpurl` and `telneturl` use whole and the other IP schemes use from
//! `hostport` on.

use super::classes::{digits, uchar, uchars_and, ALPHA};
use crate::grammar::cx::{host_failure, Cx, Res, Span};
use crate::grammar::outcome::Failure;
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

/// What `login` found; spans of the input.
#[derive(Clone, Copy, Debug)]
pub struct Login {
    pub user: Option<Span>,
    pub password: Option<Span>,
    pub hostport: Hostport,
}

/// What `hostport` found.
#[derive(Clone, Copy, Debug)]
pub struct Hostport {
    pub host: Span,
    pub port: Option<Span>,
}

impl Login {
    pub fn put(&self, cx: &mut Cx) {
        cx.put("user", self.user.map(Part::Str));
        cx.put("password", self.password.map(Part::Str));
        self.hostport.put(cx);
    }
}

impl Hostport {
    pub fn put(&self, cx: &mut Cx) {
        cx.put("host", Some(Part::Str(self.host)));
        cx.put("port", self.port.map(Part::Str));
    }
}

/// `login          = [ user [ ":" password ] "@" ] hostport`
pub fn login(cx: &mut Cx, s: Span) -> Res<Login> {
    cx.rule(Rule::D06Login, |cx| {
        // Neither user, password nor hostport derives "@" (hostname is alpha *uchar, and
        // uchar has no "@"): the first "@" ends the user part, and user derives no ":",
        // so the first ":" before it starts the password.
        let (user_span, password_span, rest) = match cx.find(s, b'@') {
            Some(at) => {
                let info = Span::new(s.start, at);
                match cx.find(info, b':') {
                    Some(colon) => {
                        let u = Span::new(s.start, colon);
                        let p = Span::new(colon + 1, at);
                        user(cx, u)?;
                        password(cx, p)?;
                        (Some(u), Some(p), s.from(at + 1))
                    }
                    None => {
                        user(cx, info)?;
                        (Some(info), None, s.from(at + 1))
                    }
                }
            }
            None => (None, None, s),
        };
        let hostport = hostport(cx, rest)?;
        Ok(Login {
            user: user_span,
            password: password_span,
            hostport,
        })
    })
}

/// `hostport       = host [ ":" port ]`
pub fn hostport(cx: &mut Cx, s: Span) -> Res<Hostport> {
    cx.rule(Rule::D06Hostport, |cx| match cx.find(s, b':') {
        // host derives no ":", so the first ":" ends it.
        Some(colon) => {
            let h = Span::new(s.start, colon);
            let p = s.from(colon + 1);
            host(cx, h)?;
            port(cx, p)?;
            Ok(Hostport {
                host: h,
                port: Some(p),
            })
        }
        None => {
            host(cx, s)?;
            Ok(Hostport {
                host: s,
                port: None,
            })
        }
    })
}

/// `host           = hostname | hostnumber`
///
/// A hostname starts with an alpha and a hostnumber with a digit, so at most one
/// alternative matches.
pub fn host(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D06Host, |cx| {
        let name = hostname(cx, s);
        let Err(name_failure) = name else {
            return Ok(());
        };
        hostnumber(cx, s)
            .map_err(|number_failure| host_failure(cx, s, name_failure, number_failure))
    })
}

/// `hostname       = alpha *uchar`
///
/// Read as written: one alpha, then any `uchar`, so "." need not separate labels, and
/// "-", "_", "=", "~", "{" or an escape such as "%41" may stand anywhere after the first
/// character (`a..b-`, `a%20b`, `a=b` are hostnames). Section 3.1's prose ("Fully
/// qualified domain names take the form as described in Section 3.5 of RFC 1034: a
/// sequence of parts separated by period") says more, but the BNF is what is matched.
pub fn hostname(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D06Hostname, |cx| {
        if s.is_empty() || !cx.class(&ALPHA, cx.input[s.start]) {
            return Err(cx.fail(s.start, Rule::D06Hostname, "alpha"));
        }
        cx.star(s.from(s.start + 1), Rule::D06Hostname, "uchar", uchar)
    })
}

/// `hostnumber     = digits "." digits "." digits "." digits`
pub fn hostnumber(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D06Hostnumber, |cx| {
        let mut at = s.start;
        for _ in 0..3 {
            match cx.find(s.from(at), b'.') {
                Some(dot) => {
                    digits(cx, Span::new(at, dot)).map_err(|f| f_in(f, Rule::D06Hostnumber))?;
                    at = dot + 1;
                }
                None => {
                    digits(cx, s.from(at)).map_err(|f| f_in(f, Rule::D06Hostnumber))?;
                    return Err(cx.fail(s.end, Rule::D06Hostnumber, "\".\""));
                }
            }
        }
        digits(cx, s.from(at)).map_err(|f| f_in(f, Rule::D06Hostnumber))
    })
}

/// `port           = digits`
pub fn port(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D06Port, |cx| {
        digits(cx, s).map_err(|f| f_in(f, Rule::D06Port))
    })
}

/// `digits` is a building block: its failure is reported as the failure of the rule
/// that used it (the convention of `cases/README.md`).
fn f_in(f: Failure, rule: Rule) -> Failure {
    Failure { rule, ..f }
}

const USERCHARS: &str = "uchar | \";\" | \"?\" | \"&\" | \"=\"";

/// `user           = *[ uchar | ";" | "?" | "&" | "=" ]`
pub fn user(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D06User, |cx| {
        uchars_and(cx, s, Rule::D06User, USERCHARS, b";?&=")
    })
}

/// `password       = *[ uchar | ";" | "?" | "&" | "=" ]`
pub fn password(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D06Password, |cx| {
        uchars_and(cx, s, Rule::D06Password, USERCHARS, b";?&=")
    })
}
