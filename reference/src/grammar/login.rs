//! The splits of `login` (`[ user [ ":" password ] "@" ] hostport`) and of `hostport`
//! (`host [ ":" port ]`) that every grammar whose pieces derive neither "@" nor ":"
//! makes the same way: each document passes its own rule functions.

use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::outcome::Part;

/// One of a document's rule functions over a whole span.
pub type Production = fn(&mut Cx, Span) -> Res<()>;

/// `user [ ":" password ]` over `s`: user derives no ":", so the first ":" starts the
/// password. The user and, when there is a ":", the password.
pub fn user_password(
    cx: &mut Cx,
    s: Span,
    user: Production,
    password: Production,
) -> Res<(Span, Option<Span>)> {
    match cx.find(s, b':') {
        Some(colon) => {
            let u = Span::new(s.start, colon);
            let p = Span::new(colon + 1, s.end);
            user(cx, u)?;
            password(cx, p)?;
            Ok((u, Some(p)))
        }
        None => {
            user(cx, s)?;
            Ok((s, None))
        }
    }
}

/// `[ user [ ":" password ] "@" ]` at the start of `s`: neither user nor password derives
/// "@", so the first "@" ends the user part. The user, the password, and what follows
/// the "@" (all of `s` when there is none).
pub fn user_part(
    cx: &mut Cx,
    s: Span,
    user: Production,
    password: Production,
) -> Res<(Option<Span>, Option<Span>, Span)> {
    match cx.find(s, b'@') {
        Some(at) => {
            let (u, p) = user_password(cx, Span::new(s.start, at), user, password)?;
            Ok((Some(u), p, s.from(at + 1)))
        }
        None => Ok((None, None, s)),
    }
}

/// `host [ ":" port ]` over `s`: host derives no ":", so the first ":" starts the port.
/// The host and, when there is a ":", the port (possibly empty).
pub fn host_port(
    cx: &mut Cx,
    s: Span,
    host: Production,
    port: Production,
) -> Res<(Span, Option<Span>)> {
    match cx.find(s, b':') {
        Some(colon) => {
            let h = Span::new(s.start, colon);
            let p = s.from(colon + 1);
            host(cx, h)?;
            port(cx, p)?;
            Ok((h, Some(p)))
        }
        None => {
            host(cx, s)?;
            Ok((s, None))
        }
    }
}

/// Reports a login's user and password components.
pub fn put_user_password(cx: &mut Cx, user: Option<Span>, password: Option<Span>) {
    cx.put("user", user.map(Part::Str));
    cx.put("password", password.map(Part::Str));
}

/// What `hostport` found, where it has nothing more than its two spans.
#[derive(Clone, Copy, Debug)]
pub struct Hostport {
    pub host: Span,
    pub port: Option<Span>,
}

impl Hostport {
    pub fn put(&self, cx: &mut Cx) {
        put_host_port(cx, self.host, self.port);
    }
}

/// Reports a hostport's host and port components.
pub fn put_host_port(cx: &mut Cx, host: Span, port: Option<Span>) {
    cx.put("host", Some(Part::Str(host)));
    cx.put("port", port.map(Part::Str));
}
