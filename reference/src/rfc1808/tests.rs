//! Expectations taken from the text of RFC 1808, section by section.

use super::{notes, parse, parse_with_coverage, COMPONENTS};
use crate::document::{Document, Reading};
use crate::grammar::outcome::{Parse, Value, Verdict};
use crate::grammar::rule::Rule;
use crate::testing::{assert_data, c, huge, Grammar, HOSTILE_BYTES};

const G: Grammar = Grammar {
    doc: Document::Rfc1808,
    generic: Some(Rule::R1808AbsoluteUrl),
    cite: "RFC 1808 §",
    notes_quote: true,
};

/// The six components, in order: `None` absent, `Some` present.
fn six<'a>(q: &'a Parse) -> [Option<&'a str>; 6] {
    let mut out = [None; 6];
    for (slot, name) in out.iter_mut().zip(COMPONENTS) {
        *slot = c(q, name);
    }
    out
}

#[test]
fn the_section_5_base_has_all_six_components() {
    let q = G.valid("http://a/b/c/d;p?q#f", Rule::R1808GenericRl);
    let names: Vec<&str> = q.components.iter().map(|(n, _)| n).collect();
    assert_eq!(names, COMPONENTS);
    assert_eq!(
        six(&q),
        [
            Some("http"),
            Some("a"),
            Some("b/c/d"),
            Some("p"),
            Some("q"),
            Some("f")
        ]
    );
    // Every generic-RL is also `scheme ":" *( uchar | reserved )`.
    assert_eq!(
        q.alternatives,
        [Rule::R1808GenericRl, Rule::R1808AbsoluteUrl]
    );
    assert!(q.notes().is_empty(), "{:?}", q.notes());
}

#[test]
fn the_urls_sections_3_8_and_10_print_are_generic_rls() {
    for (input, path) in [
        ("http://www.ics.uci.edu/Test/a/b/c", "Test/a/b/c"),
        ("http://www.ics.uci.edu/pub/ietf/html/", "pub/ietf/html/"),
        ("http://www.ics.uci.edu/Test/a/x", "Test/a/x"),
    ] {
        let q = G.valid(input, Rule::R1808GenericRl);
        assert_eq!(c(&q, "net_loc"), Some("www.ics.uci.edu"));
        assert_eq!(c(&q, "path"), Some(path));
    }
    let q = G.valid("../x", Rule::R1808RelPath);
    assert_eq!(six(&q), [None, None, Some("../x"), None, None, None]);
}

#[test]
fn every_section_5_reference_derives() {
    // Section 5.1 and 5.2, parsed as URLs: (reference, form).
    let relative = [
        ("g", Rule::R1808RelPath),
        ("./g", Rule::R1808RelPath),
        ("g/", Rule::R1808RelPath),
        ("/g", Rule::R1808AbsPath),
        ("//g", Rule::R1808NetPath),
        ("?y", Rule::R1808RelPath),
        ("g?y", Rule::R1808RelPath),
        ("g?y/./x", Rule::R1808RelPath),
        ("#s", Rule::R1808RelPath),
        ("g#s", Rule::R1808RelPath),
        ("g#s/./x", Rule::R1808RelPath),
        ("g?y#s", Rule::R1808RelPath),
        (";x", Rule::R1808RelPath),
        ("g;x", Rule::R1808RelPath),
        ("g;x?y#s", Rule::R1808RelPath),
        (".", Rule::R1808RelPath),
        ("./", Rule::R1808RelPath),
        ("..", Rule::R1808RelPath),
        ("../", Rule::R1808RelPath),
        ("../g", Rule::R1808RelPath),
        ("../..", Rule::R1808RelPath),
        ("../../", Rule::R1808RelPath),
        ("../../g", Rule::R1808RelPath),
        ("", Rule::R1808RelPath),
        ("../../../g", Rule::R1808RelPath),
        ("../../../../g", Rule::R1808RelPath),
        ("/./g", Rule::R1808AbsPath),
        ("/../g", Rule::R1808AbsPath),
        ("g.", Rule::R1808RelPath),
        (".g", Rule::R1808RelPath),
        ("g..", Rule::R1808RelPath),
        ("..g", Rule::R1808RelPath),
        ("./../g", Rule::R1808RelPath),
        ("./g/.", Rule::R1808RelPath),
        ("g/./h", Rule::R1808RelPath),
        ("g/../h", Rule::R1808RelPath),
    ];
    for (input, rule) in relative {
        let q = G.valid(input, rule);
        assert_eq!(q.alternatives, [rule], "{input:?}");
        assert_eq!(c(&q, "scheme"), None, "{input:?}");
        assert!(q.ambiguities.is_empty(), "{input:?}");
    }
    for input in ["g:h", "http:g", "http:"] {
        let q = G.valid(input, Rule::R1808GenericRl);
        // pchar holds ":", so these also derive as a rel_path.
        assert_eq!(q.ambiguities.len(), 1, "{input:?}");
        assert_eq!(q.ambiguities[0].rule, Rule::R1808Url);
    }
    assert_eq!(
        six(&G.p("g;x?y#s")),
        [None, None, Some("g"), Some("x"), Some("y"), Some("s")]
    );
    assert_eq!(
        six(&G.p("//g")),
        [None, Some("g"), Some(""), None, None, None]
    );
    assert_eq!(
        six(&G.p("g?y/./x")),
        [None, None, Some("g"), None, Some("y/./x"), None]
    );
    assert_eq!(
        six(&G.p("http:")),
        [Some("http"), None, Some(""), None, None, None]
    );
    assert_eq!(six(&G.p("")), [None, None, Some(""), None, None, None]);
}

