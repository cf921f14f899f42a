//! Expected values from the Standard's text only: its printed examples, and for each
//! definition strings derived by reading it (the deciding clause beside each).

use super::*;

/// The trace of a judgement, with the invariants every one holds: valid exactly when no
/// definition failed, and "valid URL string" recorded first when valid.
fn judge(input: &str, base: Option<Base>) -> Writing {
    let w = valid_url_string_against(input, base);
    assert_eq!(w.valid, w.failed.is_none(), "{input:?}: {w:?}");
    if w.valid {
        assert_eq!(
            w.matched.first(),
            Some(&("valid URL string", 0..input.len()))
        );
    }
    w
}

fn base(scheme: &str) -> Option<Base<'_>> {
    Some(Base {
        scheme,
        opaque_path: false,
    })
}

fn opaque_base(scheme: &str) -> Option<Base<'_>> {
    Some(Base {
        scheme,
        opaque_path: true,
    })
}

fn valid(input: &str) -> bool {
    judge(input, None).valid
}

fn valid_against(input: &str, against: Option<Base>) -> bool {
    judge(input, against).valid
}

/// The first failed definition and where it stopped.
fn failure(input: &str) -> (&'static str, usize) {
    judge(input, None).failed.unwrap_or(("none", usize::MAX))
}

// --- The Standard's own examples ---

#[test]
fn the_url_components_example_lists_valid_url_strings() {
    // #example-url-components: "The following table lists how valid URL strings, when
    // parsed, map to a URL's components."
    for input in [
        "https://example.com/",
        "https://localhost:8000/search?q=text#hello",
        "urn:isbn:9780307476463",
        "file:///ada/Analytical%20Engine/README.md",
    ] {
        assert!(valid(input), "{input}");
    }
}

#[test]
fn the_opaque_host_example_is_valid() {
    // #example-opaque-host-url: "git://github.com/whatwg/url.git"; git is not special, so
    // a scheme-relative-URL string, whose "github.com" is a valid opaque-host string.
    assert!(valid("git://github.com/whatwg/url.git"));
}

#[test]
fn the_validation_error_examples_are_not_valid() {
    // "A valid URL string defines what input would not trigger a validation error or
    // failure when given to the URL parser": each example of a validation error in
    // #writing is no valid URL string, by the writing rule named beside it.
    for (input, why) in [
        (
            "https://exa%23mple.org",
            "% is no LDH code point (UseSTD3ASCIIRules)",
        ),
        (
            "https://exam%70le.org",
            "the same: valid domain gets no percent-decoding",
        ),
        ("foo://exa[mple.org", "[ is a forbidden host code point"),
        (
            "https://127.0.0.1./",
            "five parts; as a domain it ends in a number",
        ),
        ("https://1.2.3/", "three parts; ends in a number"),
        ("https://1.2.3.4.5/", "five parts; ends in a number"),
        ("https://test.42", "ends in a number"),
        ("https://127.0.0x0.1", "0x0 is no decimal; ends in a number"),
        (
            "https://255.255.4000.1",
            "4000 is over 255; ends in a number",
        ),
        ("https://[::1", "no ]"),
        ("https://[:1]", "a lone : starts no pieces string"),
        ("https://[1:2:3:4:5:6:7:8:9]", "effective piece length 9"),
        ("https://[1::1::1]", "pieces strings hold no ::"),
        ("https://[1:2:3!:4]", "! is no ASCII hex digit"),
        ("https://[1:2:3:]", "an empty piece"),
        ("https://[1:2:3]", "uncompressed with 3 pieces"),
        ("https://[::01]", "01 is not the shortest string"),
        ("https://[1:1:1:1:1:1:1:127.0.0.1]", "7 pieces and an IPv4"),
        ("https://[ffff::.0.0.1]", "an empty IPv4 part"),
        ("https://[ffff::127.0.xyz.1]", "xyz is no ASCII digit"),
        ("https://[ffff::127.0xyz]", "not four parts"),
        (
            "https://[ffff::127.00.0.1]",
            "00 is not the shortest string",
        ),
        ("https://[ffff::127.0.0.1.2]", "five parts"),
        ("https://[ffff::127.0.0.4000]", "4000 is over 255"),
        ("https://[ffff::127.0.0]", "three parts"),
        ("https://example.org/>", "> is no URL code point"),
        (" https://example.org ", "space is no URL code point"),
        ("ht\ntps://example.org", "LF is no URL code point"),
        ("https://example.org/%s", "%s is no percent-encoded byte"),
        (
            "file:c:/my-secret-folder",
            "scheme-relative-file-URL string starts with //",
        ),
        (
            "https:example.org",
            "scheme-relative-special-URL string starts with //",
        ),
        (
            "https://example.org\\path\\to\\file",
            "\\ is no URL code point, nor in a domain",
        ),
        ("https://user@example.org", "@ is no LDH code point"),
        ("ssh://user@example.org", "@ is a forbidden host code point"),
        ("https://#fragment", "the empty string is no valid domain"),
        ("https://:443", "the empty string is no valid domain"),
        (
            "https://user:pass@",
            "user is followed by a port that is not digits",
        ),
        (
            "https://example.org:70000",
            "70000 is no 16-bit unsigned integer",
        ),
        ("https://example.org:7z", "z is no ASCII digit"),
        ("file://c:", ": is no LDH code point and file has no port"),
    ] {
        assert!(!valid(input), "{input:?} should be invalid: {why}");
    }
}

