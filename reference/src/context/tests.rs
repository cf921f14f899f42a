//! The appendices' examples under their own documents, the rules one by one, and
//! hostile bytes.

use super::scan::is_whitespace;
use super::{extract, Found, Wrapper, MAX_HYPHEN_READINGS};
use crate::document::Document;
use crate::testing::Xorshift;

const DEFINED: &[Document] = &[
    Document::Draft02,
    Document::Draft03,
    Document::Draft06,
    Document::Rfc1738,
    Document::Draft1996,
];

fn urls(doc: Document, text: &[u8]) -> Vec<String> {
    extract(doc, text)
        .unwrap()
        .iter()
        .map(|f| String::from_utf8(f.url.clone()).unwrap())
        .collect()
}

/// Each URL found, with the wrapper it was found in.
pub(super) fn urls_with_wrappers(found: &[Found]) -> Vec<(&str, Wrapper)> {
    found
        .iter()
        .map(|f| (std::str::from_utf8(&f.url).unwrap(), f.wrapper))
        .collect()
}

/// RFC 1738, APPENDIX, as printed (six spaces of indentation).
const JIM_1738: &str = "      Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;\n      type=d> but you can probably pick it up from <URL:ftp://ds.in\n      ternic.net/rfc>.  Note the warning in <URL:http://ds.internic.\n      net/instructions/overview.html#WARNING>.";

#[test]
fn rfc1738_jim_example() {
    let found = extract(Document::Rfc1738, JIM_1738.as_bytes()).unwrap();
    let got: Vec<(&[u8], usize, usize, Wrapper)> = found
        .iter()
        .map(|f| (&f.url[..], f.start, f.end, f.wrapper))
        .collect();
    let at = |s: &str| JIM_1738.find(s).unwrap();
    assert_eq!(
        got,
        [
            (
                &b"ftp://info.cern.ch/pub/www/doc;type=d"[..],
                at("<URL:ftp://info"),
                at(" but"),
                Wrapper::AngleUrl
            ),
            (
                b"ftp://ds.internic.net/rfc",
                at("<URL:ftp://ds"),
                at(".  Note"),
                Wrapper::AngleUrl
            ),
            (
                b"http://ds.internic.net/instructions/overview.html#WARNING",
                at("<URL:http"),
                JIM_1738.len() - 1,
                Wrapper::AngleUrl
            ),
        ]
    );
    assert!(found.iter().all(|f| f.alternatives.is_empty()));
}

#[test]
fn the_same_text_under_each_document() {
    // draft-02 and draft-03 keep what the brackets hold, "URL:" and line breaks too.
    for doc in [Document::Draft02, Document::Draft03] {
        assert_eq!(
            urls(doc, JIM_1738.as_bytes())[1],
            "URL:ftp://ds.in\n      ternic.net/rfc"
        );
    }
    // draft-06 and the 1996 draft read RFC 1738's wrapper as RFC 1738 does.
    for doc in [Document::Draft06, Document::Draft1996] {
        assert_eq!(
            urls(doc, JIM_1738.as_bytes()),
            urls(Document::Rfc1738, JIM_1738.as_bytes())
        );
    }
    // The 1993 draft's example has no "URL:": RFC 1738 and draft-06 find nothing.
    let draft02_text = b"Yes, Jim, I found it under <ftp://info.cern.ch/pub> but\nyou can probably pick it up from <ftp://ds.internic.net/rfc>.";
    assert_eq!(
        urls(Document::Draft02, draft02_text),
        ["ftp://info.cern.ch/pub", "ftp://ds.internic.net/rfc"]
    );
    assert_eq!(
        urls(Document::Draft1996, draft02_text),
        urls(Document::Draft02, draft02_text)
    );
    assert!(urls(Document::Rfc1738, draft02_text).is_empty());
    assert!(urls(Document::Draft06, draft02_text).is_empty());
}

#[test]
fn rfc1808_defines_no_extraction() {
    let e = extract(Document::Rfc1808, b"<URL:http://a/>").unwrap_err();
    assert_eq!(e.doc, Document::Rfc1808);
    let text = e.to_string();
    assert!(
        text.starts_with("rfc1808 gives no rule for URLs in running text"),
        "{text}"
    );
    assert!(text.contains("\"<URL:\" absoluteURL \">\""), "{text}");
}

#[test]
fn the_1996_draft_has_three_delimiters_with_or_without_the_prefix() {
    let text =
        b"[http://test.com/] <http://www.w3.org> {http://test.com} [URL:a:b] {URL:c:d} <URL:e:f>";
    let found = extract(Document::Draft1996, text).unwrap();
    let want = [
        ("http://test.com/", Wrapper::Bracket),
        ("http://www.w3.org", Wrapper::Angle),
        ("http://test.com", Wrapper::Brace),
        ("a:b", Wrapper::BracketUrl),
        ("c:d", Wrapper::BraceUrl),
        ("e:f", Wrapper::AngleUrl),
    ];
    assert_eq!(urls_with_wrappers(&found), want);
}

