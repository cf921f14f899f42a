//! draft-06 Section 5, the NEWS group; Section 3.6.

use super::classes::{uchar, ALPHA, DIGIT};
use super::ip::host;
use super::Match;
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

crate::shared_productions::news! {
/// `newsurl        = "news:" grouppart`
pub fn newsurl(Rule::D06Newsurl);
/// `grouppart      = "*" | group | article`
pub fn grouppart(Rule::D06Grouppart);
/// `article        = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host`
///
/// Returns the span of the host.
pub fn article(Rule::D06Article);
}

/// `group          = alpha *[ alpha | digit | "-" | "." ]`
///
/// No "+" and no "_" (RFC 1738 added both): `news:comp.lang.c++` and `news:alt.foo_bar`
/// are no groups here.
pub fn group(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D06Group, |cx| {
        cx.first_then_star(
            s,
            Rule::D06Group,
            (&ALPHA, "alpha"),
            "alpha | digit | \"-\" | \".\"",
            |cx, i, _| {
                let b = cx.input[i];
                (cx.class(&ALPHA, b) || cx.class(&DIGIT, b) || b"-.".contains(&b)).then_some(1)
            },
        )
    })
}
