//! Section 4.3.1, "Server Component".

use super::classes::{escaped, repeat, ALPHA, ALPHANUM, DIGIT, UNRESERVED};
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::login::{host_port, user_part};
use crate::grammar::outcome::Part;
use crate::grammar::outcome::{Components, Failure};
use crate::grammar::rule::Rule;

/// What `server` found; spans of the input. `host` and `port` are absent when the
/// server is empty (the `hostport` alternative was not taken).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Server {
    pub user: Option<Span>,
    pub password: Option<Span>,
    pub host: Option<Span>,
    pub port: Option<Span>,
}

impl Server {
    pub fn put<'a>(&self, _cx: &Cx<'a>, c: &mut Components<'a>) {
        let text = |s: Option<Span>| s.map(Part::Str);
        c.put("user", text(self.user));
        c.put("password", text(self.password));
        c.put("host", text(self.host));
        c.put("port", text(self.port));
    }
}

/// `server         = [ [ user [ ":" password ] "@" ] hostport ]`
pub fn server(cx: &mut Cx, s: Span) -> Res<Server> {
    cx.rule(Rule::D1996Server, |cx| {
        if s.is_empty() {
            return Ok(Server::default());
        }
        // Neither user, password nor hostport derives "@": the first "@" ends the user
        // part (a second one fails in hostport). user derives no ":", so the first ":"
        // before the "@" starts the password.
        let (user_span, password_span, rest) = user_part(cx, s, user, password)?;
        let (host, port) = hostport(cx, rest)?;
        Ok(Server {
            user: user_span,
            password: password_span,
            host: Some(host),
            port,
        })
    })
}

const USERCHARS: &str = "unreserved | escaped | \";\" | \"?\" | \"&\" | \"=\" | \"+\"";

fn userchar(cx: &mut Cx, i: usize, end: usize) -> Option<usize> {
    if cx.class(&UNRESERVED, cx.input[i]) {
        return Some(1);
    }
    escaped(cx, i, end).or_else(|| cx.one_of(i, b";?&=+"))
}

/// ```text
/// user           = *[ unreserved | escaped |
///                     ";" | "?" | "&" | "=" | "+" ]
/// ```
pub fn user(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D1996User, |cx| {
        repeat(cx, s, Rule::D1996User, USERCHARS, userchar)
    })
}

/// ```text
/// password       = *[ unreserved | escaped |
///                     ";" | "?" | "&" | "=" | "+" ]
/// ```
pub fn password(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D1996Password, |cx| {
        repeat(cx, s, Rule::D1996Password, USERCHARS, userchar)
    })
}

/// `hostport     = host [ ":" port ]`
///
/// Returns the host and, when there is a ":", the port (possibly empty).
pub fn hostport(cx: &mut Cx, s: Span) -> Res<(Span, Option<Span>)> {
    cx.rule(Rule::D1996Hostport, |cx| {
        // Neither host nor port derives ":", so the first ":" ends the host.
        host_port(cx, s, host, port)
    })
}

/// `host         = hostname | hostnumber`
pub fn host(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D1996Host, |cx| {
        let Err(name_failure) = hostname(cx, s) else {
            return Ok(());
        };
        // "The rightmost domain label will never start with a digit, though, which
        // syntactically distinguishes all domain names from the IP addresses": at most
        // one alternative matches.
        hostnumber(cx, s).map_err(|number_failure| {
            crate::grammar::cx::host_failure(cx, s, name_failure, number_failure)
        })
    })
}

/// `hostname     = *( domainlabel "." ) toplabel`
pub fn hostname(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D1996Hostname, |cx| {
        crate::grammar::class::dotted_labels(cx, s, domainlabel, toplabel)
    })
}

crate::shared_productions::labels! {
/// `domainlabel  = alphanum | alphanum *( alphanum | "-" ) alphanum`
pub fn domainlabel(Rule::D1996Domainlabel);
/// `toplabel     = alpha | alpha *( alphanum | "-" ) alphanum`
pub fn toplabel(Rule::D1996Toplabel);
alphanum = ALPHANUM, "alphanum";
}

/// `hostnumber   = 1*digit "." 1*digit "." 1*digit "." 1*digit`
pub fn hostnumber(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D1996Hostnumber, |cx| {
        let mut at = s.start;
        for _ in 0..3 {
            // 1*digit derives no ".", so each group ends at the next ".".
            match cx.find(s.from(at), b'.') {
                Some(dot) => {
                    digits(cx, Span::new(at, dot))?;
                    at = dot + 1;
                }
                None => {
                    digits(cx, s.from(at))?;
                    return Err(cx.fail(s.end, Rule::D1996Hostnumber, "\".\""));
                }
            }
        }
        digits(cx, s.from(at))
    })
}

/// `1*digit`, one group of a `hostnumber`; its failure is the hostnumber's.
fn digits(cx: &mut Cx, s: Span) -> Result<(), Failure> {
    cx.class_plus(s, Rule::D1996Hostnumber, (&DIGIT, "digit"))
}

/// `port         = *digit`
///
/// Appendix E.3: "The URL port is now *digit instead of 1*digit", so `host:` derives.
pub fn port(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D1996Port, |cx| {
        cx.class_star(s, Rule::D1996Port, (&DIGIT, "digit"))
    })
}
