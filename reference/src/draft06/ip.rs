//! draft-06 Section 5, second group: `login` and its parts, the common syntax of
//! Section 3.1 that `ftpurl` and `telneturl` use whole and the other IP schemes use from
//! `hostport` on.

use super::classes::{digits, uchar, ALPHA};
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::rule::Rule;

crate::shared_productions::ip! {
/// `login          = [ user [ ":" password ] "@" ] hostport`
pub fn login(Rule::D06Login);
/// `hostport       = host [ ":" port ]`
pub fn hostport(Rule::D06Hostport);
/// `host           = hostname | hostnumber`
///
/// A hostname starts with an alpha and a hostnumber with a digit, so at most one
/// alternative matches.
pub fn host(Rule::D06Host);
/// `hostnumber     = digits "." digits "." digits "." digits`
pub fn hostnumber(Rule::D06Hostnumber);
/// `port           = digits`
pub fn port(Rule::D06Port);
/// `user           = *[ uchar | ";" | "?" | "&" | "=" ]`
pub fn user(Rule::D06User);
/// `password       = *[ uchar | ";" | "?" | "&" | "=" ]`
pub fn password(Rule::D06Password);
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
        cx.first_then_star(s, Rule::D06Hostname, (&ALPHA, "alpha"), "uchar", uchar)
    })
}
