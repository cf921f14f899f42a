//! Expectations taken from the text of the URL Standard (`url.bs`, commit 6ae84860): its
//! examples tables and notes, one test per table, each row citing its anchor. Nothing
//! here comes from running another parser or from an outside test suite.

use super::host::ipv4::{ends_in_a_number, ipv4_number_parse};
use super::host::serialize::{find_the_ipv6_address_compressed_piece_index, ipv6_serialize};
use super::percent::{
    percent_decode, percent_decode_str, percent_encode_byte, utf8_percent_encode,
    utf8_percent_encode_code_point, C0_CONTROL, COMPONENT, FORM_URLENCODED, FRAGMENT, PATH, QUERY,
    SPECIAL_QUERY, USERINFO,
};
use super::record::starts_with_a_windows_drive_letter;
use super::*;
use crate::testing::Xorshift;

/// The API URL parser on `input` against `base`.
fn parse(input: &str, base: Option<&str>) -> Parsed {
    parse_against(input, base)
}

fn errors_of(p: &Parsed) -> Vec<&'static str> {
    p.errors.iter().map(|v| v.error.name()).collect()
}

fn reports(p: &Parsed, error: ValidationError) -> bool {
    p.errors.iter().any(|v| v.error == error)
}

/// `#example-url-parsing`: input, base, valid, output (`None`: failure). "Valid" is
/// read as "no validation error and no failure".
#[test]
fn url_parsing_examples() {
    #[rustfmt::skip]
    let rows: &[(&str, Option<&str>, bool, Option<&str>)] = &[
        // #example-url-parsing
        ("https:example.org", None, false, Some("https://example.org/")),
        ("https://////example.com///", None, false, Some("https://example.com///")),
        ("https://example.com/././foo", None, true, Some("https://example.com/foo")),
        ("hello:world", Some("https://example.com/"), true, Some("hello:world")),
        ("https:example.org", Some("https://example.com/"), false, Some("https://example.com/example.org")),
        ("\\example\\..\\demo/.\\", Some("https://example.com/"), false, Some("https://example.com/demo/")),
        ("example", Some("https://example.com/demo"), true, Some("https://example.com/example")),
        ("file:///C|/demo", None, false, Some("file:///C:/demo")),
        ("..", Some("file:///C:/demo"), true, Some("file:///C:/")),
        ("file://localhost/", None, true, Some("file:///")),
        ("file://loc%61lhost/", None, false, Some("file:///")),
        ("https://user:password@example.org/", None, false, Some("https://user:password@example.org/")),
        ("https://example.org/foo bar", None, false, Some("https://example.org/foo%20bar")),
        ("https://EXAMPLE.com/../x", None, true, Some("https://example.com/x")),
        ("https://ex ample.org/", None, false, None),
        // "❌, due to lack of base"
        ("example", None, false, None),
        ("https://example.com:demo", None, false, None),
        ("http://[www.example.com]/", None, false, None),
        ("https://example.org//", None, true, Some("https://example.org//")),
        ("https://example.com/[]?[]#[]", None, false, Some("https://example.com/[]?[]#[]")),
        ("https://example/%?%#%", None, false, Some("https://example/%?%#%")),
        ("https://example/%25?%25#%25", None, true, Some("https://example/%25?%25#%25")),
    ];
    for &(input, base, valid, output) in rows {
        let p = parse(input, base);
        let href = p.url.as_ref().map(Url::href);
        assert_eq!(href.as_deref(), output, "{input:?} against {base:?}");
        assert_eq!(
            p.errors.is_empty() && p.url.is_some(),
            valid,
            "{input:?} against {base:?}: {:?}",
            errors_of(&p)
        );
    }
}

/// A row of `#example-url-components`.
type ComponentsRow = (
    &'static str,
    &'static str,
    Option<Host>,
    Option<u16>,
    UrlPath,
    Option<&'static str>,
    Option<&'static str>,
);

/// `#example-url-components`: input, scheme, host, port, path, query, fragment (all
/// valid URL strings; username and password are the empty string).
#[test]
fn url_components_examples() {
    #[rustfmt::skip]
    let rows: &[ComponentsRow] = &[
        // #example-url-components
        ("https://example.com/", "https", Some(Host::Domain("example.com".into())), None,
         UrlPath::Segments(vec!["".into()]), None, None),
        ("https://localhost:8000/search?q=text#hello", "https", Some(Host::Domain("localhost".into())),
         Some(8000), UrlPath::Segments(vec!["search".into()]), Some("q=text"), Some("hello")),
        ("urn:isbn:9780307476463", "urn", None, None,
         UrlPath::Opaque("isbn:9780307476463".into()), None, None),
        ("file:///ada/Analytical%20Engine/README.md", "file", Some(Host::Empty), None,
         UrlPath::Segments(vec!["ada".into(), "Analytical%20Engine".into(), "README.md".into()]), None, None),
    ];
    for (input, scheme, host, port, path, query, fragment) in rows {
        let p = parse(input, None);
        assert_eq!(errors_of(&p), Vec::<&str>::new(), "{input:?}");
        let url = p.url.unwrap_or_else(|| panic!("{input:?} failed"));
        assert_eq!(
            (
                url.scheme.as_str(),
                url.username.as_str(),
                url.password.as_str()
            ),
            (*scheme, "", ""),
            "{input:?}"
        );
        assert_eq!(&url.host, host, "{input:?}");
        assert_eq!(&url.port, port, "{input:?}");
        assert_eq!(&url.path, path, "{input:?}");
        assert_eq!(url.query.as_deref(), *query, "{input:?}");
        assert_eq!(url.fragment.as_deref(), *fragment, "{input:?}");
    }
}

