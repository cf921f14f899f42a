//! Section 3.2, "Authority Component": 3.2.1, "Registry-based Naming Authority", and
//! 3.2.2, "Server-based Naming Authority"; and, for the reading `rfc2396@rfc2732`, the
//! IPv6 literal of RFC 2732 Section 3 (<https://www.rfc-editor.org/rfc/rfc2732>) with
//! RFC 2373 Appendix B's `IPv6address` (<https://www.rfc-editor.org/rfc/rfc2373>).
//!
//! RFC 2732's and RFC 2373's texts are not among the texts the project was given: their
//! productions here are quoted from the published RFCs (RFC 2732 Section 3, RFC 2373
//! Appendix B, "ABNF Description of Text Representations"), and the oracle's table
//! (`reference/oracle/src/tables.rs`) writes them out again, independently.

use super::classes::{escaped, repeat, ALPHA, ALPHANUM, DIGIT, HEX, UNRESERVED};
use crate::document::Reading;
use crate::grammar::cx::{furthest, Cx, Res, Span};
use crate::grammar::outcome::Failure;
use crate::grammar::rule::Rule;

/// Which alternative of `host` derived the host.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostKind {
    Hostname,
    Ipv4address,
    /// Only under `rfc2396@rfc2732`.
    Ipv6reference,
}

impl HostKind {
    /// The component that names the host's kind: the rule's name.
    pub fn component(self) -> &'static str {
        match self {
            HostKind::Hostname => "hostname",
            HostKind::Ipv4address => "IPv4address",
            HostKind::Ipv6reference => "IPv6reference",
        }
    }
}

/// What `server` found; spans of the input. `host` is absent for an empty server (the
/// `hostport` alternative was not taken).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Server {
    pub userinfo: Option<Span>,
    pub host: Option<(Span, HostKind)>,
    pub port: Option<Span>,
}

/// What `authority` derived.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Authority {
    /// The `server` alternative; `reg_name_too` when `reg_name` derives it as well.
    Server { server: Server, reg_name_too: bool },
    /// Only the `reg_name` alternative.
    RegName,
}

/// `authority     = server | reg_name`
///
/// Both alternatives are tried on every authority. The server is reported when it
/// derives (Section 3.2.2 gives its syntax to "URL schemes that involve the direct use of
/// an IP-based protocol to a specified server on the Internet"; which alternative a URI
/// uses is its scheme's to say, Section 3.2.1: "The structure of a registry-based naming
/// authority is specific to the URI scheme"); every character a server holds is one
/// reg_name holds, so a non-empty server is a reg_name too, and the parse lists that
/// ambiguity. When both fail, the failure that got further into the input is reported,
/// the reg_name's on a tie: at the same character, the reg_name's failure says that no
/// authority holds it (a server's could fail at a character reg_name takes).
pub fn authority(cx: &mut Cx, s: Span) -> Res<Authority> {
    cx.rule(Rule::R2396Authority, |cx| {
        let server = server(cx, s);
        let reg = reg_name(cx, s);
        match (server, reg) {
            (Ok(server), reg) => Ok(Authority::Server {
                server,
                reg_name_too: reg.is_ok(),
            }),
            (Err(_), Ok(())) => Ok(Authority::RegName),
            (Err(server), Err(reg)) => Err(furthest(reg, server)),
        }
    })
}

const REG_NAME_CHARS: &str = "unreserved | escaped | \"$\" | \",\" | \";\" | \":\" | \"@\" | \
    \"&\" | \"=\" | \"+\"";

/// ```text
/// reg_name      = 1*( unreserved | escaped | "$" | "," |
///                     ";" | ":" | "@" | "&" | "=" | "+" )
/// ```
pub fn reg_name(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R2396RegName, |cx| {
        if s.is_empty() {
            return Err(cx.fail(s.start, Rule::R2396RegName, REG_NAME_CHARS));
        }
        repeat(cx, s, Rule::R2396RegName, REG_NAME_CHARS, |cx, i, end| {
            if cx.class(&UNRESERVED, cx.input[i]) {
                return Some(1);
            }
            escaped(cx, i, end).or_else(|| cx.one_of(i, b"$,;:@&=+"))
        })
    })
}