#[test]
fn the_windows_drive_letter_relative_example_is_valid_as_written() {
    // #example-file-invalid-windows-drive-letter: the parser reports
    // new URL("/c:/path/to/file", "file:///c:/"), but the writing rules accept it: a
    // relative-URL string may be "a path-absolute-non-authority-URL string", whose
    // segments "c:", "path", ... are URL units. The writing rules say nothing of drive
    // letters; the discrepancy is the Standard's.
    assert!(valid_against("/c:/path/to/file", base("file")));
}

#[test]
fn the_missing_scheme_examples() {
    // #example-missing-scheme-non-relative-url: "💩" against "mailto:user@example.org", a
    // base with an opaque path: "U+0023 (#) followed by a URL-fragment string, if base URL
    // has an opaque path".
    assert!(!valid_against("💩", opaque_base("mailto")));
    assert!(valid_against("#💩", opaque_base("mailto")));
    // Against a base with a path it is a path-relative-scheme-less-URL string; without a
    // base no relative string is valid (the URL parsing table: "❌, due to lack of base").
    assert!(valid_against("💩", base("https")));
    assert!(!valid("💩"));
}

#[test]
fn special_scheme_relative_against_a_special_base() {
    // #example-special-scheme-missing-following-solidus: new URL("https:foo.html",
    // "https://example.org/"): "https:" is a URL-scheme string and ":", so it is an
    // absolute-URL string, whose scheme-relative-special-URL string must start with "//".
    assert!(!valid_against("https:foo.html", base("https")));
}

// --- Host writing ---

#[test]
fn valid_domain_strings() {
    // "A valid domain string must be a string that is a valid domain."
    assert!(valid_domain_string("example.com"));
    assert!(valid_domain_string("EXAMPLE.COM")); // mapped, not an error
    assert!(valid_domain_string("☕.example")); // the #idna note: "becomes xn--53h.example"
    assert!(valid_domain_string("bücher.de"));
    assert!(valid_domain_string("example.0xg")); // 0xg: not "0x" and hex digits
    assert!(valid_domain_string(&"a".repeat(63)));
    // The #idna note: "xn--8i7caa decodes to ｗｗｗ, whose code points have status "mapped"".
    assert!(!valid_domain_string("xn--8i7caa"));
    assert!(!valid_domain_string("a..b")); // an empty label (VerifyDnsLength)
    assert!(!valid_domain_string(&"a".repeat(64))); // a label over 63 (VerifyDnsLength)
    assert!(!valid_domain_string("")); // VerifyDnsLength
    assert!(!valid_domain_string("-a.com")); // CheckHyphens: a leading hyphen
    assert!(!valid_domain_string("ab--c.com")); // CheckHyphens: hyphens 3rd and 4th
    assert!(!valid_domain_string("a_b.com")); // UseSTD3ASCIIRules
    assert!(!valid_domain_string("example.42")); // ends in a number checker: digits
    assert!(!valid_domain_string("example.0x1F")); // ends in a number checker: 0x and hex
    assert!(!valid_domain_string("example.42.")); // the empty last item is removed first
    assert!(!valid_domain_string("example.com.")); // the root label is empty (DnsLength::Verify)
}

