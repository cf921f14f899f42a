//! Expectations taken from the text of RFC 3986, section by section.

use super::authority::{ipv6address, ls32};
use super::generic::{relative_ref, uri};
use super::parse;
use super::parts::Parts;
use crate::document::{Document, Reading};
use crate::grammar::cx::{Cx, Span};
use crate::grammar::outcome::{Parse, Verdict};
use crate::grammar::rule::Rule;
use crate::invariants::recompose_3986;
use crate::testing::{ambiguous, assert_data, c, data, huge, Grammar, Xorshift};

const G: Grammar = Grammar {
    doc: Document::Rfc3986,
    generic: None,
    cite: "RFC 3986 §",
    notes_quote: true,
};

const URI: Rule = Rule::R3986Uri;
const REL: Rule = Rule::R3986RelativeRef;

/// The rule and the path rule taken (the first two alternatives).
#[track_caller]
fn taken(input: &str, rule: Rule, path: Rule) -> Parse<'_> {
    let q = G.valid(input, rule);
    assert_eq!(q.alternatives[..2], [rule, path], "{input:?}");
    q
}

/// The components, in [`COMPONENTS`] order, as `(name, value)` for the present ones.
fn present<'a>(q: &'a Parse) -> Vec<(&'static str, &'a str)> {
    q.components
        .iter()
        .filter_map(|(n, _)| q.components.str(n).map(|s| (n, s)))
        .collect()
}

#[test]
fn the_section_1_1_2_examples_are_uris() {
    let q = taken(
        "ftp://ftp.is.co.za/rfc/rfc1808.txt",
        URI,
        Rule::R3986PathAbempty,
    );
    assert_eq!(
        present(&q),
        [
            ("scheme", "ftp"),
            ("authority", "ftp.is.co.za"),
            ("host", "ftp.is.co.za"),
            ("reg-name", "ftp.is.co.za"),
            ("path", "/rfc/rfc1808.txt"),
        ]
    );
    taken(
        "http://www.ietf.org/rfc/rfc2396.txt",
        URI,
        Rule::R3986PathAbempty,
    );
    let q = taken(
        "ldap://[2001:db8::7]/c=GB?objectClass?one",
        URI,
        Rule::R3986PathAbempty,
    );
    assert_eq!(
        present(&q),
        [
            ("scheme", "ldap"),
            ("authority", "[2001:db8::7]"),
            ("host", "[2001:db8::7]"),
            ("IP-literal", "[2001:db8::7]"),
            ("IPv6address", "2001:db8::7"),
            ("path", "/c=GB"),
            ("query", "objectClass?one"),
        ]
    );
    for (input, path) in [
        ("mailto:John.Doe@example.com", "John.Doe@example.com"),
        (
            "news:comp.infosystems.www.servers.unix",
            "comp.infosystems.www.servers.unix",
        ),
        ("tel:+1-816-555-1212", "+1-816-555-1212"),
        (
            "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
            "oasis:names:specification:docbook:dtd:xml:4.1.2",
        ),
    ] {
        let q = taken(input, URI, Rule::R3986PathRootless);
        assert_eq!(c(&q, "path"), Some(path));
        assert_eq!(c(&q, "authority"), None);
        assert_eq!(q.components.get("host"), Some(None));
        assert!(q.notes().is_empty(), "{input}: {:?}", q.notes());
    }
    let q = taken("telnet://192.0.2.16:80/", URI, Rule::R3986PathAbempty);
    assert_eq!(
        present(&q),
        [
            ("scheme", "telnet"),
            ("authority", "192.0.2.16:80"),
            ("host", "192.0.2.16"),
            ("IPv4address", "192.0.2.16"),
            ("port", "80"),
            ("path", "/"),
        ]
    );
}