/// `server        = [ [ userinfo "@" ] hostport ]`
pub fn server(cx: &mut Cx, s: Span) -> Res<Server> {
    cx.rule(Rule::R2396Server, |cx| {
        if s.is_empty() {
            return Ok(Server::default());
        }
        // Neither userinfo nor hostport derives "@" (nor does an IPv6reference): the
        // first "@" ends the userinfo, and a second one fails in the host.
        let (info, rest) = match cx.find(s, b'@') {
            Some(at) => {
                let info = Span::new(s.start, at);
                userinfo(cx, info)?;
                (Some(info), s.from(at + 1))
            }
            None => (None, s),
        };
        let (host, port) = hostport(cx, rest)?;
        Ok(Server {
            userinfo: info,
            host: Some(host),
            port,
        })
    })
}

const USERINFO_CHARS: &str = "unreserved | escaped | \";\" | \":\" | \"&\" | \"=\" | \"+\" | \
    \"$\" | \",\"";

/// ```text
/// userinfo      = *( unreserved | escaped |
///                    ";" | ":" | "&" | "=" | "+" | "$" | "," )
/// ```
pub fn userinfo(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R2396Userinfo, |cx| {
        repeat(cx, s, Rule::R2396Userinfo, USERINFO_CHARS, |cx, i, end| {
            if cx.class(&UNRESERVED, cx.input[i]) {
                return Some(1);
            }
            escaped(cx, i, end).or_else(|| cx.one_of(i, b";:&=+$,"))
        })
    })
}

/// `hostport      = host [ ":" port ]`
///
/// Returns the host and its kind, and, when there is a ":", the port (possibly empty).
pub fn hostport(cx: &mut Cx, s: Span) -> Res<((Span, HostKind), Option<Span>)> {
    cx.rule(Rule::R2396Hostport, |cx| {
        // Neither hostname nor IPv4address derives ":", so the first ":" ends the host.
        // Under RFC 2732 an IPv6reference holds colons, but it ends at its "]", which
        // IPv6address does not derive.
        let ipv6 = cx.reading == Reading::Rfc2732 && cx.input.get(s.start) == Some(&b'[');
        let host_end = if ipv6 {
            cx.find(s, b']').map_or(s.end, |close| close + 1)
        } else {
            cx.find(s, b':').unwrap_or(s.end)
        };
        let h = Span::new(s.start, host_end);
        let kind = host(cx, h)?;
        if host_end == s.end {
            return Ok(((h, kind), None));
        }
        if cx.input[host_end] != b':' {
            return Err(cx.fail(host_end, Rule::R2396Hostport, "\":\" port"));
        }
        let p = s.from(host_end + 1);
        port(cx, p)?;
        Ok(((h, kind), Some(p)))
    })
}

/// `host          = hostname | IPv4address`
///
/// Under `rfc2396@rfc2732`, RFC 2732 Section 3: "(1) change the 'host' non-terminal to
/// add an IPv6 option:
///
/// ```text
/// host          = hostname | IPv4address | IPv6reference
/// ```
///
/// The rightmost domain label "will never start with a digit, thus syntactically
/// distinguishing domain names from IPv4 addresses" (Section 3.2.2), and only an
/// IPv6reference starts with "[": at most one alternative derives. When all fail, the
/// one the host was aiming at is reported: an IPv6reference when it starts with "[", an
/// IPv4address when it holds only digits and dots, a hostname otherwise.
pub fn host(cx: &mut Cx, s: Span) -> Res<HostKind> {
    cx.rule(Rule::R2396Host, |cx| {
        let name = match hostname(cx, s) {
            Ok(()) => return Ok(HostKind::Hostname),
            Err(f) => f,
        };
        let number = match ipv4address(cx, s) {
            Ok(()) => return Ok(HostKind::Ipv4address),
            Err(f) => f,
        };
        if cx.reading == Reading::Rfc2732 {
            let literal = match ipv6reference(cx, s) {
                Ok(()) => return Ok(HostKind::Ipv6reference),
                Err(f) => f,
            };
            if cx.input.get(s.start) == Some(&b'[') {
                return Err(literal);
            }
        }
        Err(crate::grammar::cx::host_failure(cx, s, name, number))
    })
}