#[test]
fn valid_ipv4_address_strings() {
    // "four shortest possible strings of ASCII digits, representing a decimal number in
    // the range 0 to 255, inclusive, separated from each other by U+002E (.)"
    assert!(valid_ipv4_address_string("0.0.0.0"));
    assert!(valid_ipv4_address_string("255.255.255.255"));
    assert!(valid_ipv4_address_string("127.0.0.1"));
    assert!(!valid_ipv4_address_string("1.2.3")); // four
    assert!(!valid_ipv4_address_string("1.2.3.4.")); // an empty fifth
    assert!(!valid_ipv4_address_string("256.0.0.0")); // 0 to 255
    assert!(!valid_ipv4_address_string("01.2.3.4")); // shortest possible
    assert!(!valid_ipv4_address_string("0x1.2.3.4")); // ASCII digits
    assert!(!valid_ipv4_address_string(""));
}

#[test]
fn valid_ipv6_address_strings() {
    // "a valid IPv6-pieces string with effective piece length 8"
    assert!(valid_ipv6_address_string("1:2:3:4:5:6:7:8"));
    assert!(valid_ipv6_address_string("ffff:0:0:0:0:0:0:ABCD"));
    assert!(!valid_ipv6_address_string("1:2:3:4:5:6:7"));
    // "a valid IPv6-pieces-and-IPv4 string with effective piece length 8"
    assert!(valid_ipv6_address_string("1:2:3:4:5:6:1.2.3.4"));
    assert!(!valid_ipv6_address_string("1.2.3.4")); // IPv4 alone: length 2
                                                    // "U+003A U+003A (::), optionally preceded ... and optionally followed ... at most 7"
    assert!(valid_ipv6_address_string("::"));
    assert!(valid_ipv6_address_string("::1"));
    assert!(valid_ipv6_address_string("1::"));
    assert!(valid_ipv6_address_string("::ffff:127.0.0.1"));
    assert!(valid_ipv6_address_string("::1.2.3.4"));
    assert!(valid_ipv6_address_string("1:2:3:4:5:6:7::"));
    assert!(valid_ipv6_address_string("1::2:3:4:5:6:7"));
    assert!(!valid_ipv6_address_string("1:2:3:4:5:6:7:8::")); // 8 > 7
    assert!(!valid_ipv6_address_string("1::2:3:4:5:6:7:8")); // 1 + 7 > 7
    assert!(valid_ipv6_address_string("1:2:3:4:5::1.2.3.4")); // 5 + (0 + 2) = 7
    assert!(!valid_ipv6_address_string("1:2:3:4:5:6::1.2.3.4")); // 6 + (0 + 2) = 8
    assert!(!valid_ipv6_address_string("1:2:3:4::5:6:1.2.3.4")); // 4 + (2 + 2) = 8
    assert!(!valid_ipv6_address_string(":::"));
    assert!(!valid_ipv6_address_string("1::2::3"));
    assert!(!valid_ipv6_address_string("::1.2.3.4:1")); // the IPv4 comes last
                                                        // "a shortest possible string of ASCII hex digits ... 0 to 0xFFFF": the PSL example's
                                                        // host has leading zeros ("For consistency with IPv4 leading zeros are not allowed").
    assert!(!valid_ipv6_address_string(
        "2001:0db8:85a3:0000:0000:8a2e:0370:7334"
    ));
    assert!(valid_ipv6_address_string("2001:db8:85a3:0:0:8a2e:370:7334"));
    assert!(!valid_ipv6_address_string("1:2:3:4:5:6:7:10000")); // five digits
    assert!(!valid_ipv6_address_string(""));
}

