//! Expectations taken from the text of seed 004, section by section.

use super::{notes, parse, parse_with_coverage, COMPONENTS};
use crate::document::{Document, Reading};
use crate::outcome::{Parse, Value, Verdict};
use crate::rule::Rule;
use crate::Coverage;

fn p(input: &str) -> Parse {
    parse(input.as_bytes(), Reading::Strict)
}

/// The component `name`: `None` absent (or not reported), `Some(v)` present.
fn c<'a>(p: &'a Parse, name: &str) -> Option<&'a str> {
    p.components.str(name)
}

fn valid(input: &str, rule: Rule) -> Parse {
    let q = p(input);
    assert_eq!(q.verdict, Verdict::Valid, "{input:?}: {q:?}");
    assert_eq!(q.rule, Some(rule), "{input:?}");
    assert_eq!(q.error, None, "{input:?}");
    q
}

/// An invalid or generic-only input, and where it failed.
fn fails(input: &str, verdict: Verdict, rule: Rule, offset: usize) -> Parse {
    let q = p(input);
    assert_eq!(q.verdict, verdict, "{input:?}: {q:?}");
    let e = q.error.as_ref().expect("an error");
    assert_eq!((e.rule, e.offset), (rule, offset), "{input:?}: {e:?}");
    q
}

fn data<'a>(p: &'a Parse, id: &str) -> Option<&'a [String]> {
    p.note(id).map(|n| n.data.as_slice())
}

#[test]
fn the_section_1_1_examples_are_generic_urls() {
    for input in [
        "ftp://ds.internic.net/rfc/rfc1808.txt",
        "gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles",
        "http://www.ics.uci.edu/pub/ietf/uri/",
        "mailto:masinter@parc.xerox.com",
        "news:comp.infosystems.www.servers.unix",
        "telnet://melvyl.ucop.edu/",
    ] {
        let q = valid(input, Rule::F01GenericUrl);
        // Every generic-URL is an opaque-URL too.
        assert_eq!(q.alternatives, [Rule::F01GenericUrl, Rule::F01OpaqueUrl]);
        assert!(q.notes.is_empty(), "{input:?}: {:?}", q.notes);
    }
    let q = p("mailto:masinter@parc.xerox.com");
    assert_eq!(c(&q, "scheme"), Some("mailto"));
    assert_eq!(c(&q, "server"), None);
    assert_eq!(q.components.get("user"), None, "no server, so no user");
    assert_eq!(c(&q, "path"), Some("masinter@parc.xerox.com"));
}

#[test]
fn components_follow_the_section_4_3_split() {
    // The Appendix C base.
    let q = valid("http://a/b/c/d;p?q", Rule::F01GenericUrl);
    let got: Vec<(&str, Option<&Value>)> =
        q.components.iter().map(|(n, v)| (n, v.as_ref())).collect();
    let s = |v: &str| Some(Value::Str(v.into()));
    let want = [
        s("http"),
        s("a"),
        None,
        None,
        s("a"),
        None,
        s("b/c/d;p"),
        s("q"),
        None,
    ];
    assert_eq!(got.len(), COMPONENTS.len());
    for ((name, value), (expected_name, expected)) in got.iter().zip(COMPONENTS.iter().zip(&want)) {
        assert_eq!(name, expected_name);
        assert_eq!(*value, expected.as_ref(), "{name}");
    }
    // "the "/" separator between the server component and the path component is NOT
    // part of the path"; a path is always there, possibly empty.
    assert_eq!(c(&p("http://h/"), "path"), Some(""));
    assert_eq!(c(&p("http://h"), "path"), Some(""));
    assert_eq!(c(&p("http://h?"), "query"), None, "the server takes \"?\"");
    assert_eq!(c(&p("http://h/?"), "query"), Some(""));
    assert_eq!(c(&p("http://h/#"), "fragment"), Some(""));
    assert_eq!(c(&p("http://h/"), "fragment"), None);
    // An empty server: the hostport alternative is not taken.
    let q = valid("file:///etc/motd", Rule::F01GenericUrl);
    assert_eq!(c(&q, "server"), Some(""));
    assert_eq!(q.components.get("host"), Some(&None));
    assert_eq!(c(&q, "path"), Some("etc/motd"));
}