/// Section 3: "The following are two example URIs and their component parts".
#[test]
fn the_section_3_examples() {
    let q = G.valid("foo://example.com:8042/over/there?name=ferret#nose", URI);
    assert_eq!(
        present(&q),
        [
            ("scheme", "foo"),
            ("authority", "example.com:8042"),
            ("host", "example.com"),
            ("reg-name", "example.com"),
            ("port", "8042"),
            ("path", "/over/there"),
            ("query", "name=ferret"),
            ("fragment", "nose"),
        ]
    );
    // With a fragment it is no absolute-URI (Section 4.3).
    assert_eq!(
        q.alternatives,
        [URI, Rule::R3986PathAbempty],
        "no absolute-URI"
    );
    let q = G.valid("urn:example:animal:ferret:nose", URI);
    assert_eq!(
        present(&q),
        [("scheme", "urn"), ("path", "example:animal:ferret:nose")]
    );
    assert_eq!(
        q.alternatives,
        [URI, Rule::R3986PathRootless, Rule::R3986AbsoluteUri]
    );
}

/// Section 3.3: "the URI <mailto:fred@example.com> has a path of "fred@example.com",
/// whereas the URI <foo://info.example.com?fred> has an empty path."
#[test]
fn paths_of_section_3_3() {
    let q = G.valid("mailto:fred@example.com", URI);
    assert_eq!(c(&q, "path"), Some("fred@example.com"));
    let q = taken("foo://info.example.com?fred", URI, Rule::R3986PathAbempty);
    assert_eq!(c(&q, "path"), Some(""));
    assert_eq!(c(&q, "query"), Some("fred"));
    // "The scheme and path components are required, though the path may be empty";
    // Appendix D.2: "This also allows an absolute-URI to consist of nothing after the
    // "scheme:", as is present in practice with the "dav:" namespace [RFC2518] and with
    // the "about:" scheme".
    for input in ["dav:", "about:"] {
        let q = taken(input, URI, Rule::R3986PathEmpty);
        assert_eq!(c(&q, "path"), Some(""));
        assert!(q.alternatives.contains(&Rule::R3986AbsoluteUri));
    }
    taken("a:/b", URI, Rule::R3986PathAbsolute);
    taken("a:/", URI, Rule::R3986PathAbsolute);
    // "When authority is not present, the path cannot begin with two slash characters":
    // "//" always starts an authority, possibly empty.
    let q = taken("file:///etc/motd", URI, Rule::R3986PathAbempty);
    assert_eq!(c(&q, "authority"), Some(""));
    assert_eq!(c(&q, "reg-name"), Some(""));
    assert_eq!(c(&q, "path"), Some("/etc/motd"));
    let q = taken("a:////b", URI, Rule::R3986PathAbempty);
    assert_eq!(c(&q, "path"), Some("//b"));
}

/// Appendix B: the regular expression's groups for its example.
#[test]
fn appendix_b_example() {
    let (input, split) = crate::testing::APPENDIX_B_EXAMPLE;
    let q = G.valid(input, URI);
    let names = ["scheme", "authority", "path", "query", "fragment"];
    assert_eq!(names.map(|n| c(&q, n)), split);
}

/// Section 5.4: every reference of the examples is a URI reference; all but "g:h" and
/// "http:g" are relative references, of the kind Section 4.2 names.
#[test]
fn the_section_5_4_references_derive() {
    taken("http://a/b/c/d;p?q", URI, Rule::R3986PathAbempty);
    taken("g:h", URI, Rule::R3986PathRootless);
    taken("http:g", URI, Rule::R3986PathRootless);
    for input in crate::testing::RELATIVE_PATH_EXAMPLES {
        // "A relative reference that does not begin with a slash character is termed a
        // relative-path reference."
        taken(input, REL, Rule::R3986PathNoscheme);
    }
    // "A relative reference that begins with a single slash character is termed an
    // absolute-path reference."
    for input in ["/g", "/./g", "/../g"] {
        taken(input, REL, Rule::R3986PathAbsolute);
    }
    // "A relative reference that begins with two slash characters is termed a
    // network-path reference".
    let q = taken("//g", REL, Rule::R3986PathAbempty);
    assert_eq!(c(&q, "authority"), Some("g"));
    for input in ["?y", "#s", ""] {
        taken(input, REL, Rule::R3986PathEmpty);
    }
}

