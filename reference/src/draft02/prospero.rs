//! PROSPERO: `prosperoaddress`, `prosperolink`, `hsoname`, `version`, `attributes`,
//! `attribute` (BNF syntax; Specific Schemes, PROSPERO).

use super::classes::{alphanums, digits, owned, ALPHANUM, DIGIT};
use super::generic::path;
use super::ip::hostport;
use super::lexical::{expect, literal, scheme_value};
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::matched::Match;
use crate::grammar::outcome::Ambiguity;
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

const VERSION_SPLIT: &str = "prosperolink ... / hsoname [ % 0 0 version [ attributes ] ]: \
\"%00\" is also an escape, so the hsoname (a path) alone derives all of it, and version \
(digits) and attributes (alphanums) have no separator between them; urlcert starts the \
version after the last \"%00\", when digits follow it, takes every digit there as the \
version, and the rest as the attributes";

/// `prosperoaddress prosperolink`
pub fn prosperoaddress<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D02Prosperoaddress, |cx| prosperolink(cx, s))
}

/// `prosperolink p r o s p e r o : / / hostport / hsoname [ % 0 0 version [ attributes ] ]`
///
/// The prose separates the fields "from the host specific object name and from each
/// other by the characters "%00"" and lets the version "be the empty string (i.e. the
/// first attribute would be separated from the host specific name by "%00%00")"; the
/// BNF has `version digits` (never empty) and no "%00" between version and attributes.
/// The BNF decides the verdict and the components; the note `prospero.fields` gives the
/// prose's split (cases/divergences/README.md §6: "Report both").
pub fn prosperolink<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D02Prosperolink, |cx| {
        let at = literal(cx, s, "p r o s p e r o : / /", Rule::D02Prosperolink)?;
        // hostport derives neither "/" nor "?".
        let hp_end = super::lexical::first_of(cx, s.from(at), b"/?");
        let hp = hostport(cx, Span::new(at, hp_end))?;
        expect(cx, hp_end, s, b'/', Rule::D02Prosperolink)?;
        let rest = s.from(hp_end + 1);
        // A version and attributes derive no "%", so "% 0 0" can only be the last "%";
        // what follows it must be digits, then alphanums.
        let input = cx.input;
        let split = cx
            .bytes(rest)
            .iter()
            .rposition(|&b| b == b'%')
            .map(|i| rest.start + i)
            .filter(|&p| {
                let tail = &input[(p + 3).min(rest.end)..rest.end];
                input[p..rest.end].starts_with(b"%00")
                    && tail.first().is_some_and(|&b| DIGIT.contains(b))
                    && tail.iter().all(|&b| ALPHANUM.contains(b))
            });
        let mut ambiguities = hp.ambiguities.clone();
        let (name, ver, attrs) = match split {
            None => {
                hsoname(cx, rest)?;
                (rest, None, None)
            }
            Some(p) => {
                let name = Span::new(rest.start, p);
                hsoname(cx, name)?;
                let tail = rest.from(p + 3);
                let digits_end = cx
                    .bytes(tail)
                    .iter()
                    .position(|&b| !DIGIT.contains(b))
                    .map_or(tail.end, |i| tail.start + i);
                let v = Span::new(tail.start, digits_end);
                version(cx, v)?;
                let a = tail.from(digits_end);
                let a = if a.is_empty() {
                    None
                } else {
                    attributes(cx, a)?;
                    Some(a)
                };
                ambiguities.push(Ambiguity {
                    rule: Rule::D02Prosperolink,
                    text: VERSION_SPLIT,
                });
                (name, Some(v), a)
            }
        };
        let text = |x: Option<Span>| x.map(Part::Str);
        cx.put("scheme", scheme_value(cx, s, "prospero"));
        hp.put(cx);
        cx.put("hsoname", text(Some(name)));
        cx.put("version", text(ver));
        cx.put("attributes", text(attrs));
        let mut m = Match::new(Rule::D02Prosperoaddress);
        m.ambiguities = ambiguities;
        Ok(m)
    })
}

/// `hsoname path`
///
/// A path cannot begin with "/", so `prospero://h//x` does not derive
/// (cases/divergences/README.md §6).
pub fn hsoname(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D02Hsoname, |cx| path(cx, s))
}

/// `version digits`
pub fn version(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D02Version, |cx| {
        digits(cx, s).map_err(owned(Rule::D02Version))
    })
}

/// `attributes attribute [ attributes ]`
///
/// Attributes follow one another with no separator, and each is alphanums, so any
/// alphanums derives as one attribute or as several; it is matched as one.
pub fn attributes(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D02Attributes, |cx| attribute(cx, s))
}

/// `attribute alphanums`
pub fn attribute(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D02Attribute, |cx| {
        alphanums(cx, s).map_err(owned(Rule::D02Attribute))
    })
}