#[test]
fn user_and_password_as_section_4_3_1_prints_them() {
    // "<ftp://@host.com/> has an empty user name and no password"
    let q = valid("ftp://@host.com/", Rule::F01GenericUrl);
    assert_eq!(c(&q, "user"), Some(""));
    assert_eq!(q.components.get("password"), Some(&None));
    assert_eq!(c(&q, "host"), Some("host.com"));
    // "<ftp://host.com/> has no user name"
    let q = valid("ftp://host.com/", Rule::F01GenericUrl);
    assert_eq!(q.components.get("user"), Some(&None));
    // "<ftp://foo:@host.com/> has a user name of "foo" and an empty password"
    let q = valid("ftp://foo:@host.com/", Rule::F01GenericUrl);
    assert_eq!(c(&q, "user"), Some("foo"));
    assert_eq!(c(&q, "password"), Some(""));
    // "+", ";", "?", "&", "=" are user characters; the "?" stays in the server.
    let q = valid("ftp://a+b;c?d&e=f:g@h/", Rule::F01GenericUrl);
    assert_eq!(c(&q, "user"), Some("a+b;c?d&e=f"));
    assert_eq!(c(&q, "password"), Some("g"));
    // "there is no way to specify a password without specifying a user name": ":p@"
    // is an empty user name with a password.
    let q = valid("ftp://:p@h/", Rule::F01GenericUrl);
    assert_eq!((c(&q, "user"), c(&q, "password")), (Some(""), Some("p")));
    // hostport is required after "@", and a second "@" fails in the host.
    fails("ftp://@/", Verdict::GenericOnly, Rule::F01Toplabel, 7);
    fails("http://a@b@c/", Verdict::GenericOnly, Rule::F01Toplabel, 10);
    // Within the user and password fields, ":" "@" "/" are reserved: a second ":" is
    // not a password character.
    fails("ftp://a:b:c@h/", Verdict::GenericOnly, Rule::F01Password, 9);
    // A bad escape is no urlchar either, so opaque-URL fails too.
    fails("ftp://a%zz@h/", Verdict::Invalid, Rule::F01Escaped, 7);
}

#[test]
fn hosts_and_ports() {
    // E.3: "The URL port is now *digit instead of 1*digit".
    let q = valid("http://host:/", Rule::F01GenericUrl);
    assert_eq!(c(&q, "port"), Some(""));
    assert_eq!(data(&q, "empty-port"), Some(&[][..]));
    let q = valid("http://host:80/", Rule::F01GenericUrl);
    assert_eq!(c(&q, "port"), Some("80"));
    assert!(q.note("empty-port").is_none());
    fails("http://h:80x/", Verdict::GenericOnly, Rule::F01Port, 11);
    // "its IPv4 address as a set of four decimal digit groups separated by "."".
    let q = valid("http://1.2.3.4/", Rule::F01GenericUrl);
    assert_eq!(c(&q, "host"), Some("1.2.3.4"));
    fails(
        "http://1.2.3/",
        Verdict::GenericOnly,
        Rule::F01Hostnumber,
        12,
    );
    fails(
        "http://1.2.3.4.5/",
        Verdict::GenericOnly,
        Rule::F01Hostnumber,
        14,
    );
    fails(
        "http://1..3.4/",
        Verdict::GenericOnly,
        Rule::F01Hostnumber,
        9,
    );
    // "The rightmost domain label will never start with a digit".
    fails("http://a.1b/", Verdict::GenericOnly, Rule::F01Toplabel, 9);
    valid("http://1a.b/", Rule::F01GenericUrl);
    valid("http://a-1.b-c/", Rule::F01GenericUrl);
    valid("http://localhost/", Rule::F01GenericUrl);
    fails(
        "http://-a.b/",
        Verdict::GenericOnly,
        Rule::F01Domainlabel,
        7,
    );
    fails(
        "http://a-.b/",
        Verdict::GenericOnly,
        Rule::F01Domainlabel,
        8,
    );
    fails("http://a.b-/", Verdict::GenericOnly, Rule::F01Toplabel, 10);
    // A trailing dot leaves an empty toplabel.
    fails("http://a.b./", Verdict::GenericOnly, Rule::F01Toplabel, 11);
    fails("http://:80/", Verdict::GenericOnly, Rule::F01Toplabel, 7);
    fails("http://h_x/", Verdict::GenericOnly, Rule::F01Toplabel, 8);
}

