//! draft-03 `ftpaddress`, `ftptype`, `formcode` (prose: "FTP", "Data type"), and, for
//! the `draft-03@ftptype-prose` reading, the prose's suffix ";type=" with an RFC 959
//! `type-code`.

use super::classes::{digits_in, FORMCODE};
use super::ip::login;
use super::ip::login_ambiguity;
use super::path::path;
use crate::document::Reading;
use crate::grammar::cx::{furthest, Cx, Res, Span};
use crate::grammar::matched::Match;
use crate::grammar::outcome::Ambiguity;
use crate::grammar::outcome::Part;
use crate::grammar::rule::Rule;

/// `ftpaddress f t p : / / login / path [ ftptype ]`
///
/// The "/" after the login is required. The BNF appends `ftptype` to the path with no
/// delimiter, and every `ftptype` also derives as the end of a `path` (its letters and
/// digits are `xpalpha`s), so an input whose path ends in `I`, `AN`, `AT`, `AC`, `EN`,
/// `ET`, `EC` or `L` and digits derives both with and without an ftptype. urlcert
/// reports the ftptype, as the prose reads it ("The data type is specified by a suffix
/// to the URL"), and records the ambiguity.
///
/// Under [`Reading::FtptypeProse`] the `[ ftptype ]` is the prose's suffix instead:
/// ";type=" followed by an RFC 959 `type-code` with the space omitted ("Possible suffixes
/// are: ;type = <type-code> ... The type code is in the format defined in RFC959 except
/// that THE SPACE IS OMITTED FROM THE URL"; the spaces printed around "=" are read as
/// typography, since space is no URL character). The other suffix, "/", "Use FTP
/// directory list commands to read directory", is appended to the URL too: where the
/// path already ends in "/" the input reads either way and urlcert reports the path
/// (the `ftp.commands` note gives its meaning); where the path cannot take the "/"
/// (`ftp://h//`: an empty path, then the suffix) the suffix is the only derivation, and
/// the `ftptype` component is "/".
pub fn ftpaddress<'a>(cx: &mut Cx<'a>, s: Span) -> Res<Match> {
    cx.rule(Rule::D03Ftpaddress, |cx| {
        let at = cx.literal(s.start, s, q!("ftp://"), Rule::D03Ftpaddress)?;
        // login derives no "/", so the first "/" ends it.
        let Some(slash) = cx.find(s.from(at), b'/') else {
            login(cx, s.from(at))?;
            return Err(cx.fail(s.end, Rule::D03Ftpaddress, "\"/\""));
        };
        let l = login(cx, Span::new(at, slash))?;
        let rest = s.from(slash + 1);
        let (p, t, ambiguous) = if cx.reading == Reading::FtptypeProse {
            let (p, t) = prose_suffix(cx, rest)?;
            (p, t, false)
        } else {
            bare_suffix(cx, rest)?
        };
        cx.put("scheme", Some(Part::Str(Span::new(s.start, s.start + 3))));
        l.put(cx);
        cx.put("path", Some(Part::Str(p)));
        cx.put("ftptype", t.map(Part::Str));
        let mut m = Match::new(Rule::D03Ftpaddress);
        m.ambiguities.extend(login_ambiguity(&l));
        if ambiguous {
            m.ambiguities.push(Ambiguity {
                rule: Rule::D03Ftpaddress,
                text: "path [ ftptype ]: the ftptype letters and digits are path characters \
                       too, so the input also derives with no ftptype; urlcert reports the \
                       ftptype (\"The data type is specified by a suffix to the URL\")",
            });
        }
        Ok(m)
    })
}

/// `path [ ftptype ]`: the path, the ftptype if any, and whether the input also derives
/// the other way.
///
/// An ftptype is one byte ("I"), two ("A" or "E" and a formcode, "L" and a digit) or
/// "L" and the digits that end the input; the three possible tails are tried in turn
/// (at most one derives), then the path before the one that does.
fn bare_suffix(cx: &mut Cx, s: Span) -> Res<(Span, Option<Span>, bool)> {
    let b = cx.bytes(s);
    let run = b.iter().rev().take_while(|d| d.is_ascii_digit()).count();
    let mut tails = vec![1, 2];
    if run >= 2 {
        tails.push(run + 1);
    }
    let mut with_type = None;
    for k in tails.into_iter().filter(|&k| k <= s.len()) {
        let t = s.from(s.end - k);
        if ftptype(cx, t).is_ok() {
            let before = Span::new(s.start, t.start);
            match path(cx, before) {
                Ok(()) => return Ok((before, Some(t), true)),
                Err(f) => with_type = Some(f),
            }
            break;
        }
    }
    match (path(cx, s), with_type) {
        (Ok(()), _) => Ok((s, None, false)),
        (Err(f), Some(g)) => Err(furthest(g, f)),
        (Err(f), None) => Err(f),
    }
}

