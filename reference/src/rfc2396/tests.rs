//! Expectations taken from the text of RFC 2396 (and, for the `rfc2396@rfc2732` reading,
//! RFC 2732 and RFC 2373), section by section.

use super::{notes, COMPONENTS};
use crate::document::{Document, Reading};
use crate::grammar::outcome::{Value, Verdict};
use crate::grammar::rule::Rule;
use crate::testing::{ambiguous, assert_data, c, list, texts, Grammar, Xorshift};

const G: Grammar = Grammar {
    doc: Document::Rfc2396,
    generic: None,
    cite: "RFC 2396 §",
    notes_quote: true,
};

const R: Reading = Reading::Rfc2732;

#[test]
fn the_section_1_3_examples_are_absolute_uris() {
    for (input, form) in [
        ("ftp://ftp.is.co.za/rfc/rfc1808.txt", Rule::R2396NetPath),
        (
            "gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles",
            Rule::R2396NetPath,
        ),
        (
            "http://www.math.uio.no/faq/compression-faq/part1.html",
            Rule::R2396NetPath,
        ),
        ("telnet://melvyl.ucop.edu/", Rule::R2396NetPath),
    ] {
        let q = G.valid(input, Rule::R2396AbsoluteUri);
        assert_eq!(q.alternatives, [Rule::R2396HierPart, form], "{input}");
        assert!(q.notes().is_empty(), "{input}: {:?}", q.notes());
    }
    for input in [
        "mailto:mduerst@ifi.unizh.ch",
        "news:comp.infosystems.www.servers.unix",
    ] {
        let q = G.valid(input, Rule::R2396AbsoluteUri);
        assert_eq!(q.alternatives, [Rule::R2396OpaquePart], "{input}");
    }
    let q = G.p("mailto:mduerst@ifi.unizh.ch");
    assert_eq!(c(&q, "scheme"), Some("mailto"));
    assert_eq!(c(&q, "opaque_part"), Some("mduerst@ifi.unizh.ch"));
    assert_eq!(c(&q, "path"), Some("mduerst@ifi.unizh.ch"));
    assert_eq!(c(&q, "authority"), None);
    assert_eq!(q.components.get("segments"), Some(None));
}