#[test]
fn valid_host_strings() {
    // "a valid domain string, a valid IPv4-address string, or: U+005B ([), followed by a
    // valid IPv6-address string, followed by U+005D (])"
    assert!(valid_host_string("example.com"));
    assert!(valid_host_string("127.0.0.1"));
    assert!(valid_host_string("[::1]"));
    assert!(!valid_host_string("::1")); // no brackets
    assert!(!valid_host_string("[::1")); // no ]
    assert!(!valid_host_string("1.2.3")); // neither IPv4 (three parts) nor a domain
    assert!(!valid_host_string(""));
}

#[test]
fn valid_opaque_host_strings() {
    // "one or more URL units excluding forbidden host code points"
    assert!(valid_opaque_host_string("github.com"));
    assert!(valid_opaque_host_string("a%20b")); // a percent-encoded byte is a URL unit
    assert!(valid_opaque_host_string("ü"));
    assert!(!valid_opaque_host_string("")); // one or more
    assert!(!valid_opaque_host_string("exa[mple.org")); // [ is forbidden
    assert!(!valid_opaque_host_string("a:b")); // : is forbidden
    assert!(!valid_opaque_host_string("a%2")); // no percent-encoded byte
    assert!(!valid_opaque_host_string("a b")); // space is no URL unit
                                               // "U+005B ([), followed by a valid IPv6-address string, followed by U+005D (])"
    assert!(valid_opaque_host_string("[::1]"));
    assert!(!valid_opaque_host_string("[::1:]"));
}

// --- URL writing ---

#[test]
fn absolute_url_strings_with_a_special_scheme() {
    // "a URL-scheme string that is an ASCII case-insensitive match for a special scheme and
    // not ... "file", followed by U+003A (:) and a scheme-relative-special-URL string"
    assert!(valid("HTTPS://example.com/"));
    assert!(valid("ws://[::1]:80/x"));
    assert!(valid("https://example.com")); // the path is optional
    assert!(valid("https://bücher.de/")); // a valid host string need not be URL units
    assert!(!valid("https:/example.org")); // "//"
    assert!(!valid("https://")); // the empty string is no valid domain
    assert!(!valid("https:///x")); // nor here
                                   // "There is no way to express a username or password of a URL record within a valid
                                   // URL string."
    assert!(!valid("https://user:pass@example.org/"));
}

#[test]
fn url_port_strings() {
    // "the empty string"
    assert!(valid("https://h:/"));
    // "one or more ASCII digits representing a decimal number that is a 16-bit unsigned
    // integer"
    assert!(valid("https://h:65535/"));
    assert!(valid("https://h:00080/")); // "00080" represents 80
    assert!(valid("foo://h:0"));
    assert!(!valid("https://h:65536/"));
    assert!(!valid(&format!("https://h:{}/", "9".repeat(100))));
    assert!(!valid("https://h:+1/"));
    assert!(!valid("https://h:٣/")); // an Arabic-Indic digit is no ASCII digit
    assert_eq!(failure("https://h:1x/"), ("URL-port string", 11));
}

#[test]
fn absolute_url_strings_with_another_scheme() {
    // "followed by U+003A (:) and one of: a scheme-relative-URL string, a
    // path-absolute-non-authority-URL string, or an opaque-path-URL string"
    assert!(valid("mailto:user@example.org"));
    assert!(valid("a:")); // an opaque-path-URL string of zero URL units
    assert!(valid("a:?q")); // then a query
    assert!(valid("a:/b")); // path-absolute-non-authority
    assert!(valid("a:/")); // "/" and zero segments
    assert!(valid("a://b/c")); // scheme-relative-URL
    assert!(valid("a:///x")); // an empty opaque-host-and-port string
    assert!(valid("a://[::1]:8/")); // an IPv6 opaque host and a port
    assert!(valid("javascript:alert(1)"));
    assert!(!valid("a://:1/")); // "either the empty string or: a valid opaque-host string, ..."
    assert!(!valid("a:b c")); // space is no URL unit
    assert!(!valid("a:b#c#d")); // # is no URL unit
}

