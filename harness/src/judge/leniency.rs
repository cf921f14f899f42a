//! The causes every family of parsers shares: where a parser departs from a document's
//! letter in a way the documents themselves describe (characters they exclude taken or
//! percent-encoded, escapes of unreserved characters decoded, case and dot segments
//! normalised, a reference or base outside the grammar resolved or refused). Each is
//! written once, keyed by what the parser answers, not by which parser says it.
//!
//! A leniency that is a rewriting of the request ([`Rewrite`]) explains a discrepancy
//! when the adapter's answer agrees with the reference's answer, under the same
//! document, to the rewritten request: the parser answered as the document would have
//! answered the input written its way. The others are a test of the answers.
//!
//! Campaigns put a discrepancy to these last, after the named causes and the other
//! documents ([`crate::run::fuzz::judge_one`]): a document's own answer is the more
//! exact explanation.

use crate::ask::{Answer, Info};
use crate::judge::{expected, Class, Judged};
use crate::run::fuzz::{reference_answer, RefAnswer, Request, RequestOp};
use urlcert_reference::{DocReading, Document, Verdict};

/// A leniency: its name (what a report counts by) and what it says.
pub struct Leniency {
    pub name: &'static str,
    /// What the parser does, and the text that makes it a departure.
    pub says: &'static str,
    pub test: Test,
}

/// How a leniency is recognised.
pub enum Test {
    /// The request as the parser read it; `None` when the rewriting changes nothing.
    Rewrite(fn(&[u8]) -> Option<Vec<u8>>),
    /// The answers themselves.
    Answers(fn(&Seen) -> bool),
}

/// A discrepancy as a leniency sees it.
pub struct Seen<'a> {
    pub doc: DocReading,
    pub req: &'a Request,
    pub reference: &'a RefAnswer,
    pub answer: &'a Answer,
    pub judged: &'a Judged,
}

impl Seen<'_> {
    /// The reference's result, when it resolves.
    pub(crate) fn reference_result(&self) -> Option<&[u8]> {
        match self.reference.answer()? {
            crate::ask::ReferenceAnswer::Resolve(Ok(r)) => Some(&r.result),
            _ => None,
        }
    }

    /// The adapter's result, when it resolved.
    pub(crate) fn result(&self) -> Option<&str> {
        match self.answer {
            Answer::Resolved { result } => Some(result),
            _ => None,
        }
    }

    /// The reference takes the request: a parse it does not reject, or a resolution.
    pub(crate) fn reference_takes(&self) -> bool {
        match self.reference.answer() {
            Some(crate::ask::ReferenceAnswer::Parse(p)) => p.verdict != Verdict::Invalid,
            Some(crate::ask::ReferenceAnswer::Resolve(r)) => r.is_ok(),
            _ => false,
        }
    }

    /// The adapter rejected what the reference takes.
    pub(crate) fn refuses(&self) -> bool {
        matches!(self.answer, Answer::Rejected { .. }) && self.reference_takes()
    }

    /// The reference's result for the same base and `input` in place of the reference.
    pub(crate) fn resolved_as(&self, input: Vec<u8>) -> Option<Vec<u8>> {
        let read = Request {
            op: self.req.op,
            base: self.req.base.clone(),
            input,
        };
        match reference_answer(self.doc, &read).answer()? {
            crate::ask::ReferenceAnswer::Resolve(Ok(r)) => Some(r.result.clone()),
            _ => None,
        }
    }

    /// Both results: the reference's and the adapter's, when both resolved.
    pub(crate) fn results(&self) -> Option<(&[u8], &str)> {
        Some((self.reference_result()?, self.result()?))
    }

    /// The adapter's result is `ours`, or alike ([`alike`]).
    pub(crate) fn resolved_like(&self, ours: &[u8]) -> bool {
        self.result().is_some_and(|a| alike(ours, a))
    }

    /// The URIs the request holds: the input and, for a resolution, the base.
    pub(crate) fn uris(&self) -> impl Iterator<Item = &[u8]> {
        [Some(&self.req.input[..]), self.req.base.as_deref()]
            .into_iter()
            .flatten()
    }

    /// Both values are there and `test` holds of them (expected, actual).
    pub(crate) fn both(&self, test: impl Fn(&str, &str) -> bool) -> bool {
        matches!(self.values(), Some((Some(e), Some(a))) if test(&e, &a))
    }

    /// The two values the judge found differing (the component's, or the
    /// resolutions'), `None` for an absent one; `None` when either is not a value.
    pub(crate) fn values(&self) -> Option<(Option<String>, Option<String>)> {
        if !matches!(self.judged.class, Class::Component | Class::Resolution) {
            return None;
        }
        Some((
            value_in(&self.judged.expected)?,
            value_in(&self.judged.actual)?,
        ))
    }
}

/// The value a judge's line states: its first quoted text (Rust's escapes read back),
/// or `null` (when that comes first: an adapter's line ends with where the value came
/// from, `(from path without ";type=")`, which may hold quotes of its own).
fn value_in(line: &str) -> Option<Option<String>> {
    let null = line.find(" null");
    let Some(open) = line.find('"').filter(|&q| null.is_none_or(|n| q < n)) else {
        return null.map(|_| None);
    };
    let mut out = String::new();
    let mut chars = line[open + 1..].chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => return Some(Some(out)),
            '\\' => match chars.next()? {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                'r' => out.push('\r'),
                'u' => {
                    let hex: String = chars.by_ref().skip(1).take_while(|&c| c != '}').collect();
                    out.push(char::from_u32(u32::from_str_radix(&hex, 16).ok()?)?);
                }
                other => out.push(other),
            },
            c => out.push(c),
        }
    }
    None
}