#[test]
fn a_server_that_fails_leaves_only_opaque_url() {
    // The server runs to the next "/" only, so it is "h?x", which `server` cannot derive.
    let q = fails("http://h?x", Verdict::GenericOnly, Rule::F01Toplabel, 8);
    assert_eq!(q.rule, Some(Rule::F01OpaqueUrl));
    assert_eq!(q.alternatives, [Rule::F01OpaqueUrl]);
    assert_eq!(c(&q, "server"), Some("h?x"));
    assert_eq!(
        q.components.get("host"),
        None,
        "no hostport for a failed server"
    );
    // Read as abs_path, "//h?x" derives: the Section 5 "F01" row of divergences.md.
    assert!(q.ambiguities.iter().any(|a| a.rule == Rule::F01Segment));
    // Without a scheme there is no opaque-URL to fall back to.
    let q = fails("//h?x", Verdict::Invalid, Rule::F01Toplabel, 3);
    assert_eq!(q.rule, None);
    assert!(q.components.0.is_empty() && q.alternatives.is_empty());
}

#[test]
fn characters_outside_urlchar_fail_where_they_are() {
    // Section 2.3.3: "{" is unwise, and excluded.
    let q = fails("http://h/{", Verdict::Invalid, Rule::F01Segment, 9);
    assert_eq!(
        data(&q, "excluded.unwise-or-national"),
        Some(&["%7B".to_string()][..])
    );
    assert_eq!(q.rule, None);
    fails("http://h/a b", Verdict::Invalid, Rule::F01Segment, 10);
    fails("http://h/a;b c", Verdict::Invalid, Rule::F01Param, 12);
    fails("http://h/?a b", Verdict::Invalid, Rule::F01Query, 11);
    fails("http://h/%zz", Verdict::Invalid, Rule::F01Escaped, 9);
    fails("http://h/%4", Verdict::Invalid, Rule::F01Escaped, 9);
    fails("foo:a<b", Verdict::Invalid, Rule::F01Segment, 5);
    fails("a\"b", Verdict::Invalid, Rule::F01Segment, 1);
    // "#" is excluded: only the first one delimits the fragment.
    fails("http://h/#a#b", Verdict::Invalid, Rule::F01Fragment, 11);
    fails("#a b", Verdict::Invalid, Rule::F01Fragment, 2);
    // The leftmost failing position: the server's, before the fragment's.
    fails("http://h?x#a b", Verdict::Invalid, Rule::F01Toplabel, 8);
    // Non-ASCII octets are national.
    let q = fails("http://h/\u{e9}", Verdict::Invalid, Rule::F01Segment, 9);
    assert_eq!(
        data(&q, "excluded.unwise-or-national"),
        Some(&["%C3".to_string(), "%A9".to_string()][..])
    );
    // Escaped, they are data.
    valid("http://h/%7B%C3%A9", Rule::F01GenericUrl);
    assert!(p("http://h/%7B")
        .note("excluded.unwise-or-national")
        .is_none());
    // Control characters and space are excluded but neither unwise nor national.
    let q = fails("a\tb c", Verdict::Invalid, Rule::F01Segment, 1);
    assert!(q.note("excluded.unwise-or-national").is_none());
}

#[test]
fn marks_and_reserved_characters() {
    // Section 2.2 and E.2: "~" is a mark, so unreserved.
    let q = valid("http://www.ics.uci.edu/~fielding/", Rule::F01GenericUrl);
    assert_eq!(c(&q, "path"), Some("~fielding/"));
    valid("http://h/$-_.!~*'(),", Rule::F01GenericUrl);
    // pchar takes ":" "@" "&" "=" "+"; the query takes every reserved character.
    valid("http://h/:@&=+;p:@&=+/s?/;?:@&=+", Rule::F01GenericUrl);
    // The fragment is *urlchar.
    valid("http://h/#/;?:@&=+$", Rule::F01GenericUrl);
}