/// Section 4.1: "If the URI-reference's prefix does not match the syntax of a scheme
/// followed by its colon separator, then the URI-reference is a relative reference."
/// Section 4.2: "A path segment that contains a colon character (e.g., "this:that")
/// cannot be used as the first segment of a relative-path reference".
#[test]
fn a_colon_in_the_first_segment_of_a_relative_path() {
    let q = G.valid("this:that", URI);
    assert_eq!(c(&q, "scheme"), Some("this"));
    let q = taken("./this:that", REL, Rule::R3986PathNoscheme);
    assert_eq!(c(&q, "path"), Some("./this:that"));
    // A first segment that is no scheme: the ":" is where segment-nz-nc stops.
    let q = G.invalid("1this:that", Rule::R3986SegmentNzNc, 5);
    assert_data(&q, "colon-in-first-segment", &["1this:that"]);
    let q = G.invalid("_a:b/c:d", Rule::R3986SegmentNzNc, 2);
    assert_data(&q, "colon-in-first-segment", &["_a:b"]);
    // Later segments may hold ":".
    taken("a/b:c", REL, Rule::R3986PathNoscheme);
    // Section 3.1: a scheme begins with a letter.
    G.invalid(":a", Rule::R3986SegmentNzNc, 0);
    G.invalid("1a:", Rule::R3986SegmentNzNc, 2);
}

/// Section 3.1: "Scheme names consist of a sequence of characters beginning with a
/// letter and followed by any combination of letters, digits, plus ("+"), period ("."),
/// or hyphen ("-")." and "An implementation should accept uppercase letters as
/// equivalent to lowercase in scheme names".
#[test]
fn schemes() {
    let q = G.valid("a+b-c.9:x", URI);
    assert_eq!(c(&q, "scheme"), Some("a+b-c.9"));
    let q = G.valid("HTTP://h/", URI);
    assert_data(&q, "scheme-case", &["http"]);
    assert!(G.valid("http://h/", URI).note("scheme-case").is_none());
}

/// Section 3.2.2 and Section 6.2.2.1: the host is case-insensitive; "<HTTP://www.EXAMPLE.com/>
/// is equivalent to <http://www.example.com/>".
#[test]
fn host_case() {
    let q = G.valid("HTTP://www.EXAMPLE.com/", URI);
    assert_data(&q, "host-case", &["www.example.com"]);
    assert_data(&q, "scheme-case", &["http"]);
    // "only using uppercase letters for percent-encodings": those are left alone.
    let q = G.valid("http://A%C3%80/", URI);
    assert_data(&q, "host-case", &["a%C3%80"]);
    let q = G.valid("http://[FE80::A]/", URI);
    assert_data(&q, "host-case", &["[fe80::a]"]);
    assert!(G.valid("http://a%C3%80/", URI).note("host-case").is_none());
}

/// Section 3.2.1: userinfo, and the "@" that ends it; Section 7.6's example.
#[test]
fn userinfo() {
    let q = G.valid(
        "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm",
        URI,
    );
    assert_eq!(
        c(&q, "userinfo"),
        Some("cnn.example.com&story=breaking_news")
    );
    assert_eq!(c(&q, "IPv4address"), Some("10.0.0.1"));
    let q = G.valid("http://user:pass@h/", URI);
    assert_eq!(c(&q, "userinfo"), Some("user:pass"));
    assert!(q.note("userinfo-password").is_some());
    // "unless the data after the colon is the empty string (indicating no password)".
    assert!(G
        .valid("http://user:@h/", URI)
        .note("userinfo-password")
        .is_none());
    assert_eq!(c(&G.valid("//@h", REL), "userinfo"), Some(""));
    // userinfo derives no "@": a second one is in the host.
    G.invalid("//a@b@c", Rule::R3986RegName, 5);
    G.invalid("//a[b@c", Rule::R3986Userinfo, 3);
}