/// Every escape decoded (bytes that are not UTF-8 read lossily), for comparing two
/// writings of one value.
pub(crate) fn decoded(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 2 < b.len() && hex(b[i + 1]) && hex(b[i + 2]) {
            out.push(escaped_octet(b[i + 1], b[i + 2]));
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The default port of a scheme (RFC 1738 Section 3 and the schemes' own RFCs).
fn default_port(scheme: &str) -> Option<&'static str> {
    Some(match scheme {
        "http" | "ws" => "80",
        "https" | "wss" => "443",
        "ftp" => "21",
        "telnet" => "23",
        "gopher" => "70",
        "nntp" => "119",
        "prospero" => "1525",
        "wais" => "210",
        _ => return None,
    })
}

/// [`port_read`], with the scheme's default port left out too (RFC 3986 Section
/// 6.2.3: "the default port for a scheme ... should be omitted").
fn port_read_for(s: &str, scheme: Option<&str>) -> String {
    let read = port_read(s);
    match (scheme.and_then(default_port), read.rsplit_once(':')) {
        (Some(d), Some((head, port))) if port.trim_start_matches('0') == d => head.to_string(),
        _ => read,
    }
}

/// An authority or host with its port written as a number: leading zeros dropped, an
/// empty port (and its ":") left out.
fn port_read(s: &str) -> String {
    let (head, port) = match s.rfind(':') {
        Some(i) if !s[i..].contains(']') => (&s[..i], &s[i + 1..]),
        _ => return s.to_string(),
    };
    if port.is_empty() {
        return head.to_string();
    }
    match port.bytes().all(|b| b.is_ascii_digit()) {
        true => match port.trim_start_matches('0') {
            "" => format!("{head}:0"),
            digits => format!("{head}:{digits}"),
        },
        false => s.to_string(),
    }
}

/// Bytes no grammar of the RFCs takes as they are (RFC 3986 Section 2, RFC 2396
/// Section 2.4.3 "excluded", RFC 1738 Section 2.2 "unsafe"): controls, space, bytes
/// outside US-ASCII, and `" < > \ ^ ` { | }`.
fn excluded(b: u8) -> bool {
    !(0x21..0x7F).contains(&b) || b"\"<>\\^`{|}".contains(&b)
}

fn hex(b: u8) -> bool {
    b.is_ascii_hexdigit()
}

/// The octet an escape's two hex digits write.
fn escaped_octet(high: u8, low: u8) -> u8 {
    let digit = |c: u8| (c as char).to_digit(16).unwrap_or(0) as u8;
    digit(high) * 16 + digit(low)
}

/// Each excluded byte, each "%" not followed by two hex digits, and each "#" after the
/// first percent-encoded, as RFC 3986 Section 2.1 writes what a URI may not hold.
fn encode_excluded(input: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(input.len() + 8);
    let mut hash = false;
    for (i, &b) in input.iter().enumerate() {
        let lone_percent = b == b'%'
            && !(input.get(i + 1).copied().is_some_and(hex)
                && input.get(i + 2).copied().is_some_and(hex));
        let second_hash = b == b'#' && std::mem::replace(&mut hash, true);
        if excluded(b) || lone_percent || second_hash {
            out.extend_from_slice(format!("%{b:02X}").as_bytes());
        } else {
            out.push(b);
        }
    }
    (out != input).then_some(out)
}

/// "%" and two hex digits that stand for an unreserved character, decoded (RFC 3986
/// Section 2.3: "should be normalized by decoding"; Section 6.2.2.2).
fn decode_unreserved(input: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(input.len());
    let mut i = 0;
    while i < input.len() {
        if input[i] == b'%' && i + 2 < input.len() {
            let (h, l) = (input[i + 1], input[i + 2]);
            if hex(h) && hex(l) {
                let v = escaped_octet(h, l);
                if v.is_ascii_alphanumeric() || b"-._~".contains(&v) {
                    out.push(v);
                    i += 3;
                    continue;
                }
            }
        }
        out.push(input[i]);
        i += 1;
    }
    (out != input).then_some(out)
}

/// Hex digits of escapes in upper case, the scheme and the authority in lower case
/// (RFC 3986 Section 6.2.2.1).
fn normalize_case(input: &[u8]) -> Option<Vec<u8>> {
    let mut out = input.to_vec();
    let scheme_end = urlcert_reference::invariants::has_scheme(input)
        .then(|| input.iter().position(|&b| b == b':'))
        .flatten();
    if let Some(end) = scheme_end {
        out[..end].make_ascii_lowercase();
    }
    let after = scheme_end.map_or(0, |e| e + 1);
    if out[after..].starts_with(b"//") {
        let start = after + 2;
        let end = out[start..]
            .iter()
            .position(|b| b"/?#".contains(b))
            .map_or(out.len(), |p| start + p);
        // The host, not the userinfo: after the last "@".
        let host = out[start..end]
            .iter()
            .rposition(|&b| b == b'@')
            .map_or(start, |p| start + p + 1);
        out[host..end].make_ascii_lowercase();
    }
    let mut i = 0;
    while i + 2 < out.len() {
        if out[i] == b'%' && hex(out[i + 1]) && hex(out[i + 2]) {
            out[i + 1].make_ascii_uppercase();
            out[i + 2].make_ascii_uppercase();
            i += 3;
        } else {
            i += 1;
        }
    }
    (out != input).then_some(out)
}

/// "\" read as "/" (the URL Standard's reading for special schemes, which many parsers
/// apply everywhere).
fn backslash_as_slash(input: &[u8]) -> Option<Vec<u8>> {
    input.contains(&b'\\').then(|| {
        input
            .iter()
            .map(|&b| if b == b'\\' { b'/' } else { b })
            .collect()
    })
}

/// Leading and trailing C0 controls and spaces removed, and every tab and newline
/// (the URL Standard's first steps, `#concept-basic-url-parser` 1 and 3).
fn strip_c0_and_whitespace(input: &[u8]) -> Option<Vec<u8>> {
    let c0 = |b: &u8| *b <= 0x20;
    let start = input.iter().position(|b| !c0(b)).unwrap_or(input.len());
    let end = input.iter().rposition(|b| !c0(b)).map_or(start, |p| p + 1);
    let out: Vec<u8> = input[start..end]
        .iter()
        .copied()
        .filter(|b| !matches!(b, b'\t' | b'\n' | b'\r'))
        .collect();
    (out != input).then_some(out)
}

/// The path's "." and ".." segments removed (RFC 3986 Section 5.2.4, which Section
/// 6.2.2.3 applies to every URI).
fn remove_dot_segments(input: &[u8]) -> Option<Vec<u8>> {
    let end = input
        .iter()
        .position(|b| b"?#".contains(b))
        .unwrap_or(input.len());
    let scheme_end = urlcert_reference::invariants::has_scheme(input)
        .then(|| input.iter().position(|&b| b == b':'))
        .flatten()
        .map_or(0, |e| e + 1);
    let mut path_start = scheme_end;
    if input[scheme_end..end].starts_with(b"//") {
        path_start = input[scheme_end + 2..end]
            .iter()
            .position(|&b| b == b'/')
            .map_or(end, |p| scheme_end + 2 + p);
    }
    let path = &input[path_start..end];
    if !path.starts_with(b"/") {
        return None;
    }
    let clean = urlcert_reference::resolve::rfc3986::remove_dot_segments(path);
    let mut out = input[..path_start].to_vec();
    out.extend_from_slice(&clean);
    out.extend_from_slice(&input[end..]);
    (out != input).then_some(out)
}

/// RFC 3986 Appendix B's five parts of a URI reference (each `None` when absent).
pub fn appendix_b(s: &[u8]) -> [Option<&[u8]>; 5] {
    let end_of = |from: usize, stops: &[u8]| {
        s[from..]
            .iter()
            .position(|b| stops.contains(b))
            .map_or(s.len(), |p| from + p)
    };
    let mut at = 0;
    let colon = end_of(0, b":/?#");
    let scheme = (colon < s.len() && s[colon] == b':' && colon > 0).then(|| {
        at = colon + 1;
        &s[..colon]
    });
    let authority = s[at..].starts_with(b"//").then(|| {
        let end = end_of(at + 2, b"/?#");
        let a = &s[at + 2..end];
        at = end;
        a
    });
    let path_end = end_of(at, b"?#");
    let path = Some(&s[at..path_end]);
    at = path_end;
    let query = (at < s.len() && s[at] == b'?').then(|| {
        let end = end_of(at + 1, b"#");
        let q = &s[at + 1..end];
        at = end;
        q
    });
    let fragment = (at < s.len() && s[at] == b'#').then(|| &s[at + 1..]);
    [scheme, authority, path, query, fragment]
}

/// The schemes the URL Standard calls special: the ones every parser knows.
const SPECIAL: &[&str] = &["http", "https", "ftp", "file", "ws", "wss"];

pub(crate) fn scheme_of(bytes: &[u8]) -> Option<String> {
    appendix_b(bytes)[0].map(|s| String::from_utf8_lossy(s).to_ascii_lowercase())
}

/// "[" and "]" outside an authority, and a ":" in the first segment of a reference
/// with no scheme, percent-encoded: gen-delims where the grammar has no place for them
/// (RFC 3986 Section 2.2 and 4.2).
fn encode_out_of_place(input: &[u8]) -> Option<Vec<u8>> {
    // RFC 3986 Section 3.1: `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
    let has_scheme = input.first().is_some_and(u8::is_ascii_alphabetic)
        && input.iter().position(|&b| b == b':').is_some_and(|c| {
            input[..c]
                .iter()
                .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(b))
        });
    let [_, authority, ..] = appendix_b(input);
    let (auth_start, auth_end) = match authority {
        Some(a) => {
            let start = a.as_ptr() as usize - input.as_ptr() as usize;
            (start, start + a.len())
        }
        None => (usize::MAX, usize::MAX),
    };
    let first_segment_end = input
        .iter()
        .position(|b| b"/?#".contains(b))
        .unwrap_or(input.len());
    let mut out = Vec::with_capacity(input.len() + 6);
    for (i, &b) in input.iter().enumerate() {
        let in_authority = (auth_start..auth_end).contains(&i);
        // A well-formed IP literal is not out of place, and is left alone: an input
        // holding one was rejected for something else.
        let bracket = matches!(b, b'[' | b']');
        let colon = b == b':' && !has_scheme && i < first_segment_end;
        // Only the last "@" of an authority ends its userinfo.
        let at = b == b'@' && in_authority && input[i + 1..auth_end].contains(&b'@');
        if bracket || colon || at {
            out.extend_from_slice(format!("%{b:02X}").as_bytes());
        } else {
            out.push(b);
        }
    }
    (out != input).then_some(out)
}

/// A result that is `ours`, or differs from it only in empty parts or in
/// percent-encoding.
pub(crate) fn alike(ours: &[u8], theirs: &str) -> bool {
    theirs.as_bytes() == ours
        || same_but_empty_parts(ours, theirs.as_bytes())
        || decoded(theirs) == decoded(&String::from_utf8_lossy(ours))
}

/// Two results that differ only in an empty part present on one side and absent on
/// the other: "//" with no authority, a lone "?" or "#".
fn same_but_empty_parts(a: &[u8], b: &[u8]) -> bool {
    let (x, y) = (appendix_b(a), appendix_b(b));
    a != b
        && x.iter().zip(y.iter()).all(|(p, q)| match (p, q) {
            (Some(p), Some(q)) => p == q,
            (Some(v), None) | (None, Some(v)) => v.is_empty(),
            (None, None) => true,
        })
}

/// Runs of "/" in a path made one (the path only: after the scheme and authority, up
/// to "?" or "#").
fn collapse_slashes(s: &str) -> String {
    let b = s.as_bytes();
    let [_, _, path, ..] = appendix_b(b);
    let Some(path) = path else {
        return s.to_string();
    };
    let start = path.as_ptr() as usize - b.as_ptr() as usize;
    let mut out = s[..start].to_string();
    let mut last_slash = false;
    for c in String::from_utf8_lossy(path).chars() {
        if !(c == '/' && last_slash) {
            out.push(c);
        }
        last_slash = c == '/';
    }
    out.push_str(&s[start + path.len()..]);
    out
}

/// The IP address a host (or an authority's host) writes, read as a number: an IP
/// literal's IPv6 address, or an IPv4 address whose parts may have leading zeros.
fn ip_read(s: &str) -> Option<std::net::IpAddr> {
    let host = s.rsplit('@').next()?;
    if let Some(inner) = host.strip_prefix('[') {
        return inner
            .split(']')
            .next()?
            .parse()
            .ok()
            .map(std::net::IpAddr::V6);
    }
    let host = host.split(':').next()?;
    let parts: Vec<u8> = host
        .split('.')
        .map(|p| p.parse::<u8>().ok())
        .collect::<Option<Vec<u8>>>()?;
    (parts.len() == 4).then(|| std::net::IpAddr::from([parts[0], parts[1], parts[2], parts[3]]))
}

/// The input with the "//" of an empty authority taken out; `None` when its authority
/// is not there or not empty.
fn empty_authority_dropped(input: &[u8]) -> Option<Vec<u8>> {
    let [scheme, authority, ..] = appendix_b(input);
    if authority != Some(&b""[..]) {
        return None;
    }
    let at = scheme.map_or(0, |s| s.len() + 1);
    let mut out = input[..at].to_vec();
    out.extend_from_slice(&input[at + 2..]);
    Some(out)
}

/// An authority's host and port (RFC 3986 Section 3.2: the userinfo ends at the last
/// "@"; an IP literal is bracketed).
pub(crate) fn host_and_port(authority: &[u8]) -> (&[u8], Option<&[u8]>) {
    let host_port = authority
        .iter()
        .rposition(|&b| b == b'@')
        .map_or(authority, |at| &authority[at + 1..]);
    let after_literal = match host_port.first() {
        Some(b'[') => host_port
            .iter()
            .position(|&b| b == b']')
            .map_or(0, |p| p + 1),
        _ => 0,
    };
    match host_port[after_literal..].iter().rposition(|&b| b == b':') {
        Some(c) => (
            &host_port[..after_literal + c],
            Some(&host_port[after_literal + c + 1..]),
        ),
        None => (host_port, None),
    }
}

/// A registered name a DNS name cannot be: letters, digits, "-" and "." only (RFC 1034
/// Section 3.5, which RFC 3986 Section 3.2.2 names for names meant for DNS lookup).
/// An IP literal and an empty host are not names.
fn unfit_for_dns(host: &[u8]) -> bool {
    !host.is_empty()
        && !host.starts_with(b"[")
        && host
            .iter()
            .any(|b| !(b.is_ascii_alphanumeric() || b"-.".contains(b)))
}

/// A port that is not a TCP port number: not digits, more than five of them, 0, or
/// over 65535. An empty port is the scheme's default (RFC 3986 Section 3.2.3).
fn unfit_for_tcp(port: &[u8]) -> bool {
    !port.is_empty()
        && (port.len() > 5
            || !port.iter().all(u8::is_ascii_digit)
            || !(1..=65535).contains(&String::from_utf8_lossy(port).parse::<u32>().unwrap_or(0)))
}

/// Does a run of escapes decode to bytes that are not UTF-8?
fn escapes_not_utf8(s: &[u8]) -> bool {
    let mut i = 0;
    while i < s.len() {
        let mut run = Vec::new();
        while i + 2 < s.len() && s[i] == b'%' && hex(s[i + 1]) && hex(s[i + 2]) {
            run.push(escaped_octet(s[i + 1], s[i + 2]));
            i += 3;
        }
        if std::str::from_utf8(&run).is_err() {
            return true;
        }
        i += usize::from(run.is_empty());
    }
    false
}

/// The URL Standard's forbidden domain code points: a host holding one is refused
/// (`#forbidden-domain-code-point`).
fn forbidden_in_a_domain(c: char) -> bool {
    c <= ' ' || c == '\u{7f}' || "#/:<>?@[\\]^|%".contains(c)
}

pub(crate) fn grammar_rejects(doc: DocReading, bytes: &[u8]) -> bool {
    doc.doc != Document::UrlStandard
        && urlcert_reference::parse(doc, bytes).verdict == Verdict::Invalid
}

/// Every leniency, in the order they are tried.
pub const LENIENCIES: &[Leniency] = &[
    Leniency {
        name: "encodes-excluded-characters",
        says: "percent-encodes the characters the document excludes (RFC 3986 Section 2.1, RFC 2396 Section 2.4.3), where the document rejects the input",
        test: Test::Rewrite(encode_excluded),
    },
    Leniency {
        name: "strips-c0-and-whitespace",
        says: "drops leading and trailing controls and spaces, and tabs and newlines anywhere, as the URL Standard's parser does; the RFCs keep them (and reject them)",
        test: Test::Rewrite(strip_c0_and_whitespace),
    },
    Leniency {
        name: "backslash-is-slash",
        says: "reads \"\\\" as \"/\", the URL Standard's reading for special schemes; to the RFCs \"\\\" is an excluded character",
        test: Test::Rewrite(backslash_as_slash),
    },
    Leniency {
        name: "decodes-unreserved-escapes",
        says: "decodes escapes of unreserved characters (RFC 3986 Section 2.3: equivalent, and \"should be normalized by decoding\")",
        test: Test::Rewrite(decode_unreserved),
    },
    Leniency {
        name: "normalizes-case",
        says: "lower-cases the scheme and host and upper-cases escapes' hex digits (RFC 3986 Section 6.2.2.1: equivalent)",
        test: Test::Rewrite(normalize_case),
    },
    Leniency {
        name: "removes-dot-segments",
        says: "removes \".\" and \"..\" segments from a path it parses (RFC 3986 Section 6.2.2.3: equivalent)",
        test: Test::Rewrite(remove_dot_segments),
    },
    Leniency {
        name: "percent-encodes-differently",
        says: "writes the component (or the result) with other characters percent-encoded than the document does, the same once every escape is decoded (RFC 3986 Section 2.1 and 2.4 say when to encode; the URL Standard's percent-encode sets, exactly)",
        test: Test::Answers(|s| {
            s.both(|e, a| e != a && decoded(e) == decoded(a))
        }),
    },
    Leniency {
        name: "empty-and-absent-alike",
        says: "gives an empty component where the document has none, or none where it has an empty one (RFC 3986 Section 5.3 tells an undefined component from an empty one; many APIs cannot)",
        test: Test::Answers(|s| {
            s.judged.class == Class::Component
                && s.values().is_some_and(|(e, a)| match (e, a) {
                    (None, Some(v)) | (Some(v), None) => v.is_empty(),
                    _ => false,
                })
        }),
    },
    Leniency {
        name: "empty-parts-dropped",
        says: "resolves to the document's result with an empty authority, query or fragment left out, or added (RFC 3986 Section 5.3 writes \"//\", \"?\" and \"#\" whenever the component is defined, even empty)",
        test: Test::Answers(|s| {
            let (Some(crate::ask::ReferenceAnswer::Resolve(Ok(r))), Answer::Resolved { result }) =
                (s.reference.answer(), s.answer)
            else {
                return false;
            };
            same_but_empty_parts(&r.result, result.as_bytes())
                || same_but_empty_parts(
                    decoded(&String::from_utf8_lossy(&r.result)).as_bytes(),
                    decoded(result).as_bytes(),
                )
        }),
    },
    Leniency {
        name: "refuses-unknown-schemes",
        says: "rejects an input whose scheme it does not know (its message says so) where the document's generic syntax takes any scheme (RFC 3986 Section 3.1)",
        test: Test::Answers(|s| {
            let Answer::Rejected { message } = s.answer else {
                return false;
            };
            let m = message.to_ascii_lowercase();
            let accepted = match s.reference.answer() {
                Some(crate::ask::ReferenceAnswer::Parse(p)) => p.verdict != Verdict::Invalid,
                Some(crate::ask::ReferenceAnswer::Resolve(r)) => r.is_ok(),
                _ => false,
            };
            let unknown = [Some(&s.req.input[..]), s.req.base.as_deref()]
                .into_iter()
                .flatten()
                .filter_map(scheme_of)
                .any(|sc| !SPECIAL.contains(&sc.as_str()));
            accepted && unknown && (m.contains("scheme") || m.contains("protocol") || m.contains("urn"))
        }),
    },
    Leniency {
        name: "resolves-only-known-schemes",
        says: "gives back the reference as it is against a base whose scheme it does not resolve in (Python's `uses_relative`, for one), where the document resolves against any absolute base (RFC 3986 Section 5.2)",
        test: Test::Answers(|s| {
            let (Some(crate::ask::ReferenceAnswer::Resolve(Ok(r))), Answer::Resolved { result }) =
                (s.reference.answer(), s.answer)
            else {
                return false;
            };
            let base_scheme = s.req.base.as_deref().and_then(scheme_of);
            result.as_bytes() == &s.req.input[..]
                && r.result != s.req.input
                && base_scheme.is_some_and(|b| !SPECIAL.contains(&b.as_str()))
        }),
    },
    Leniency {
        name: "result-path-reads-as-authority",
        says: "refuses, or writes otherwise, a result whose path begins with \"//\" where there is no authority: the document's resolution leaves such a path (RFC 3986 Section 5.2.4, the 1996 draft's Section 6 step 6), and written as it is the result reads back with an authority",
        test: Test::Answers(|s| {
            let Some(crate::ask::ReferenceAnswer::Resolve(Ok(r))) = s.reference.answer() else {
                return false;
            };
            let has_authority = |b: &[u8]| appendix_b(b)[1].is_some();
            let base = s.req.base.as_deref().unwrap_or_default();
            // A reference with a scheme takes nothing from the base.
            // An empty authority names no host: written out of the result, it too
            // leaves the path to read as one.
            let base_authority = scheme_of(&s.req.input).is_none()
                && appendix_b(base)[1].is_some_and(|a| !a.is_empty());
            // The result's authority came out of its path: it is not empty, or an
            // empty one is followed by a path that begins with "//".
            let [_, authority, path, ..] = appendix_b(&r.result);
            let from_the_path = authority.is_some_and(|a| !a.is_empty())
                || path.is_some_and(|p| p.starts_with(b"//"));
            s.req.op == RequestOp::Resolve
                && has_authority(&r.result)
                && from_the_path
                && !has_authority(&s.req.input)
                && !base_authority
        }),
    },
    Leniency {
        name: "takes-delimiters-out-of-place",
        says: "accepts \"[\" or \"]\" outside a host, or a \":\" in the first segment of a reference without a scheme, which the document's grammar has no place for (RFC 3986 Sections 2.2, 3.2.2 and 4.2)",
        test: Test::Answers(|s| {
            s.req.op == RequestOp::Parse
                && matches!(s.answer, Answer::Parsed { .. })
                && grammar_rejects(s.doc, &s.req.input)
                && encode_out_of_place(&s.req.input)
                    .and_then(|e| encode_excluded(&e).or(Some(e)))
                    .is_some_and(|e| !grammar_rejects(s.doc, &e))
        }),
    },
    Leniency {
        name: "scheme-needs-a-letter-first",
        says: "gives no scheme where the document's scheme begins with a digit, \"+\", \"-\" or \".\" (RFC 1738 Section 2.1 and the 1996 draft allow it; RFC 2396 Section 3.1 and RFC 3986 Section 3.1 begin a scheme with a letter)",
        test: Test::Answers(|s| {
            s.judged.component.as_deref() == Some("scheme")
                && s.values().is_some_and(|(e, a)| {
                    e.is_some_and(|e| e.starts_with(|c: char| !c.is_ascii_alphabetic()))
                        && a.is_none_or(|a| a.is_empty())
                })
        }),
    },
    Leniency {
        name: "supplies-a-scheme",
        says: "gives a scheme where the input has none (a default it guesses, such as libcurl's CURLU_GUESS_SCHEME); the documents take the reference as relative",
        test: Test::Answers(|s| {
            matches!(s.judged.component.as_deref(), Some("scheme" | "protocol"))
                && s.values().is_some_and(|(e, a)| {
                    e.is_none_or(|e| e.is_empty()) && a.is_some_and(|a| !a.is_empty())
                })
        }),
    },
    Leniency {
        name: "collapses-empty-path-segments",
        says: "makes runs of \"/\" in a path one; to the documents each empty segment is a segment (RFC 3986 Section 3.3 `segment = *pchar`)",
        test: Test::Answers(|s| {
            s.both(|e, a| {
                let one = |v: &str| match s.judged.class {
                    Class::Component => {
                        let mut out = String::new();
                        for c in v.chars() {
                            if !(c == '/' && out.ends_with('/')) {
                                out.push(c);
                            }
                        }
                        out
                    }
                    _ => collapse_slashes(v),
                };
                e != a && e.contains("//") && one(e) == one(a)
            }) || {
                // Or made one before the dot segments go: "g//.." as "g/..".
                let input = String::from_utf8_lossy(&s.req.input);
                let collapsed = collapse_slashes(&input);
                s.req.op == RequestOp::Resolve
                    && collapsed != input
                    && s.resolved_as(collapsed.into_bytes()).is_some_and(|r| s.resolved_like(&r))
            }
        }),
    },
    Leniency {
        name: "rewrites-ip-address",
        says: "writes an IP address in another form, the same address (IPv6 zeros compressed or written out, RFC 5952; IPv4 parts without leading zeros); the documents keep the host as written",
        test: Test::Answers(|s| {
            s.both(|e, a| {
                let read = |v: &str| {
                    let [_, authority, ..] = appendix_b(v.as_bytes());
                    let host = authority.map(|x| String::from_utf8_lossy(x).into_owned());
                    ip_read(host.as_deref().unwrap_or(v))
                };
                e != a && read(e).is_some() && read(e) == read(a)
            })
        }),
    },
    Leniency {
        name: "keeps-a-unicode-host",
        says: "keeps a host of non-ASCII characters as written where the document maps it to ASCII (the URL Standard's domain to ASCII, UTS #46; RFC 3986 Section 3.2.2 has no such host at all)",
        test: Test::Answers(|s| {
            let kept = |e: &str, a: &str| {
                let a = decoded(a);
                !a.is_ascii()
                    && url::Host::parse(&a).is_ok_and(|h| h.to_string().eq_ignore_ascii_case(e))
            };
            let host = |uri: &[u8]| {
                appendix_b(uri)[1].map(|a| String::from_utf8_lossy(host_and_port(a).0).into_owned())
            };
            match s.req.op {
                RequestOp::Parse => {
                    matches!(s.judged.component.as_deref(), Some("host" | "hostname")) && s.both(kept)
                }
                RequestOp::Resolve => match (
                    s.reference_result().and_then(host),
                    s.result().and_then(|a| host(a.as_bytes())),
                ) {
                    (Some(e), Some(a)) => kept(&e, &a),
                    _ => false,
                },
            }
        }),
    },
    Leniency {
        name: "normalizes-port",
        says: "writes the port as a number, leading zeros dropped, or leaves out an empty port and its \":\", or the scheme's default port (RFC 3986 Section 6.2.3: \"should omit the port component and its ':' delimiter if port is empty or if its value would be the same as that of the scheme's default\")",
        test: Test::Answers(|s| {
            s.judged.class == Class::Component
                && s.values().is_some_and(|(e, a)| match (e, a) {
                    (Some(e), Some(a)) => {
                        let scheme = scheme_of(&s.req.input);
                        let number = |p: &str| {
                            p.bytes()
                                .all(|b| b.is_ascii_digit())
                                .then(|| p.trim_start_matches('0').to_string())
                        };
                        let port = s.judged.component.as_deref() == Some("port");
                        e != a
                            && (port_read_for(&e, scheme.as_deref())
                                == port_read_for(&a, scheme.as_deref())
                                || port && number(&e).is_some() && number(&e) == number(&a))
                    }
                    (Some(e), None) => e.is_empty(),
                    _ => false,
                })
                || s.reference_result().is_some_and(|ours| {
                    let Some(a) = s.result() else {
                        return false;
                    };
                    let (x, y) = (appendix_b(ours), appendix_b(a.as_bytes()));
                    let scheme = x[0].map(|x| String::from_utf8_lossy(x).to_ascii_lowercase());
                    let read = |v: Option<&[u8]>| {
                        v.map(|v| port_read_for(&String::from_utf8_lossy(v), scheme.as_deref()))
                    };
                    x[1] != y[1] && read(x[1]) == read(y[1]) && x[2..] == y[2..]
                })
        }),
    },
    Leniency {
        name: "host-without-brackets",
        says: "gives an IP literal's host without its \"[\" and \"]\" (RFC 3986 Section 3.2.2: the brackets are part of the host)",
        test: Test::Answers(|s| {
            s.both(|e, a| {
                e.starts_with('[')
                    && e.trim_start_matches('[').trim_end_matches(']').eq_ignore_ascii_case(a)
            })
        }),
    },
    Leniency {
        name: "takes-excluded-characters",
        says: "accepts as they are characters the document excludes, in an input that is a URL under the document once they are percent-encoded",
        test: Test::Answers(|s| {
            s.req.op == RequestOp::Parse
                && matches!(s.answer, Answer::Parsed { .. })
                && grammar_rejects(s.doc, &s.req.input)
                && encode_excluded(&s.req.input).is_some_and(|e| !grammar_rejects(s.doc, &e))
        }),
    },
    Leniency {
        name: "refuses-what-the-grammar-excludes",
        says: "rejects a reference or base outside the document's grammar, which the document's resolution algorithm takes apart by its delimiters and resolves all the same (RFC 3986 Section 5.2.1 and Appendix B, the 1996 draft's Section 6)",
        test: Test::Answers(|s| {
            s.req.op == RequestOp::Resolve
                && matches!(s.answer, Answer::Rejected { .. })
                && matches!(s.reference.answer(), Some(crate::ask::ReferenceAnswer::Resolve(Ok(_))))
                && (grammar_rejects(s.doc, &s.req.input)
                    || grammar_rejects(s.doc, s.req.base.as_deref().unwrap_or_default()))
        }),
    },
    Leniency {
        name: "resolves-what-the-document-refuses",
        says: "resolves against a base, or a reference, the document gives no resolution for (RFC 3986 Section 5.1 takes a base without a fragment; the RFCs resolve a relative reference only against an absolute base)",
        test: Test::Answers(|s| {
            s.req.op == RequestOp::Resolve
                && matches!(s.answer, Answer::Resolved { .. })
                && matches!(s.reference.answer(), Some(crate::ask::ReferenceAnswer::Resolve(Err(_))))
        }),
    },
    Leniency {
        name: "refuses-a-relative-reference",
        says: "rejects a relative reference parsed alone, which the document's grammar takes (RFC 3986 Section 4.1 `URI-reference`, RFC 2396 Section 4); the parser needs an absolute URL",
        test: Test::Answers(|s| {
            s.req.op == RequestOp::Parse
                && matches!(s.answer, Answer::Rejected { .. })
                && s.doc.doc != Document::UrlStandard
                && !urlcert_reference::invariants::has_scheme(&s.req.input)
                && urlcert_reference::parse(s.doc, &s.req.input).verdict != Verdict::Invalid
        }),
    },
    Leniency {
        name: "empty-authority-as-none",
        says: "takes \"//\" before an empty authority as no authority: it refuses the input, reads the slashes as part of the path, or resolves as if they were not there; the documents let the authority be empty (RFC 3986 Section 3.2.2 `reg-name = *( unreserved / pct-encoded / sub-delims )`, RFC 2396 Section 3.2) and write it \"//\" (RFC 3986 Section 5.3)",
        test: Test::Answers(|s| {
            let Some(without) = empty_authority_dropped(&s.req.input) else {
                return false;
            };
            s.refuses()
                || match s.req.op {
                    RequestOp::Parse => {
                        matches!(s.judged.component.as_deref(), Some("path" | "pathname"))
                            && s.both(|e, a| a == format!("//{e}"))
                    }
                    RequestOp::Resolve => {
                        s.resolved_as(without).is_some_and(|r| s.resolved_like(&r))
                    }
                }
        }),
    },
    Leniency {
        name: "needs-a-host-for-http",
        says: "refuses an http, https, ws, wss or ftp URI without a host, or gives it one, where the generic syntax makes the authority optional (RFC 3986 Section 3, RFC 2396 Section 3); the scheme's own rules want a host (RFC 9110 Section 4.2.1: a recipient of an http URI with an empty host \"MUST reject it as invalid\")",
        test: Test::Answers(|s| {
            let uri = match s.req.op {
                RequestOp::Parse => Some(&s.req.input[..]),
                RequestOp::Resolve => s.reference_result(),
            };
            let Some([scheme, authority, ..]) = uri.map(appendix_b) else {
                return false;
            };
            let wants_a_host = scheme.is_some_and(|x| {
                ["http", "https", "ws", "wss", "ftp"].contains(&String::from_utf8_lossy(x).to_ascii_lowercase().as_str())
            });
            wants_a_host
                && authority.is_none_or(<[u8]>::is_empty)
                && (s.refuses()
                    || s.result().is_some_and(|a| appendix_b(a.as_bytes())[1].is_some()))
        }),
    },
    Leniency {
        name: "checks-host-and-port",
        says: "refuses a host or port that the generic syntax takes and a host name or TCP port cannot be: a registered name with other characters than letters, digits, \"-\" and \".\" (RFC 3986 Section 3.2.2: a name meant for DNS lookup follows RFC 1034 Section 3.5), or a port that is not a number from 1 to 65535 (RFC 3986 Section 3.2.3 `port = *DIGIT`)",
        test: Test::Answers(|s| {
            s.refuses()
                && s.uris().any(|u| {
                    appendix_b(u)[1].is_some_and(|a| {
                        let (host, port) = host_and_port(a);
                        unfit_for_dns(host) || port.is_some_and(unfit_for_tcp)
                    })
                })
        }),
    },
    Leniency {
        name: "refuses-escapes-that-are-not-utf8",
        says: "refuses a URI whose escapes do not decode to UTF-8 (JavaScript's decodeURIComponent throws \"URI malformed\"); an escape stands for any octet (RFC 3986 Section 2.1, RFC 2396 Section 2.4.1)",
        test: Test::Answers(|s| s.refuses() && s.uris().any(escapes_not_utf8)),
    },
    Leniency {
        name: "empty-path-as-slash",
        says: "gives \"/\" as the path of a URI with an authority and an empty path; the documents keep the path empty (RFC 3986 Section 3.3: after an authority the path \"must either be empty or begin with a slash\"), and only a scheme's own rules make the two alike (Section 6.2.3)",
        test: Test::Answers(|s| {
            let component = matches!(s.judged.component.as_deref(), Some("path" | "pathname"))
                && appendix_b(&s.req.input)[1].is_some()
                && s.both(|e, a| e.is_empty() && a == "/");
            component
                || s.reference_result().is_some_and(|ours| {
                    let [scheme, authority, path, ..] = appendix_b(ours);
                    let (Some(authority), Some(b"")) = (authority, path) else {
                        return false;
                    };
                    let at = scheme.map_or(0, |x| x.len() + 1) + 2 + authority.len();
                    s.resolved_like(&[&ours[..at], b"/", &ours[at..]].concat())
                })
        }),
    },
    Leniency {
        name: "reads-a-scheme-as-a-path",
        says: "takes a reference that begins with a scheme it does not recognise (one that does not begin with a letter, or one it does not know) as a relative path against the base, where the document reads the scheme and the reference is absolute (RFC 3986 Sections 4.3 and 5.2.2, RFC 1808 Section 4 step 3)",
        test: Test::Answers(|s| {
            let Some(ours) = s.reference_result() else {
                return false;
            };
            let (Some(own), Some(base)) = (
                scheme_of(&s.req.input),
                s.req.base.as_deref().and_then(scheme_of),
            ) else {
                return false;
            };
            own != base
                && scheme_of(ours).as_deref() == Some(own.as_str())
                && s.result()
                    .is_some_and(|a| scheme_of(a.as_bytes()).as_deref() == Some(base.as_str()))
        }),
    },
    Leniency {
        name: "takes-a-forbidden-host-character",
        says: "takes a host holding a character the URL Standard's host parser refuses (a forbidden domain code point such as \"%\" or \"|\"), where the Standard fails the parse",
        test: Test::Answers(|s| {
            let Answer::Parsed { components } = s.answer else {
                return false;
            };
            s.doc.doc == Document::UrlStandard
                && !s.reference_takes()
                && ["host", "hostname"].iter().any(|k| {
                    components
                        .get(*k)
                        .and_then(Option::as_deref)
                        .is_some_and(|h| h.chars().any(forbidden_in_a_domain))
                })
        }),
    },
    Leniency {
        name: "reads-mailto-by-its-own-rules",
        says: "reads a mailto URI by its own scheme's rules (RFC 6068: addresses, the \"@\" between a local part and a domain, no fragment of its own) where the document reads the generic syntax's path (RFC 3986 Section 3.3, RFC 2396 Section 3)",
        test: Test::Answers(|s| {
            let mailto = |u: &[u8]| scheme_of(u).as_deref() == Some("mailto");
            mailto(&s.req.input) || s.reference_result().is_some_and(mailto)
        }),
    },
    Leniency {
        name: "dot-segments-leave-no-root",
        says: "drops the \"/\" that the document's dot-segment removal leaves when a \"..\" climbs past a path's first segment or its root: RFC 3986 Section 5.2.4 step 2C replaces \"/..\" with \"/\", so \"/..\" is \"/\" and \"g/../h\" is \"/h\" there, \"\" and \"h\" to the parser",
        test: Test::Answers(|s| {
            let Some((ours, a)) = s.results() else {
                return false;
            };
            let (x, y) = (appendix_b(ours), appendix_b(a.as_bytes()));
            let same = |p: &[u8], q: &[u8]| {
                let text = |v: &[u8]| decoded(&String::from_utf8_lossy(v));
                p == q || text(p) == text(q)
            };
            x[2].and_then(|p| p.strip_prefix(b"/"))
                .is_some_and(|p| y[2].is_some_and(|q| same(p, q)))
                && x[0] == y[0]
                && x[1] == y[1]
                && x[3..] == y[3..]
                && s.req.input.windows(2).any(|w| w == b"..")
        }),
    },
    Leniency {
        name: "merges-with-a-root",
        says: "merges a reference with a base that has no authority as if it had one with an empty path, giving \"/\" and the reference's path; RFC 3986 Section 5.2.3 adds the \"/\" only when \"the base URI has a defined authority component and an empty path\"",
        test: Test::Answers(|s| {
            let (Some(ours), Some(a), Some(base)) =
                (s.reference_result(), s.result(), s.req.base.as_deref())
            else {
                return false;
            };
            let (x, y) = (appendix_b(ours), appendix_b(a.as_bytes()));
            let rooted = x[2].is_some_and(|p| !p.starts_with(b"/")) && y[2].is_some_and(|q| q.strip_prefix(b"/") == x[2]);
            appendix_b(base)[1].is_none()
                && scheme_of(&s.req.input).is_none()
                && rooted
                && x[0] == y[0]
                && x[3..] == y[3..]
        }),
    },
    Leniency {
        name: "keeps-the-host-case",
        says: "keeps a host's upper-case letters where the URL Standard lower-cases them (its host parser's domain to ASCII); RFC 3986 Section 3.2.2: \"The host subcomponent is case-insensitive\"",
        test: Test::Answers(|s| {
            matches!(s.judged.component.as_deref(), Some("host" | "hostname"))
                && s.both(|e, a| e != a && a.to_ascii_lowercase() == e)
        }),
    },
    Leniency {
        name: "refuses-controls-and-spaces",
        says: "refuses an input holding a control, DEL or a space, which the URL Standard's parser removes (tabs and newlines anywhere, controls and spaces at either end: basic URL parser, steps 1 and 3) or percent-encodes (the C0 control percent-encode set)",
        test: Test::Answers(|s| {
            s.doc.doc == Document::UrlStandard
                && s.refuses()
                && s.uris().any(|u| u.iter().any(|&b| b <= b' ' || b == 0x7F))
        }),
    },
    Leniency {
        name: "empty-userinfo-as-none",
        says: "refuses an authority with an empty userinfo (\"//@h\"), or gives it without the \"@\"; RFC 3986 Section 3.2.1 `userinfo = *( unreserved / pct-encoded / sub-delims / \":\" )` may be empty, and the \"@\" is part of the authority",
        test: Test::Answers(|s| {
            let empty_userinfo =
                |u: &[u8]| appendix_b(u)[1].is_some_and(|a| a.starts_with(b"@"));
            s.uris().any(empty_userinfo)
                && (s.refuses()
                    || s.judged.component.as_deref() == Some("authority")
                        && s.values().is_some_and(|(e, a)| {
                            e.as_deref().and_then(|e| e.strip_prefix('@'))
                                == Some(a.as_deref().unwrap_or_default())
                        }))
        }),
    },
    Leniency {
        name: "lower-cases-the-scheme",
        says: "gives a result whose scheme it has lower-cased, the document's result otherwise (up to empty parts and percent-encoding); RFC 3986 Section 3.1: schemes are case-insensitive, and \"should only produce lowercase scheme names\", while resolution keeps the reference's scheme as written (Section 5.2.2)",
        test: Test::Answers(|s| {
            s.reference_result().is_some_and(|ours| {
                let Some(scheme) = appendix_b(ours)[0] else {
                    return false;
                };
                let mut lower = ours.to_vec();
                lower[..scheme.len()].make_ascii_lowercase();
                lower != ours && s.resolved_like(&lower)
            })
        }),
    },
    Leniency {
        name: "keeps-a-dot-segment",
        says: "leaves a \".\" segment in a resolved path (at its end) where the document removes it (RFC 3986 Section 5.2.4 step 2D, RFC 1808 Section 4 step 6a, the URL Standard's single-dot segments)",
        test: Test::Answers(|s| {
            let Some((ours, a)) = s.results() else {
                return false;
            };
            let (x, y) = (appendix_b(ours), appendix_b(a.as_bytes()));
            let (Some(p), Some(q)) = (x[2], y[2]) else {
                return false;
            };
            x[..2] == y[..2]
                && x[3..] == y[3..]
                && [&b"."[..], b"/.", b"./"].iter().any(|dot| [p, dot].concat() == q)
        }),
    },
    Leniency {
        name: "takes-a-host-or-port-outside-the-grammar",
        says: "accepts a host and port that the grammar has no reading for, reading them as a name: a \"[\" that opens no IP literal (\"[:]\", \"[::%0]\"), a \":\" in a host (\"::\"), a port that is not digits (\":b\"); RFC 3986 Section 3.2.2 `IP-literal = \"[\" ( IPv6address / IPvFuture  ) \"]\"` and Section 3.2.3 `port = *DIGIT`",
        test: Test::Answers(|s| {
            let [_, Some(authority), ..] = appendix_b(&s.req.input) else {
                return false;
            };
            let host_start = authority.iter().rposition(|&b| b == b'@').map_or(0, |at| at + 1);
            let start = authority.as_ptr() as usize - s.req.input.as_ptr() as usize + host_start;
            let end = start + authority.len() - host_start;
            // The host and port as one reg-name: every delimiter in them escaped.
            let mut escaped = s.req.input[..start].to_vec();
            for &b in &s.req.input[start..end] {
                match b"[]:%".contains(&b) {
                    true => escaped.extend_from_slice(format!("%{b:02X}").as_bytes()),
                    false => escaped.push(b),
                }
            }
            escaped.extend_from_slice(&s.req.input[end..]);
            s.req.op == RequestOp::Parse
                && matches!(s.answer, Answer::Parsed { .. })
                && grammar_rejects(s.doc, &s.req.input)
                && {
                    // Brackets out of place elsewhere too, and excluded characters.
                    let escaped = encode_out_of_place(&escaped).unwrap_or(escaped);
                    !grammar_rejects(s.doc, &encode_excluded(&escaped).unwrap_or(escaped))
                }
        }),
    },
    Leniency {
        name: "reads-encoded-dots-otherwise",
        says: "takes \"%2e\" in a path as the document does not: as a dot segment where RFC 3986 removes only \".\" and \"..\" as written (Section 5.2.4; \"%2E\" is \".\" only once normalised, Section 6.2.2.2), or as a name where the URL Standard counts \"%2e\" as \".\" (its single-dot and double-dot segments)",
        test: Test::Answers(|s| {
            let Some((ours, a)) = s.results() else {
                return false;
            };
            let dots = |p: &[u8]| {
                let p = String::from_utf8_lossy(p).replace("%2e", ".").replace("%2E", ".");
                urlcert_reference::resolve::rfc3986::remove_dot_segments(p.as_bytes())
            };
            let (x, y) = (appendix_b(ours), appendix_b(a.as_bytes()));
            let (Some(p), Some(q)) = (x[2], y[2]) else {
                return false;
            };
            s.req.input.windows(3).any(|w| w.eq_ignore_ascii_case(b"%2e"))
                && p != q
                && dots(p) == dots(q)
                && x[..2] == y[..2]
        }),
    },
];

/// The leniency that explains the adapter's `answer` to `req`, judged under `doc`, when
/// one does.
pub fn explain(
    doc: DocReading,
    req: &Request,
    reference: &RefAnswer,
    info: &Info,
    answer: &Answer,
    judged: &Judged,
) -> Option<&'static Leniency> {
    if matches!(answer, Answer::Fault { .. }) {
        return None;
    }
    let seen = Seen {
        doc,
        req,
        reference,
        answer,
        judged,
    };
    let quirks = crate::judge::quirk::QUIRKS
        .iter()
        .filter(|q| q.concerns(&info.name))
        .map(|q| &q.leniency);
    LENIENCIES.iter().chain(quirks).find(|l| match l.test {
        Test::Rewrite(rewrite) => {
            let input = rewrite(&req.input);
            let base = req.base.as_deref().and_then(rewrite);
            if input.is_none() && base.is_none() {
                return false;
            }
            let read = Request {
                op: req.op,
                base: base.or_else(|| req.base.clone()),
                input: input.unwrap_or_else(|| req.input.clone()),
            };
            let RefAnswer::Answered(r) = reference_answer(doc, &read) else {
                return false;
            };
            expected::of(&r).is_some_and(|e| {
                crate::judge::judge(&read.asked(), doc, &e, info, answer).class == Class::Agree
            })
        }
        Test::Answers(test) => test(&seen),
    })
}

