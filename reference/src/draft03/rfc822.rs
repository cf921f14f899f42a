//! The rules draft-03 uses but does not define: `addr-spec` (for `midaddress`) and
//! `content-identifier` (for `cidaddress`), in the smallest form faithful to RFC 822
//! (August 1982) and RFC 1521 (September 1993).
//!
//! Kept: RFC 822 §6.1 `addr-spec`, `local-part`, `domain`, `sub-domain`; §3.3 `word`,
//! `atom`, `quoted-string` (with its `quoted-pair`s); §4.1 `msg-id`; RFC 1521 §6.1's
//! "Content-ID ... syntactically identical to the "Message-ID" header field".
//!
//! Kept too: `domain-literal` ("[" *(dtext / quoted-pair) "]"); its "[" and "]" are
//! draft-03 `national` characters, reported by the `must-encode` note as "<" and ">"
//! are for `cidaddress`.
//!
//! Left out: comments and linear-white-space between tokens (RFC 822 §3.1.4 lets them stand
//! between any two lexical tokens of a header; in a URL they would be characters the
//! URL BNF has no place for); CR-LF folding inside quoted strings; the obsolete and
//! route forms. The text is matched as it stands, escapes undecoded: draft-03 says
//! nothing about escaping inside these two schemes.
//!
//! `cidaddress` is the one place where draft-03's grammar derives "<" and ">",
//! which its BNF section says "do not appear in any productions and therefore may not
//! appear in URLs": the `must-encode` note reports them.

use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::rule::Rule;

/// RFC 822 §3.3: `specials = "(" / ")" / "<" / ">" / "@" / "," / ";" / ":" / "\" / <"> /
/// "." / "[" / "]"`.
const SPECIALS: &[u8] = b"()<>@,;:\\\".[]";

/// RFC 822 §3.3: `atom = 1*<any CHAR except specials, SPACE and CTLs>`, where CHAR is
/// "any ASCII character" (0-127) and CTL "any ASCII control character and DEL".
fn atom_char(b: u8) -> bool {
    b.is_ascii() && !b.is_ascii_control() && b != b' ' && !SPECIALS.contains(&b)
}

/// RFC 822 §6.1: `addr-spec = local-part "@" domain`
///
/// The local part's words hold "@" only inside a quoted string, so the first "@" after
/// them ends it (a domain literal may hold "@" too, so the last "@" would not do).
pub fn addr_spec(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D03AddrSpec, |cx| {
        let at = local_part(cx, s)?;
        if at == s.end || cx.input[at] != b'@' {
            return Err(cx.fail(at, Rule::D03AddrSpec, "\".\" or \"@\""));
        }
        domain(cx, s.from(at + 1))
    })
}

/// RFC 822 §6.1: `local-part = word *("." word)`
///
/// The local part starting at `s.start`: returns the offset after it.
pub fn local_part(cx: &mut Cx, s: Span) -> Res<usize> {
    cx.rule(Rule::D03LocalPart, |cx| {
        let mut i = s.start;
        loop {
            i = word(cx, i, s)?;
            if i == s.end || cx.input[i] != b'.' {
                return Ok(i);
            }
            i += 1;
        }
    })
}

/// RFC 822 §3.3: `word = atom / quoted-string`
///
/// The word starting at `i`, within `s`: returns the offset after it.
pub fn word(cx: &mut Cx, i: usize, s: Span) -> Res<usize> {
    cx.rule(Rule::D03Word, |cx| {
        if i < s.end && cx.input[i] == b'"' {
            quoted_string(cx, i, s)
        } else {
            atom(cx, i, s)
        }
    })
}

/// RFC 822 §3.3: `atom = 1*<any CHAR except specials, SPACE and CTLs>`
///
/// The longest atom at `i`: returns the offset after it.
pub fn atom(cx: &mut Cx, i: usize, s: Span) -> Res<usize> {
    cx.rule(Rule::D03Atom, |cx| {
        let n = cx
            .bytes(s.from(i))
            .iter()
            .take_while(|&&b| atom_char(b))
            .count();
        if n == 0 {
            return Err(cx.fail(i, Rule::D03Atom, "an atom character"));
        }
        Ok(i + n)
    })
}