/// The kind of host a row of the host-parsing table names.
fn kind(host: &Host) -> &'static str {
    match host {
        Host::Domain(_) => "domain",
        Host::Ipv4(_) => "IPv4",
        Host::Ipv6(_) => "IPv6",
        Host::Opaque(_) => "opaque host",
        Host::Empty => "empty host",
    }
}

/// `#example-host-parsing`: a parse-serialize roundtrip, with isOpaque false and true:
/// `(serialization, kind)`, `None` for failure.
#[test]
fn host_parsing_examples() {
    type Out = Option<(&'static str, &'static str)>;
    #[rustfmt::skip]
    let rows: &[(&str, Out, Out)] = &[
        // #example-host-parsing
        ("EXAMPLE.COM", Some(("example.com", "domain")), Some(("EXAMPLE.COM", "opaque host"))),
        ("example%2Ecom", Some(("example.com", "domain")), Some(("example%2Ecom", "opaque host"))),
        ("faß.example", Some(("xn--fa-hia.example", "domain")), Some(("fa%C3%9F.example", "opaque host"))),
        ("0", Some(("0.0.0.0", "IPv4")), Some(("0", "opaque host"))),
        ("%30", Some(("0.0.0.0", "IPv4")), Some(("%30", "opaque host"))),
        ("0x", Some(("0.0.0.0", "IPv4")), Some(("0x", "opaque host"))),
        ("0xffffffff", Some(("255.255.255.255", "IPv4")), Some(("0xffffffff", "opaque host"))),
        ("[0:0::1]", Some(("[::1]", "IPv6")), Some(("[::1]", "IPv6"))),
        ("[0:0::1%5D", None, None),
        ("[0:0::%31]", None, None),
        ("09", None, Some(("09", "opaque host"))),
        ("example.255", None, Some(("example.255", "opaque host"))),
        ("example^example", None, None),
    ];
    for &(input, not_opaque, opaque) in rows {
        for (is_opaque, want) in [(false, not_opaque), (true, opaque)] {
            let host = host_parse(input, is_opaque, &mut Vec::new());
            let got = host.as_ref().map(|h| (host_serialize(h), kind(h)));
            assert_eq!(
                got.as_ref().map(|(s, k)| (s.as_str(), *k)),
                want,
                "{input:?}, isOpaque {is_opaque}"
            );
            // "If that string is then parsed, the result will equal the host that was
            // serialized." (#hosts-(domains-and-ip-addresses))
            if let Some(h) = &host {
                let again = host_parse(&host_serialize(h), is_opaque, &mut Vec::new());
                assert_eq!(again.as_ref(), Some(h), "{input:?} roundtrip");
            }
        }
    }
}