/// The leniency (or a parser's quirk, [`crate::judge::quirk`]) called `name`.
pub fn by_name(name: &str) -> Option<&'static Leniency> {
    LENIENCIES
        .iter()
        .chain(crate::judge::quirk::QUIRKS.iter().map(|q| &q.leniency))
        .find(|l| l.name == name)
}

/// Does the leniency concern `req` (its rewriting changes it, or its test could hold)?
/// For the report's nearest case.
pub fn concerns(l: &Leniency, req: &Request) -> bool {
    match l.test {
        Test::Rewrite(rewrite) => {
            rewrite(&req.input).is_some() || req.base.as_deref().and_then(rewrite).is_some()
        }
        Test::Answers(_) => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(b: Option<Vec<u8>>) -> Option<String> {
        b.map(|v| String::from_utf8(v).unwrap())
    }

    #[test]
    fn rewritings_write_the_input_as_the_documents_say() {
        // RFC 3986 Section 2.1: a space is %20; a lone "%" is %25; a second "#" %23.
        assert_eq!(
            s(encode_excluded(b"a b%#c#d")).as_deref(),
            Some("a%20b%25#c%23d")
        );
        assert_eq!(encode_excluded(b"http://a/%41"), None);
        // Section 2.3: %41 is "A", %2F stays.
        assert_eq!(
            s(decode_unreserved(b"/%41%2F%7e")).as_deref(),
            Some("/A%2F~")
        );
        // Section 6.2.2.1: scheme and host lower-cased, userinfo kept, hex upper-cased.
        assert_eq!(
            s(normalize_case(b"HTTP://User@Host.COM/%7e")).as_deref(),
            Some("http://User@host.com/%7E")
        );
        // Section 5.2.4 on the path only.
        assert_eq!(
            s(remove_dot_segments(b"http://h/a/./b/../c?x/../y")).as_deref(),
            Some("http://h/a/c?x/../y")
        );
        assert_eq!(remove_dot_segments(b"a/../b"), None);
        // The URL Standard's first steps.
        assert_eq!(
            s(strip_c0_and_whitespace(b" \x01http://a/\tb\n ")).as_deref(),
            Some("http://a/b")
        );
        assert_eq!(
            s(backslash_as_slash(b"http:\\\\a\\b")).as_deref(),
            Some("http://a/b")
        );
    }

    fn rfc3986_parser(answer: &[(&str, Option<&str>)]) -> (Info, Answer) {
        let info = Info {
            name: "p".into(),
            version: "1".into(),
            model: crate::ask::Model::Rfc3986,
            operations: vec![crate::ask::Operation::Parse],
            argv: None,
        };
        let mut parts = crate::ask::Parts::new();
        for (k, v) in answer {
            parts.insert((*k).into(), v.map(str::to_string));
        }
        (info, Answer::Parsed { components: parts })
    }

    fn explained(
        doc: Document,
        input: &str,
        answer: &[(&str, Option<&str>)],
    ) -> Option<&'static str> {
        named(doc, "p", None, input, rfc3986_parser(answer).1)
    }

    #[test]
    fn a_parser_that_encodes_what_rfc_3986_excludes_is_named_so() {
        // RFC 3986 Section 2.1: a space is no URI character; written %20 the input is a
        // URI, and the parser gave that URI's parts.
        let parts = |path| {
            [
                ("scheme", Some("http")),
                ("userinfo", None),
                ("host", Some("h")),
                ("port", None),
                ("path", Some(path)),
                ("query", None),
                ("fragment", None),
            ]
        };
        assert_eq!(
            explained(Document::Rfc3986, "http://h/a b", &parts("/a%20b")),
            Some("encodes-excluded-characters")
        );
        // Taken as it is, it is the other leniency.
        assert_eq!(
            explained(Document::Rfc3986, "http://h/a b", &parts("/a b")),
            Some("takes-excluded-characters")
        );
        // Section 6.2.2.3: the path without its dot segments is the same URI.
        assert_eq!(
            explained(Document::Rfc3986, "http://h/a/./b", &parts("/a/b")),
            Some("removes-dot-segments")
        );
        // A path nothing explains.
        assert_eq!(
            explained(Document::Rfc3986, "http://h/a", &parts("/b")),
            None
        );
    }

    /// What names the adapter `name`'s `answer` to `input` (resolved against `base`,
    /// when there is one), judged under `doc`.
    fn named(
        doc: Document,
        name: &str,
        base: Option<&str>,
        input: &str,
        answer: Answer,
    ) -> Option<&'static str> {
        let doc = DocReading::from(doc);
        let req = Request {
            op: match base {
                Some(_) => RequestOp::Resolve,
                None => RequestOp::Parse,
            },
            base: base.map(|b| b.as_bytes().to_vec()),
            input: input.as_bytes().to_vec(),
        };
        let reference = reference_answer(doc, &req);
        let (mut info, _) = rfc3986_parser(&[]);
        info.name = name.into();
        if doc.doc == Document::UrlStandard {
            info.model = crate::ask::Model::Whatwg;
        }
        let e = expected::of(reference.answer()?)?;
        let judged = crate::judge::judge(&req.asked(), doc, &e, &info, &answer);
        assert_ne!(judged.class, Class::Agree, "{input}");
        explain(doc, &req, &reference, &info, &answer, &judged).map(|l| l.name)
    }

    fn resolved(result: &str) -> Answer {
        Answer::Resolved {
            result: result.into(),
        }
    }

    fn rejected() -> Answer {
        Answer::Rejected {
            message: "no".into(),
        }
    }

    #[test]
    fn what_families_of_parsers_share_is_named_once_for_all() {
        let rfc3986 = |base, input, answer| named(Document::Rfc3986, "p", base, input, answer);
        // Section 5.2.2: "//" is an authority, empty: "foo://"; without it, "foo:/x/y".
        assert_eq!(
            rfc3986(Some("foo:/x/y"), "//", resolved("foo:///x/y")),
            Some("empty-authority-as-none")
        );
        // Section 3: an http URI without an authority is a URI all the same.
        assert_eq!(
            rfc3986(None, "https:a", rejected()),
            Some("needs-a-host-for-http")
        );
        // Section 3.2.2: "'" is a sub-delim, so a reg-name character.
        assert_eq!(
            rfc3986(None, "http://a'", rejected()),
            Some("checks-host-and-port")
        );
        // Section 2.1: "%FF" is an octet, UTF-8 or not.
        assert_eq!(
            rfc3986(None, "http://h/%FF", rejected()),
            Some("refuses-escapes-that-are-not-utf8")
        );
        // Section 5.2.4 step 2C: "g/../h" is "/h".
        assert_eq!(
            rfc3986(Some("s:"), "p:g/../h", resolved("p:h")),
            Some("dot-segments-leave-no-root")
        );
        // Section 5.2.3: no authority, so the merged path stays "z".
        assert_eq!(
            rfc3986(Some("s:"), "z", resolved("s:/z")),
            Some("merges-with-a-root")
        );
        // Section 5.4.1: "." is "http://a/b/c/".
        assert_eq!(
            rfc3986(Some("http://a/b/c/d;p?q"), ".", resolved("http://a/b/c/.")),
            Some("keeps-a-dot-segment")
        );
        // Section 5.2.2 keeps the reference's scheme as written.
        assert_eq!(
            rfc3986(Some("http://a/b"), "Q:/)>", resolved("q:/%29%3E")),
            Some("lower-cases-the-scheme")
        );
        // Section 3.2.3: "b" is no port.
        assert_eq!(
            rfc3986(
                None,
                "//:b?",
                Answer::Parsed {
                    components: Default::default()
                }
            ),
            Some("takes-a-host-or-port-outside-the-grammar")
        );
        // Section 5.4.1: "g" is "http://a/b/c/g"; "http://a/x" is nobody's answer.
        assert_eq!(
            rfc3986(Some("http://a/b/c/d;p?q"), "g", resolved("http://a/x")),
            None
        );
    }

    #[test]
    fn a_parsers_quirk_names_only_that_parsers_answers() {
        // RFC 3986 Section 3.4: a file URL keeps its query.
        let dropped = |name| {
            named(
                Document::Rfc3986,
                name,
                Some("file:///a/b"),
                "?q",
                resolved("file:///a/b"),
            )
        };
        assert_eq!(
            dropped("curl@guess-scheme"),
            Some("curl-drops-a-file-query")
        );
        assert_eq!(dropped("python-urllib"), None);
        // Section 5.2.3: a base path without "/" goes whole: "news:;".
        assert_eq!(
            named(
                Document::Rfc3986,
                "python-rfc3986@strict",
                Some("news:comp.infosystems.www"),
                ";",
                resolved("news:comp.infosystems.ww/;")
            ),
            Some("python-rfc3986-merge-cuts-a-character")
        );
        // The URL Standard keeps a file host before a drive letter: "file://x/c:".
        let host = |h: &str| {
            let mut parts = crate::ask::Parts::new();
            let empty = ["hash", "password", "port", "search", "username"].map(|k| (k, ""));
            let given = [("protocol", "file:"), ("hostname", h), ("pathname", "/c:")];
            for (k, v) in given.into_iter().chain(empty) {
                parts.insert(k.into(), Some(v.into()));
            }
            Answer::Parsed { components: parts }
        };
        assert_eq!(
            named(Document::UrlStandard, "url", None, "file://x/c|", host("")),
            Some("url-windows-drive-letters")
        );
    }

    #[test]
    fn values_are_read_back_from_the_judges_lines() {
        // The line's own "(from ...)" may hold quotes: the value is null.
        assert_eq!(
            value_in(r#"java-url: path null (from path without ";type=")"#),
            Some(None)
        );
        assert_eq!(
            value_in(r#"rfc3986: pathname "%20""#),
            Some(Some("%20".into()))
        );
        assert_eq!(
            value_in(r#"url: path "a\"b" (from path)"#),
            Some(Some("a\"b".into()))
        );
        assert_eq!(value_in("x: authority null (from netloc)"), Some(None));
        assert_eq!(
            value_in(r#"resolved to "\u{7f}x""#),
            Some(Some("\u{7f}x".into()))
        );
        assert_eq!(decoded("%7e%2E"), "~.");
        // Section 6.2.3: "h:" and "h" are one authority; so are ":00" and ":0".
        assert_eq!(port_read("h:"), "h");
        assert_eq!(port_read(":00"), ":0");
        assert_eq!(port_read("h:080"), "h:80");
        assert_eq!(port_read("[::1]"), "[::1]");
        assert!(same_but_empty_parts(b"p:///r/", b"p:/r/"));
        assert!(same_but_empty_parts(b"http://a/b?", b"http://a/b"));
        assert!(!same_but_empty_parts(b"http://a/b?x", b"http://a/b"));
        assert_eq!(
            s(encode_out_of_place(b"1:[x]")).as_deref(),
            Some("1%3A%5Bx%5D")
        );
        // Brackets are encoded wherever they are: the leniency asks only of an input the
        // grammar rejected, so a well-formed IP literal never comes to it.
        assert_eq!(
            s(encode_out_of_place(b"//[x]")).as_deref(),
            Some("//%5Bx%5D")
        );
    }
}