/// `hostname      = *( domainlabel "." ) toplabel [ "." ]`
pub fn hostname(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R2396Hostname, |cx| {
        // A final "." is the optional one: a label never ends with "." and never is
        // empty, so a "." at the end can end nothing else.
        let body = if s.len() > 1 && cx.input[s.end - 1] == b'.' {
            Span::new(s.start, s.end - 1)
        } else {
            s
        };
        crate::grammar::class::dotted_labels(cx, body, domainlabel, toplabel)
    })
}

crate::shared_productions::labels! {
/// `domainlabel   = alphanum | alphanum *( alphanum | "-" ) alphanum`
pub fn domainlabel(Rule::R2396Domainlabel);
/// `toplabel      = alpha | alpha *( alphanum | "-" ) alphanum`
pub fn toplabel(Rule::R2396Toplabel);
alphanum = ALPHANUM, "alphanum";
}

/// `IPv4address   = 1*digit "." 1*digit "." 1*digit "." 1*digit`
///
/// Under `rfc2396@rfc2732`, RFC 2732 Section 3: "(2) Replace the definition of
/// 'IPv4address' with that of RFC 2373, as it correctly defines an IPv4address as
/// consisting of at most three decimal digits per segment." RFC 2373 Appendix B:
///
/// ```text
/// IPv4address = 1*3DIGIT "." 1*3DIGIT "." 1*3DIGIT "." 1*3DIGIT
/// ```
///
/// (`DIGIT` is RFC 2234's core rule, %x30-39: RFC 2396's `digit`.)
pub fn ipv4address(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R2396Ipv4address, |cx| {
        let most = if cx.reading == Reading::Rfc2732 {
            3
        } else {
            usize::MAX
        };
        let mut at = s.start;
        for _ in 0..3 {
            // digit derives no ".", so each group ends at the next ".".
            match cx.find(s.from(at), b'.') {
                Some(dot) => {
                    digits(cx, Span::new(at, dot), most)?;
                    at = dot + 1;
                }
                None => {
                    digits(cx, s.from(at), most)?;
                    return Err(cx.fail(s.end, Rule::R2396Ipv4address, "\".\""));
                }
            }
        }
        digits(cx, s.from(at), most)
    })
}

/// `1*digit` (or RFC 2373's `1*3DIGIT`), one group of an `IPv4address`; its failure is
/// the IPv4address's.
fn digits(cx: &mut Cx, s: Span, most: usize) -> Result<(), Failure> {
    if s.is_empty() {
        return Err(cx.fail(s.start, Rule::R2396Ipv4address, "digit"));
    }
    for (k, i) in (s.start..s.end).enumerate() {
        if k == most {
            return Err(cx.fail(i, Rule::R2396Ipv4address, "\".\""));
        }
        if !cx.class(&DIGIT, cx.input[i]) {
            return Err(cx.fail(i, Rule::R2396Ipv4address, "digit"));
        }
    }
    Ok(())
}

/// `port          = *digit`
///
/// Appendix G.3: "The URL port is now *digit instead of 1*digit", so `host:` derives.
pub fn port(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R2396Port, |cx| {
        cx.class_star(s, Rule::R2396Port, (&DIGIT, "digit"))
    })
}