/// `#writing`: each error type's example input (with the base its example gives) reports
/// that error, and fails when the table's "Failure" column says so.
#[test]
fn validation_error_examples() {
    use ValidationError::*;
    #[rustfmt::skip]
    let rows: &[(ValidationError, &str, Option<&str>)] = &[
        // #example-domain-invalid-code-point (under domain-to-ASCII)
        (DomainToAscii, "https://exa%23mple.org", None),
        // #example-domain-percent-encoded
        (DomainPercentEncoded, "https://exam%70le.org", None),
        // #example-host-invalid-code-point
        (HostInvalidCodePoint, "foo://exa[mple.org", None),
        // #example-ipv4-empty-part
        (Ipv4EmptyPart, "https://127.0.0.1./", None),
        // #example-ipv4-too-few-parts
        (Ipv4TooFewParts, "https://1.2.3/", None),
        // #example-ipv4-too-many-parts
        (Ipv4TooManyParts, "https://1.2.3.4.5/", None),
        // #example-ipv4-non-numeric-part
        (Ipv4NonNumericPart, "https://test.42", None),
        // #example-ipv4-non-decimal-part
        (Ipv4NonDecimalPart, "https://127.0.0x0.1", None),
        // #example-ipv4-out-of-range-part
        (Ipv4OutOfRangePart, "https://255.255.4000.1", None),
        // #example-ipv6-unclosed
        (Ipv6Unclosed, "https://[::1", None),
        // #example-ipv6-invalid-compression
        (Ipv6InvalidCompression, "https://[:1]", None),
        // #example-ipv6-too-many-pieces
        (Ipv6TooManyPieces, "https://[1:2:3:4:5:6:7:8:9]", None),
        // #example-ipv6-multiple-compression
        (Ipv6MultipleCompression, "https://[1::1::1]", None),
        // #example-ipv6-invalid-code-point
        (Ipv6InvalidCodePoint, "https://[1:2:3!:4]", None),
        (Ipv6InvalidCodePoint, "https://[1:2:3:]", None),
        // #example-ipv6-too-few-pieces
        (Ipv6TooFewPieces, "https://[1:2:3]", None),
        // #example-ipv6-piece-leading-zero
        (Ipv6PieceLeadingZero, "https://[::01]", None),
        // #example-ipv4-in-ipv6-too-many-pieces
        (Ipv4InIpv6TooManyPieces, "https://[1:1:1:1:1:1:1:127.0.0.1]", None),
        // #example-ipv4-in-ipv6-invalid-code-point
        (Ipv4InIpv6InvalidCodePoint, "https://[ffff::.0.0.1]", None),
        (Ipv4InIpv6InvalidCodePoint, "https://[ffff::127.0.xyz.1]", None),
        (Ipv4InIpv6InvalidCodePoint, "https://[ffff::127.0xyz]", None),
        (Ipv4InIpv6InvalidCodePoint, "https://[ffff::127.00.0.1]", None),
        (Ipv4InIpv6InvalidCodePoint, "https://[ffff::127.0.0.1.2]", None),
        // #example-ipv4-in-ipv6-out-of-range-part
        (Ipv4InIpv6OutOfRangePart, "https://[ffff::127.0.0.4000]", None),
        // #example-ipv4-in-ipv6-too-few-parts
        (Ipv4InIpv6TooFewParts, "https://[ffff::127.0.0]", None),
        // #example-invalid-url-unit (the third example is "ht<br>tps://example.org": a
        // line break inside the scheme)
        (InvalidUrlUnit, "https://example.org/>", None),
        (InvalidUrlUnit, " https://example.org ", None),
        (InvalidUrlUnit, "ht\ntps://example.org", None),
        (InvalidUrlUnit, "https://example.org/%s", None),
        // #example-special-scheme-missing-following-solidus
        (SpecialSchemeMissingFollowingSolidus, "file:c:/my-secret-folder", None),
        (SpecialSchemeMissingFollowingSolidus, "https:example.org", None),
        (SpecialSchemeMissingFollowingSolidus, "https:foo.html", Some("https://example.org/")),
        // #example-missing-scheme-non-relative-url
        (MissingSchemeNonRelativeUrl, "💩", None),
        (MissingSchemeNonRelativeUrl, "💩", Some("mailto:user@example.org")),
        // #example-invalid-reverse-solidus
        (InvalidReverseSolidus, "https://example.org\\path\\to\\file", None),
        // #example-invalid-credentials
        (InvalidCredentials, "https://user@example.org", None),
        (InvalidCredentials, "ssh://user@example.org", None),
        // #example-host-missing
        (HostMissing, "https://#fragment", None),
        (HostMissing, "https://:443", None),
        (HostMissing, "https://user:pass@", None),
        // #example-port-out-of-range
        (PortOutOfRange, "https://example.org:70000", None),
        // #example-port-invalid
        (PortInvalid, "https://example.org:7z", None),
        // #example-file-invalid-windows-drive-letter: see
        // `file_invalid_windows_drive_letter_example`.
        // #example-file-invalid-windows-drive-letter-host
        (FileInvalidWindowsDriveLetterHost, "file://c:", None),
    ];
    for &(error, input, base) in rows {
        let p = parse(input, base);
        assert!(
            reports(&p, error),
            "{input:?} against {base:?}: want {}, got {:?}",
            error.name(),
            errors_of(&p)
        );
        assert_eq!(
            p.url.is_none(),
            error.is_failure(),
            "{input:?}: {} and failure",
            error.name()
        );
    }
    // Every error type has an example, but file-invalid-Windows-drive-letter's.
    let covered: std::collections::BTreeSet<_> = rows.iter().map(|r| r.0).collect();
    let missing: Vec<_> = ValidationError::ALL
        .iter()
        .filter(|e| !covered.contains(e))
        .collect();
    assert_eq!(missing, [&FileInvalidWindowsDriveLetter]);
}

