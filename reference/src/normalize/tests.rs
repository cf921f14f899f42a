//! What the documents say about equivalence, checked against `normalize`. Every
//! expected value is a document's printed example or follows from one of its rules as
//! quoted beside it.

use super::*;
use crate::document::Reading;
use crate::grammar::outcome::Verdict;

fn norm(doc: Document, input: &str) -> String {
    let n =
        normalize(doc.into(), input.as_bytes()).unwrap_or_else(|e| panic!("{doc} {input:?}: {e}"));
    String::from_utf8(n.result).unwrap()
}

fn changed(doc: Document, input: &str) -> Vec<&'static str> {
    normalize(doc.into(), input.as_bytes())
        .unwrap()
        .changed_ids()
}

/// The document says `a` and `b` are equivalent: they must get one normal form.
fn equivalent(doc: Document, a: &str, b: &str) {
    assert_eq!(norm(doc, a), norm(doc, b), "{doc}: {a:?} and {b:?}");
}

/// The document says `a` and `b` are different: their normal forms must differ.
fn different(doc: Document, a: &str, b: &str) {
    assert_ne!(norm(doc, a), norm(doc, b), "{doc}: {a:?} and {b:?}");
}

const R3986: Document = Document::Rfc3986;

#[test]
fn rfc3986_6_2_2_example() {
    // "an application using this approach could reasonably consider the following two
    // URIs equivalent: example://a/b/c/%7Bfoo%7D eXAMPLE://a/./b/../b/%63/%7bfoo%7d"
    equivalent(
        R3986,
        "example://a/b/c/%7Bfoo%7D",
        "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
    );
    assert_eq!(
        norm(R3986, "eXAMPLE://a/./b/../b/%63/%7bfoo%7d"),
        "example://a/b/c/%7Bfoo%7D"
    );
    assert_eq!(
        changed(R3986, "eXAMPLE://a/./b/../b/%63/%7bfoo%7d"),
        ["6.2.2.1", "6.2.2.2", "6.2.2.3"]
    );
    assert_eq!(changed(R3986, "example://a/b/c/%7Bfoo%7D"), [] as [&str; 0]);
}

#[test]
fn rfc3986_6_2_2_1_case() {
    // "the URI <HTTP://www.EXAMPLE.com/> is equivalent to <http://www.example.com/>."
    assert_eq!(
        norm(R3986, "HTTP://www.EXAMPLE.com/"),
        "http://www.example.com/"
    );
    assert_eq!(changed(R3986, "HTTP://www.EXAMPLE.com/"), ["6.2.2.1"]);
    // ""%3a" versus "%3A"": "normalized to use uppercase letters for the digits A-F".
    assert_eq!(
        norm(R3986, "foo://h/a%3ab?%3a#%3a"),
        "foo://h/a%3Ab?%3A#%3A"
    );
    // "The other generic syntax components are assumed to be case-sensitive".
    assert_eq!(
        norm(R3986, "foo://User@h/Path?Q#F"),
        "foo://User@h/Path?Q#F"
    );
    // 3.2.2: "lowercase for registered names and hexadecimal addresses ... while only
    // using uppercase letters for percent-encodings."
    assert_eq!(norm(R3986, "foo://%c3%80X/"), "foo://%C3%80x/");
    assert_eq!(norm(R3986, "foo://[FE80::A]:1/"), "foo://[fe80::a]:1/");
}