#[test]
fn relative_references() {
    let q = valid("//g/p", Rule::F01NetPath);
    assert_eq!((c(&q, "server"), c(&q, "host")), (Some("g"), Some("g")));
    assert_eq!(c(&q, "path"), Some("p"));
    assert_eq!(q.alternatives, [Rule::F01NetPath]);
    assert!(q.ambiguities.iter().any(|a| a.rule == Rule::F01Segment));
    let q = valid("/g", Rule::F01AbsPath);
    assert_eq!(c(&q, "path"), Some("g"));
    assert_eq!(q.components.get("server"), Some(&None));
    assert_eq!(q.components.get("host"), None);
    valid("g", Rule::F01RelPath);
    valid("./g/../h;x=1?y#s", Rule::F01RelPath);
    let q = valid("?y", Rule::F01RelPath);
    assert_eq!((c(&q, "path"), c(&q, "query")), (Some(""), Some("y")));
    assert!(q.note("current-document").is_none());
    // "///g": an empty server, then the abs_path "/g".
    let q = valid("///g", Rule::F01NetPath);
    assert_eq!((c(&q, "server"), c(&q, "path")), (Some(""), Some("g")));
    // Section 3: the empty reference and a fragment-only reference.
    let q = valid("", Rule::F01RelPath);
    assert_eq!(c(&q, "path"), Some(""));
    assert_eq!(data(&q, "current-document"), Some(&[][..]));
    let q = valid("#s", Rule::F01RelPath);
    assert_eq!(c(&q, "fragment"), Some("s"));
    assert_eq!(data(&q, "current-document"), Some(&["s".to_string()][..]));
    fails("/a b", Verdict::Invalid, Rule::F01Segment, 2);
}

#[test]
fn colons_in_a_first_segment() {
    // Section 4.1 takes no scheme here, so these are relative paths whose first segment
    // has a colon (Section 4.3.2).
    for (input, segment) in [("a@b:c", "a@b:c"), (":g", ":g"), ("a_b:c/d", "a_b:c")] {
        let q = valid(input, Rule::F01RelPath);
        assert_eq!(c(&q, "scheme"), None);
        assert_eq!(
            data(&q, "colon-in-first-segment"),
            Some(&[segment.to_string()][..])
        );
    }
    // "It is therefore necessary to precede such cases with other components (e.g.,
    // "./this:that")".
    assert!(p("./this:that").note("colon-in-first-segment").is_none());
    assert!(p("/this:that").note("colon-in-first-segment").is_none());
    // "this:that" itself has a scheme.
    let q = valid("this:that", Rule::F01GenericUrl);
    assert_eq!(c(&q, "scheme"), Some("this"));
    assert!(q
        .ambiguities
        .iter()
        .any(|a| a.rule == Rule::F01UrlReference));
}

#[test]
fn schemes() {
    // Section 4.1: upper case is in the BNF, and should be read as lower case.
    let q = valid("HTTP://h/", Rule::F01GenericUrl);
    assert_eq!(c(&q, "scheme"), Some("HTTP"));
    assert_eq!(data(&q, "scheme-case"), Some(&["http".to_string()][..]));
    assert!(p("http://h/").note("scheme-case").is_none());
    // No leading letter is required.
    assert_eq!(
        c(&valid("1abc:x", Rule::F01GenericUrl), "scheme"),
        Some("1abc")
    );
    valid("a+b-c.d:", Rule::F01GenericUrl);
    // App C.2's loophole: "http:g" is an absolute URL with a relative-looking path.
    let q = valid("http:g", Rule::F01GenericUrl);
    assert_eq!((c(&q, "scheme"), c(&q, "path")), (Some("http"), Some("g")));
}

#[test]
fn notes_are_the_listed_ones_and_cited() {
    for input in [
        "HTTP://h:/{",
        "a:b",
        "a@b:c",
        "",
        "#f",
        "http://h:/",
        "x\u{e9}",
    ] {
        for n in &p(input).notes {
            assert!(notes::IDS.contains(&n.id), "{}", n.id);
            assert!(n.cite.starts_with("004§"), "{}", n.cite);
            assert!(n.text.starts_with('"'), "{}: quotes the text", n.id);
        }
    }
}

#[test]
fn the_library_dispatches_to_this_grammar() {
    let q = crate::parse(Document::Draft1996.into(), b"http://h/");
    assert_eq!(q.doc.doc, Document::Draft1996);
    assert_eq!(q.rule, Some(Rule::F01GenericUrl));
    let (q, cov) = crate::parse_with_coverage(Document::Draft1996.into(), b"http://h/");
    assert_eq!(q.verdict, Verdict::Valid);
    assert!(cov.accepted(Rule::F01Server));
}