/// `#example-file-invalid-windows-drive-letter` gives `new URL("/c:/path/to/file",
/// "file:///c:/")`. CONFLICT: the table describes the error as "The input is a
/// relative-URL string that starts with a Windows drive letter and the base URL's scheme
/// is "file"", and the file state reports it only when c is neither "/" nor "\"; this
/// input starts with "/", so the file state goes to the file slash state, which reports
/// nothing (the path state then takes "c:" as the drive letter). The algorithm is kept:
/// the example reports no error. An input the description fits, "c|/path/to/file"
/// against the same base, reports it ("c:/path/to/file" would have the scheme "c").
#[test]
fn file_invalid_windows_drive_letter_example() {
    let example = parse("/c:/path/to/file", Some("file:///c:/"));
    assert_eq!(
        example.url.as_ref().map(Url::href).as_deref(),
        Some("file:///c:/path/to/file")
    );
    assert!(!reports(
        &example,
        ValidationError::FileInvalidWindowsDriveLetter
    ));
    assert_eq!(errors_of(&example), Vec::<&str>::new());
    let described = parse("c|/path/to/file", Some("file:///c:/"));
    assert!(reports(
        &described,
        ValidationError::FileInvalidWindowsDriveLetter
    ));
    assert_eq!(
        described.url.as_ref().map(Url::href).as_deref(),
        Some("file:///c:/path/to/file")
    );
}

/// `#writing`: the tables' error types, their exact names and "Failure" column, in order.
#[test]
fn validation_error_table() {
    #[rustfmt::skip]
    let rows: &[(&str, bool)] = &[
        ("domain-to-ASCII", true), ("domain-percent-encoded", false),
        ("host-invalid-code-point", true), ("IPv4-empty-part", false),
        ("IPv4-too-few-parts", false), ("IPv4-too-many-parts", true),
        ("IPv4-non-numeric-part", true), ("IPv4-non-decimal-part", false),
        ("IPv4-out-of-range-part", true), ("IPv6-unclosed", true),
        ("IPv6-invalid-compression", true), ("IPv6-too-many-pieces", true),
        ("IPv6-multiple-compression", true), ("IPv6-invalid-code-point", true),
        ("IPv6-too-few-pieces", true), ("IPv6-piece-leading-zero", false),
        ("IPv4-in-IPv6-too-many-pieces", true), ("IPv4-in-IPv6-invalid-code-point", true),
        ("IPv4-in-IPv6-out-of-range-part", true), ("IPv4-in-IPv6-too-few-parts", true),
        ("invalid-URL-unit", false), ("special-scheme-missing-following-solidus", false),
        ("missing-scheme-non-relative-URL", true), ("invalid-reverse-solidus", false),
        ("invalid-credentials", false), ("host-missing", true),
        ("port-out-of-range", true), ("port-invalid", true),
        ("file-invalid-Windows-drive-letter", false),
        ("file-invalid-Windows-drive-letter-host", false),
    ];
    let got: Vec<(&str, bool)> = ValidationError::ALL
        .iter()
        .map(|e| (e.name(), e.is_failure()))
        .collect();
    assert_eq!(got, rows);
}

/// `#example-percent-encode-operations`, the rows that do not need an encoding other
/// than UTF-8 (the Shift_JIS and ISO-2022-JP rows are left out with the encodings).
#[test]
fn percent_encode_operations() {
    // Percent-encode input: 0x23 → "%23", 0x7F → "%7F".
    for (byte, want) in [(0x23, "%23"), (0x7F, "%7F")] {
        let mut out = String::new();
        percent_encode_byte(byte, &mut out);
        assert_eq!(out, want);
    }
    // Percent-decode input (a byte sequence): `%25%s%1G` → `%%s%1G`.
    assert_eq!(percent_decode(b"%25%s%1G"), b"%%s%1G");
    // Percent-decode input (a string): "‽%25%2E" → 0xE2 0x80 0xBD 0x25 0x2E.
    assert_eq!(
        percent_decode_str("\u{203D}%25%2E"),
        [0xE2, 0x80, 0xBD, 0x25, 0x2E]
    );
    // UTF-8 percent-encode input using the userinfo percent-encode set: U+2261 (≡) →
    // "%E2%89%A1", U+203D (‽) → "%E2%80%BD".
    for (c, want) in [('\u{2261}', "%E2%89%A1"), ('\u{203D}', "%E2%80%BD")] {
        let mut out = String::new();
        utf8_percent_encode_code_point(c, USERINFO, &mut out);
        assert_eq!(out, want);
    }
    // UTF-8 percent-encode "Say what‽" using the userinfo set → "Say%20what%E2%80%BD".
    let mut out = String::new();
    utf8_percent_encode("Say what\u{203D}", USERINFO, &mut out);
    assert_eq!(out, "Say%20what%E2%80%BD");
}

