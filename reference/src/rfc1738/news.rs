//! RFC 1738 Section 5 "NEWS (see also RFC1036)"; Section 3.6.

use super::classes::{uchar, ALPHA, DIGIT};
use super::ip::host;
use super::Match;
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

crate::shared_productions::news! {
/// `newsurl        = "news:" grouppart`
pub fn newsurl(Rule::Newsurl);
/// `grouppart      = "*" | group | article`
pub fn grouppart(Rule::Grouppart);
/// `article        = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host`
///
/// Returns the span of the host.
pub fn article(Rule::Article);
}

/// `group          = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]`
pub fn group(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::Group, |cx| {
        cx.first_then_star(
            s,
            Rule::Group,
            (&ALPHA, "alpha"),
            "alpha | digit | \"-\" | \".\" | \"+\" | \"_\"",
            |cx, i, _| {
                let b = cx.input[i];
                (cx.class(&ALPHA, b) || cx.class(&DIGIT, b) || b"-.+_".contains(&b)).then_some(1)
            },
        )
    })
}
