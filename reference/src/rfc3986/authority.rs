//! Section 3.2, "Authority", and its subcomponents: 3.2.1 "User Information", 3.2.2
//! "Host", 3.2.3 "Port".
//!
//! Where a rule has alternatives that a split by delimiters cannot choose between
//! (`IPv6address`'s nine, `ls32`'s two, `dec-octet`'s five), each alternative is matched
//! on its own, left to right, and the first that derives is taken (Section 3.2.2's
//! "first-match-wins"); where none does, the failure reported is the one that got
//! furthest into the input (the first alternative's on a tie), which is where the input
//! stops being the beginning of any string the rule derives. Every alternative stops
//! within a bounded distance of where it starts, except for runs of one class, which are
//! read once: linear time.

use super::classes::{repeat, unreserved_pct_or_sub_delim, DIGIT, HEXDIG, SUB_DELIMS, UNRESERVED};
use crate::grammar::cx::{Cx, Res, Span};
use crate::grammar::outcome::Part;
use crate::grammar::outcome::{Components, Failure};
use crate::grammar::rule::Rule;

/// What `authority` found: spans of the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Authority {
    pub userinfo: Option<Span>,
    pub host: Host,
    /// Present when the host is followed by ":" (possibly empty).
    pub port: Option<Span>,
}

/// What `host` found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Host {
    pub span: Span,
    /// The alternative that derived it: `IP-literal`, `IPv4address` or `reg-name`.
    pub kind: Rule,
    /// For an `IP-literal`: `IPv6address` or `IPvFuture`, and what it derived (inside
    /// the brackets).
    pub literal: Option<(Rule, Span)>,
}

impl Authority {
    /// The authority's subcomponents by the RFC's rule names: the host under `host` and
    /// under the name of the alternative that derived it (an IP literal also under the
    /// name of the rule inside its brackets), the other host kinds absent.
    pub fn put<'a>(&self, _cx: &Cx<'a>, c: &mut Components<'a>) {
        let text = |s: Option<Span>| s.map(Part::Str);
        let host = self.host;
        let kind = |r: Rule| (host.kind == r).then_some(host.span);
        let inside = |r: Rule| host.literal.filter(|(k, _)| *k == r).map(|(_, s)| s);
        c.put("userinfo", text(self.userinfo));
        c.put("host", text(Some(host.span)));
        c.put("IP-literal", text(kind(Rule::R3986IpLiteral)));
        c.put("IPv6address", text(inside(Rule::R3986Ipv6address)));
        c.put("IPvFuture", text(inside(Rule::R3986IpvFuture)));
        c.put("IPv4address", text(kind(Rule::R3986Ipv4address)));
        c.put("reg-name", text(kind(Rule::R3986RegName)));
        c.put("port", text(self.port));
    }
}

/// `authority     = [ userinfo "@" ] host [ ":" port ]`
pub fn authority(cx: &mut Cx, s: Span) -> Res<Authority> {
    cx.rule(Rule::R3986Authority, |cx| {
        // Neither userinfo, host nor port derives "@", so the first "@" ends the
        // userinfo (Section 3.2.1: "The user information, if present, is followed by a
        // commercial at-sign ("@") that delimits it from the host").
        let (info, rest) = match cx.find(s, b'@') {
            Some(at) => {
                let u = Span::new(s.start, at);
                userinfo(cx, u)?;
                (Some(u), s.from(at + 1))
            }
            None => (None, s),
        };
        // An IP-literal derives no "]" before its last character, so it ends at the
        // first "]" (or, without one, at the end of the authority, where it then fails).
        // The other hosts derive no ":", so the first ":" ends them.
        let bracket = !rest.is_empty() && cx.input[rest.start] == b'[';
        let host_end = if bracket {
            cx.find(rest, b']').map_or(rest.end, |c| c + 1)
        } else {
            cx.find(rest, b':').unwrap_or(rest.end)
        };
        let found = host(cx, Span::new(rest.start, host_end))?;
        let port_span = if host_end < rest.end {
            if cx.input[host_end] != b':' {
                return Err(cx.fail(host_end, Rule::R3986Authority, "\":\" port"));
            }
            let p = rest.from(host_end + 1);
            port(cx, p)?;
            Some(p)
        } else {
            None
        };
        Ok(Authority {
            userinfo: info,
            host: found,
            port: port_span,
        })
    })
}

const USERINFO_CHARS: &str = "unreserved / pct-encoded / sub-delims / \":\"";

/// `userinfo      = *( unreserved / pct-encoded / sub-delims / ":" )`
///
/// Section 3.2.1: "Use of the format "user:password" in the userinfo field is
/// deprecated" (the note `userinfo-password`).
pub fn userinfo(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R3986Userinfo, |cx| {
        repeat(cx, s, Rule::R3986Userinfo, USERINFO_CHARS, |cx, i, end| {
            unreserved_pct_or_sub_delim(cx, i, end, b":")
        })
    })
}

