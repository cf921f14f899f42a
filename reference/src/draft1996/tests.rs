//! Expectations taken from the text of draft-fielding-url-syntax-01, section by section.

use super::COMPONENTS;
use crate::document::{Document, Reading};
use crate::grammar::outcome::Value;
use crate::grammar::rule::Rule;
use crate::testing::{assert_data, c, data, Grammar, Xorshift};

const G: Grammar = Grammar {
    doc: Document::Draft1996,
    generic: Some(Rule::D1996OpaqueUrl),
    cite: "004§",
    notes_quote: true,
};

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
        let q = G.valid(input, Rule::D1996GenericUrl);
        // Every generic-URL is an opaque-URL too.
        assert_eq!(
            q.alternatives,
            [Rule::D1996GenericUrl, Rule::D1996OpaqueUrl]
        );
        assert!(q.notes().is_empty(), "{input:?}: {:?}", q.notes());
    }
    let q = G.p("mailto:masinter@parc.xerox.com");
    assert_eq!(c(&q, "scheme"), Some("mailto"));
    assert_eq!(c(&q, "server"), None);
    assert_eq!(q.components.get("user"), None, "no server, so no user");
    assert_eq!(c(&q, "path"), Some("masinter@parc.xerox.com"));
}

#[test]
fn components_follow_the_section_4_3_split() {
    // The Appendix C base.
    let q = G.valid("http://a/b/c/d;p?q", Rule::D1996GenericUrl);
    let got: Vec<(&str, Option<Value>)> = q.components.iter().collect();
    let s = |v: &'static str| Some(Value::Str(v.into()));
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
        assert_eq!(value.as_ref(), expected.as_ref(), "{name}");
    }
    // "the "/" separator between the server component and the path component is NOT
    // part of the path"; a path is always there, possibly empty.
    assert_eq!(c(&G.p("http://h/"), "path"), Some(""));
    assert_eq!(c(&G.p("http://h"), "path"), Some(""));
    assert_eq!(
        c(&G.p("http://h?"), "query"),
        None,
        "the server takes \"?\""
    );
    assert_eq!(c(&G.p("http://h/?"), "query"), Some(""));
    assert_eq!(c(&G.p("http://h/#"), "fragment"), Some(""));
    assert_eq!(c(&G.p("http://h/"), "fragment"), None);
    // An empty server: the hostport alternative is not taken.
    let q = G.valid("file:///etc/motd", Rule::D1996GenericUrl);
    assert_eq!(c(&q, "server"), Some(""));
    assert_eq!(q.components.get("host"), Some(None));
    assert_eq!(c(&q, "path"), Some("etc/motd"));
}

#[test]
fn user_and_password_as_section_4_3_1_prints_them() {
    // "<ftp://@host.com/> has an empty user name and no password"
    let q = G.valid("ftp://@host.com/", Rule::D1996GenericUrl);
    assert_eq!(c(&q, "user"), Some(""));
    assert_eq!(q.components.get("password"), Some(None));
    assert_eq!(c(&q, "host"), Some("host.com"));
    // "<ftp://host.com/> has no user name"
    let q = G.valid("ftp://host.com/", Rule::D1996GenericUrl);
    assert_eq!(q.components.get("user"), Some(None));
    // "<ftp://foo:@host.com/> has a user name of "foo" and an empty password"
    let q = G.valid("ftp://foo:@host.com/", Rule::D1996GenericUrl);
    assert_eq!(c(&q, "user"), Some("foo"));
    assert_eq!(c(&q, "password"), Some(""));
    // "+", ";", "?", "&", "=" are user characters; the "?" stays in the server.
    let q = G.valid("ftp://a+b;c?d&e=f:g@h/", Rule::D1996GenericUrl);
    assert_eq!(c(&q, "user"), Some("a+b;c?d&e=f"));
    assert_eq!(c(&q, "password"), Some("g"));
    // "there is no way to specify a password without specifying a user name": ":p@"
    // is an empty user name with a password.
    let q = G.valid("ftp://:p@h/", Rule::D1996GenericUrl);
    assert_eq!((c(&q, "user"), c(&q, "password")), (Some(""), Some("p")));
    // hostport is required after "@", and a second "@" fails in the host.
    G.generic_only("ftp://@/", Rule::D1996Toplabel, 7);
    G.generic_only("http://a@b@c/", Rule::D1996Toplabel, 10);
    // Within the user and password fields, ":" "@" "/" are reserved: a second ":" is
    // not a password character.
    G.generic_only("ftp://a:b:c@h/", Rule::D1996Password, 9);
    // A bad escape is no urlchar either, so opaque-URL fails too.
    G.invalid("ftp://a%zz@h/", Rule::D1996Escaped, 7);
}