#[test]
fn rfc3986_6_2_2_2_percent_encoding() {
    // 2.4: "the "%7E" can be replaced by "~" without changing its interpretation."
    assert_eq!(norm(R3986, "http://a/%7Euser"), "http://a/~user");
    assert_eq!(norm(R3986, "http://a/%7euser"), "http://a/~user");
    // 2.3: "percent-encoded octets in the ranges of ALPHA (%41-%5A and %61-%7A), DIGIT
    // (%30-%39), hyphen (%2D), period (%2E), underscore (%5F), or tilde (%7E) ...
    // should be decoded".
    for (octets, chars) in [
        ("%41%5A%61%7A", "AZaz"),
        ("%30%39", "09"),
        ("%2D%2E%5F%7E", "-._~"),
    ] {
        assert_eq!(
            norm(R3986, &format!("foo:x{octets}")),
            format!("foo:x{chars}")
        );
    }
    // 2.2: "URIs that differ in the replacement of a reserved character with its
    // corresponding percent-encoded octet are not equivalent."
    for reserved in [
        "%3A", "%2F", "%3F", "%23", "%5B", "%5D", "%40", "%21", "%24", "%26", "%27", "%28", "%29",
        "%2A", "%2B", "%2C", "%3B", "%3D",
    ] {
        let input = format!("http://a/b{reserved}c");
        assert_eq!(norm(R3986, &input), input);
    }
    different(R3986, "http://a/b%2Fc", "http://a/b/c");
    // Neither "%" itself nor other octets: "%25" and "%20" stay.
    assert_eq!(
        norm(R3986, "http://a/%25%20%C3%80"),
        "http://a/%25%20%C3%80"
    );
    // 2.4: "Implementations must not percent-encode or decode the same string more
    // than once": "%2541" is "%25" then "41".
    assert_eq!(norm(R3986, "http://a/%2541"), "http://a/%2541");
    // In the host, a decoded letter is lower case: the host is case-insensitive.
    equivalent(R3986, "http://%41.com/", "http://a.com/");
    // The query and fragment are decoded too.
    assert_eq!(norm(R3986, "foo:?%61#%62"), "foo:?a#b");
}

#[test]
fn rfc3986_6_2_2_3_path_segments() {
    // 5.2.4's first worked example, as a URI's path.
    assert_eq!(norm(R3986, "http://a/a/b/c/./../../g"), "http://a/a/g");
    assert_eq!(changed(R3986, "http://a/b/c/./../../g"), ["6.2.2.3"]);
    // Dot segments only as complete segments (5.4.2: "but not when they are only part
    // of a segment").
    assert_eq!(
        norm(R3986, "http://a/g./.g/g../..g"),
        "http://a/g./.g/g../..g"
    );
    // 6.2.2.2 comes first, so an encoded dot segment is decoded, then removed.
    assert_eq!(norm(R3986, "http://a/b/%2E%2E/c"), "http://a/c");
}

#[test]
fn rfc3986_6_2_3_http() {
    // "the following four URIs are equivalent: http://example.com http://example.com/
    // http://example.com:/ http://example.com:80/ ... the second URI above is the
    // normal form for the "http" scheme."
    for input in [
        "http://example.com",
        "http://example.com/",
        "http://example.com:/",
        "http://example.com:80/",
    ] {
        assert_eq!(norm(R3986, input), "http://example.com/", "{input}");
    }
    assert_eq!(changed(R3986, "http://example.com"), ["6.2.3"]);
    assert_eq!(changed(R3986, "http://example.com/"), [] as [&str; 0]);
    // "the URI "http://example.com/?" cannot be assumed to be equivalent to any of the
    // examples above."
    assert_eq!(norm(R3986, "http://example.com/?"), "http://example.com/?");
    different(R3986, "http://example.com/?", "http://example.com/");
    // "two URIs that differ only by the suffix "#" are considered different regardless
    // of the scheme."
    different(R3986, "http://example.com/#", "http://example.com/");
    // 3.2.3: "if its value would be the same as that of the scheme's default".
    assert_eq!(norm(R3986, "http://a:080/"), "http://a/");
    assert_eq!(norm(R3986, "http://a:8080/"), "http://a:8080/");
    // Every scheme whose default port a document defines (3.2.3: "omit the port
    // component and its ":" delimiter if ... its value would be the same as that of the
    // scheme's default"); RFC 1738 §3.2: ftp's "port defaults to 21".
    assert_eq!(norm(R3986, "ftp://a:21/f"), "ftp://a/f");
    assert_eq!(norm(R3986, "ftp://a:21"), "ftp://a/");
    assert_eq!(norm(R3986, "ftp://a:80/f"), "ftp://a:80/f");
    assert_eq!(norm(R3986, "gopher://a:070/"), "gopher://a/");
    assert_eq!(norm(R3986, "FTP://a:/"), "ftp://a/");
    // A scheme no document defines has no default and no licence to drop delimiters
    // ("unless licensed to do so by the scheme specification").
    assert_eq!(norm(R3986, "foo://a:80"), "foo://a:80");
    assert_eq!(norm(R3986, "foo://a:"), "foo://a:");
    // The user information keeps its delimiters ("the presence or absence of delimiters
    // within a userinfo subcomponent is usually significant").
    assert_eq!(norm(R3986, "http://u:@a:80"), "http://u:@a/");
}

