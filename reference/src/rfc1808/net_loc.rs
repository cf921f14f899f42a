//! The network location (Section 2.2, Section 2.4.3).

use super::classes::{pchar, repeat};
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::rule::Rule;

const NET_LOC_CHARS: &str = "pchar | \";\" | \"?\"";

/// `net_loc     =  *( pchar | ";" | "?" )`
///
/// RFC 1808 gives the network location no inner syntax: Section 2.1 defers to "Section
/// 3.1 of RFC 1738", and the BNF takes any `pchar`, ";" and "?", so no host, port or
/// user is checked, and an empty net_loc derives. With "?" in the production and
/// Section 2.4.3 ending the net_loc only at the next "/", `http://h?x` has the net_loc
/// `h?x` and no query.
pub fn net_loc(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R1808NetLoc, |cx| {
        repeat(cx, s, Rule::R1808NetLoc, NET_LOC_CHARS, |cx, i, end| {
            pchar(cx, i, end).or_else(|| cx.one_of(i, b";?"))
        })
    })
}