#[test]
fn hosts_and_ports() {
    // E.3: "The URL port is now *digit instead of 1*digit".
    let q = G.valid("http://host:/", Rule::D1996GenericUrl);
    assert_eq!(c(&q, "port"), Some(""));
    assert_data(&q, "empty-port", &[]);
    let q = G.valid("http://host:80/", Rule::D1996GenericUrl);
    assert_eq!(c(&q, "port"), Some("80"));
    assert!(q.note("empty-port").is_none());
    G.generic_only("http://h:80x/", Rule::D1996Port, 11);
    // "its IPv4 address as a set of four decimal digit groups separated by "."".
    let q = G.valid("http://1.2.3.4/", Rule::D1996GenericUrl);
    assert_eq!(c(&q, "host"), Some("1.2.3.4"));
    G.generic_only("http://1.2.3/", Rule::D1996Hostnumber, 12);
    G.generic_only("http://1.2.3.4.5/", Rule::D1996Hostnumber, 14);
    G.generic_only("http://1..3.4/", Rule::D1996Hostnumber, 9);
    // "The rightmost domain label will never start with a digit".
    G.generic_only("http://a.1b/", Rule::D1996Toplabel, 9);
    G.valid("http://1a.b/", Rule::D1996GenericUrl);
    G.valid("http://a-1.b-c/", Rule::D1996GenericUrl);
    G.valid("http://localhost/", Rule::D1996GenericUrl);
    G.generic_only("http://-a.b/", Rule::D1996Domainlabel, 7);
    G.generic_only("http://a-.b/", Rule::D1996Domainlabel, 8);
    G.generic_only("http://a.b-/", Rule::D1996Toplabel, 10);
    // A trailing dot leaves an empty toplabel.
    G.generic_only("http://a.b./", Rule::D1996Toplabel, 11);
    G.generic_only("http://:80/", Rule::D1996Toplabel, 7);
    G.generic_only("http://h_x/", Rule::D1996Toplabel, 8);
}

#[test]
fn a_server_that_fails_leaves_only_opaque_url() {
    // The server runs to the next "/" only, so it is "h?x", which `server` cannot derive.
    let q = G.generic_only("http://h?x", Rule::D1996Toplabel, 8);
    assert_eq!(q.rule, Some(Rule::D1996OpaqueUrl));
    assert_eq!(q.alternatives, [Rule::D1996OpaqueUrl]);
    assert_eq!(c(&q, "server"), Some("h?x"));
    assert_eq!(
        q.components.get("host"),
        None,
        "no hostport for a failed server"
    );
    // Read as abs_path, "//h?x" derives: the Section 5 "F01" row of cases/divergences/README.md.
    assert!(q.ambiguities.iter().any(|a| a.rule == Rule::D1996Segment));
    // Without a scheme there is no opaque-URL to fall back to.
    let q = G.invalid("//h?x", Rule::D1996Toplabel, 3);
    assert_eq!(q.rule, None);
    assert!(q.components.is_empty() && q.alternatives.is_empty());
}