/// `#percent-encoded-bytes`: the sets' definitions, and the notes on them.
#[test]
fn percent_encode_sets() {
    let ascii = || (0u8..128).map(char::from);
    let members = |set: super::percent::EncodeSet| -> String {
        ascii()
            .filter(|&c| c > ' ' && c < '\u{7F}' && set.contains(c))
            .collect()
    };
    // The C0 control set: C0 controls and all code points greater than U+007E (~).
    assert!(ascii().all(|c| C0_CONTROL.contains(c) == (c <= '\u{1F}' || c == '\u{7F}')));
    assert!(['\u{80}', '\u{FFFD}', '\u{10FFFF}']
        .iter()
        .all(|&c| C0_CONTROL.contains(c)));
    assert!(!C0_CONTROL.contains(' ') && FRAGMENT.contains(' '));
    assert_eq!(members(FRAGMENT), "\"<>`");
    assert_eq!(members(QUERY), "\"#<>");
    assert_eq!(members(SPECIAL_QUERY), "\"#'<>");
    assert_eq!(members(PATH), "\"#<>?^`{}");
    assert_eq!(members(USERINFO), "\"#/:;<=>?@[\\]^`{|}");
    assert_eq!(members(COMPONENT), "\"#$%&+,/:;<=>?@[\\]^`{|}");
    // "The application/x-www-form-urlencoded percent-encode set contains all code points,
    // except the ASCII alphanumeric, U+002A (*), U+002D (-), U+002E (.), and U+005F (_)."
    assert!(ascii()
        .all(|c| FORM_URLENCODED.contains(c) != (c.is_ascii_alphanumeric() || "*-._".contains(c))));
    // Only that set encodes a space as "+".
    let mut out = String::new();
    utf8_percent_encode("a b", FORM_URLENCODED, &mut out);
    utf8_percent_encode("a b", COMPONENT, &mut out);
    assert_eq!(out, "a+ba%20b");
}

/// `#example-start-with-a-windows-drive-letter`.
#[test]
fn start_with_a_windows_drive_letter_examples() {
    // #example-start-with-a-windows-drive-letter
    for (s, want) in [("c:", true), ("c:/", true), ("c:a", false)] {
        assert_eq!(starts_with_a_windows_drive_letter(s.chars()), want, "{s:?}");
    }
}

/// `#example-e2b3492e`: "In 0:f:0:0:f:f:0:0 it would point to the second 0."
#[test]
fn ipv6_compressed_piece_index_example() {
    let address = [0, 0xf, 0, 0, 0xf, 0xf, 0, 0];
    assert_eq!(
        find_the_ipv6_address_compressed_piece_index(&address),
        Some(2)
    );
    // The serializer compresses there (and nowhere for a lone 0).
    assert_eq!(ipv6_serialize(&address), "0:f::f:f:0:0");
    assert_eq!(
        find_the_ipv6_address_compressed_piece_index(&[1, 0, 1, 0, 1, 0, 1, 0]),
        None
    );
}

/// `#idna`'s notes: "☕.example becomes xn--53h.example and not failure"; with beStrict
/// false an ASCII domain is returned lowercased "regardless of Unicode ToASCII's
/// outcome", e.g. xn--8i7caa (which decodes to ｗｗｗ, whose code points are "mapped").
#[test]
fn idna_notes() {
    let mut errors = Vec::new();
    assert_eq!(
        domain_to_ascii("\u{2615}.example", false, &mut errors).as_deref(),
        Some("xn--53h.example")
    );
    assert_eq!(errors, []);
    assert_eq!(
        domain_to_ascii("XN--8I7CAA", false, &mut errors).as_deref(),
        Some("xn--8i7caa")
    );
    assert_eq!(
        errors,
        [Validation {
            error: ValidationError::DomainToAscii,
            at: 0
        }]
    );
    assert_eq!(domain_to_ascii("xn--8i7caa", true, &mut Vec::new()), None);
    // #example-host-parsing's domain row, strictly: no error either way round.
    let mut errors = Vec::new();
    for (domain, want) in [
        ("fa\u{DF}.example", "xn--fa-hia.example"),
        ("xn--fa-hia.example", "xn--fa-hia.example"),
    ] {
        assert_eq!(
            domain_to_ascii(domain, true, &mut errors).as_deref(),
            Some(want)
        );
    }
    assert_eq!(errors, []);
}

/// `#host-parsing`'s notes on the ends-in-a-number checker and the IPv4 number parser.
#[test]
fn ipv4_notes() {
    // "The erroneous input "09" will be caught by the IPv4 parser at a later stage."
    assert!(ends_in_a_number("09"));
    assert_eq!(host_parse("09", false, &mut Vec::new()), None);
    // "This is equivalent to checking that last is "0X" or "0x", followed by zero or
    // more ASCII hex digits."
    for (last, want) in [
        ("0x", true),
        ("0X", true),
        ("0xAbC9", true),
        ("0xg", false),
        ("x", false),
    ] {
        assert_eq!(ends_in_a_number(&format!("a.{last}")), want, "{last:?}");
    }
    // "0x/0X is an IPv4 number apparently": (0, true).
    assert_eq!(ipv4_number_parse("0x"), Some((0, true)));
    assert_eq!(ipv4_number_parse("0"), Some((0, false)));
}