/// The prose reading: `path [ ;type= type-code | / ]`. `path` derives no ";", so a ";"
/// can only open the suffix.
fn prose_suffix(cx: &mut Cx, s: Span) -> Res<(Span, Option<Span>)> {
    let Some(semi) = cx.find(s, b';') else {
        return match path(cx, s) {
            Ok(()) => Ok((s, None)),
            Err(f) if cx.bytes(s).last() == Some(&b'/') => {
                let p = Span::new(s.start, s.end - 1);
                path(cx, p).map_err(|g| furthest(f, g))?;
                Ok((p, Some(s.from(s.end - 1))))
            }
            Err(f) => Err(f),
        };
    };
    let p = Span::new(s.start, semi);
    path(cx, p)?;
    let at = cx.literal(semi, s, q!(";type="), Rule::D03Ftpaddress)?;
    let t = s.from(at);
    type_code(cx, t)?;
    Ok((p, Some(t)))
}

/// `ftptype A formcode | E formcode | I | L digits`
pub fn ftptype(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D03Ftptype, |cx| {
        let b = cx.bytes(s);
        match b.first() {
            Some(b'A' | b'E') => formcode(cx, s.from(s.start + 1)),
            Some(b'I') if b.len() == 1 => Ok(()),
            Some(b'I') => Err(cx.fail(s.start + 1, Rule::D03Ftptype, "the end after \"I\"")),
            Some(b'L') => digits_in(cx, s.from(s.start + 1), Rule::D03Ftptype),
            _ => Err(cx.fail(s.start, Rule::D03Ftptype, "\"A\" | \"E\" | \"I\" | \"L\"")),
        }
    })
}

/// `formcode N | T | C`, as the one character of `s`.
fn formcode(cx: &mut Cx, s: Span) -> Res<()> {
    match cx.bytes(s) {
        [b] if cx.class(&FORMCODE, *b) => Ok(()),
        [] => Err(cx.fail(s.start, Rule::D03Formcode, "\"N\" | \"T\" | \"C\"")),
        [b, ..] if FORMCODE.contains(*b) => {
            Err(cx.fail(s.start + 1, Rule::D03Formcode, "the end after the formcode"))
        }
        _ => Err(cx.fail(s.start, Rule::D03Formcode, "\"N\" | \"T\" | \"C\"")),
    }
}

/// RFC 959 §5.3.2, with the space omitted as draft-03 says:
///
/// ```text
/// <type-code> ::= A [<sp> <form-code>]
///               | E [<sp> <form-code>]
///               | I
///               | L <sp> <byte-size>
/// ```
///
/// Letters match without case: RFC 959 §5.3, "Upper and lower case alphabetic
/// characters are to be treated identically ... This also applies to any symbols
/// representing parameter values, such as A or a for ASCII TYPE."
pub fn type_code(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D03TypeCode, |cx| {
        let b = cx.bytes(s);
        let rest = s.from(s.start + 1);
        match b.first().map(u8::to_ascii_uppercase) {
            Some(b'A' | b'E') if b.len() == 1 => Ok(()),
            Some(b'A' | b'E') => form_code(cx, rest),
            Some(b'I') if b.len() == 1 => Ok(()),
            Some(b'I') => Err(cx.fail(s.start + 1, Rule::D03TypeCode, "the end after \"I\"")),
            Some(b'L') => byte_size(cx, rest),
            _ => Err(cx.fail(s.start, Rule::D03TypeCode, "\"A\" | \"E\" | \"I\" | \"L\"")),
        }
    })
}

/// RFC 959 §5.3.2: `<form-code> ::= N | T | C` (without case, RFC 959 §5.3).
pub fn form_code(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D03FormCode, |cx| match cx.bytes(s) {
        [b] if b"NTCntc".contains(b) => Ok(()),
        [b, ..] if b"NTCntc".contains(b) => Err(cx.fail(
            s.start + 1,
            Rule::D03FormCode,
            "the end after the form-code",
        )),
        _ => Err(cx.fail(s.start, Rule::D03FormCode, "\"N\" | \"T\" | \"C\"")),
    })
}

/// RFC 959 §5.3.2: `<byte-size> ::= <number>`, "<number> ::= any decimal integer 1
/// through 255".
pub fn byte_size(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D03ByteSize, |cx| {
        let b = cx.bytes(s);
        if let Some(i) = b.iter().position(|d| !d.is_ascii_digit()) {
            return Err(cx.fail(s.start + i, Rule::D03ByteSize, "a decimal digit"));
        }
        let value = b
            .iter()
            .fold(0u32, |v, d| (v * 10 + u32::from(d - b'0')).min(1000));
        if b.is_empty() || !(1..=255).contains(&value) {
            return Err(cx.fail(
                s.start,
                Rule::D03ByteSize,
                "a decimal integer 1 through 255",
            ));
        }
        Ok(())
    })
}