#[test]
fn the_section_5_3_forms_of_this_colon_that() {
    // "they will likely be mistaken for a scheme name": Section 2.4.2 takes "this".
    let q = G.valid("this:that", Rule::R1808GenericRl);
    assert_eq!(c(&q, "scheme"), Some("this"));
    assert_eq!(c(&q, "path"), Some("that"));
    assert!(q.note("colon-in-first-segment").is_none());
    let q = G.valid("./this:that", Rule::R1808RelPath);
    assert_eq!(c(&q, "path"), Some("./this:that"));
    assert!(q.note("colon-in-first-segment").is_none());
    let q = G.valid("this%3Athat", Rule::R1808RelPath);
    assert_eq!(c(&q, "scheme"), None);
    // A colon after a character no scheme name holds: relative, with the note.
    let q = G.valid("a@b:c", Rule::R1808RelPath);
    assert_data(&q, "colon-in-first-segment", &["a@b:c"]);
    let q = G.valid(":g/h", Rule::R1808RelPath);
    assert_data(&q, "colon-in-first-segment", &[":g"]);
    // Only the first segment counts, and only without scheme, net_loc or slash.
    for input in ["g/a:b", "/a:b", "//a:b", "g;a:b"] {
        assert!(
            G.p(input).note("colon-in-first-segment").is_none(),
            "{input}"
        );
    }
}

#[test]
fn type_d_params_are_noted_on_ftp_and_relative_urls() {
    let q = G.valid(";type=d", Rule::R1808RelPath);
    assert_eq!(c(&q, "params"), Some("type=d"));
    assert_data(&q, "ftp.type-d", &["type=d"]);
    let q = G.valid("ftp://h/pub/www/doc;type=d", Rule::R1808GenericRl);
    assert_data(&q, "ftp.type-d", &["type=d"]);
    let q = G.valid("FTP://h/doc;x;type=D", Rule::R1808GenericRl);
    assert_data(&q, "ftp.type-d", &["type=D"]);
    for input in [
        "http://h/doc;type=d",
        "ftp://h/doc;type=a",
        ";type=dd",
        "g?;type=d",
    ] {
        assert!(G.p(input).note("ftp.type-d").is_none(), "{input}");
    }
    assert_eq!(notes::IDS, ["colon-in-first-segment", "ftp.type-d"]);
}