/// `#example-5434421b` (the URL class): pathnames and hrefs. `document.baseURI` is the
/// Standard's own address, https://url.spec.whatwg.org/, as the example's output shows.
#[test]
fn url_class_examples() {
    let p = parse("https://example.org/\u{1F4A9}", None);
    assert_eq!(
        p.url.map(|u| u.pathname()).as_deref(),
        Some("/%F0%9F%92%A9")
    );
    // "This throws an exception if the input is a relative-URL string".
    assert_eq!(parse("/\u{1F363}\u{1F37A}", None).url, None);
    let p = parse("/\u{1F363}\u{1F37A}", Some("https://url.spec.whatwg.org/"));
    assert_eq!(
        p.url.map(|u| u.href()).as_deref(),
        Some("https://url.spec.whatwg.org/%F0%9F%8D%A3%F0%9F%8D%BA")
    );
    let p = parse(
        "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}",
        Some("https://pride.example/hello-world"),
    );
    assert_eq!(
        p.url.map(|u| u.pathname()).as_deref(),
        Some("/%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88")
    );
}

/// The getters (`#url-class`) on one URL with every component.
#[test]
fn getters() {
    let url = parse("HTTPS://u:p@EXAMPLE.org:8080/a/b?q#f", None)
        .url
        .unwrap_or_default();
    assert_eq!(url.href(), "https://u:p@example.org:8080/a/b?q#f");
    assert_eq!(url.serialize(true), "https://u:p@example.org:8080/a/b?q");
    assert_eq!(url.protocol(), "https:");
    assert_eq!((url.username(), url.password()), ("u", "p"));
    assert_eq!(url.host(), "example.org:8080");
    assert_eq!(url.hostname(), "example.org");
    assert_eq!(url.port(), "8080");
    assert_eq!(url.pathname(), "/a/b");
    assert_eq!(url.search(), "?q");
    assert_eq!(url.hash(), "#f");
    assert!(url.is_special());
    // An empty query or fragment is "" through search and hash, and a default port null.
    let url = parse("http://h:80/?#", None).url.unwrap_or_default();
    assert_eq!(
        (url.search(), url.hash(), url.port()),
        (String::new(), String::new(), String::new())
    );
    assert_eq!(url.href(), "http://h/?#");
    let url = parse("mailto:x", None).url.unwrap_or_default();
    assert_eq!(
        (url.host(), url.hostname(), url.is_special()),
        (String::new(), String::new(), false)
    );
}

/// `#url-serializing`'s note: "web+demo:/.//not-a-host/ or web+demo:/path/..//not-a-host/
/// ... end up as web+demo:/.//not-a-host/"; `#path-state`'s note: "for input /usr/.. the
/// result is / and not a lack of a path".
#[test]
fn serializer_and_path_notes() {
    for input in ["web+demo:/.//not-a-host/", "web+demo:/path/..//not-a-host/"] {
        let p = parse(input, None);
        assert_eq!(
            p.url.map(|u| u.href()).as_deref(),
            Some("web+demo:/.//not-a-host/"),
            "{input:?}"
        );
    }
    let p = parse("/usr/..", Some("https://example.org/"));
    assert_eq!(p.url.map(|u| u.pathname()).as_deref(), Some("/"));
}

/// `#query-encoding-example`: "If the document encoding had been UTF-8, it would instead
/// be "sm%C3%B6rg%C3%A5sbord"" (the link `?smörgåsbord`, against some document URL);
/// `#example-opaque-host-url`: git://github.com/whatwg/url.git has an opaque host.
#[test]
fn query_encoding_and_opaque_host_examples() {
    let p = parse("?sm\u{F6}rg\u{E5}sbord", Some("https://example.org/"));
    assert_eq!(
        p.url.and_then(|u| u.query).as_deref(),
        Some("sm%C3%B6rg%C3%A5sbord")
    );
    let p = parse("git://github.com/whatwg/url.git", None);
    assert_eq!(
        p.url.and_then(|u| u.host),
        Some(Host::Opaque("github.com".into()))
    );
}