#[test]
fn the_appendix_b_example_gives_its_components() {
    // "$2 = http, $4 = www.ics.uci.edu, $5 = /pub/ietf/uri/, $7 = <undefined>,
    // $9 = Related".
    let q = G.valid(
        "http://www.ics.uci.edu/pub/ietf/uri/#Related",
        Rule::R2396AbsoluteUri,
    );
    let s = |v: &'static str| Some(Value::Str(v.into()));
    let l = |v: &[&'static str]| Some(Value::List(texts(v)));
    let want = [
        ("scheme", s("http")),
        ("opaque_part", None),
        ("authority", s("www.ics.uci.edu")),
        ("server", s("www.ics.uci.edu")),
        ("reg_name", None),
        ("userinfo", None),
        ("host", s("www.ics.uci.edu")),
        ("hostname", s("www.ics.uci.edu")),
        ("IPv4address", None),
        ("IPv6reference", None),
        ("port", None),
        ("path", s("/pub/ietf/uri/")),
        ("segments", l(&["pub", "ietf", "uri", ""])),
        ("params", l(&["", "", "", ""])),
        ("query", None),
        ("fragment", s("Related")),
    ];
    let got: Vec<(&str, Option<Value>)> =
        q.components.iter().map(|(n, v)| (n, v.clone())).collect();
    assert_eq!(got.len(), COMPONENTS.len());
    for ((name, value), (want_name, want_value)) in got.iter().zip(&want) {
        assert_eq!(name, want_name);
        assert_eq!(value, want_value, "{name}");
    }
}

/// Appendix C's base and every reference of C.1 and C.2, as the grammar judges them.
#[test]
fn the_appendix_c_references_as_the_grammar_reads_them() {
    let q = G.valid("http://a/b/c/d;p?q", Rule::R2396AbsoluteUri);
    assert_eq!(list(&q, "segments"), ["b", "c", "d"]);
    assert_eq!(list(&q, "params"), ["", "", ";p"]);
    assert_eq!(c(&q, "query"), Some("q"));
    for r in crate::testing::RELATIVE_PATH_EXAMPLES {
        let q = G.valid(r, Rule::R2396RelativeUri);
        assert_eq!(q.alternatives, [Rule::R2396RelPath], "{r}");
    }
    for r in ["/g", "/./g", "/../g"] {
        let q = G.valid(r, Rule::R2396RelativeUri);
        assert_eq!(q.alternatives, [Rule::R2396AbsPath], "{r}");
    }
    let q = G.valid("//g", Rule::R2396RelativeUri);
    assert_eq!(q.alternatives, [Rule::R2396NetPath]);
    for r in ["g:h", "http:g"] {
        let q = G.valid(r, Rule::R2396AbsoluteUri);
        assert_eq!(q.alternatives, [Rule::R2396OpaquePart], "{r}");
    }
    // "#s" and "<>" (the empty reference) hold no URI: the empty option of
    // `[ absoluteURI | relativeURI ]`, and a reference to the current document.
    let q = G.valid("#s", Rule::R2396UriReference);
    assert_data(&q, "current-document", &["s"]);
    let q = G.valid("", Rule::R2396UriReference);
    assert_data(&q, "current-document", &[]);
    assert_eq!(c(&q, "path"), Some(""));
    // C.1 resolves "?y", but no production derives it: relativeURI needs a net_path,
    // an abs_path or a rel_path before the "?", and rel_path = rel_segment [ abs_path ]
    // with rel_segment = 1*( ... ) is never empty.
    let q = G.invalid("?y", Rule::R2396RelSegment, 0);
    assert!(q.note("current-document").is_none());
    G.invalid("?", Rule::R2396RelSegment, 0);
}

#[test]
fn segments_and_params() {
    // Section 3.3: "Each path segment may include a sequence of parameters".
    let q = G.valid("/a;x;y/b;/c", Rule::R2396RelativeUri);
    assert_eq!(list(&q, "segments"), ["a", "b", "c"]);
    assert_eq!(list(&q, "params"), [";x;y", ";", ""]);
    // A rel_path's rel_segment is the first segment, split at its ";".
    let q = G.valid("g;x=1/../y", Rule::R2396RelativeUri);
    assert_eq!(list(&q, "segments"), ["g", "..", "y"]);
    assert_eq!(list(&q, "params"), [";x=1", "", ""]);
    assert_eq!(c(&q, "path"), Some("g;x=1/../y"));
    let q = G.valid(";x", Rule::R2396RelativeUri);
    assert_eq!(
        (list(&q, "segments"), list(&q, "params")),
        (vec![""], vec![";x"])
    );
    // "/" is one empty segment; no path at all is no segments.
    let q = G.valid("http://a/", Rule::R2396AbsoluteUri);
    assert_eq!(list(&q, "segments"), [""]);
    assert_eq!(c(&q, "path"), Some("/"));
    let q = G.valid("http://a", Rule::R2396AbsoluteUri);
    assert_eq!(q.components.get("segments"), Some(None));
    assert_eq!(q.components.get("params"), Some(None));
    assert_eq!(c(&q, "path"), Some(""));
    // Empty segments and params anywhere.
    let q = G.valid("http://a//;;/", Rule::R2396AbsoluteUri);
    assert_eq!(list(&q, "segments"), ["", "", ""]);
    assert_eq!(list(&q, "params"), ["", ";;", ""]);
    // Appendix G.2: "<foo:/bar> and <foo:bar>": the slash is part of the path.
    let q = G.valid("foo:/bar", Rule::R2396AbsoluteUri);
    assert_eq!(q.alternatives, [Rule::R2396HierPart, Rule::R2396AbsPath]);
    assert_eq!(c(&q, "path"), Some("/bar"));
    let q = G.valid("foo:bar", Rule::R2396AbsoluteUri);
    assert_eq!(c(&q, "path"), Some("bar"));
    assert_eq!(c(&q, "opaque_part"), Some("bar"));
}

#[test]
fn an_opaque_part_is_never_empty() {
    // opaque_part = uric_no_slash *uric.
    G.invalid("s:", Rule::R2396OpaquePart, 2);
    G.invalid("s:#f", Rule::R2396OpaquePart, 2);
    G.invalid("s:%zz", Rule::R2396Escaped, 2);
    // "?" is a uric_no_slash, so an opaque_part may start with it.
    let q = G.valid("s:?x", Rule::R2396AbsoluteUri);
    assert_eq!(c(&q, "opaque_part"), Some("?x"));
    assert_eq!((c(&q, "path"), c(&q, "query")), (Some(""), Some("x")));
    // After the first character, any uric, "/" included.
    G.valid("s:a/b//c", Rule::R2396AbsoluteUri);
    G.invalid("s:a b", Rule::R2396OpaquePart, 3);
}

#[test]
fn an_opaque_query_is_the_grammars_opaque_part_and_appendix_bs_query() {
    let q = G.valid("mailto:a?subject=b", Rule::R2396AbsoluteUri);
    assert_eq!(c(&q, "opaque_part"), Some("a?subject=b"));
    assert_eq!(c(&q, "path"), Some("a"));
    assert_eq!(c(&q, "query"), Some("subject=b"));
    assert!(ambiguous(&q, Rule::R2396OpaquePart));
    assert!(!ambiguous(&G.p("mailto:a"), Rule::R2396OpaquePart));
}

#[test]
fn schemes() {
    // Section 3.1: upper case is in the BNF, and should be read as lower case.
    let q = G.valid("HTTP://h/", Rule::R2396AbsoluteUri);
    assert_eq!(c(&q, "scheme"), Some("HTTP"));
    assert_data(&q, "scheme-case", &["http"]);
    assert!(G.p("http://h/").note("scheme-case").is_none());
    G.valid("a+b-c.d:x", Rule::R2396AbsoluteUri);
    // Appendix G.2: "The syntax for URI scheme has been changed to require that all
    // schemes begin with an alpha character."
    let q = G.invalid("1abc:x", Rule::R2396Scheme, 0);
    assert_data(&q, "colon-in-first-segment", &["1abc:x"]);
    G.invalid("+a:x", Rule::R2396Scheme, 0);
    // Section 5: a colon in the first segment of a relative path "would be mistaken for
    // a scheme name"; Appendix B takes "a@b" as the scheme, and scheme fails at "@".
    let q = G.invalid("a@b:c/d", Rule::R2396Scheme, 1);
    assert_data(&q, "colon-in-first-segment", &["a@b:c"]);
    // "It is therefore necessary to precede such segments with other segments (e.g.,
    // "./this:that")".
    let q = G.valid("./this:that", Rule::R2396RelativeUri);
    assert!(q.note("colon-in-first-segment").is_none());
    let q = G.valid("this:that", Rule::R2396AbsoluteUri);
    assert_eq!(c(&q, "scheme"), Some("this"));
    // A colon first is no scheme (Appendix B: one or more characters before it), and
    // rel_segment holds no ":".
    G.invalid(":g", Rule::R2396RelSegment, 0);
}

#[test]
fn servers_and_registry_names() {
    // Section 3.2.2: "<userinfo>@<host>:<port>".
    let q = G.valid("ftp://u;x:p@host.dom:21/", Rule::R2396AbsoluteUri);
    assert_eq!(c(&q, "authority"), Some("u;x:p@host.dom:21"));
    assert_eq!(c(&q, "server"), Some("u;x:p@host.dom:21"));
    assert_eq!(c(&q, "reg_name"), None);
    assert_eq!(c(&q, "userinfo"), Some("u;x:p"));
    assert_eq!(c(&q, "host"), Some("host.dom"));
    assert_eq!(c(&q, "hostname"), Some("host.dom"));
    assert_eq!(c(&q, "IPv4address"), None);
    assert_eq!(c(&q, "port"), Some("21"));
    // "Some URL schemes use the format "user:password" [...] NOT RECOMMENDED".
    assert_data(&q, "userinfo-password", &[]);
    assert!(ambiguous(&q, Rule::R2396Authority));
    // Appendix G.2: "The question-mark "?" character was removed from the set of allowed
    // characters for the userinfo": the authority ends at "?".
    let q = G.valid("ftp://u?x@h/", Rule::R2396AbsoluteUri);
    assert_eq!(
        (c(&q, "authority"), c(&q, "query")),
        (Some("u"), Some("x@h/"))
    );
    // IPv4 addresses: "four decimal digit groups separated by ".""
    let q = G.valid("http://1.2.3.4/", Rule::R2396AbsoluteUri);
    assert_eq!(c(&q, "IPv4address"), Some("1.2.3.4"));
    assert_eq!(c(&q, "hostname"), None);
    // Not a server, but a reg_name: its characters are reg_name's.
    for (input, authority) in [
        ("http://1.2.3/", "1.2.3"),
        ("http://a.1b/", "a.1b"),
        ("http://h_x/", "h_x"),
        ("http://a@b@c/", "a@b@c"),
        ("http://h:8x/", "h:8x"),
        ("http://:80/", ":80"),
        ("http://-a.b/", "-a.b"),
        ("http://a.b../", "a.b.."),
    ] {
        let q = G.valid(input, Rule::R2396AbsoluteUri);
        assert_eq!(c(&q, "reg_name"), Some(authority), "{input}");
        assert_eq!(c(&q, "server"), None, "{input}");
        assert_eq!(c(&q, "host"), None, "{input}");
        assert!(!ambiguous(&q, Rule::R2396Authority), "{input}");
    }
    // Section 3.2.2: the rightmost label "may be followed by a single "."".
    let q = G.valid("http://a.b./", Rule::R2396AbsoluteUri);
    assert_eq!(c(&q, "hostname"), Some("a.b."));
    // Appendix G.3: "The URL port is now *digit".
    let q = G.valid("http://h:/", Rule::R2396AbsoluteUri);
    assert_eq!(c(&q, "port"), Some(""));
    assert_data(&q, "empty-port", &[]);
    // An empty authority is an empty server (server = [ ... ]): no host.
    let q = G.valid("file:///etc", Rule::R2396AbsoluteUri);
    assert_eq!((c(&q, "authority"), c(&q, "server")), (Some(""), Some("")));
    assert_eq!(c(&q, "host"), None);
    assert!(!ambiguous(&q, Rule::R2396Authority));
    // Section 6: "the scheme and hostname are case insensitive".
    let q = G.valid("http://WWW.Xerox.com/", Rule::R2396AbsoluteUri);
    assert_data(&q, "hostname-case", &["www.xerox.com"]);
    // An excluded character fails both alternatives; on a tie, the reg_name's failure.
    G.invalid("http://a b/", Rule::R2396RegName, 8);
    G.invalid("http://a%zz/", Rule::R2396Escaped, 8);
    G.invalid("http://a_b%zz/", Rule::R2396Escaped, 10);
}

#[test]
fn ipv6_literals_need_rfc2732() {
    // Section 3.2.2: "Literal IPv6 addresses are not supported": "[" is unwise.
    let q = G.invalid("http://[::1]/", Rule::R2396RegName, 7);
    assert_data(&q, "ipv6-literal", &["[::1]"]);
    // RFC 2732 Section 2's example URLs, but one.
    for (input, literal, port) in [
        (
            "http://[FEDC:BA98:7654:3210:FEDC:BA98:7654:3210]:80/index.html",
            "[FEDC:BA98:7654:3210:FEDC:BA98:7654:3210]",
            Some("80"),
        ),
        (
            "http://[1080:0:0:0:8:800:200C:417A]/index.html",
            "[1080:0:0:0:8:800:200C:417A]",
            None,
        ),
        (
            "http://[3ffe:2a00:100:7031::1]",
            "[3ffe:2a00:100:7031::1]",
            None,
        ),
        (
            "http://[1080::8:800:200C:417A]/foo",
            "[1080::8:800:200C:417A]",
            None,
        ),
        (
            "http://[::FFFF:129.144.52.38]:80/index.html",
            "[::FFFF:129.144.52.38]",
            Some("80"),
        ),
        (
            "http://[2010:836B:4179::836B:4179]",
            "[2010:836B:4179::836B:4179]",
            None,
        ),
    ] {
        let q = G.valid_in(input, R, Rule::R2396AbsoluteUri);
        assert_eq!(c(&q, "IPv6reference"), Some(literal), "{input}");
        assert_eq!(c(&q, "host"), Some(literal), "{input}");
        assert_eq!((c(&q, "hostname"), c(&q, "port")), (None, port), "{input}");
        assert!(q.note("ipv6-literal").is_none());
        // "[" is no segment character: no abs_path reading, no reg_name.
        assert!(q.ambiguities.is_empty(), "{input}: {:?}", q.ambiguities);
        G.rejects(input);
    }
    // The seventh, `http://[::192.9.5.5]/ipng`, is not derived by RFC 2373's grammar,
    // read literally: IPv6address = hexpart [ ":" IPv4address ] needs a hexpart before
    // the ":" that precedes the IPv4address, and ":" alone is none.
    G.invalid_in("http://[::192.9.5.5]/ipng", R, Rule::R2396Hex4, 8);
    G.valid_in("http://[:::192.9.5.5]/ipng", R, Rule::R2396AbsoluteUri);
    // RFC 2732 (2): RFC 2373's IPv4address has at most three digits a group, so such a
    // host is no server; it is still a reg_name.
    let q = G.valid("http://1234.1.1.1/", Rule::R2396AbsoluteUri);
    assert_eq!(c(&q, "IPv4address"), Some("1234.1.1.1"));
    let q = G.valid_in("http://1234.1.1.1/", R, Rule::R2396AbsoluteUri);
    assert_eq!(c(&q, "reg_name"), Some("1234.1.1.1"));
    // After the "]", only ":" port.
    G.invalid_in("http://[::1]x/", R, Rule::R2396Hostport, 12);
    G.invalid_in("http://[::1/", R, Rule::R2396Ipv6reference, 11);
    G.invalid_in("http://[x]/", R, Rule::R2396Hex4, 8);
    // RFC 2732 (3): "[" and "]" join reserved, so a query, a fragment or an
    // opaque_part may hold them; the text meant them for the literal alone.
    let q = G.valid_in("http://h/?a[1]=2#[x]", R, Rule::R2396AbsoluteUri);
    assert_data(&q, "rfc2732.brackets-outside-host", &["query", "fragment"]);
    G.invalid("http://h/?a[1]=2", Rule::R2396Query, 11);
    let q = G.valid_in("urn:a[b]", R, Rule::R2396AbsoluteUri);
    assert_data(&q, "rfc2732.brackets-outside-host", &["opaque_part"]);
    // Not in a path segment (pchar lists its characters), nor first in an opaque_part
    // (uric_no_slash neither).
    G.invalid_in("http://h/[x]", R, Rule::R2396Segment, 9);
    G.invalid_in("urn:[b]", R, Rule::R2396OpaquePart, 4);
    // The readings of resolution parse as the strict one does.
    for reading in [Reading::AboveRootRemoved, Reading::SameSchemeRelative] {
        assert_eq!(G.pr("http://[::1]/", reading).verdict, Verdict::Invalid);
    }
}

#[test]
fn the_double_slash_is_an_authority() {
    // Section 4.3: "the authority component wins"; abs_path derives it too.
    let q = G.valid("//g/p", Rule::R2396RelativeUri);
    assert_eq!((c(&q, "authority"), c(&q, "path")), (Some("g"), Some("/p")));
    assert!(ambiguous(&q, Rule::R2396NetPath));
    assert!(ambiguous(&q, Rule::R2396Authority));
    let q = G.valid("http://h_x/", Rule::R2396AbsoluteUri);
    assert!(ambiguous(&q, Rule::R2396NetPath));
    // "///g": an empty authority, then the abs_path "/g".
    let q = G.valid("///g", Rule::R2396RelativeUri);
    assert_eq!((c(&q, "authority"), c(&q, "path")), (Some(""), Some("/g")));
    assert_eq!(list(&q, "segments"), ["g"]);
    let q = G.valid("//", Rule::R2396RelativeUri);
    assert_eq!(c(&q, "authority"), Some(""));
    // A query after the authority.
    let q = G.valid("http://h?x", Rule::R2396AbsoluteUri);
    assert_eq!((c(&q, "path"), c(&q, "query")), (Some(""), Some("x")));
}

#[test]
fn characters_outside_the_grammar_fail_where_they_are() {
    G.invalid("http://h/a b", Rule::R2396Segment, 10);
    G.invalid("http://h/a;b c", Rule::R2396Param, 12);
    G.invalid("http://h/?a b", Rule::R2396Query, 11);
    G.invalid("http://h/%zz", Rule::R2396Escaped, 9);
    G.invalid("http://h/%4", Rule::R2396Escaped, 9);
    G.invalid("http://h/{", Rule::R2396Segment, 9);
    G.invalid("http://h/\u{e9}", Rule::R2396Segment, 9);
    G.invalid("a b", Rule::R2396RelSegment, 1);
    G.invalid("a/b c", Rule::R2396Segment, 3);
    // "#" is excluded: only the first one delimits the fragment.
    G.invalid("http://h/#a#b", Rule::R2396Fragment, 11);
    G.invalid("#a b", Rule::R2396Fragment, 2);
    // The leftmost failing position.
    G.invalid("a b?c d#e f", Rule::R2396RelSegment, 1);
    G.invalid("g?c d#e f", Rule::R2396Query, 3);
    // Section 2.3: marks are unreserved; "$" and "," are reserved now, and still pchar.
    G.valid("http://h/-_.!~*'()$,:@&=+", Rule::R2396AbsoluteUri);
    G.valid("http://h/?;/?:@&=+$,#;/?:@&=+$,", Rule::R2396AbsoluteUri);
    G.valid("http://h/%7B%C3%A9", Rule::R2396AbsoluteUri);
}

#[test]
fn the_path_rule_takes_either_form() {
    use super::path::path;
    use crate::grammar::cx::{Cx, Span};
    let run = |s: &str| {
        let mut cx = Cx::new(s.as_bytes(), Reading::Strict, false);
        path(&mut cx, Span::new(0, s.len()))
    };
    assert_eq!(run(""), Ok(()));
    assert_eq!(run("/a;p/b"), Ok(()));
    assert_eq!(run("a?b/c"), Ok(()));
    assert!(run("a b").is_err());
    assert!(run("/a?b").is_err());
}

#[test]
fn notes_are_the_listed_ones_and_cited() {
    G.assert_notes_listed(&[
        "HTTP://u:p@WWW.x:/",
        "1a:b",
        "",
        "#f",
        "http://[::1]/",
        "a@b:c",
    ]);
    // Every note, under one reading or the other.
    let q = G.pr("http://h/?[x]", R);
    assert!(q.note("rfc2732.brackets-outside-host").is_some());
    assert!(q.notes().iter().all(|n| n.cite.starts_with("RFC 2396 §")));
    let mut seen: Vec<&str> = ["HTTP://u:p@WWW.x:/", "1a:b", "#f", "http://[::1]/"]
        .iter()
        .flat_map(|i| G.p(i).notes().into_iter().map(|n| n.id))
        .collect();
    seen.extend(q.notes().iter().map(|n| n.id));
    for id in notes::IDS {
        assert!(seen.contains(id), "never added: {id}");
    }
}

/// Inputs between them make every rule of Appendix A accept and reject (strict), and
/// every RFC 2732 / RFC 2373 rule too (under the reading); `path`, which no production
/// uses, is never reached by a parse.
#[test]
fn every_rule_accepts_and_rejects_somewhere() {
    let own: &[&[u8]] = &[
        b"//h_x",
        b"/a;b c",
        b"g?a b",
        b"s:",
        b"s:/",
        b"s:{",
        b"s:a{",
        b"1s:a",
        b"s",
        b"s:a//b",
        b"http://[/",
    ];
    let ipv6: &[&[u8]] = &[
        b"http://[::1]/",
        b"http://[1:2:3:4::1.2.3.4]/",
        b"http://[::g]/",
        b"http://[12345::]/",
        b"http://[1.2.3.4]/",
        b"http://[::1/",
        b"http://[1::2::3]/",
        b"http://[:]/",
        b"http://h/",
    ];
    let mut all = G.coverage(&[crate::testing::GENERIC_SYNTAX_INPUTS, own].concat());
    for input in ipv6 {
        all.merge(&G.covered(input, R));
    }
    G.assert_every_rule_accepts_and_rejects(&all, &[Rule::R2396Path], &[Rule::R2396Path]);
}

#[test]
fn any_bytes_get_an_answer() {
    let pieces: &[&[u8]] = &[
        b"a", b"Z", b"1", b".", b"-", b":", b"@", b"/", b"//", b"?", b"#", b";", b"%", b"%4",
        b"%41", b"~", b" ", b"{", b"[", b"]", b"::", b"\xff", b"\x00", b"+", b"=", b"$", b"http:",
        b"1.2.3.4",
    ];
    // Everything a URI reference derives is uric, plus the one "#".
    for reading in [Reading::Strict, R] {
        let uric = |b: &u8| {
            super::classes::reserved_class(reading).contains(*b)
                || super::classes::UNRESERVED.contains(*b)
                || b"%#".contains(b)
        };
        let mut rng = Xorshift(0x5eed_2396);
        for _ in 0..20_000 {
            let input = rng.pieces(pieces, 10);
            G.assert_answer(&input, reading, uric);
            // Recording the rules changes no answer.
            G.covered(&input, reading);
            // The components put back together give the input (Appendix B, Step 7).
            let doc = crate::document::DocReading::new(Document::Rfc2396, reading);
            assert_eq!(crate::invariants::check_parse(doc, &input), Ok(()));
        }
        for b in 0u8..=255 {
            G.assert_answer(&[b], reading, uric);
            let input = [b'h', b't', b':', b'/', b'/', b, b'/', b];
            G.assert_answer(&input, reading, uric);
        }
    }
}