#[test]
fn characters_outside_urlchar_fail_where_they_are() {
    // Section 2.3.3: "{" is unwise, and excluded.
    let q = G.invalid("http://h/{", Rule::D1996Segment, 9);
    assert_data(&q, "excluded.unwise-or-national", &["%7B"]);
    assert_eq!(q.rule, None);
    G.invalid("http://h/a b", Rule::D1996Segment, 10);
    G.invalid("http://h/a;b c", Rule::D1996Param, 12);
    G.invalid("http://h/?a b", Rule::D1996Query, 11);
    G.invalid("http://h/%zz", Rule::D1996Escaped, 9);
    G.invalid("http://h/%4", Rule::D1996Escaped, 9);
    G.invalid("foo:a<b", Rule::D1996Segment, 5);
    G.invalid("a\"b", Rule::D1996Segment, 1);
    // "#" is excluded: only the first one delimits the fragment.
    G.invalid("http://h/#a#b", Rule::D1996Fragment, 11);
    G.invalid("#a b", Rule::D1996Fragment, 2);
    // The leftmost failing position: the server's, before the fragment's.
    G.invalid("http://h?x#a b", Rule::D1996Toplabel, 8);
    // Non-ASCII octets are national.
    let q = G.invalid("http://h/\u{e9}", Rule::D1996Segment, 9);
    assert_data(&q, "excluded.unwise-or-national", &["%C3", "%A9"]);
    // Escaped, they are data.
    G.valid("http://h/%7B%C3%A9", Rule::D1996GenericUrl);
    assert!(G
        .p("http://h/%7B")
        .note("excluded.unwise-or-national")
        .is_none());
    // Control characters and space are excluded but neither unwise nor national.
    let q = G.invalid("a\tb c", Rule::D1996Segment, 1);
    assert!(q.note("excluded.unwise-or-national").is_none());
}

#[test]
fn marks_and_reserved_characters() {
    // Section 2.2 and E.2: "~" is a mark, so unreserved.
    let q = G.valid("http://www.ics.uci.edu/~fielding/", Rule::D1996GenericUrl);
    assert_eq!(c(&q, "path"), Some("~fielding/"));
    G.valid("http://h/$-_.!~*'(),", Rule::D1996GenericUrl);
    // pchar takes ":" "@" "&" "=" "+"; the query takes every reserved character.
    G.valid("http://h/:@&=+;p:@&=+/s?/;?:@&=+", Rule::D1996GenericUrl);
    // The fragment is *urlchar.
    G.valid("http://h/#/;?:@&=+$", Rule::D1996GenericUrl);
}

#[test]
fn relative_references() {
    let q = G.valid("//g/p", Rule::D1996NetPath);
    assert_eq!((c(&q, "server"), c(&q, "host")), (Some("g"), Some("g")));
    assert_eq!(c(&q, "path"), Some("p"));
    assert_eq!(q.alternatives, [Rule::D1996NetPath]);
    assert!(q.ambiguities.iter().any(|a| a.rule == Rule::D1996Segment));
    let q = G.valid("/g", Rule::D1996AbsPath);
    assert_eq!(c(&q, "path"), Some("g"));
    assert_eq!(q.components.get("server"), Some(None));
    assert_eq!(q.components.get("host"), None);
    G.valid("g", Rule::D1996RelPath);
    G.valid("./g/../h;x=1?y#s", Rule::D1996RelPath);
    let q = G.valid("?y", Rule::D1996RelPath);
    assert_eq!((c(&q, "path"), c(&q, "query")), (Some(""), Some("y")));
    assert!(q.note("current-document").is_none());
    // "///g": an empty server, then the abs_path "/g".
    let q = G.valid("///g", Rule::D1996NetPath);
    assert_eq!((c(&q, "server"), c(&q, "path")), (Some(""), Some("g")));
    // Section 3: the empty reference and a fragment-only reference.
    let q = G.valid("", Rule::D1996RelPath);
    assert_eq!(c(&q, "path"), Some(""));
    assert_data(&q, "current-document", &[]);
    let q = G.valid("#s", Rule::D1996RelPath);
    assert_eq!(c(&q, "fragment"), Some("s"));
    assert_data(&q, "current-document", &["s"]);
    G.invalid("/a b", Rule::D1996Segment, 2);
}