/// The trace: the states each input runs, where each is entered.
#[test]
fn states_trace() {
    use State::*;
    let p = parse("https://h/p", None);
    let steps: Vec<(State, usize)> = p.states.iter().map(|s| (s.state, s.at)).collect();
    assert_eq!(
        steps,
        [
            (SchemeStart, 0),
            (Scheme, 1),
            (SpecialAuthoritySlashes, 6),
            (SpecialAuthorityIgnoreSlashes, 8),
            (Authority, 8),
            (Host, 8),
            (PathStart, 9),
            (Path, 10),
        ]
    );
    // A scheme that is not one starts over, in the no scheme state.
    let p = parse("a?b", Some("https://h/"));
    let names: Vec<&str> = p.states.iter().map(|s| s.state.name()).collect();
    assert_eq!(
        names,
        [
            "scheme start state",
            "scheme state",
            "no scheme state",
            "relative state",
            "path state",
            "query state"
        ]
    );
    assert_eq!(State::ALL.len(), 21);
    assert_eq!(OpaquePath.name(), "opaque path state");
}

/// Where errors are reported: at `c`, as a byte offset into the input as given; host
/// errors inside the host.
#[test]
fn error_offsets() {
    let at = |input: &str| {
        parse(input, None)
            .errors
            .iter()
            .map(|v| (v.error.name(), v.at))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        at("https://example.org/foo bar"),
        [("invalid-URL-unit", 23)]
    );
    assert_eq!(at(" https://example.org "), [("invalid-URL-unit", 0)]);
    assert_eq!(at("https://example.org/ "), [("invalid-URL-unit", 20)]);
    assert_eq!(at("ht\ntps://example.org"), [("invalid-URL-unit", 2)]);
    // The code point after the newline is at offset 3 of the input as given.
    assert_eq!(
        at("h\nttps://é.org/%"),
        [("invalid-URL-unit", 1), ("invalid-URL-unit", 16)]
    );
    assert_eq!(at("https://[1:2:3!:4]"), [("IPv6-invalid-code-point", 14)]);
    assert_eq!(
        at("foo://a\tb[c"),
        [("invalid-URL-unit", 7), ("host-invalid-code-point", 9)]
    );
    assert_eq!(
        at("https://exam%70le.org"),
        [("domain-percent-encoded", 12)]
    );
}

/// Hostile inputs of 1 MiB and more: nothing panics, and the results are the
/// algorithm's (linear time is for the benchmarks; these would not finish otherwise).
#[test]
fn hostile_inputs() {
    let huge = |prefix: &str, unit: &str| {
        let mut s = String::from(prefix);
        while s.len() < 1 << 20 {
            s.push_str(unit);
        }
        s
    };
    // "../" repeated: every ".." pops (or finds nothing to pop).
    let p = parse(&huge("https://h/", "../"), None);
    assert_eq!(p.url.map(|u| u.href()).as_deref(), Some("https://h/"));
    let p = parse(&huge("foo:/", "../"), None);
    assert_eq!(p.url.map(|u| u.href()).as_deref(), Some("foo:/"));
    // "%" repeated, in each component: kept, one invalid-URL-unit each.
    for prefix in ["https://h/", "https://h/?", "https://h/#", "foo:"] {
        let input = huge(prefix, "%");
        let p = parse(&input, None);
        let n = input.len() - prefix.len();
        assert_eq!(
            p.url.map(|u| u.href()).as_deref(),
            Some(input.as_str()),
            "{prefix}"
        );
        assert_eq!(p.errors.len(), n, "{prefix}");
    }
    // "%" as a host: a domain that cannot be; an opaque host that is one.
    assert_eq!(parse(&huge("https://", "%"), None).url, None);
    let p = parse(&huge("foo://", "%"), None);
    assert!(matches!(p.url.and_then(|u| u.host), Some(Host::Opaque(_))));
    // "[" repeated: IPv6-unclosed; in a path, kept.
    let p = parse(&huge("https://", "["), None);
    assert_eq!(p.url, None);
    assert!(reports(&p, ValidationError::Ipv6Unclosed));
    let p = parse(&huge("https://[", "1"), None);
    assert_eq!(p.url, None);
    let input = huge("https://h/", "[");
    assert_eq!(
        parse(&input, None).url.map(|u| u.href()),
        Some(input.clone())
    );
    // "0x" then many hex digits: an IPv4 number far above 2^32.
    let p = parse(&huge("https://0x", "f"), None);
    assert_eq!(p.url, None);
    assert!(reports(&p, ValidationError::Ipv4OutOfRangePart));
    // An IPv4 part of 10,000 digits, last and not last.
    let digits = "9".repeat(10_000);
    for input in [
        format!("https://{digits}/"),
        format!("https://1.{digits}.1/"),
    ] {
        let p = parse(&input, None);
        assert_eq!(p.url, None);
        assert!(reports(&p, ValidationError::Ipv4OutOfRangePart));
    }
    let zeros = format!("https://{}1/", "0".repeat(10_000));
    let p = parse(&zeros, None);
    assert_eq!(p.url.map(|u| u.host()).as_deref(), Some("0.0.0.1"));
    // U+FFFD and an astral code point, in a path and as a host.
    let p = parse(&huge("https://h/", "\u{FFFD}\u{1D306}"), None);
    let path = p.url.map(|u| u.pathname()).unwrap_or_default();
    assert!(path.starts_with("/%EF%BF%BD%F0%9D%8C%86%EF%BF%BD"));
    assert_eq!(path.len() % 3, 1);
    assert_eq!(
        parse(&huge("https://", "\u{FFFD}\u{1D306}"), None).url,
        None
    );
    // Many "@": each is an invalid-credentials error; the username holds them.
    let p = parse(&format!("{}h", huge("https://", "@")), None);
    assert_eq!(p.url.map(|u| u.host()).as_deref(), Some("h"));
    // Many "/" after a special scheme, and a long port.
    let p = parse(&format!("{}h", huge("https:", "/")), None);
    assert_eq!(p.url.map(|u| u.href()).as_deref(), Some("https://h/"));
    assert_eq!(parse(&huge("https://h:", "1"), None).url, None);
    let p = parse(&format!("{}80", huge("http://h:", "0")), None);
    assert_eq!(p.url.map(|u| u.href()).as_deref(), Some("http://h/"));
}