#[test]
fn rfc3986_steps_come_in_the_sections_order() {
    let n = normalize(R3986.into(), b"HTTP://a:80/./b/%7e").unwrap();
    assert_eq!(n.step_ids(), ["6.2.2.1", "6.2.2.2", "6.2.2.3", "6.2.3"]);
    assert_eq!(n.changed_ids(), n.step_ids());
    let values: Vec<String> = n
        .steps
        .iter()
        .map(|s| String::from_utf8(s.value.clone()).unwrap())
        .collect();
    assert_eq!(
        values,
        [
            "http://a:80/./b/%7E",
            "http://a:80/./b/~",
            "http://a:80/b/~",
            "http://a/b/~"
        ]
    );
    assert_eq!(n.steps[0].cite, "RFC 3986 §6.2.2.1");
}

#[test]
fn rfc3986_refuses_relative_references() {
    // 6.1: "applications should not directly compare relative references; the
    // references should be converted to their respective target URIs before
    // comparison."
    for input in ["", "g", "/a/../b", "//h/p", "?q", "#f", "1abc:x"] {
        match normalize(R3986.into(), input.as_bytes()) {
            Err(NotNormalizable::NotAUri { why, .. }) => {
                assert!(why.contains("Section 6.1"), "{why}")
            }
            other => panic!("{input:?}: {other:?}"),
        }
    }
    // The non-strict reading normalises as the strict one does.
    let non_strict = DocReading::new(R3986, Reading::NonStrict);
    assert_eq!(
        normalize(non_strict, b"HTTP://a").unwrap().result,
        b"http://a/"
    );
}

#[test]
fn rfc3986_a_long_path_normalises_in_linear_time() {
    // 1 MiB of path: 2^18 segments "a" each followed by "/.", dot segments to remove.
    let input = format!("HTTP://h{}", "/a/.".repeat(1 << 18));
    assert_eq!(input.len() - 8, 1 << 20);
    let n = normalize(R3986.into(), input.as_bytes()).unwrap();
    assert_eq!(n.result.len(), "http://h".len() + 2 * (1 << 18) + 1);
    assert!(n.result.starts_with(b"http://h/a/a/"));
    assert!(n.result.ends_with(b"/a/"));
    // 1 MiB of percent-encodings to decode.
    let input = format!("http://h/{}", "%7e".repeat((1 << 20) / 3));
    let n = normalize(R3986.into(), input.as_bytes()).unwrap();
    assert_eq!(n.result.len(), "http://h/".len() + (1 << 20) / 3);
}

/// Inputs built from pieces that exercise every step.
fn generated(n: usize) -> Vec<String> {
    const PIECES: &[&str] = &[
        "a", "B", "/", ".", "..", "%2e", "%2E", "%7e", "%41", "%3a", "%2F", "%", "?", "#", ":",
        "@", "80", ":80", "[", "]", "//",
    ];
    const HEADS: &[&str] = &[
        "http://",
        "HTTP://Ex%41mple.COM",
        "foo:",
        "ftp://u@h:21",
        "x:/",
    ];
    let mut state: u64 = 0x5eed_3986;
    let mut next = |k: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize % k
    };
    (0..n)
        .map(|_| {
            let mut s = HEADS[next(HEADS.len())].to_string();
            for _ in 0..next(8) {
                s.push_str(PIECES[next(PIECES.len())]);
            }
            s
        })
        .collect()
}

