//! RFC 1738 Section 5, "URL schemeparts for ip based protocols" (Section 3.1).

use super::classes::{digits, uchar, xchar, ALPHA, ALPHADIGIT};
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

/// What `login` found; spans of the input.
#[derive(Clone, Copy, Debug)]
pub struct Login {
    pub user: Option<Span>,
    pub password: Option<Span>,
    pub hostport: Hostport,
}

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

/// `ip-schemepart  = "//" login [ "/" urlpath ]`
pub fn ip_schemepart(cx: &mut Cx, s: Span) -> Res<(Login, Option<Span>)> {
    cx.rule(Rule::IpSchemepart, |cx| {
        let at = cx.literal(s.start, s, q!("//"), Rule::IpSchemepart)?;
        // login derives no "/", so the first "/" ends it.
        let login_end = cx.find(s.from(at), b'/').unwrap_or(s.end);
        let l = login(cx, Span::new(at, login_end))?;
        let path = if login_end < s.end {
            let p = Span::new(login_end + 1, s.end);
            urlpath(cx, p)?;
            Some(p)
        } else {
            None
        };
        Ok((l, path))
    })
}

/// `login          = [ user [ ":" password ] "@" ] hostport`
pub fn login(cx: &mut Cx, s: Span) -> Res<Login> {
    cx.rule(Rule::Login, |cx| {
        // Neither user, password nor hostport derives "@": the first "@" ends the user
        // part, and user derives no ":", so the first ":" before it starts the password.
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
    cx.rule(Rule::Hostport, |cx| match cx.find(s, b':') {
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
pub fn host(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::Host, |cx| {
        let name = hostname(cx, s);
        let Err(name_failure) = name else {
            return Ok(());
        };
        // Section 3.1: "The rightmost domain label will never start with a digit",
        // so at most one alternative can match.
        hostnumber(cx, s).map_err(|number_failure| {
            crate::grammar::cx::host_failure(cx, s, name_failure, number_failure)
        })
    })
}

/// `hostname       = *[ domainlabel "." ] toplabel`
pub fn hostname(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::Hostname, |cx| {
        // Neither label rule derives ".", so the labels are what lies between the dots.
        let mut label = s.start;
        while let Some(dot) = cx.find(s.from(label), b'.') {
            domainlabel(cx, Span::new(label, dot))?;
            label = dot + 1;
        }
        toplabel(cx, s.from(label))
    })
}

/// `domainlabel    = alphadigit | alphadigit *[ alphadigit | "-" ] alphadigit`
pub fn domainlabel(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::Domainlabel, |cx| {
        label(cx, s, Rule::Domainlabel, &ALPHADIGIT, "alphadigit")
    })
}

/// `toplabel       = alpha | alpha *[ alphadigit | "-" ] alphadigit`
pub fn toplabel(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::Toplabel, |cx| {
        label(cx, s, Rule::Toplabel, &ALPHA, "alpha")
    })
}

/// The shape both label rules share: `first | first *[ alphadigit | "-" ] alphadigit`.
fn label(
    cx: &mut Cx,
    s: Span,
    rule: Rule,
    first: &crate::grammar::class::Class,
    first_name: &'static str,
) -> Res<()> {
    let input = cx.input;
    if s.is_empty() || !cx.class(first, input[s.start]) {
        return Err(cx.fail(s.start, rule, first_name));
    }
    if s.len() == 1 {
        return Ok(());
    }
    for (i, &b) in input.iter().enumerate().take(s.end - 1).skip(s.start + 1) {
        if !(cx.class(&ALPHADIGIT, b) || b == b'-') {
            return Err(cx.fail(i, rule, "alphadigit | \"-\""));
        }
    }
    if !cx.class(&ALPHADIGIT, input[s.end - 1]) {
        return Err(cx.fail(s.end - 1, rule, "alphadigit"));
    }
    Ok(())
}

/// `hostnumber     = digits "." digits "." digits "." digits`
pub fn hostnumber(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::Hostnumber, |cx| {
        let mut at = s.start;
        for _ in 0..3 {
            match cx.find(s.from(at), b'.') {
                Some(dot) => {
                    digits(cx, Span::new(at, dot)).map_err(|f| f_in(f, Rule::Hostnumber))?;
                    at = dot + 1;
                }
                None => {
                    digits(cx, s.from(at)).map_err(|f| f_in(f, Rule::Hostnumber))?;
                    return Err(cx.fail(s.end, Rule::Hostnumber, "\".\""));
                }
            }
        }
        digits(cx, s.from(at)).map_err(|f| f_in(f, Rule::Hostnumber))
    })
}

/// `port           = digits`
pub fn port(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::Port, |cx| {
        digits(cx, s).map_err(|f| f_in(f, Rule::Port))
    })
}

/// `digits` is a building block: its failure is reported as the failure of the rule
/// that used it, which is what a reader looks for.
fn f_in(f: crate::grammar::outcome::Failure, rule: Rule) -> crate::grammar::outcome::Failure {
    crate::grammar::outcome::Failure { rule, ..f }
}

const USERCHARS: &str = "uchar | \";\" | \"?\" | \"&\" | \"=\"";

/// `user           = *[ uchar | ";" | "?" | "&" | "=" ]`
pub fn user(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::User, |cx| {
        cx.star(s, Rule::User, USERCHARS, |cx, i, e| {
            uchar(cx, i, e).or_else(|| cx.one_of(i, b";?&="))
        })
    })
}

/// `password       = *[ uchar | ";" | "?" | "&" | "=" ]`
pub fn password(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::Password, |cx| {
        cx.star(s, Rule::Password, USERCHARS, |cx, i, e| {
            uchar(cx, i, e).or_else(|| cx.one_of(i, b";?&="))
        })
    })
}

/// `urlpath        = *xchar    ; depends on protocol see section 3.1`
pub fn urlpath(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::Urlpath, |cx| {
        cx.star(s, Rule::Urlpath, "xchar", xchar)
    })
}