/// RFC 822 §3.3: `quoted-string = <"> *(qtext/quoted-pair) <">`, with
/// `qtext = <any CHAR excepting <">, "\" & CR, and including linear-white-space>` and
/// `quoted-pair = "\" CHAR`.
///
/// The quoted string starting at `i`: returns the offset after its closing quote.
pub fn quoted_string(cx: &mut Cx, i: usize, s: Span) -> Res<usize> {
    cx.rule(Rule::D03QuotedString, |cx| {
        let mut j = i + 1;
        while j < s.end {
            match cx.input[j] {
                b'"' => return Ok(j + 1),
                b'\\' if j + 1 < s.end && cx.input[j + 1].is_ascii() => j += 2,
                b'\\' => return Err(cx.fail(j + 1, Rule::D03QuotedString, "a CHAR")),
                b'\r' => return Err(cx.fail(j, Rule::D03QuotedString, "qtext | quoted-pair")),
                b if b.is_ascii() => j += 1,
                _ => return Err(cx.fail(j, Rule::D03QuotedString, "qtext | quoted-pair")),
            }
        }
        Err(cx.fail(s.end, Rule::D03QuotedString, "<\">"))
    })
}

/// RFC 822 §6.1: `domain = sub-domain *("." sub-domain)`
pub fn domain(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D03Domain, |cx| {
        let mut i = s.start;
        loop {
            i = sub_domain(cx, i, s)?;
            if i == s.end {
                return Ok(());
            }
            if cx.input[i] != b'.' {
                return Err(cx.fail(i, Rule::D03Domain, "\".\" or the end"));
            }
            i += 1;
        }
    })
}

/// RFC 822 §6.1: `sub-domain = domain-ref / domain-literal`, `domain-ref = atom`
///
/// The sub-domain starting at `i`: returns the offset after it. A domain literal
/// starts with "[", an atom never does.
pub fn sub_domain(cx: &mut Cx, i: usize, s: Span) -> Res<usize> {
    cx.rule(Rule::D03SubDomain, |cx| {
        if i < s.end && cx.input[i] == b'[' {
            domain_literal(cx, i, s)
        } else {
            atom(cx, i, s)
        }
    })
}

/// RFC 822 §6.1: `domain-literal = "[" *(dtext / quoted-pair) "]"`, with
/// `dtext = <any CHAR excluding "[", "]", "\" & CR, & including linear-white-space>`
/// and `quoted-pair = "\" CHAR`.
///
/// The domain literal starting at `i`: returns the offset after its "]".
pub fn domain_literal(cx: &mut Cx, i: usize, s: Span) -> Res<usize> {
    cx.rule(Rule::D03DomainLiteral, |cx| {
        let mut j = i + 1;
        while j < s.end {
            match cx.input[j] {
                b']' => return Ok(j + 1),
                b'\\' if j + 1 < s.end && cx.input[j + 1].is_ascii() => j += 2,
                b'\\' => return Err(cx.fail(j + 1, Rule::D03DomainLiteral, "a CHAR")),
                b'[' | b'\r' => {
                    return Err(cx.fail(j, Rule::D03DomainLiteral, "dtext | quoted-pair"))
                }
                b if b.is_ascii() => j += 1,
                _ => return Err(cx.fail(j, Rule::D03DomainLiteral, "dtext | quoted-pair")),
            }
        }
        Err(cx.fail(s.end, Rule::D03DomainLiteral, "\"]\""))
    })
}

/// `content-identifier`: RFC 1521 §6.1, "bodies may be labeled using the "Content-ID"
/// header field, which is syntactically identical to the "Message-ID" header field:
/// Content-ID := msg-id".
pub fn content_identifier(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D03ContentIdentifier, |cx| msg_id(cx, s))
}

/// RFC 822 §4.1: `msg-id = "<" addr-spec ">"`
pub fn msg_id(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::D03MsgId, |cx| {
        if cx.bytes(s).first() != Some(&b'<') {
            return Err(cx.fail(s.start, Rule::D03MsgId, "\"<\""));
        }
        if s.len() < 2 || cx.input[s.end - 1] != b'>' {
            return Err(cx.fail(s.end, Rule::D03MsgId, "\">\""));
        }
        addr_spec(cx, Span::new(s.start + 1, s.end - 1))
    })
}