#[test]
fn normalising_twice_changes_nothing() {
    // A normal form is its own normal form, under every document, with one exception
    // the RFC's algorithm makes: without an authority, remove_dot_segments can leave a
    // path starting "//", which recomposition writes as an authority (see the module
    // documentation of `rfc3986`).
    // Only inputs whose every "%" starts a triplet: no document's URLs hold another
    // "%", and decoding "%a%41" would make the new triplet "%aA" (the grammars of RFC
    // 2396 and RFC 3986 refuse such inputs).
    let every_percent_a_triplet = |s: &str| {
        (0..s.len()).all(|i| s.as_bytes()[i] != b'%' || triplet(s.as_bytes(), i).is_some())
    };
    let mut exceptions = 0;
    for doc in Document::ALL {
        for input in generated(3000)
            .into_iter()
            .filter(|s| every_percent_a_triplet(s))
        {
            let Ok(once) = normalize((*doc).into(), input.as_bytes()) else {
                continue;
            };
            assert_eq!(once.step_ids(), step_ids(*doc), "{doc} {input:?}");
            let twice = normalize((*doc).into(), &once.result);
            // The exception reads back as another URI, or (its new authority not being
            // one) as none.
            if *doc == Document::Rfc3986 && twice.as_ref().map_or(true, |t| t.result != once.result)
            {
                let c = crate::resolve::rfc3986::appendix_b(input.as_bytes());
                assert!(c.authority.is_none(), "{input:?}");
                assert!(once.result.windows(3).any(|w| w == b"://"), "{input:?}");
                exceptions += 1;
                continue;
            }
            let twice = twice.unwrap_or_else(|e| {
                panic!(
                    "{doc} {input:?} -> {:?}: {e:?}",
                    String::from_utf8_lossy(&once.result)
                )
            });
            assert_eq!(
                String::from_utf8_lossy(&twice.result),
                String::from_utf8_lossy(&once.result),
                "{doc} {input:?}"
            );
            assert!(twice.changed_ids().is_empty(), "{doc} {input:?}");
        }
    }
    // "foo:/.//x" is the shape: check it is found and is what the text gives.
    assert_eq!(norm(R3986, "x:/.//a"), "x://a");
    assert!(
        exceptions > 0,
        "the generator no longer reaches the \"//\" shape"
    );
}

#[test]
fn a_normal_form_is_still_a_url_under_its_document() {
    // The documents whose grammar the reference has: the normal form derives as the
    // input did.
    for doc in [
        Document::Draft03,
        Document::Draft06,
        Document::Rfc1738,
        Document::Rfc1808,
        Document::Draft1996,
    ] {
        let reading = match doc {
            Document::Draft06 | Document::Rfc1738 => Reading::SchemeCaseIgnore,
            _ => Reading::Strict,
        };
        for input in generated(3000).iter().chain(
            [
                "HTTP://h/%41%7E%2F%21%24%2B%26%40%2E",
                "ftp://u@h/%61/b;type=%61",
                "gopher://h/1%73el",
                "mailto:a%2Eb@h",
                "news:a.b",
                "http://h/a%7eb?%41",
            ]
            .map(String::from)
            .iter(),
        ) {
            let Ok(n) = normalize(doc.into(), input.as_bytes()) else {
                continue;
            };
            let before = crate::parse(DocReading::new(doc, reading), input.as_bytes());
            let after = crate::parse(DocReading::new(doc, reading), &n.result);
            // Decoding can only make more of the input derive (an escaped first letter
            // of a host becomes a letter), never less.
            assert!(
                matches!(before.verdict, Verdict::Valid | Verdict::GenericOnly)
                    && (after.verdict == Verdict::Valid || after.verdict == before.verdict),
                "{doc}: {input:?} ({:?}) gives {:?} ({:?})",
                before.verdict,
                String::from_utf8_lossy(&n.result),
                after.verdict
            );
        }
    }
}