#[test]
fn net_loc_takes_question_marks_and_semicolons() {
    // net_loc = *( pchar | ";" | "?" ), ended only by "/" (Section 2.4.3).
    let q = G.valid("http://h?x", Rule::R1808GenericRl);
    assert_eq!(
        six(&q),
        [Some("http"), Some("h?x"), Some(""), None, None, None]
    );
    let q = G.valid("http://u;p@h:80?x/y;z?w", Rule::R1808GenericRl);
    assert_eq!(
        six(&q),
        [
            Some("http"),
            Some("u;p@h:80?x"),
            Some("y"),
            Some("z"),
            Some("w"),
            None
        ]
    );
    // No host syntax: anything pchar goes, and an empty net_loc derives.
    G.valid("http://-_.!*'(),$+&=:@/", Rule::R1808GenericRl);
    let q = G.valid("file:///etc/motd", Rule::R1808GenericRl);
    assert_eq!(c(&q, "net_loc"), Some(""));
    assert_eq!(c(&q, "path"), Some("etc/motd"));
    G.valid("//", Rule::R1808NetPath);
    // But "%" must start an escape, and "#" ends it.
    G.invalid("http://h%zz/", Rule::R1808Escape, 8);
    let q = G.valid("http://h#/x", Rule::R1808GenericRl);
    assert_eq!(c(&q, "net_loc"), Some("h"));
    assert_eq!(c(&q, "fragment"), Some("/x"));
}

#[test]
fn a_path_never_begins_with_an_empty_segment() {
    // fsegment = 1*pchar: "//etc/motd" after the net_loc is no path.
    let q = G.generic_only("ftp://host//etc/motd", Rule::R1808Fsegment, 11);
    assert_eq!(q.rule, Some(Rule::R1808AbsoluteUrl));
    assert_eq!(q.alternatives, [Rule::R1808AbsoluteUrl]);
    // The split's components are still reported.
    assert_eq!(
        six(&q),
        [
            Some("ftp"),
            Some("host"),
            Some("/etc/motd"),
            None,
            None,
            None
        ]
    );
    // The whole URL still derives as a rel_path ("ftp:" is a pchar segment).
    assert_eq!(q.ambiguities.len(), 1);
    // Without a scheme there is no second alternative: invalid.
    G.invalid("////y", Rule::R1808Fsegment, 3);
    // An empty net_loc, then a path whose later segments are empty; params after an
    // empty path may start with "/".
    assert_eq!(
        c(&G.valid("///x//y", Rule::R1808NetPath), "path"),
        Some("x//y")
    );
    assert_eq!(
        c(&G.valid("/;x//y", Rule::R1808AbsPath), "params"),
        Some("x//y")
    );
    // Later segments may be empty.
    let q = G.valid("a//b/", Rule::R1808RelPath);
    assert_eq!(c(&q, "path"), Some("a//b/"));
    G.valid("/a//", Rule::R1808AbsPath);
    // An empty path is the absent [ path ], with or without its slash.
    G.valid("/", Rule::R1808AbsPath);
    G.valid("/?q", Rule::R1808AbsPath);
    G.valid("http://h/", Rule::R1808GenericRl);
}

#[test]
fn params_take_slashes_and_semicolons() {
    // param = *( pchar | "/" ); params = param *( ";" param ).
    let q = G.valid("g;x=1/../y", Rule::R1808RelPath);
    assert_eq!(c(&q, "path"), Some("g"));
    assert_eq!(c(&q, "params"), Some("x=1/../y"));
    let q = G.valid("http://a/b;p/c", Rule::R1808GenericRl);
    assert_eq!(c(&q, "path"), Some("b"));
    assert_eq!(c(&q, "params"), Some("p/c"));
    let q = G.valid("g;;a;/;", Rule::R1808RelPath);
    assert_eq!(c(&q, "params"), Some(";a;/;"));
    // Present and empty is not absent.
    assert_eq!(c(&G.p("g;"), "params"), Some(""));
    assert_eq!(c(&G.p("g"), "params"), None);
    // Section 2.1: "If both <params> and <query> are present, the <query> information
    // must occur after the <params>": a ";" after the "?" is query.
    let q = G.valid("g?y;x", Rule::R1808RelPath);
    assert_eq!((c(&q, "params"), c(&q, "query")), (None, Some("y;x")));
    // "?" and "#" are no param characters; "?" starts the query.
    G.invalid("g;a b", Rule::R1808Param, 3);
}

