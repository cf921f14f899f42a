//! draft-03 `prosperoaddress`, `prosperolink`, `hsoname`, `version`, `attributes`,
//! `attribute` (prose: "PROSPERO").

use super::classes::{alphanums, digits_in, DIGIT};
use super::ip::hostport;
use super::path::path;
use crate::grammar::cx::{furthest, Cx, Res, Span};
use crate::grammar::matched::Match;
use crate::grammar::outcome::Ambiguity;
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

/// `prosperoaddress prosperolink`
pub fn prosperoaddress<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D03Prosperoaddress, |cx| prosperolink(cx, s))
}

/// `prosperolink p r o s p e r o : / / hostport / hsoname [ % 0 0 version [ attributes ] ]`
///
/// "%00" is also an `escape`, so an hsoname can hold it: `x%001` derives as the
/// hsoname "x%001", or as the hsoname "x" and the version "1". The prose decides: "If
/// present, the version number is separated from the host specific object name by the
/// characters "%00"". So urlcert reports the version where one derives, and records the
/// ambiguity. Only the last "%00" can start one, since what follows it (`digits` and
/// `alphanum`s) has no "%". `version [ attributes ]` has no separator either: the
/// version is reported as the longest run of digits, and the ambiguity recorded when
/// the run could be cut (it has two digits or more).
pub fn prosperolink<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D03Prosperolink, |cx| {
        let at = cx.literal(s.start, s, q!("prospero://"), Rule::D03Prosperolink)?;
        // hostport derives no "/", so the first "/" ends it; the "/" is required.
        let Some(slash) = cx.find(s.from(at), b'/') else {
            hostport(cx, s.from(at))?;
            return Err(cx.fail(s.end, Rule::D03Prosperolink, "\"/\""));
        };
        let hp = hostport(cx, Span::new(at, slash))?;
        let tail = s.from(slash + 1);
        let mut ambiguities = crate::grammar::outcome::Ambiguities::new();
        let (hso, ver, attrs) = match with_version(cx, tail) {
            Ok((before, v, a)) => {
                ambiguities.push(Ambiguity {
                    rule: Rule::D03Prosperolink,
                    text: "hsoname [ %00 version [ attributes ] ]: \"%00\" is also an escape, \
                           so the hsoname could hold the rest; urlcert reports the version, \
                           as the prose separates it by \"%00\"",
                });
                if v.len() > 1 {
                    ambiguities.push(Ambiguity {
                        rule: Rule::D03Version,
                        text: "version [ attributes ]: attributes derive digits too, so the \
                               digits could be cut anywhere; urlcert reports the longest \
                               version",
                    });
                }
                (before, Some(v), a)
            }
            Err(with) => {
                hsoname(cx, tail).map_err(|without| match with {
                    Some(f) => furthest(f, without),
                    None => without,
                })?;
                (tail, None, None)
            }
        };
        let text = |x: Option<Span>| x.map(Part::Str);
        cx.put("scheme", text(Some(Span::new(s.start, s.start + 8))));
        hp.put(cx);
        cx.put("hsoname", text(Some(hso)));
        cx.put("version", text(ver));
        cx.put("attributes", text(attrs));
        let mut m = Match::new(Rule::D03Prosperolink);
        m.ambiguities = ambiguities;
        Ok(m)
    })
}

/// The derivation with a version: the hsoname before the last "%00" of `s`, the
/// version (the run of digits after it) and the attributes (the rest, if any). `Err`
/// with the failure when it does not derive, `Err(None)` when there is no "%00". Only
/// the last "%00" can start a version: after any other, the rest holds a "%", which
/// neither `digits` nor `alphanums` derives.
type WithVersion = (Span, Span, Option<Span>);
fn with_version(
    cx: &mut Cx,
    s: Span,
) -> Result<WithVersion, Option<crate::grammar::outcome::Failure>> {
    let sep = cx
        .bytes(s)
        .windows(3)
        .rposition(|w| w == b"%00")
        .ok_or(None)?
        + s.start;
    let before = Span::new(s.start, sep);
    hsoname(cx, before).map_err(Some)?;
    let run = cx
        .bytes(s.from(sep + 3))
        .iter()
        .take_while(|&&d| DIGIT.contains(d))
        .count();
    let v = Span::new(sep + 3, sep + 3 + run);
    version(cx, v).map_err(Some)?;
    let a = s.from(v.end);
    if a.is_empty() {
        return Ok((before, v, None));
    }
    attributes(cx, a).map_err(Some)?;
    Ok((before, v, Some(a)))
}

/// `hsoname path`
pub fn hsoname(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D03Hsoname, |cx| path(cx, s))
}

/// `version digits`
pub fn version(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D03Version, |cx| digits_in(cx, s, Rule::D03Version))
}

/// `attributes attribute [ attributes ]`
///
/// One or more `attribute`s, each `alphanums`: with no separator between them, every
/// run of `alphanum`s derives, and is reported whole.
pub fn attributes(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D03Attributes, |cx| attribute(cx, s))
}

/// `attribute alphanums`
pub fn attribute(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D03Attribute, |cx| alphanums(cx, s))
}