#[test]
fn rfc2396_states_scheme_hostname_port_and_unreserved() {
    let d = Document::Rfc2396;
    // 6: "the URL <http://www.XEROX.com> is equivalent to <http://www.xerox.com>."
    equivalent(d, "http://www.XEROX.com", "http://www.xerox.com");
    assert_eq!(norm(d, "http://www.XEROX.com"), "http://www.xerox.com");
    assert_eq!(changed(d, "http://www.XEROX.com"), ["6-case"]);
    // 3.1: "allow "HTTP" as well as "http"".
    assert_eq!(norm(d, "HTTP://h/"), "http://h/");
    // 6: "a URL with an explicit ":port", where the port is the default for the scheme,
    // is equivalent to one where the port is elided."
    assert_eq!(norm(d, "http://h:80/"), "http://h/");
    assert_eq!(norm(d, "ftp://h:21/"), "ftp://h/");
    assert_eq!(changed(d, "http://h:80/"), ["6-port"]);
    // Not stated: an empty port, an empty path, dot segments, hex case.
    assert_eq!(norm(d, "http://h:/"), "http://h:/");
    assert_eq!(norm(d, "http://h"), "http://h");
    assert_eq!(norm(d, "http://h/a/./b"), "http://h/a/./b");
    assert_eq!(norm(d, "http://h/%2f"), "http://h/%2f");
    // 2.4.2: ""%7e" is sometimes used instead of "~" in an http URL path, but the two
    // are equivalent for an http URL."
    equivalent(d, "http://h/%7euser", "http://h/~user");
    // 2.3: unreserved = alphanum | mark, mark = "-" | "_" | "." | "!" | "~" | "*" | "'" |
    // "(" | ")".
    assert_eq!(norm(d, "foo:%2D%5F%2E%21%7E%2A%27%28%29"), "foo:-_.!~*'()");
    assert_eq!(norm(d, "foo:%24%2C%3B"), "foo:%24%2C%3B");
    // Only a hostname is case-insensitive: a registry-based authority is not.
    assert_eq!(norm(d, "foo://A_B/"), "foo://A_B/");
    assert_eq!(norm(d, "foo://U@A.B/"), "foo://U@a.b/");
    // Unescaped first, so a host that becomes a hostname is lower-cased too.
    assert_eq!(norm(d, "foo://A%2DB/"), "foo://a-b/");
    assert_eq!(
        normalize(d.into(), b"HTTP://H:80/%7e").unwrap().step_ids(),
        ["2.3", "6-case", "6-port"]
    );
}

#[test]
fn draft1996_states_scheme_case_and_unreserved() {
    let d = Document::Draft1996;
    // 4.1: "allow "HTTP" as well as "http"".
    assert_eq!(norm(d, "HTTP://h/"), "http://h/");
    // 2.2: "Unreserved characters can be escaped without changing the semantics".
    assert_eq!(
        norm(d, "http://h/%24%2D%5F%2E%21%7E%2A%27%28%29%2C%41"),
        "http://h/$-_.!~*'(),A"
    );
    // Reserved and other escapes stay; host case, ports and dot segments are not
    // stated.
    assert_eq!(norm(d, "http://H:80/a/./%2F%3b"), "http://H:80/a/./%2F%3b");
    assert_eq!(
        normalize(d.into(), b"HTTP://h/%7e").unwrap().step_ids(),
        ["2.2", "4.1"]
    );
    // A relative URL is resolved first.
    assert!(matches!(
        normalize(d.into(), b"../g"),
        Err(NotNormalizable::NotAUri { .. })
    ));
}

#[test]
fn rfc1738_states_scheme_case_and_encoding() {
    let d = Document::Rfc1738;
    // 2.1: "programs interpreting URLs should treat upper case letters as equivalent to
    // lower case in scheme names (e.g., allow "HTTP" as well as "http")."
    equivalent(d, "HTTP://h/", "http://h/");
    assert_eq!(changed(d, "HTTP://h/"), ["2.1"]);
    // 2.2: "characters that are not required to be encoded (including alphanumerics) may
    // be encoded within the scheme-specific part of a URL".
    assert_eq!(
        norm(d, "http://h/%41%7a%30%24%2D%5F%2E%2B%21%2A%27%28%29%2C"),
        "http://h/Az0$-_.+!*'(),"
    );
    // "this is not true for reserved characters"; unsafe ones must stay encoded.
    assert_eq!(
        norm(d, "ftp://h/%2Fetc/%3B%7E%25%20"),
        "ftp://h/%2Fetc/%3B%7E%25%20"
    );
    // Host case and default ports are not stated.
    assert_eq!(norm(d, "http://H:80/"), "http://H:80/");
    // The strict reading is not asked: Section 2.1 is about the upper-case scheme.
    let strict = DocReading::new(d, Reading::Strict);
    assert_eq!(
        normalize(strict, b"HTTP://h/").unwrap().result,
        b"http://h/"
    );
    assert!(matches!(
        normalize(d.into(), b"http://h/a b"),
        Err(NotNormalizable::NotAUri { .. })
    ));
}