/// `host          = IP-literal / IPv4address / reg-name`
///
/// The first alternative that derives is taken: Section 3.2.2, "If host matches the
/// rule for IPv4address, then it should be considered an IPv4 address literal and not
/// a reg-name" (every IPv4address is a reg-name too: the ambiguity is reported). A host
/// that starts with "[" can only be an IP-literal, and where it fails, its failure is
/// the host's; any other host that fails fails as a reg-name, which derives every
/// string IPv4address derives and so gets at least as far.
pub fn host(cx: &mut Cx, s: Span) -> Res<Host> {
    cx.rule(Rule::R3986Host, |cx| {
        let found = |kind, literal| Host {
            span: s,
            kind,
            literal,
        };
        match ip_literal(cx, s) {
            Ok(inside) => return Ok(found(Rule::R3986IpLiteral, Some(inside))),
            Err(f) if !s.is_empty() && cx.input[s.start] == b'[' => return Err(f),
            Err(_) => {}
        }
        if ipv4address(cx, s).is_ok() {
            return Ok(found(Rule::R3986Ipv4address, None));
        }
        reg_name(cx, s)?;
        Ok(found(Rule::R3986RegName, None))
    })
}

/// `port          = *DIGIT`
///
/// Any number of digits: the grammar sets no range. Section 3.2.3: "URI producers and
/// normalizers should omit the port component and its ":" delimiter if port is empty"
/// (the note `empty-port`).
pub fn port(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R3986Port, |cx| {
        cx.class_star(s, Rule::R3986Port, (&DIGIT, "DIGIT"))
    })
}

/// `IP-literal    = "[" ( IPv6address / IPvFuture  ) "]"`
///
/// `s` runs from the "[" to the first "]" (neither IPv6address nor IPvFuture derives
/// "]"), or to the end of the authority when there is none. Returns the rule inside the
/// brackets and its span.
pub fn ip_literal(cx: &mut Cx, s: Span) -> Res<(Rule, Span)> {
    cx.rule(Rule::R3986IpLiteral, |cx| {
        let input = cx.input;
        if s.is_empty() || input[s.start] != b'[' {
            return Err(cx.fail(s.start, Rule::R3986IpLiteral, "\"[\""));
        }
        let closed = s.len() >= 2 && input[s.end - 1] == b']';
        let inner = Span::new(s.start + 1, if closed { s.end - 1 } else { s.end });
        let v6 = ipv6address(cx, inner).err();
        let inside = match v6 {
            None => Rule::R3986Ipv6address,
            Some(v6) => match ipv_future(cx, inner) {
                Ok(()) => Rule::R3986IpvFuture,
                Err(future) => {
                    return Err(if v6.offset > future.offset {
                        v6
                    } else if future.offset > v6.offset {
                        future
                    } else {
                        // Both fail at the first character.
                        cx.fail(v6.offset, Rule::R3986IpLiteral, "IPv6address / IPvFuture")
                    });
                }
            },
        };
        if !closed {
            return Err(cx.fail(s.end, Rule::R3986IpLiteral, "\"]\""));
        }
        Ok((inside, inner))
    })
}

const FUTURE_CHARS: &str = "unreserved / sub-delims / \":\"";

/// `IPvFuture     = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`
///
/// "v" is a quoted string, so either case (RFC 5234 §2.3; Section 3.2.2: "an IP-literal
/// that starts with "v" (case-insensitive)"). Section 3.2.2 adds that an application
/// that does not know the version "should return an appropriate error for "address
/// mechanism not supported"" (the note `ipvfuture`).
pub fn ipv_future(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R3986IpvFuture, |cx| {
        let input = cx.input;
        let mut i = s.start;
        if i >= s.end || !matches!(input[i], b'v' | b'V') {
            return Err(cx.fail(i, Rule::R3986IpvFuture, "\"v\""));
        }
        i += 1;
        let digits = i;
        while i < s.end && cx.class(&HEXDIG, input[i]) {
            i += 1;
        }
        if i == digits {
            return Err(cx.fail(i, Rule::R3986IpvFuture, "HEXDIG"));
        }
        if i >= s.end || input[i] != b'.' {
            return Err(cx.fail(i, Rule::R3986IpvFuture, "HEXDIG / \".\""));
        }
        let tail = s.from(i + 1);
        if tail.is_empty() {
            return Err(cx.fail(tail.start, Rule::R3986IpvFuture, FUTURE_CHARS));
        }
        cx.star(tail, Rule::R3986IpvFuture, FUTURE_CHARS, |cx, i, _| {
            let b = cx.input[i];
            let ok = cx.class(&UNRESERVED, b) || cx.class(&SUB_DELIMS, b) || b == b':';
            ok.then_some(1)
        })
    })
}