/// RFC 2732 Section 3, which writes the rule's name in lower case where `host` names it
/// `IPv6reference` (RFC 2373's ABNF, which RFC 2732 builds on, compares rule names
/// without case):
///
/// ```text
/// ipv6reference = "[" IPv6address "]"
/// ```
///
/// "where IPv6address is defined as in RFC 2373 [ARCH]". Only under `rfc2396@rfc2732`.
pub fn ipv6reference(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R2396Ipv6reference, |cx| {
        if cx.input.get(s.start).filter(|_| !s.is_empty()) != Some(&b'[') {
            return Err(cx.fail(s.start, Rule::R2396Ipv6reference, "\"[\""));
        }
        // IPv6address derives no "]": the first one closes the reference.
        let close = cx.find(s.from(s.start + 1), b']');
        let inner = Span::new(s.start + 1, close.unwrap_or(s.end));
        ipv6address(cx, inner)?;
        match close {
            Some(c) if c + 1 == s.end => Ok(()),
            Some(c) => Err(cx.fail(c + 1, Rule::R2396Ipv6reference, "end of host")),
            None => Err(cx.fail(s.end, Rule::R2396Ipv6reference, "\"]\"")),
        }
    })
}

/// RFC 2373 Appendix B:
///
/// ```text
/// IPv6address = hexpart [ ":" IPv4address ]
/// ```
///
/// with RFC 2373's `IPv4address` (see [`ipv4address`]).
///
/// hexpart derives no ".", and IPv4address no ":": an address that holds a "." and a ":"
/// ends with the IPv4address after its last ":". So, read literally, `::192.9.5.5` (an
/// example of RFC 2732 Section 2, `http://[::192.9.5.5]/ipng`) does not derive: its
/// hexpart would be ":". `::FFFF:129.144.52.38` does (hexpart `::FFFF`).
pub fn ipv6address(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R2396Ipv6address, |cx| {
        let dotted = cx.find(s, b'.').is_some();
        let last_colon = cx.bytes(s).iter().rposition(|&b| b == b':');
        match last_colon {
            Some(c) if dotted => {
                let colon = s.start + c;
                hexpart(cx, Span::new(s.start, colon))?;
                ipv4address(cx, s.from(colon + 1))
            }
            _ => hexpart(cx, s),
        }
    })
}

/// RFC 2373 Appendix B:
///
/// ```text
/// hexpart = hexseq | hexseq "::" [ hexseq ] | "::" [ hexseq ]
/// ```
///
/// hexseq derives no "::" (a hex4 is never empty), so the first "::", if any, is the
/// one the second or third alternative names, and at most one alternative derives.
pub fn hexpart(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R2396Hexpart, |cx| {
        let double = cx
            .bytes(s)
            .windows(2)
            .position(|w| w == b"::")
            .map(|i| s.start + i);
        let Some(d) = double else {
            return hexseq(cx, s);
        };
        if d > s.start {
            hexseq(cx, Span::new(s.start, d))?;
        }
        let after = s.from(d + 2);
        if after.is_empty() {
            Ok(())
        } else {
            hexseq(cx, after)
        }
    })
}

/// RFC 2373 Appendix B:
///
/// ```text
/// hexseq  = hex4 *( ":" hex4)
/// ```
pub fn hexseq(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R2396Hexseq, |cx| {
        // hex4 derives no ":", so the groups are what lies between the colons.
        cx.separated(s, b':', hex4)
    })
}