/// Section 3.2.2: "If host matches the rule for IPv4address, then it should be
/// considered an IPv4 address literal and not a reg-name."; "only the dotted-decimal
/// form of four octets is allowed by this grammar".
#[test]
fn ipv4address_and_reg_name() {
    let q = G.valid("http://192.0.2.16/", URI);
    assert_eq!(c(&q, "IPv4address"), Some("192.0.2.16"));
    assert_eq!(q.components.get("reg-name"), Some(None));
    assert!(ambiguous(&q, Rule::R3986Host));
    for ok in ["0.0.0.0", "255.255.255.255", "9.99.199.249", "250.251.0.10"] {
        let built = format!("//{ok}");
        let q = G.valid(&built, REL);
        assert_eq!(c(&q, "IPv4address"), Some(ok));
    }
    // dec-octet is 0 to 255 without a leading zero: these are reg-names.
    for name in [
        "256.0.0.1",
        "1.2.3.04",
        "01.2.3.4",
        "1.2.3",
        "1.2.3.4.5",
        "1.2.3.4.",
        "300.1.1.1",
    ] {
        let built = format!("//{name}");
        let q = G.valid(&built, REL);
        assert_eq!(c(&q, "reg-name"), Some(name), "{name}");
        assert_eq!(q.components.get("IPv4address"), Some(None));
        assert!(!ambiguous(&q, Rule::R3986Host), "{name}");
    }
    assert!(!ambiguous(&G.valid("//example.com", REL), Rule::R3986Host));
}

/// Section 7.4: the dotted forms of fewer than four numbers, and C's octal and
/// hexadecimal parts, are reg-names that some platforms read as addresses.
#[test]
fn rare_ip_formats_are_noted() {
    for name in [
        "127.1",
        "0x7f.1",
        "017700000001",
        "2130706433",
        "1.2.3.256",
        "0X7F.0.0.1",
    ] {
        let built = format!("http://{name}/");
        let q = G.valid(&built, URI);
        assert_eq!(
            data(&q, "rare-ip-format").as_deref(),
            Some(&[name.to_string()][..]),
            "{name}"
        );
    }
    for name in [
        "127.0.0.1",
        "example.com",
        "1.2.3.4.5",
        "08.1",
        "0x",
        "a.1",
        "",
    ] {
        let built = format!("http://{name}/");
        let q = G.valid(&built, URI);
        assert!(q.note("rare-ip-format").is_none(), "{name}");
    }
}

/// Section 3.2.2: the IP literals. "A 128-bit IPv6 address is divided into eight 16-bit
/// pieces. Each piece is represented numerically in case-insensitive hexadecimal, using
/// one to four hexadecimal digits (leading zeroes are permitted). [...] Optionally, the
/// least-significant two pieces may instead be represented in IPv4 address textual
/// format. A sequence of one or more consecutive zero-valued 16-bit pieces within the
/// address may be elided, omitting all their digits and leaving exactly two consecutive
/// colons in their place to mark the elision."
#[test]
fn ipv6_literals() {
    for address in [
        "1:2:3:4:5:6:7:8",
        "0001:abcd:ABCD:0:00:000:ffff:FFFF",
        "1:2:3:4:5:6:1.2.3.4",
        "::",
        "::1",
        "1::",
        "2001:db8::7",
        "::ffff:192.0.2.1",
        "::1.2.3.4",
        "1::1.2.3.4",
        "1:2:3:4:5::1.2.3.4",
        "1:2:3:4:5:6:7::",
        "::2:3:4:5:6:7:8",
        "1::8",
        "1:2:3:4:5:6::8",
        "1:2:3:4:5::7:8",
    ] {
        let built = format!("http://[{address}]/");
        let q = G.valid(&built, URI);
        assert_eq!(c(&q, "IPv6address"), Some(address));
        assert_eq!(c(&q, "IP-literal"), Some(format!("[{address}]").as_str()));
        assert_eq!(q.components.get("IPvFuture"), Some(None));
    }
    // Each case: the address, and the offset in it where it stops being the start of
    // one (the input is "//[" then the address then "]").
    for (address, at) in [
        // Seven pieces and no elision: a ":" is needed after the seventh.
        ("1:2:3:4:5:6:7", 13),
        // Nine pieces: nothing may follow the eighth.
        ("1:2:3:4:5:6:7:8:9", 15),
        // Only one "::": its second ":" is where the second one fails.
        ("1::2::3", 5),
        // "one to four hexadecimal digits".
        ("12345::", 4),
        // An elision stands for one piece at least: seven pieces at most besides.
        ("::1:2:3:4:5:6:7:8", 15),
        ("1:2:3:4::5:6:7:8", 14),
        // The IPv4 form only for the two least-significant pieces.
        ("1.2.3.4::", 1),
        ("1:2:3:4:5:1.2.3.4", 11),
        ("::1.2.3.4:5", 9),
        ("::1.2.3.256", 10),
        ("::1.2.3", 7),
        // "This syntax does not support IPv6 scoped addressing zone identifiers."
        ("fe80::1%25eth0", 7),
        (":1::", 1),
        ("", 0),
    ] {
        let input = format!("//[{address}]");
        let q = G.rejects(&input);
        assert_eq!(q.error.as_ref().unwrap().offset, 3 + at, "{address}");
    }
    // "[" without "]": the literal needs its "]" where the authority ends.
    G.invalid("//[::1", Rule::R3986IpLiteral, 6);
    G.invalid("//[::1/x", Rule::R3986IpLiteral, 6);
    G.invalid("//[::1]x", Rule::R3986Authority, 7);
    G.invalid("//[x]", Rule::R3986IpLiteral, 3);
    // "This is the only place where square bracket characters are allowed in the URI
    // syntax."
    G.invalid("//a[::1]", Rule::R3986RegName, 3);
    G.invalid("a:[::1]", Rule::R3986SegmentNz, 2);
    G.invalid("//h/[", Rule::R3986Segment, 4);
    G.invalid("?[", Rule::R3986Query, 1);
    G.invalid("#]", Rule::R3986Fragment, 1);
}