#[test]
fn url_scheme_strings() {
    // "one ASCII alpha, followed by zero or more of ASCII alphanumeric, U+002B (+), U+002D
    // (-), and U+002E (.)"
    assert!(valid("a+b-c.d:x"));
    // "1a:b" does not start with one: it is a path-relative-scheme-less-URL string, valid
    // against a base only
    assert!(valid_against("1a:b", base("foo")));
    assert!(!valid("1a:b"));
    // "a_b:c": a_b is no URL-scheme string, and the relative reading does not start with
    // one followed by ":" either (the longest scheme is "a", then "_"): a segment "a_b:c".
    assert!(valid_against("a_b:c", base("foo")));
}

#[test]
fn scheme_relative_file_url_strings() {
    // ""//", optionally followed by ... a valid host string, optionally followed by a
    // path-absolute-URL string; a path-absolute-URL string"
    assert!(valid("file:///C:/x"));
    assert!(valid("FILE://localhost/x"));
    assert!(valid("file://"));
    assert!(valid("file://[::1]/x"));
    assert!(valid("file://h"));
    assert!(!valid("file:")); // "//"
    assert!(!valid("file:/x")); // "//"
    assert!(!valid("file://h:80/")); // no port in this form
    assert!(!valid("file:///C|/x")); // | is no URL code point
}

#[test]
fn path_segments_and_dots() {
    // "a single-dot URL path segment", "a double-dot URL path segment"
    let w = judge("https://h/%2e/.%2E/x", None);
    assert!(w.valid);
    let names: Vec<_> = w.matched.iter().map(|(term, _)| *term).collect();
    assert!(names.contains(&"single-dot URL path segment"));
    assert!(names.contains(&"double-dot URL path segment"));
    // A space is not a URL unit.
    assert!(!valid("https://h/a b"));
    assert_eq!(failure("https://h/a b"), ("URL-path-segment string", 11));
    // "%zz" is not a percent-encoded byte.
    assert_eq!(failure("https://h/%zz"), ("URL-path-segment string", 10));
    // Backslashes are never URL code points.
    assert!(!valid("/a\\b"));
    assert!(!valid("a\\b"));
    // Empty segments are zero URL units.
    assert!(valid("https://h/a//b/"));
}

#[test]
fn relative_url_strings() {
    // "a path-relative-scheme-less-URL string", then "?" and a query, "#" and a fragment
    assert!(!valid("../a?b#c")); // no base: "❌, due to lack of base"
    assert!(valid_against("../a?b#c", base("https")));
    assert!(valid_against("../a?b#c", base("foo")));
    // "U+0023 (#) followed by a URL-fragment string, if base URL has an opaque path"
    assert!(!valid_against("../a?b#c", opaque_base("mailto")));
    assert!(!valid_against("?q", opaque_base("mailto")));
    let https = base("https");
    assert!(valid_against("?q", https)); // zero segments, then a query
    assert!(valid_against("#f", https));
    assert!(valid_against("", https)); // zero segments
    assert!(valid_against("/a/b", https)); // path-absolute-non-authority
    for relative in ["?q", "#f", "", "/a/b"] {
        assert!(!valid(relative), "{relative:?} without a base");
    }
    // "switching on base URL's scheme"
    assert!(valid_against("//example.com/x", base("https")));
    assert!(valid_against("//example.com:8080/x", base("HTTP"))); // compared ASCII case-insensitively
    assert!(valid_against("//example.com/x", base("file")));
    assert!(!valid_against("//example.com:80/x", base("file"))); // the file form has no port
    assert!(valid_against("//any%20host/x", base("foo"))); // an opaque host
    assert!(!valid_against("//any%20host/x", base("https"))); // % is no LDH code point
    assert!(!valid("//example.com/x")); // no base: no scheme to switch on
}