#[test]
fn query_and_fragment_take_every_reserved_character() {
    let q = G.valid("g?;/?:@&=#;/?:@&=", Rule::R1808RelPath);
    assert_eq!(c(&q, "query"), Some(";/?:@&="));
    assert_eq!(c(&q, "fragment"), Some(";/?:@&="));
    // Present and empty.
    let q = G.valid("g?#", Rule::R1808RelPath);
    assert_eq!((c(&q, "query"), c(&q, "fragment")), (Some(""), Some("")));
    // The first "#" ends the URL; a second is no fragment character.
    G.invalid("g#a#b", Rule::R1808Fragment, 3);
    G.invalid("g?a b", Rule::R1808Query, 3);
    G.invalid("g?%4", Rule::R1808Escape, 2);
}

#[test]
fn scheme_names_follow_section_2_4_2() {
    // Upper case, digits, "+", "-", "." are scheme characters; a leading digit too.
    for input in ["HTTP://h/", "x-y+z.1:", "1abc:def", "a:"] {
        G.valid(input, Rule::R1808GenericRl);
    }
    // A character not allowed in a scheme name before the colon: no scheme.
    for input in ["a_b:c", "a@b:c", "a%41:b"] {
        let q = G.valid(input, Rule::R1808RelPath);
        assert_eq!(c(&q, "scheme"), None, "{input}");
    }
    // A colon in the first position: no scheme, and a pchar.
    let q = G.valid(":", Rule::R1808RelPath);
    assert_eq!(c(&q, "path"), Some(":"));
}

#[test]
fn absolute_urls_outside_generic_rl_are_generic_only() {
    // Section 2.3's "reserved characters for purposes outside the generic-RL syntax":
    // an empty first segment after the scheme, where a path would have to begin.
    let q = G.generic_only("gopher://h//x", Rule::R1808Fsegment, 11);
    assert_eq!(c(&q, "scheme"), Some("gopher"));
    // The second alternative also fails on an excluded character: invalid, at the
    // leftmost failure.
    G.invalid("ftp://h//x y", Rule::R1808Fsegment, 8);
    G.invalid("http://h/a b", Rule::R1808Fsegment, 10);
    G.invalid("http://h/a/b c", Rule::R1808Segment, 12);
    G.invalid("http://h/a%2", Rule::R1808Escape, 10);
    G.invalid("mailto:a b", Rule::R1808Fsegment, 8);
    // national and punctuation characters derive nowhere.
    for (input, at) in [
        ("http://h/~x", 9),
        ("g|", 1),
        ("g<", 1),
        ("g\"", 1),
        ("g{", 1),
    ] {
        let q = G.p(input);
        assert_eq!(q.verdict, Verdict::Invalid, "{input:?}");
        assert_eq!(q.error.as_ref().unwrap().offset, at, "{input:?}");
    }
    // A generic-only URL whose fragment fails is invalid, at the leftmost failure.
    G.invalid("ftp://h//x#a b", Rule::R1808Fsegment, 8);
    G.invalid("ftp://h/x#a b", Rule::R1808Fragment, 11);
}

#[test]
fn relative_urls_have_no_second_alternative() {
    // Without a scheme, a relativeURL that fails is invalid.
    let q = G.invalid("g h", Rule::R1808Fsegment, 1);
    assert!(q.components.is_empty());
    assert!(q.alternatives.is_empty());
    G.invalid("//h h", Rule::R1808NetLoc, 3);
}