/// The alternatives of IPv6address derive disjoint strings, each one way: writing every
/// piece as "1" and an `ls32` as "1:1" or "1.1.1.1", no string comes out twice.
#[test]
fn ipv6address_has_one_derivation_per_string() {
    let ends = ["1:1", "1.1.1.1"];
    let pieces = |n: usize| "1:".repeat(n);
    let mut all: Vec<String> = Vec::new();
    // 6( h16 ":" ) ls32
    for l in ends {
        all.push(format!("{}{l}", pieces(6)));
    }
    // "::" 5( h16 ":" ) ls32
    for l in ends {
        all.push(format!("::{}{l}", pieces(5)));
    }
    // [ *n( h16 ":" ) h16 ] "::" k( h16 ":" ) last, for the seven other alternatives.
    let rest: [(usize, usize, &[&str]); 7] = [
        (0, 4, &ends),
        (1, 3, &ends),
        (2, 2, &ends),
        (3, 1, &ends),
        (4, 0, &ends),
        (5, 0, &["1"]),
        (6, 0, &[""]),
    ];
    for (n, k, lasts) in rest {
        let mut befores = vec![String::new()];
        for r in 0..=n {
            befores.push(format!("{}1", pieces(r)));
        }
        for before in &befores {
            for last in lasts {
                all.push(format!("{before}::{}{last}", pieces(k)));
            }
        }
    }
    let mut sorted = all.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), all.len(), "a string derives twice");
    for s in &all {
        let mut cx = Cx::new(s.as_bytes(), Reading::Strict, false);
        assert_eq!(ipv6address(&mut cx, Span::new(0, s.len())), Ok(()), "{s}");
    }
    let mut cx = Cx::new(b"1.1.1.1", Reading::Strict, false);
    assert!(ls32(&mut cx, Span::new(0, 7)).is_ok());
}

/// Section 3.2.2: "IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )";
/// "an IP-literal that starts with "v" (case-insensitive)".
#[test]
fn ipvfuture_literals() {
    for (literal, version) in [("v1.x", "1"), ("V1F.a:b!", "1F"), ("vA.::", "A")] {
        let built = format!("//[{literal}]");
        let q = G.valid(&built, REL);
        assert_eq!(c(&q, "IPvFuture"), Some(literal));
        assert_eq!(c(&q, "IPv6address"), None);
        assert_eq!(
            data(&q, "ipvfuture").as_deref(),
            Some(&[version.to_string()][..])
        );
    }
    G.invalid("//[v.x]", Rule::R3986IpvFuture, 4);
    G.invalid("//[v1]", Rule::R3986IpvFuture, 5);
    G.invalid("//[v1.]", Rule::R3986IpvFuture, 6);
    G.invalid("//[v1.%41]", Rule::R3986IpvFuture, 6);
    G.invalid("//[vg.x]", Rule::R3986IpvFuture, 4);
}