#[test]
fn brackets_that_hold_no_scheme_hold_no_url() {
    let text = b"Tim Berners-Lee <timbl@info.cern.ch> [1] {x} <first>/<second> <> <URL:>";
    // "URL:" is a scheme name and a colon: a `generic` URL with a void path.
    assert_eq!(urls(Document::Draft02, text), ["URL:"]);
    assert_eq!(urls(Document::Draft03, text), ["URL:"]);
    // The prefix says a URL is there, even an empty one.
    assert_eq!(urls(Document::Draft1996, text), [""]);
    assert_eq!(urls(Document::Rfc1738, text), [""]);
}

#[test]
fn hyphens_at_line_breaks_have_both_readings() {
    let text = b"<URL:http://h/a-\nb-\r\n  c- d-\n>";
    let f = &extract(Document::Rfc1738, text).unwrap()[0];
    assert_eq!(f.url, b"http://h/a-b-c-d-");
    let alts: Vec<&str> = f
        .alternatives
        .iter()
        .map(|a| std::str::from_utf8(a).unwrap())
        .collect();
    // "c- d" has a space, not a line break, after the hyphen.
    assert_eq!(
        alts,
        [
            "http://h/ab-c-d-",
            "http://h/a-bc-d-",
            "http://h/a-b-c-d",
            "http://h/abc-d-",
            "http://h/ab-c-d",
            "http://h/a-bc-d",
            "http://h/abc-d",
        ]
    );
    assert_eq!(f.hyphens, [15, 18, 27]);
    assert!(f.hyphens.iter().all(|&h| text[h] == b'-'));
    // draft-06 has no hyphen sentence.
    let f = &extract(Document::Draft06, text).unwrap()[0];
    assert_eq!(f.url, b"http://h/a-b-c-d-");
    assert!(f.alternatives.is_empty() && f.hyphens.is_empty());
}

#[test]
fn many_hyphens_give_only_the_reading_without_them() {
    let n = MAX_HYPHEN_READINGS + 1;
    let text = format!("<URL:x:{}y>", "a-\n".repeat(n));
    let f = &extract(Document::Draft1996, text.as_bytes()).unwrap()[0];
    assert_eq!(f.url, format!("x:{}y", "a-".repeat(n)).as_bytes());
    assert_eq!(
        f.alternatives,
        [format!("x:{}y", "a".repeat(n)).into_bytes()]
    );
    assert_eq!(f.hyphens.len(), n);
    let text = format!("<URL:x:{}y>", "a-\n".repeat(MAX_HYPHEN_READINGS));
    let f = &extract(Document::Draft1996, text.as_bytes()).unwrap()[0];
    assert_eq!(f.alternatives.len(), (1 << MAX_HYPHEN_READINGS) - 1);
}

#[test]
fn a_delimiter_inside_a_wrapper_ends_the_attempt() {
    // Unbalanced, then a whole wrapper.
    let text = b"a <URL:http://h/x b <URL:http://h/y> c";
    let f = extract(Document::Rfc1738, text).unwrap();
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].url, b"http://h/y");
    assert_eq!(f[0].start, 20);
    // Nested: the inner one.
    assert_eq!(
        urls(Document::Rfc1738, b"<URL:http://h/<URL:http://i/>>"),
        ["http://i/"]
    );
    // The 1996 draft: another kind's delimiter ends the attempt too.
    assert_eq!(
        urls(Document::Draft1996, b"{see <http://h/p>} [http://h/x> ]"),
        ["http://h/p"]
    );
    // No closing delimiter at all.
    for &doc in DEFINED {
        assert!(urls(doc, b"see <URL:http://h/p and [http://x/ {a:b").is_empty());
    }
}

#[test]
fn the_fragment_goes_inside_the_brackets() {
    let text = b"<URL:http://h/p#frag> <URL:http://h/q>#out";
    assert_eq!(
        urls(Document::Rfc1738, text),
        ["http://h/p#frag", "http://h/q"]
    );
}

#[test]
fn the_prefix_alone_or_in_lower_case() {
    for &doc in DEFINED {
        assert!(urls(doc, b"see URL:http://h/p for it").is_empty(), "{doc}");
    }
    assert!(urls(Document::Rfc1738, b"<url:http://h/p>").is_empty());
    for doc in [Document::Draft1996, Document::Draft03] {
        assert_eq!(urls(doc, b"<url:http://h/p>"), ["url:http://h/p"], "{doc}");
    }
}