/// Random inputs from URL-ish pieces: nothing panics, and a URL that parses serializes
/// to a string that parses to the same URL ("If that string is then parsed, the result
/// will equal the URL that was serialized", #urls).
#[test]
fn random_inputs_roundtrip() {
    let pieces: &[&str] = &[
        "http:",
        "https:",
        "file:",
        "foo:",
        "ws:",
        "/",
        "//",
        "\\",
        ".",
        "..",
        "%2e",
        "%2E",
        "?",
        "#",
        "@",
        ":",
        "[",
        "]",
        "::",
        "1",
        "0x",
        "09",
        "255",
        "a",
        "B",
        "ß",
        "☕",
        " ",
        "\t",
        "%",
        "%41",
        "%zz",
        "C:",
        "c|",
        "localhost",
        "xn--",
        "-",
        "\u{FFFD}",
        "\u{1F4A9}",
        "\u{0}",
        "\u{7F}",
        "<",
        "^",
        "|",
        "'",
        "`",
        "{",
        "\u{200D}",
        "\u{FFFF}",
        "_",
        "0.0.",
        "127.0.0.1",
        "[::1]",
        "[1:2::3.4.5.6]",
        "%5B",
        "%2f",
        "%00",
        "xn--8i7caa",
        "\u{130}",
        "\u{FF0E}",
        "\u{3002}",
        "\u{5D0}",
    ];
    let bases = [
        None,
        Some("https://example.com/a/b"),
        Some("file:///C:/x"),
        Some("foo:/p/q"),
        Some("mailto:x"),
    ];
    let mut rng = Xorshift(0x9E37_79B9_7F4A_7C15);
    for _ in 0..20_000 {
        let input = String::from_utf8(rng.pieces(pieces, 12)).unwrap_or_default();
        let base = *rng.pick(&bases);
        let p = parse(&input, base);
        // The "Failure" column: an unconditional "Yes" error is followed by failure, and
        // a failure follows some "Yes" error.
        let fails = |e: &&Validation| e.error.is_failure();
        if p.errors
            .iter()
            .filter(fails)
            .any(|e| !e.error.is_conditional_failure())
        {
            assert_eq!(
                p.url,
                None,
                "{input:?} against {base:?}: {:?}",
                errors_of(&p)
            );
        }
        if p.url.is_none() {
            assert!(
                p.errors.iter().any(|e| e.error.is_failure()),
                "{input:?} against {base:?}"
            );
        }
        if let Some(url) = p.url {
            let href = url.href();
            let again = basic_url_parse(&href, None);
            assert_eq!(
                again.url.as_ref(),
                Some(&url),
                "{input:?} against {base:?}: {href:?}"
            );
        }
    }
}

/// The Standard's example inputs (`#example-url-parsing`, `#example-url-components`,
/// `#url-serializing`'s note) run through every state but the hostname state, which
/// only a state override enters.
#[test]
fn examples_run_every_state() {
    let inputs: &[(&str, Option<&str>)] = &[
        ("https:example.org", None),
        ("https://////example.com///", None),
        ("hello:world", Some("https://example.com/")),
        ("https:example.org", Some("https://example.com/")),
        ("\\example\\..\\demo/.\\", Some("https://example.com/")),
        ("file:///C|/demo", None),
        ("..", Some("file:///C:/demo")),
        ("https://localhost:8000/search?q=text#hello", None),
        ("web+demo:/.//not-a-host/", None),
    ];
    let mut seen: std::collections::BTreeSet<State> = Default::default();
    for &(input, base) in inputs {
        seen.extend(parse(input, base).states.iter().map(|s| s.state));
    }
    let unseen: Vec<State> = State::ALL
        .into_iter()
        .filter(|s| !seen.contains(s))
        .collect();
    assert_eq!(unseen, [State::Hostname]);
}