/// What comes before the "::" of an alternative of `IPv6address`.
#[derive(Clone, Copy, Debug)]
enum Before {
    /// No "::" at all (the first alternative).
    NoElision,
    /// "::" and nothing before it (the second).
    Nothing,
    /// `[ *n( h16 ":" ) h16 ] "::"`.
    UpTo(usize),
}

/// What ends an alternative of `IPv6address`.
#[derive(Clone, Copy, Debug)]
enum Last {
    Ls32,
    H16,
    Nothing,
}

/// The nine alternatives of `IPv6address`, in order: what precedes the "::", how many
/// `h16 ":"` follow it, and what ends the address.
const ALTERNATIVES: [(Before, usize, Last); 9] = [
    (Before::NoElision, 6, Last::Ls32),
    (Before::Nothing, 5, Last::Ls32),
    (Before::UpTo(0), 4, Last::Ls32),
    (Before::UpTo(1), 3, Last::Ls32),
    (Before::UpTo(2), 2, Last::Ls32),
    (Before::UpTo(3), 1, Last::Ls32),
    (Before::UpTo(4), 0, Last::Ls32),
    (Before::UpTo(5), 0, Last::H16),
    (Before::UpTo(6), 0, Last::Nothing),
];

const END_OF_ADDRESS: &str = "the end of the address";

/// ```text
/// IPv6address   =                            6( h16 ":" ) ls32
///               /                       "::" 5( h16 ":" ) ls32
///               / [               h16 ] "::" 4( h16 ":" ) ls32
///               / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
///               / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
///               / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
///               / [ *4( h16 ":" ) h16 ] "::"              ls32
///               / [ *5( h16 ":" ) h16 ] "::"              h16
///               / [ *6( h16 ":" ) h16 ] "::"
/// ```
///
/// The alternatives derive disjoint strings (the number of pieces after the "::" tells
/// them apart, `ls32` counting two), and each derives a string one way only, so the
/// grammar is not ambiguous here. Each is matched on its own, left to right; the first
/// that derives is taken, and where none does, the furthest failure is reported.
pub fn ipv6address(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R3986Ipv6address, |cx| {
        let mut furthest: Option<Failure> = None;
        for alternative in ALTERNATIVES {
            match ipv6_alternative(cx, s, alternative) {
                Ok(()) => return Ok(()),
                Err(f) => {
                    if furthest.as_ref().is_none_or(|x| f.offset > x.offset) {
                        furthest = Some(f);
                    }
                }
            }
        }
        Err(furthest.unwrap_or_else(|| cx.fail(s.start, Rule::R3986Ipv6address, "h16")))
    })
}

/// One alternative of `IPv6address` over the whole of `s`.
fn ipv6_alternative(
    cx: &mut Cx,
    s: Span,
    (before, pieces, last): (Before, usize, Last),
) -> Res<()> {
    let input = cx.input;
    let rule = Rule::R3986Ipv6address;
    let mut i = s.start;
    match before {
        Before::NoElision => {}
        Before::Nothing => i = cx.literal(i, s, q!("::"), rule)?,
        Before::UpTo(n) => {
            // The optional part is there unless the address starts with ":".
            if i < s.end && input[i] != b':' {
                let mut repeated = 0;
                loop {
                    i = h16_at(cx, i, s.end)?;
                    // A ":" that is not the start of "::" separates another `h16 ":"`.
                    let another = repeated < n
                        && input.get(i) == Some(&b':')
                        && i + 1 < s.end
                        && input[i + 1] != b':';
                    if !another {
                        break;
                    }
                    i += 1;
                    repeated += 1;
                }
            }
            i = cx.literal(i, s, q!("::"), rule)?;
        }
    }
    for _ in 0..pieces {
        i = h16_at(cx, i, s.end)?;
        i = cx.literal(i, s, q!(":"), rule)?;
    }
    match last {
        Last::Ls32 => ls32(cx, s.from(i)),
        Last::H16 => {
            i = h16_at(cx, i, s.end)?;
            end_of(cx, i, s, rule)
        }
        Last::Nothing => end_of(cx, i, s, rule),
    }
}

/// Fails unless `i` is the end of `s`.
fn end_of(cx: &Cx, i: usize, s: Span, rule: Rule) -> Res<()> {
    if i < s.end {
        Err(cx.fail(i, rule, END_OF_ADDRESS))
    } else {
        Ok(())
    }
}

/// An `h16` at `i`: the run of up to four HEXDIG there (a fifth is then where what
/// follows fails). Returns the offset after it.
fn h16_at(cx: &mut Cx, i: usize, end: usize) -> Res<usize> {
    let run = cx.input[i.min(end)..end]
        .iter()
        .take(4)
        .take_while(|b| HEXDIG.contains(**b))
        .count();
    h16(cx, Span::new(i, i + run))?;
    Ok(i + run)
}