#[test]
fn draft06_states_scheme_case_and_safe_characters() {
    let d = Document::Draft06;
    assert_eq!(norm(d, "HTTP://h/"), "http://h/");
    // 2.2: "only alphanumerics, reserved characters used for their reserved purposes,
    // "$", "-", "_", ".", and "+" are safe ... safe characters _may_ be encoded".
    assert_eq!(norm(d, "http://h/%41%24%2D%5F%2E%2B"), "http://h/A$-_.+");
    // "!", "*" and the others are not safe: they stay encoded.
    assert_eq!(norm(d, "http://h/%21%2A%28%2C"), "http://h/%21%2A%28%2C");
}

#[test]
fn rfc1808_states_scheme_case_by_reference() {
    let d = Document::Rfc1808;
    assert_eq!(norm(d, "HTTP://a/b/c"), "http://a/b/c");
    assert_eq!(norm(d, "http://A/%41"), "http://A/%41");
    assert!(matches!(
        normalize(d.into(), b"g;x?y#s"),
        Err(NotNormalizable::NotAUri { .. })
    ));
}

#[test]
fn draft03_expands_escapes_that_are_reversible() {
    let d = Document::Draft03;
    assert_eq!(norm(d, "http://h/%41%26%21"), "http://h/A&!");
    // "The reserved characters shall however never be arbitrarly encoded and decoded",
    // and "@", "+", "." delimit in its BNF.
    assert_eq!(
        norm(d, "http://h/%2F%3D%40%2B%2E"),
        "http://h/%2F%3D%40%2B%2E"
    );
    // No case rule: a scheme is literal letters.
    assert!(normalize(d.into(), b"HTTP://h/").is_err());
}

#[test]
fn draft02_states_no_equivalence() {
    match normalize(Document::Draft02.into(), b"http://h/") {
        Err(e @ NotNormalizable::NotDefined { .. }) => {
            assert!(e.to_string().contains("\"official\" name"), "{e}")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn authority_split_puts_back_what_it_took() {
    for a in [
        &b""[..],
        b"h",
        b"u@h",
        b"u@h:",
        b"u:p@h:80",
        b"[::1]:8",
        b"[::1]",
        b"[::1]x",
        b"a@b@c:d:e",
        b"[",
    ] {
        assert_eq!(
            Authority::split(a).join(),
            a,
            "{:?}",
            String::from_utf8_lossy(a)
        );
    }
    let a = Authority::split(b"u:p@[::1]:8");
    assert_eq!(a.userinfo.as_deref(), Some(&b"u:p"[..]));
    assert_eq!(a.host, b"[::1]");
    assert_eq!(a.port.as_deref(), Some(&b"8"[..]));
}

#[test]
fn parse_verdicts_gate_the_older_documents() {
    // Sanity: the gate uses the documents' own grammars.
    assert_eq!(
        crate::parse(Document::Rfc1738.into(), b"HTTP://h/").verdict,
        Verdict::Invalid
    );
    assert!(normalize(Document::Rfc1738.into(), b"HTTP://h/").is_ok());
}

#[test]
fn default_ports_are_each_named_where_a_step_says_what_it_does() {
    // The step texts name the defaults they read, so the table and the texts cannot
    // drift apart.
    for d in super::DEFAULT_PORTS {
        let named = format!("{} {}", d.scheme, d.port);
        assert!(super::rfc3986::SCHEME_BASED.contains(&named), "{named}");
        assert!(
            super::rfc2396::DEFAULT_PORT_ELIDED.contains(&named),
            "{named}"
        );
    }
    for d in super::DEFAULT_PORTS {
        assert_eq!(
            norm(R3986, &format!("{}://h:{}/p", d.scheme, d.port)),
            format!("{}://h/p", d.scheme),
            "{}",
            d.cite
        );
        assert_eq!(
            norm(Document::Rfc2396, &format!("{}://h:{}/p", d.scheme, d.port)),
            format!("{}://h/p", d.scheme),
            "{}",
            d.cite
        );
    }
}