/// Inputs between them make every rule of the draft accept and reject.
#[test]
fn every_rule_accepts_and_rejects_somewhere() {
    let inputs: &[&[u8]] = &[
        b"http://u:p@www.ics.uci.edu:80/a;b/~c?q#f",
        b"http://1.2.3.4/",
        b"http://1.2.3/",
        b"http://1a.b/",
        b"http://-a.b/",
        b"http://a.1b/",
        b"http://h:x/",
        b"http://u{@h/",
        b"http://u:p{@h/",
        b"http://h?x",
        b"HTTP://h/%2f%zz",
        b"//h?x",
        b"/a b",
        b"a b;c d",
        b"a;b c",
        b"?a b",
        b"#a b",
        b"foo:a<b",
        b"",
        b"\x00 \"{\xe9",
    ];
    let mut all = Coverage::new();
    for input in inputs {
        let (_, c) = parse_with_coverage(input, Reading::Strict);
        all.merge(&c);
    }
    let missing: Vec<String> = Rule::of(Document::Draft1996)
        .filter(|&r| !(all.accepted(r) && all.rejected(r)))
        .map(|r| {
            format!(
                "{r} (accepted: {}, rejected: {})",
                all.accepted(r),
                all.rejected(r)
            )
        })
        .collect();
    assert!(missing.is_empty(), "{missing:#?}");
    // Recording leaves the answer as it is.
    for input in inputs {
        assert_eq!(
            parse_with_coverage(input, Reading::Strict).0,
            parse(input, Reading::Strict)
        );
    }
}

#[test]
fn any_bytes_get_an_answer() {
    let pieces: &[&[u8]] = &[
        b"a", b"Z", b"1", b".", b"-", b":", b"@", b"/", b"//", b"?", b"#", b";", b"%", b"%4",
        b"%41", b"~", b" ", b"{", b"\xff", b"\x00", b"+", b"=", b"http:", b"1.2.3.4",
    ];
    let mut seed = 0x5eed_1996_u64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for _ in 0..20_000 {
        let mut input = Vec::new();
        for _ in 0..next() % 10 {
            input.extend_from_slice(pieces[(next() % pieces.len() as u64) as usize]);
        }
        let q = parse(&input, Reading::Strict);
        let shown = String::from_utf8_lossy(&input);
        match q.verdict {
            Verdict::Valid => assert!(q.error.is_none() && q.rule.is_some(), "{shown:?}"),
            Verdict::GenericOnly => {
                assert_eq!(q.rule, Some(Rule::F01OpaqueUrl), "{shown:?}");
                assert!(q.error.is_some(), "{shown:?}");
            }
            Verdict::Invalid => {
                let e = q.error.as_ref().expect("where");
                assert!(e.offset <= input.len(), "{shown:?}: {e:?}");
            }
            Verdict::NotDefined => panic!("the draft defines parsing"),
        }
        if q.verdict != Verdict::Invalid {
            // Everything a URL reference derives is urlchar, plus the one "#".
            let ok = |b: &u8| {
                super::classes::RESERVED.contains(*b)
                    || super::classes::UNRESERVED.contains(*b)
                    || b"%#".contains(b)
            };
            assert!(input.iter().all(ok), "{shown:?}");
        }
    }
    for b in 0u8..=255 {
        parse(&[b], Reading::Strict);
        parse(&[b'h', b't', b':', b'/', b'/', b, b'/', b], Reading::Strict);
    }
}

/// 1 MiB inputs get their verdicts (how fast is for `cargo bench`, not a unit test).
#[test]
fn huge_inputs_get_their_verdicts() {
    let mib = 1 << 20;
    for (prefix, unit, want) in [
        ("http://h/", "a/", Verdict::Valid),
        ("http://", "a.", Verdict::GenericOnly),
        ("http://", "1.", Verdict::GenericOnly),
        ("http://", "a@", Verdict::GenericOnly),
        ("", "a;", Verdict::Valid),
        ("x:", "%", Verdict::Invalid),
        ("", "//", Verdict::Valid),
        ("", "a:", Verdict::Valid),
    ] {
        let mut s = prefix.as_bytes().to_vec();
        while s.len() < mib {
            s.extend_from_slice(unit.as_bytes());
        }
        assert_eq!(
            parse(&s, Reading::Strict).verdict,
            want,
            "{prefix}({unit})*"
        );
    }
}
