//! RFC 1738 Section 5, "URL schemeparts for ip based protocols" (Section 3.1).

use super::classes::{digits, uchar, xchar, ALPHA, ALPHADIGIT};
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::rule::Rule;

crate::shared_productions::ip! {
/// `login          = [ user [ ":" password ] "@" ] hostport`
pub fn login(Rule::Login);
/// `hostport       = host [ ":" port ]`
pub fn hostport(Rule::Hostport);
/// `host           = hostname | hostnumber`
pub fn host(Rule::Host);
/// `hostnumber     = digits "." digits "." digits "." digits`
pub fn hostnumber(Rule::Hostnumber);
/// `port           = digits`
pub fn port(Rule::Port);
/// `user           = *[ uchar | ";" | "?" | "&" | "=" ]`
pub fn user(Rule::User);
/// `password       = *[ uchar | ";" | "?" | "&" | "=" ]`
pub fn password(Rule::Password);
}

/// `ip-schemepart  = "//" login [ "/" urlpath ]`
pub fn ip_schemepart(cx: &mut Cx, s: Span) -> Res<(Login, Option<Span>)> {
    cx.rule(Rule::IpSchemepart, |cx| {
        let at = cx.literal(s.start, s, q!("//"), Rule::IpSchemepart)?;
        let (l, login_end) = cx.up_to_slash(s, at, login)?;
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

/// `hostname       = *[ domainlabel "." ] toplabel`
pub fn hostname(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::Hostname, |cx| {
        crate::grammar::class::dotted_labels(cx, s, domainlabel, toplabel)
    })
}

crate::shared_productions::labels! {
/// `domainlabel    = alphadigit | alphadigit *[ alphadigit | "-" ] alphadigit`
pub fn domainlabel(Rule::Domainlabel);
/// `toplabel       = alpha | alpha *[ alphadigit | "-" ] alphadigit`
pub fn toplabel(Rule::Toplabel);
alphanum = ALPHADIGIT, "alphadigit";
}

/// `urlpath        = *xchar    ; depends on protocol see section 3.1`
pub fn urlpath(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::Urlpath, |cx| {
        cx.star(s, Rule::Urlpath, "xchar", xchar)
    })
}