/// What must hold of any answer: spans in order, not overlapping, starting and ending
/// with the wrapper's delimiters; no whitespace in the URL where it is ignored; each
/// hyphen offset a "-" before a line break.
pub(super) fn check(doc: Document, text: &[u8], found: &[Found]) {
    let mut last_end = 0;
    for f in found {
        assert!(last_end <= f.start && f.start < f.end && f.end <= text.len());
        last_end = f.end;
        let (open, close) = match f.wrapper {
            Wrapper::Angle | Wrapper::AngleUrl => (b'<', b'>'),
            Wrapper::Bracket | Wrapper::BracketUrl => (b'[', b']'),
            Wrapper::Brace | Wrapper::BraceUrl => (b'{', b'}'),
            Wrapper::Quote | Wrapper::QuoteUrl => (b'"', b'"'),
            Wrapper::Whitespace => {
                // The URI itself, with whitespace or an end of the text on either side.
                assert_eq!(f.url, &text[f.start..f.end]);
                assert!(f.start == 0 || is_whitespace(text[f.start - 1]));
                assert!(f.end == text.len() || is_whitespace(text[f.end]));
                continue;
            }
        };
        assert_eq!(text[f.start], open);
        assert_eq!(text[f.end - 1], close);
        if matches!(
            doc,
            Document::Draft06
                | Document::Rfc1738
                | Document::Draft1996
                | Document::Rfc2396
                | Document::Rfc3986
        ) {
            assert!(!f.url.iter().any(|&b| is_whitespace(b)));
        } else {
            let inner = &text[f.start + 1..f.end - 1];
            assert_eq!(f.url, inner);
        }
        for &h in &f.hyphens {
            assert_eq!(text[h], b'-');
            assert!(matches!(text.get(h + 1), Some(b'\n' | b'\r')));
        }
        assert!(f.alternatives.iter().all(|a| a.len() < f.url.len()));
    }
}

#[test]
fn any_bytes_give_a_well_formed_answer() {
    const PIECES: &[&[u8]] = &[
        b"<",
        b">",
        b"[",
        b"]",
        b"{",
        b"}",
        b"URL:",
        b"url:",
        b"http:",
        b"a",
        b"-",
        b"\n",
        b"\r\n",
        b" ",
        b"\t",
        b"#",
        b"\0",
        b"\xff",
        b"\xc3\xa9",
        b"%2",
        b"%41",
        b":",
    ];
    let mut g = Xorshift(0x9e37_79b9_7f4a_7c15);
    for _ in 0..4000 {
        let text = g.pieces(PIECES, 24);
        for &doc in DEFINED {
            let found = extract(doc, &text).unwrap();
            check(doc, &text, &found);
        }
        assert!(extract(Document::Rfc1808, &text).is_err());
    }
}

#[test]
fn invalid_utf8_and_nul_are_kept_as_bytes() {
    let text = b"<URL:http://h/\xff\x00\xfe>";
    let f = &extract(Document::Rfc1738, text).unwrap()[0];
    assert_eq!(f.url, b"http://h/\xff\x00\xfe");
    let f = &extract(Document::Draft02, b"<a:\xff\x00>").unwrap()[0];
    assert_eq!(f.url, b"a:\xff\x00");
}

#[test]
fn a_mebibyte_of_hostile_text() {
    const MIB: usize = 1 << 20;
    let many_opens = vec![b'<'; MIB];
    let one_open = [&b"<URL:"[..], &vec![b'a'; MIB]].concat();
    let hyphens = [&b"<URL:x:"[..], &b"-\n".repeat(MIB / 2), b">"].concat();
    let prefixes = b"<URL:".repeat(MIB / 5);
    let mixed = b"[<{URL:a:b".repeat(MIB / 10);
    for text in [many_opens, one_open, hyphens, prefixes, mixed] {
        for &doc in DEFINED {
            let found = extract(doc, &text).unwrap();
            check(doc, &text, &found);
        }
    }
    let many = b"<URL:a:b>".repeat(MIB / 9);
    let found = extract(Document::Rfc1738, &many).unwrap();
    assert_eq!(found.len(), MIB / 9);
}

#[test]
fn a_scheme_is_ialpha_then_a_colon() {
    type Table = (
        &'static str,
        fn(&[u8]) -> bool,
        &'static [&'static str],
        &'static [&'static str],
    );
    let tables: [Table; 2] = [
        (
            "draft-02",
            super::draft02::starts_with_scheme,
            &["ftp:", "URL:ftp://h", "a b:c", "x%41:y", "a@b:c"],
            &[" ftp:x", "a=b:c", "a%4:b"],
        ),
        // Unlike the October 1993 draft, space and ";" are no `xalpha`s here.
        (
            "draft-03",
            super::draft03::starts_with_scheme,
            &["ftp:", "URL:ftp://h", "url:x", "a+b:c", "x%41:y"],
            &["a b:c", "a;b:c"],
        ),
    ];
    // Neither draft: nothing or a digit before the colon, or no colon at all.
    let neither = ["", ":x", "1a:b", "timbl@info.cern.ch", "ab"];
    for (doc, starts_with_scheme, yes, no) in tables {
        for s in yes {
            assert!(starts_with_scheme(s.as_bytes()), "{doc}: {s}");
        }
        for s in neither.iter().chain(no) {
            assert!(!starts_with_scheme(s.as_bytes()), "{doc}: {s}");
        }
    }
}