/// `h16           = 1*4HEXDIG`
///
/// Section 3.2.2 comments it "16 bits of address represented in hexadecimal".
pub fn h16(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R3986H16, |cx| {
        if s.is_empty() {
            return Err(cx.fail(s.start, Rule::R3986H16, "HEXDIG"));
        }
        let mut i = s.start;
        while i < s.end {
            if i - s.start == 4 || !cx.class(&HEXDIG, cx.input[i]) {
                return Err(cx.fail(i, Rule::R3986H16, "at most four HEXDIG"));
            }
            i += 1;
        }
        Ok(())
    })
}

/// `ls32          = ( h16 ":" h16 ) / IPv4address`
///
/// Section 3.2.2 comments it "least-significant 32 bits of address". Over the whole of `s` (it ends the address).
pub fn ls32(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R3986Ls32, |cx| {
        let pair = (|| {
            let i = h16_at(cx, s.start, s.end)?;
            let i = cx.literal(i, s, q!(":"), Rule::R3986Ls32)?;
            let i = h16_at(cx, i, s.end)?;
            end_of(cx, i, s, Rule::R3986Ls32)
        })();
        let Err(pair) = pair else {
            return Ok(());
        };
        match ipv4address(cx, s) {
            Ok(()) => Ok(()),
            Err(v4) if v4.offset > pair.offset => Err(v4),
            Err(_) => Err(pair),
        }
    })
}

/// `IPv4address   = dec-octet "." dec-octet "." dec-octet "." dec-octet`
///
/// Over the whole of `s`. Section 3.2.2: "only the dotted-decimal form of four octets is
/// allowed by this grammar"; Section 7.4 on the other forms some platforms read (the
/// note `rare-ip-format`).
pub fn ipv4address(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R3986Ipv4address, |cx| {
        let mut i = s.start;
        for k in 0..4 {
            if k > 0 {
                i = cx.literal(i, s, q!("."), Rule::R3986Ipv4address)?;
            }
            // No dec-octet is longer than three digits: a fourth is where it fails.
            let run = cx.input[i..s.end]
                .iter()
                .take(4)
                .take_while(|b| b.is_ascii_digit())
                .count();
            dec_octet(cx, Span::new(i, i + run))?;
            i += run;
        }
        end_of(cx, i, s, Rule::R3986Ipv4address)
    })
}

/// The alternatives of `dec-octet`, each as the ranges of its characters in order.
const DEC_OCTET: [&[(u8, u8)]; 5] = [
    &[(b'0', b'9')],
    &[(0x31, 0x39), (b'0', b'9')],
    &[(b'1', b'1'), (b'0', b'9'), (b'0', b'9')],
    &[(b'2', b'2'), (0x30, 0x34), (b'0', b'9')],
    &[(b'2', b'2'), (b'5', b'5'), (0x30, 0x35)],
];

/// ```text
/// dec-octet     = DIGIT                 ; 0-9
///               / %x31-39 DIGIT         ; 10-99
///               / "1" 2DIGIT            ; 100-199
///               / "2" %x30-34 DIGIT     ; 200-249
///               / "25" %x30-35          ; 250-255
/// ```
///
/// Over the whole of `s`: 0 to 255, and no leading zero ("01" is none).
pub fn dec_octet(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R3986DecOctet, |cx| {
        let bytes = cx.bytes(s);
        let mut furthest = 0;
        for alternative in DEC_OCTET {
            let matched = bytes
                .iter()
                .zip(alternative)
                .take_while(|(b, (lo, hi))| (lo..=hi).contains(b))
                .count();
            if matched == alternative.len() && bytes.len() == matched {
                return Ok(());
            }
            furthest = furthest.max(matched);
        }
        let expected = if furthest == 0 {
            "DIGIT"
        } else {
            "dec-octet: 0-9 / 10-99 / 100-199 / 200-249 / 250-255"
        };
        Err(cx.fail(s.start + furthest, Rule::R3986DecOctet, expected))
    })
}

const REG_NAME_CHARS: &str = "unreserved / pct-encoded / sub-delims";

/// `reg-name      = *( unreserved / pct-encoded / sub-delims )`
///
/// Empty is allowed: Section 3.2.2, "If the URI scheme defines a default for host, then
/// that default applies when the host subcomponent is undefined or when the registered
/// name is empty (zero length)".
pub fn reg_name(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R3986RegName, |cx| {
        repeat(cx, s, Rule::R3986RegName, REG_NAME_CHARS, |cx, i, end| {
            unreserved_pct_or_sub_delim(cx, i, end, b"")
        })
    })
}