#[test]
fn colons_in_a_first_segment() {
    // Section 4.1 takes no scheme here, so these are relative paths whose first segment
    // has a colon (Section 4.3.2).
    for (input, segment) in [("a@b:c", "a@b:c"), (":g", ":g"), ("a_b:c/d", "a_b:c")] {
        let q = G.valid(input, Rule::D1996RelPath);
        assert_eq!(c(&q, "scheme"), None);
        assert_eq!(
            data(&q, "colon-in-first-segment").as_deref(),
            Some(&[segment.to_string()][..])
        );
    }
    // "It is therefore necessary to precede such cases with other components (e.g.,
    // "./this:that")".
    assert!(G.p("./this:that").note("colon-in-first-segment").is_none());
    assert!(G.p("/this:that").note("colon-in-first-segment").is_none());
    // "this:that" itself has a scheme.
    let q = G.valid("this:that", Rule::D1996GenericUrl);
    assert_eq!(c(&q, "scheme"), Some("this"));
    assert!(q
        .ambiguities
        .iter()
        .any(|a| a.rule == Rule::D1996UrlReference));
}

#[test]
fn schemes() {
    // Section 4.1: upper case is in the BNF, and should be read as lower case.
    let q = G.valid("HTTP://h/", Rule::D1996GenericUrl);
    assert_eq!(c(&q, "scheme"), Some("HTTP"));
    assert_data(&q, "scheme-case", &["http"]);
    assert!(G.p("http://h/").note("scheme-case").is_none());
    // No leading letter is required.
    assert_eq!(
        c(&G.valid("1abc:x", Rule::D1996GenericUrl), "scheme"),
        Some("1abc")
    );
    G.valid("a+b-c.d:", Rule::D1996GenericUrl);
    // App C.2's loophole: "http:g" is an absolute URL with a relative-looking path.
    let q = G.valid("http:g", Rule::D1996GenericUrl);
    assert_eq!((c(&q, "scheme"), c(&q, "path")), (Some("http"), Some("g")));
}

#[test]
fn notes_are_the_listed_ones_and_cited() {
    G.assert_notes_listed(&[
        "HTTP://h:/{",
        "a:b",
        "a@b:c",
        "",
        "#f",
        "http://h:/",
        "x\u{e9}",
    ]);
}

/// Inputs between them make every rule of the draft accept and reject.
#[test]
fn every_rule_accepts_and_rejects_somewhere() {
    let own: &[&[u8]] = &[b"http://u:p{@h/", b"//h?x", b"a;b c", b"?a b", b"foo:a<b"];
    let inputs = [crate::testing::GENERIC_SYNTAX_INPUTS, own].concat();
    G.assert_every_rule_accepts_and_rejects(&G.coverage(&inputs), &[], &[]);
}

#[test]
fn any_bytes_get_an_answer() {
    let pieces: &[&[u8]] = &[
        b"a", b"Z", b"1", b".", b"-", b":", b"@", b"/", b"//", b"?", b"#", b";", b"%", b"%4",
        b"%41", b"~", b" ", b"{", b"\xff", b"\x00", b"+", b"=", b"http:", b"1.2.3.4",
    ];
    // Everything a URL reference derives is urlchar, plus the one "#".
    let urlchar = |b: &u8| {
        super::classes::RESERVED.contains(*b)
            || super::classes::UNRESERVED.contains(*b)
            || b"%#".contains(b)
    };
    let mut rng = Xorshift(0x5eed_1996);
    for _ in 0..20_000 {
        G.assert_answer(&rng.pieces(pieces, 10), Reading::Strict, urlchar);
    }
    for b in 0u8..=255 {
        G.assert_answer(&[b], Reading::Strict, urlchar);
        let input = [b'h', b't', b':', b'/', b'/', b, b'/', b];
        G.assert_answer(&input, Reading::Strict, urlchar);
    }
}