/// Section 3.2.3: "port = *DIGIT", and "URI producers and normalizers should omit the
/// port component and its ":" delimiter if port is empty".
#[test]
fn ports() {
    let q = G.valid("http://h:/", URI);
    assert_eq!(c(&q, "port"), Some(""));
    assert!(q.note("empty-port").is_some());
    assert_eq!(c(&G.valid("http://h/", URI), "port"), None);
    assert_eq!(c(&G.valid("http://:8/", URI), "host"), Some(""));
    // The grammar sets no range.
    let digits = "9".repeat(10_000);
    let built = format!("http://h:{digits}/");
    let q = G.valid(&built, URI);
    assert_eq!(c(&q, "port").map(str::len), Some(10_000));
    G.invalid("http://h:8x/", Rule::R3986Port, 10);
    G.invalid("http://h:1:2/", Rule::R3986Port, 10);
    G.invalid("http://[::1]:a/", Rule::R3986Port, 13);
}

/// Section 2.1: "A percent-encoded octet is encoded as a character triplet, consisting
/// of the percent character "%" followed by the two hexadecimal digits", with the notes
/// of Sections 2.1, 2.3 and 7.3.
#[test]
fn percent_encodings() {
    for input in ["%", "a%", "a%4", "a%4g", "%%41", "http://h/%zz"] {
        let at = input.find('%').unwrap();
        G.invalid(input, Rule::R3986PctEncoded, at);
    }
    G.invalid("//a%2", Rule::R3986PctEncoded, 3);
    G.invalid("//%4@h", Rule::R3986PctEncoded, 2);
    let q = G.valid("a%2fb%2F%7e%7E%41%00", REL);
    assert_data(&q, "pct-encoded-case", &["%2f", "%7e"]);
    assert_data(&q, "pct-encoded-unreserved", &["%7e", "%7E", "%41"]);
    assert!(q.note("pct-encoded-nul").is_some());
    assert!(G.valid("a%2F", REL).notes().is_empty());
}

/// Section 6.2.2: "an application using this approach could reasonably consider the
/// following two URIs equivalent"; both derive, and the notes say what differs.
#[test]
fn the_section_6_2_2_pair() {
    let q = G.valid("example://a/b/c/%7Bfoo%7D", URI);
    assert!(q.notes().is_empty(), "{:?}", q.notes());
    let q = G.valid("eXAMPLE://a/./b/../b/%63/%7bfoo%7d", URI);
    let ids: Vec<&str> = q.notes().iter().map(|n| n.id).collect();
    assert_eq!(
        ids,
        [
            "scheme-case",
            "pct-encoded-case",
            "pct-encoded-unreserved",
            "dot-segments"
        ]
    );
    assert_data(&q, "pct-encoded-case", &["%7b", "%7d"]);
    assert_data(&q, "pct-encoded-unreserved", &["%63"]);
}

/// Section 3.2.2 on registered names: percent-encodings stand for UTF-8, and names
/// "should limit these names to no more than 255 characters".
#[test]
fn registered_names() {
    assert!(G
        .valid("http://%C3%80/", URI)
        .note("host-pct-encoded-utf8")
        .is_none());
    let q = G.valid("http://%C3/", URI);
    assert_data(&q, "host-pct-encoded-utf8", &["%C3"]);
    let long = "a".repeat(256);
    let built = format!("http://{long}/");
    let q = G.valid(&built, URI);
    assert_data(&q, "reg-name-length", &["256"]);
    assert!(G
        .valid(&format!("http://{}/", &long[1..]), URI)
        .note("reg-name-length")
        .is_none());
    // Sub-delims are allowed; characters outside the URI set are not.
    G.valid("http://a!$&'()*+,;=b/", URI);
    G.invalid("http://a b/", Rule::R3986RegName, 8);
    G.invalid("http://a\"b/", Rule::R3986RegName, 8);
}

/// Section 4.4: "relative references that are empty or include only the number sign
/// ("#") separator followed by a fragment identifier".
#[test]
fn same_document_references() {
    assert_eq!(
        data(&G.valid("", REL), "same-document").as_deref(),
        Some(&[][..])
    );
    assert_eq!(
        data(&G.valid("#s", REL), "same-document").as_deref(),
        Some(&["s".to_string()][..])
    );
    for other in ["?y", "g", "//h", "/", "http://a/#s"] {
        assert!(G.p(other).note("same-document").is_none(), "{other}");
    }
}