/// RFC 2373 Appendix B:
///
/// ```text
/// hex4    = 1*4HEXDIG
/// ```
///
/// `HEXDIG` is RFC 2234's core rule, `DIGIT / "A" / "B" / "C" / "D" / "E" / "F"`, whose
/// quoted strings match either case (RFC 2234 Section 2.3): RFC 2396's `hex`.
pub fn hex4(cx: &mut Cx, s: Span) -> Res<()> {
    cx.rule(Rule::R2396Hex4, |cx| {
        if s.is_empty() {
            return Err(cx.fail(s.start, Rule::R2396Hex4, "HEXDIG"));
        }
        for (k, i) in (s.start..s.end).enumerate() {
            if k == 4 {
                return Err(cx.fail(i, Rule::R2396Hex4, "\":\""));
            }
            if !cx.class(&HEX, cx.input[i]) {
                return Err(cx.fail(i, Rule::R2396Hex4, "HEXDIG"));
            }
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(reading: Reading, input: &str, f: fn(&mut Cx, Span) -> Res<()>) -> Res<()> {
        let mut cx = Cx::new(input.as_bytes(), reading, false);
        f(&mut cx, Span::new(0, input.len()))
    }

    /// RFC 2732 Section 2's seven addresses, each as RFC 2373's grammar reads it.
    #[test]
    fn rfc2732_section_2_addresses() {
        let r = Reading::Rfc2732;
        for ok in [
            "FEDC:BA98:7654:3210:FEDC:BA98:7654:3210",
            "1080:0:0:0:8:800:200C:417A",
            "3ffe:2a00:100:7031::1",
            "1080::8:800:200C:417A",
            "::FFFF:129.144.52.38",
            "2010:836B:4179::836B:4179",
        ] {
            assert_eq!(with(r, ok, ipv6address), Ok(()), "{ok}");
        }
        // "::192.9.5.5": the hexpart would be ":", which derives nothing; "::" must be
        // followed by ":" before an IPv4address ("1::" ":" ...).
        let e = with(r, "::192.9.5.5", ipv6address).unwrap_err();
        assert_eq!((e.rule, e.offset), (Rule::R2396Hex4, 0));
        assert_eq!(with(r, ":::192.9.5.5", ipv6address), Ok(()));
    }

    #[test]
    fn rfc2373_grammar_read_literally() {
        let r = Reading::Rfc2732;
        // No limit on the number of groups: the ABNF has none.
        assert_eq!(with(r, "1:2:3:4:5:6:7:8:9", ipv6address), Ok(()));
        assert_eq!(with(r, "::", ipv6address), Ok(()));
        assert_eq!(with(r, "1::", ipv6address), Ok(()));
        assert_eq!(with(r, "abcd", ipv6address), Ok(()));
        let fails = |s: &str| with(r, s, ipv6address).unwrap_err();
        let e = fails("1::2::3");
        assert_eq!((e.rule, e.offset), (Rule::R2396Hex4, 5));
        let e = fails("12345::");
        assert_eq!((e.rule, e.offset), (Rule::R2396Hex4, 4));
        let e = fails("1:2:1234.1.1.1");
        assert_eq!((e.rule, e.offset), (Rule::R2396Ipv4address, 7));
        let e = fails("g::");
        assert_eq!((e.rule, e.offset), (Rule::R2396Hex4, 0));
        let e = fails("");
        assert_eq!((e.rule, e.offset), (Rule::R2396Hex4, 0));
        assert_eq!(with(r, "[::1]", ipv6reference), Ok(()));
        let e = with(r, "[::1", ipv6reference).unwrap_err();
        assert_eq!((e.rule, e.offset), (Rule::R2396Ipv6reference, 4));
    }

    #[test]
    fn ipv4_groups_are_unbounded_in_rfc2396_and_three_digits_in_rfc2373() {
        assert_eq!(with(Reading::Strict, "1234.1.1.1", ipv4address), Ok(()));
        let e = with(Reading::Rfc2732, "1234.1.1.1", ipv4address).unwrap_err();
        assert_eq!((e.rule, e.offset), (Rule::R2396Ipv4address, 3));
        assert_eq!(with(Reading::Rfc2732, "255.0.10.1", ipv4address), Ok(()));
    }

    #[test]
    fn hostnames_may_end_with_one_dot() {
        let s = Reading::Strict;
        assert_eq!(with(s, "a.b.", hostname), Ok(()));
        assert_eq!(with(s, "a", hostname), Ok(()));
        assert!(with(s, "a..", hostname).is_err());
        assert!(with(s, ".", hostname).is_err());
        assert!(with(s, "a.1b", hostname).is_err());
    }
}