#[test]
fn hostile_inputs_get_a_verdict_without_panicking() {
    // Delimiters alone and doubled.
    let own: &[&[u8]] = &[b"%%", b"#", b"##", b"?", b";", b"//", b"a:", b":"];
    for &input in HOSTILE_BYTES.iter().chain(own) {
        let q = parse(input, Reading::Strict);
        let derives = !input.iter().any(|b| *b >= 0x80 || *b == 0)
            && !input.starts_with(b"%")
            && input != b"##";
        assert_eq!(
            q.verdict == Verdict::Valid,
            derives,
            "{:?}: {q:?}",
            String::from_utf8_lossy(input)
        );
    }
    for (piece, verdict, rule) in [
        ("a/", Verdict::Valid, Some(Rule::R1808RelPath)),
        ("@", Verdict::Valid, Some(Rule::R1808RelPath)),
        (":", Verdict::Valid, Some(Rule::R1808RelPath)),
        ("/", Verdict::Invalid, None),
        (";", Verdict::Valid, Some(Rule::R1808RelPath)),
        ("?", Verdict::Valid, Some(Rule::R1808RelPath)),
        ("#", Verdict::Invalid, None),
        ("%", Verdict::Invalid, None),
    ] {
        let built = huge(b"", piece.as_bytes());
        let q = parse(&built, Reading::Strict);
        assert_eq!((q.verdict, q.rule), (verdict, rule), "1 MiB of {piece:?}");
    }
    // A scheme, then 1 MiB of each.
    for piece in ["a/", "@", ":", ";", "?", "//"] {
        let built = huge(b"h:", piece.as_bytes());
        let q = parse(&built, Reading::Strict);
        let want = if piece == "//" {
            Verdict::GenericOnly
        } else {
            Verdict::Valid
        };
        assert_eq!(q.verdict, want, "h: and 1 MiB of {piece:?}");
    }
}

#[test]
fn coverage_records_the_rules_on_the_way() {
    let all = G.coverage(&[
        "http://a/b/c/d;p?q#f",
        "ftp://h//x",
        "g h",
        "//h/",
        "/g",
        ":%zz",
        "~",
        "<",
        "H",
        "%41",
        "a-b!",
        "//h h",
        "/ ",
        "a/b c",
        ";a b",
        "?a b",
        "#a b",
        "%G4",
        "1",
    ]);
    let (_, cov) = parse_with_coverage(b"http://a/b/c/d;p?q#f", Reading::Strict);
    for rule in [
        Rule::R1808Url,
        Rule::R1808AbsoluteUrl,
        Rule::R1808GenericRl,
        Rule::R1808RelativeUrl,
        Rule::R1808NetPath,
        Rule::R1808AbsPath,
        Rule::R1808RelPath,
        Rule::R1808Path,
        Rule::R1808Fsegment,
        Rule::R1808Segment,
        Rule::R1808Params,
        Rule::R1808Param,
        Rule::R1808Scheme,
        Rule::R1808NetLoc,
        Rule::R1808Query,
        Rule::R1808Fragment,
        Rule::R1808Pchar,
        Rule::R1808Uchar,
        Rule::R1808Unreserved,
        Rule::R1808Alpha,
        Rule::R1808Lowalpha,
    ] {
        assert!(cov.accepted(rule), "{rule}");
    }
    // Every rule of the document is accepted and rejected by some input, except the two
    // classes no production uses.
    let unused = [Rule::R1808National, Rule::R1808Punctuation];
    G.assert_every_rule_accepts_and_rejects(&all, &unused, &unused);
}

#[test]
fn components_are_the_section_2_4_split_as_written() {
    // Escapes are not decoded.
    let q = G.valid("http://a%20b/c%2Fd;e%3B?f%23#g%25", Rule::R1808GenericRl);
    assert_eq!(
        six(&q),
        [
            Some("http"),
            Some("a%20b"),
            Some("c%2Fd"),
            Some("e%3B"),
            Some("f%23"),
            Some("g%25")
        ]
    );
    // http://h and http://h/ both have an empty path; the slash is not part of it.
    assert_eq!(c(&G.p("http://h"), "path"), Some(""));
    assert_eq!(c(&G.p("http://h/"), "path"), Some(""));
    // An invalid URL reports no components.
    assert!(G.p("g h").components.is_empty());
    let q = G.p("g");
    let values: Vec<Option<Value>> = q.components.iter().map(|(_, v)| v).collect();
    assert_eq!(values.len(), COMPONENTS.len());
}