/// Section 3.3: dot-segments "are intended for use at the beginning of a relative-path
/// reference"; in a URI, Section 6.2.2.3 asks normalizers to remove them.
#[test]
fn dot_segments_in_uris() {
    let q = G.valid("http://a/b/../c/./d", URI);
    assert_data(&q, "dot-segments", &["/b/../c/./d"]);
    assert!(G
        .valid("http://a/b/..c/.d.", URI)
        .note("dot-segments")
        .is_none());
    assert!(G.valid("../g", REL).note("dot-segments").is_none());
}

/// Section 2: characters outside US-ASCII are no URI characters; Section 2.5 and 1.2.1
/// say how they are written.
#[test]
fn non_ascii_octets() {
    let q = G.invalid("http://h/\u{e9}", Rule::R3986Segment, 9);
    assert_data(&q, "non-ascii", &["%C3", "%A9"]);
    G.invalid("\u{e9}", Rule::R3986SegmentNzNc, 0);
    let q = G.p("http://h/%C3%A9");
    assert_eq!(q.verdict, Verdict::Valid);
    assert!(q.note("non-ascii").is_none());
}

#[test]
fn notes_are_the_listed_ones_and_cited() {
    G.assert_every_note_added(&[
        "HTTP://h.EXAMPLE:/%7e%00",
        "http://u:p@[v1.x]/a/../b",
        "http://127.1/",
        &format!("http://{}/", "a".repeat(300)),
        "http://%FF/",
        "#f",
        "1a:b",
        "\u{e9}",
    ]);
}

#[test]
fn the_non_strict_reading_parses_as_the_strict_one() {
    // The non-strict reading parses as the strict one (it concerns resolution only).
    for input in [&b"http://h/"[..], b"a:b", b"1a:b", b"//[::1]"] {
        let strict = parse(input, Reading::Strict);
        let mut non_strict = parse(input, Reading::NonStrict);
        non_strict.doc = strict.doc;
        assert_eq!(strict, non_strict);
    }
}

/// Inputs between them make every rule accept and reject, but for the three no
/// URI-reference reaches: `path`, `reserved` and `gen-delims`.
#[test]
fn every_rule_accepts_and_rejects_somewhere() {
    let inputs: &[&[u8]] = &[
        b"http://u:p@www.example.com:80/a/b?q#f",
        b"HTTP://[2001:db8::7]/",
        b"//[::1.2.3.4]",
        b"//[1:2:3:4:5:6:7:8]",
        b"//[v1.x]",
        b"//1.2.3.4:8",
        b"//1.2.3.256",
        b"//[::1.2.3.256]",
        b"//[12345::]",
        b"//[]",
        b"//[vx]",
        b"//u^@h",
        b"//h^",
        b"//h:x",
        b"a:",
        b"a:/b c",
        b"a:b c",
        b"a:[",
        b"/a b",
        b"a b",
        b"a/b c",
        b"?a b",
        b"#a b",
        b"%zz",
        b"1a:b",
        b"http://h/#f",
        b"",
        b"//h/a b",
        b"/a",
        b"a/b",
        b"a:b",
        b"a%41",
        b"a:!",
    ];
    let all = G.coverage(inputs);
    let unreached = [Rule::R3986Path, Rule::R3986Reserved, Rule::R3986GenDelims];
    G.assert_every_rule_accepts_and_rejects(&all, &unreached, &unreached);
}

/// Appendix B's regular expression, `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`,
/// matched by hand: scheme, authority, path, query, fragment.
fn appendix_b(input: &str) -> [Option<&str>; 5] {
    let mut rest = input;
    let scheme = match rest.find(|ch| ":/?#".contains(ch)) {
        Some(i) if i > 0 && rest[i..].starts_with(':') => {
            let s = &rest[..i];
            rest = &rest[i + 1..];
            Some(s)
        }
        _ => None,
    };
    let authority = rest.strip_prefix("//").map(|after| {
        let end = after.find(|ch| "/?#".contains(ch)).unwrap_or(after.len());
        rest = &after[end..];
        &after[..end]
    });
    let end = rest.find(['?', '#']).unwrap_or(rest.len());
    let path = &rest[..end];
    rest = &rest[end..];
    let query = rest.strip_prefix('?').map(|after| {
        let end = after.find('#').unwrap_or(after.len());
        rest = &after[end..];
        &after[..end]
    });
    let fragment = rest.strip_prefix('#');
    [scheme, authority, Some(path), query, fragment]
}