#[test]
fn url_code_points() {
    // "code points in the range U+00A0 to U+10FFFD, inclusive, excluding surrogates and
    // noncharacters"
    assert!(valid("a:\u{A0}"));
    assert!(valid("a:\u{10FFFD}"));
    assert!(valid("a:\u{FFFD}"));
    assert!(!valid("a:\u{9F}")); // below U+00A0
    assert!(!valid("a:\u{FDD0}")); // a noncharacter
    assert!(!valid("a:\u{FFFE}")); // a noncharacter
    assert!(!valid("a:\u{1FFFF}")); // a noncharacter
    assert!(!valid("a:\u{10FFFF}")); // past U+10FFFD
                                     // The ASCII ones: "!", "$", "&", "'", "(", ")", "*", "+", ",", "-", ".", "/", ":", ";",
                                     // "=", "?", "@", "_", "~"; not "\"", "<", ">", "[", "]", "^", "`", "{", "|", "}".
    assert!(valid("a:!$&'()*+,-./:;=?@_~"));
    for c in [
        '"', '<', '>', '[', ']', '^', '`', '{', '|', '}', '\\', '%', ' ',
    ] {
        assert!(!valid(&format!("a:{c}")), "{c:?}");
    }
    // The note about legacy encodings: "sm%F6rg%E5sbord" is percent-encoded bytes.
    assert!(valid("https://h/?sm%F6rg%E5sbord"));
    assert!(valid_against("?smörgåsbord", base("https")));
}

#[test]
fn the_trace_reads_outermost_first() {
    let w = judge("https://example.com/", None);
    assert_eq!(
        w.matched,
        vec![
            ("valid URL string", 0..20),
            ("absolute-URL-with-fragment string", 0..20),
            ("absolute-URL string", 0..20),
            ("URL-scheme string", 0..5),
            ("scheme-relative-special-URL string", 6..20),
            ("valid host string", 8..19),
            ("valid domain string", 8..19),
            ("path-absolute-URL string", 19..20),
        ]
    );
    assert_eq!(
        failure("https:example.org"),
        ("scheme-relative-special-URL string", 6)
    );
}

// --- Hostile inputs: answers without panics; linear time is by construction ---

#[test]
fn huge_inputs() {
    const MB: usize = 1 << 20;
    let percent = "%".repeat(MB);
    assert!(!valid(&percent));
    let solidi = "/".repeat(MB);
    assert!(!valid(&solidi)); // "//" and no base
    assert!(valid_against(&solidi, base("foo"))); // an empty host, then empty segments
    assert!(!valid_against(&solidi, base("https"))); // an empty host is no valid domain
    assert!(!valid(&"[".repeat(MB)));
    assert!(!valid(&format!("https://{}", "[".repeat(MB))));
    assert!(!valid(&format!("foo://[{}", ":".repeat(MB))));
    assert!(valid_against(&"\u{FFFD}".repeat(MB / 3), base("foo")));
    assert!(!valid(&format!("https://{}", "\u{FFFD}".repeat(MB / 3))));
    assert!(valid_against(&"\u{1F4A9}".repeat(MB / 4), base("foo")));
    assert!(!valid(&format!("https://{}/", "a".repeat(MB)))); // over 253 (VerifyDnsLength)
    assert!(!valid(
        &format!("https://h:{}", "0".repeat(MB)).replace("h:0", "h:1")
    ));
    assert!(valid(&format!("https://h:{}", "0".repeat(MB))));
    assert!(!valid(&format!("a:{}", "%2".repeat(MB / 2))));
    assert!(valid(&format!("a:b?{}", "?".repeat(MB))));
    assert!(!valid(&"#".repeat(MB)));
    assert!(!valid_ipv6_address_string(&"1:".repeat(MB / 2)));
    assert!(!valid_ipv6_address_string(&"::".repeat(MB / 2)));
    assert!(!valid_ipv4_address_string(&"1.".repeat(MB / 2)));
    assert!(!valid_domain_string(&"a.".repeat(MB / 2)));
    assert!(!valid_opaque_host_string(&"[".repeat(MB)));
    assert!(valid_opaque_host_string(&"a".repeat(MB)));
}