const PIECES: &[&str] = &[
    "a", "Z", "1", ".", "-", "_", "~", ":", "@", "/", "//", "?", "#", "%", "%4", "%41", "!", "[",
    "]", "[::1]", "[v1.x]", "1.2.3.4", "http:", "a:", " ", "\u{e9}", "\0", "+", "=",
];

/// Whatever the input: an answer, recording changes nothing, what derives is made of
/// URI characters, a valid parse recomposes to the input and has Appendix B's
/// components, and never do `URI` and `relative-ref` both derive.
#[test]
fn any_bytes_get_an_answer() {
    let uri_char = |b: &u8| {
        super::classes::RESERVED.contains(*b)
            || super::classes::UNRESERVED.contains(*b)
            || *b == b'%'
    };
    let mut rng = Xorshift(0x3986_2005);
    let mut valid = 0;
    for round in 0..20_000 {
        let input = rng.pieces(PIECES, 10);
        let q = G.assert_answer(&input, Reading::Strict, uri_char);
        if round % 4 == 0 {
            G.covered(&input, Reading::Strict);
        }
        let parts = Parts::of(&input);
        let both = {
            let mut cx = Cx::new(&input, Reading::Strict, false);
            uri(&mut cx, &parts).is_ok() && relative_ref(&mut cx, &parts).is_ok()
        };
        assert!(!both, "{:?}", String::from_utf8_lossy(&input));
        if q.verdict == Verdict::Valid {
            valid += 1;
            let text = std::str::from_utf8(&input).expect("ASCII");
            // Section 5.3's recomposition gives back the input, and the authority is its
            // subcomponents (Section 3.2).
            assert_eq!(recompose_3986(&q.components), text);
            let b = appendix_b(text);
            let ours = ["scheme", "authority", "path", "query", "fragment"].map(|n| c(&q, n));
            assert_eq!(ours, b, "{text:?}");
        }
    }
    assert!(valid > 2000, "only {valid} valid inputs");
    for b in 0u8..=255 {
        G.assert_answer(&[b], Reading::Strict, uri_char);
        G.assert_answer(
            &[b'h', b':', b'/', b'/', b, b'/', b],
            Reading::Strict,
            uri_char,
        );
        G.assert_answer(&[b'/', b'/', b'[', b, b']'], Reading::Strict, uri_char);
    }
}

/// Long IP literals, ports and escapes get the verdicts and error offsets the grammar
/// gives them.
#[test]
fn huge_components_get_their_verdicts() {
    // An IP literal of 100,000 characters.
    let future = format!("//[v1.{}]", "a".repeat(100_000));
    assert_eq!(G.p(&future).verdict, Verdict::Valid);
    let v6 = format!("//[{}]", "1:".repeat(50_000));
    let q = G.rejects(&v6);
    // Eight pieces at most: the eighth ":" is where it stops.
    assert_eq!(q.error.unwrap().offset, 3 + 15);
    // "[" without "]".
    let open = format!("//[{}", "a".repeat(100_000));
    assert_eq!(G.rejects(&open).error.unwrap().offset, 3 + 4);
    // A port of 10,000 digits.
    let port = format!("http://h:{}", "1".repeat(10_000));
    assert_eq!(G.p(&port).verdict, Verdict::Valid);
    // "%" without two hex digits, and an octet outside US-ASCII, at the end of 1 MiB.
    let mut long = huge(b"http://h/", b"ab");
    long.push(b'%');
    assert_eq!(
        parse(&long, Reading::Strict).error.unwrap().offset,
        long.len() - 1
    );
    let last = long.len() - 1;
    long[last] = 0x80;
    assert_eq!(parse(&long, Reading::Strict).error.unwrap().offset, last);
}
