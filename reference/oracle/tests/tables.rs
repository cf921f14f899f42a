//! Each document's table, on the grammar files that exist and on test fixtures for those
//! that do not yet (tests/fixtures/, transcribed from the documents):
//! the oracle builds, under every reading, and answers what the contract says of the
//! examples it gives.

use urlcert_oracle::{table, Oracle, Verdict, TABLES};

fn fixture(doc: &str) -> String {
    let path = format!(
        "{}/tests/fixtures/{doc}-bnf.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn oracle(doc: &str, reading: Option<&str>) -> Oracle {
    let t = table(doc).expect("a table");
    Oracle::from_text(t, reading, &fixture(doc)).unwrap_or_else(|e| panic!("{doc}: {e}"))
}

/// The verdict and the chain of rules, written `waisaddress > waisindex` (empty for
/// none).
#[track_caller]
fn says(o: &Oracle, input: &str, verdict: Verdict, chain: &str) {
    let a = o.judge(input.as_bytes());
    assert_eq!(
        (a.verdict, a.chain.join(" > ")),
        (verdict, chain.to_string()),
        "{} {:?}: {input:?} gave {a:?}",
        o.doc,
        o.reading
    );
    assert_eq!(a.entry, !a.matched.is_empty(), "{input:?}: {a:?}");
}

#[test]
fn every_table_builds_on_its_grammar_file_when_there_is_one() {
    let dir = urlcert_oracle::grammar_dir();
    let mut built = 0;
    for t in TABLES {
        if !dir.join(t.file).exists() {
            continue;
        }
        let readings = std::iter::once(None).chain(t.readings.iter().map(|(r, _)| Some(*r)));
        for r in readings {
            Oracle::load(t.doc, r, &dir).unwrap_or_else(|e| panic!("{} {r:?}: {e}", t.doc));
            built += 1;
        }
    }
    assert!(built >= 3, "rfc1738 (two readings) and draft-1996 at least");
}

#[test]
fn every_table_builds_on_its_fixture() {
    for t in TABLES {
        let Ok(text) = std::fs::read_to_string(format!(
            "{}/tests/fixtures/{}-bnf.txt",
            env!("CARGO_MANIFEST_DIR"),
            t.doc
        )) else {
            continue;
        };
        let readings = std::iter::once(None).chain(t.readings.iter().map(|(r, _)| Some(*r)));
        for r in readings {
            Oracle::from_text(t, r, &text).unwrap_or_else(|e| panic!("{} {r:?}: {e}", t.doc));
        }
    }
}

#[test]
fn unknown_documents_and_readings_are_refused() {
    let dir = urlcert_oracle::grammar_dir();
    assert!(Oracle::load("rfc1739", None, &dir).is_err());
    let e = Oracle::load("rfc1738", Some("mailto-single-colon"), &dir)
        .err()
        .expect("refused");
    assert!(e.to_string().contains("no reading"), "{e}");
}

#[test]
fn draft02_fixture() {
    use Verdict::*;
    let o = oracle("draft-02", None);
    says(
        &o,
        "http://info.cern.ch/hypertext/WWW/TheProject.html",
        Valid,
        "httpaddress",
    );
    says(&o, "http://h/p?a+b#frag", Valid, "httpaddress");
    // `mailto::` in the BNF: one colon is only `generic`.
    says(&o, "mailto::timbl@info.cern.ch", Valid, "mailtoaddress");
    says(&o, "mailto:timbl@info.cern.ch", GenericOnly, "generic");
    // afsaddress "is not a url production": judged by generic.
    says(&o, "afs://cern.ch/usr", Invalid, "");
    says(&o, "afs:cern.ch/usr", Valid, "generic");
    says(&o, "nntp:comp.infosystems/12", Valid, "nntpaddress");
    says(
        &o,
        "wais://quake.think.com/wais-discussion-archives?lynch",
        Valid,
        "waisaddress > waisindex",
    );
    says(&o, "wais://h/db/TEXT/a/b", Valid, "waisaddress > waisdoc");
    // `hsoname path` takes escapes, "%00" among them, so the version is optional twice.
    says(
        &o,
        "prospero://h/a/b%00%001",
        Valid,
        "prosperoaddress > prosperolink",
    );
    says(&o, "prospero://h/a/b#c#d", Invalid, "");
    // `path` cannot begin with "/"; a void fragment is not `xalphas`.
    says(&o, "file:///etc/motd", Invalid, "");
    says(&o, "http://h/p#", Invalid, "");
    says(&o, "foo:bar baz", Valid, "generic");
    let single = oracle("draft-02", Some("mailto-single-colon"));
    says(&single, "mailto:timbl@info.cern.ch", Valid, "mailtoaddress");
    // `xalpha` has ":" (extra), so the second colon is part of the address.
    says(
        &single,
        "mailto::timbl@info.cern.ch",
        Valid,
        "mailtoaddress",
    );
}

#[test]
fn draft03_fixture() {
    use Verdict::*;
    let o = oracle("draft-03", None);
    says(&o, "url:http://info.cern.ch/", Valid, "httpaddress");
    says(&o, "http://info.cern.ch/", Valid, "httpaddress");
    // Outside the closed list.
    says(&o, "file://h/x", NotDefined, "");
    says(&o, "url:foo:bar", NotDefined, "");
    says(&o, "no colon", Invalid, "");
    // In the list, own production failing.
    says(&o, "mailto:a@b", Invalid, "");
    says(&o, "mailto::a@b", Valid, "mailtoaddress");
    // The BNF's prefix is lower case: "URL:" is a scheme "URL" to the BNF alone.
    says(&o, "URL:http://h/", NotDefined, "");
    says(&o, "mid:abc.def@example.org", Valid, "midaddress");
    says(&o, "mid:\"a b\"@[1.2.3.4]", Valid, "midaddress");
    says(&o, "cid:<abc@example.org>", Valid, "cidaddress");
    says(&o, "cid:abc@example.org", Invalid, "");
    says(
        &o,
        "wais://h/db/TEXT/1=a;2=b;",
        Valid,
        "waisaddress > waisdoc",
    );
    says(&o, "ftp://h/fileAN", Valid, "ftpaddress");
    says(&o, "ftp://h/file;type=a", Invalid, "");
    let prose = oracle("draft-03", Some("ftptype-prose"));
    says(&prose, "ftp://h/file;type=a", Valid, "ftpaddress");
    says(&prose, "ftp://h/file;type=L8", Valid, "ftpaddress");
    says(&prose, "ftp://h/file;type=x", Invalid, "");
    says(&prose, "ftp://h/file;type=l255", Valid, "ftpaddress");
    says(&prose, "ftp://h/file;type=L256", Invalid, "");
    says(&prose, "ftp://h/file;type=L0", Invalid, "");
    says(&prose, "ftp://h/file;type=AT", Valid, "ftpaddress");
    says(&prose, "ftp://h//", Valid, "ftpaddress");
    let single = oracle("draft-03", Some("mailto-single-colon"));
    says(&single, "mailto:a@b", Valid, "mailtoaddress");
}

#[test]
fn draft06_fixture() {
    use Verdict::*;
    let o = oracle("draft-06", None);
    says(&o, "http://h/a?b", Valid, "httpurl");
    says(&o, "http://h/a~{b}", Valid, "httpurl");
    says(&o, "HTTP://h/", Invalid, "");
    // fileurl's host is mandatory in the BNF.
    says(&o, "file:///etc", GenericOnly, "otherurl");
    says(&o, "news:comp.a+b", GenericOnly, "otherurl");
    says(&o, "x-foo:bar", Valid, "otherurl");
}

#[test]
fn rfc1808_fixture() {
    use Verdict::*;
    let o = oracle("rfc1808", None);
    says(&o, "http://a/b/c/d;p?q#f", Valid, "generic-RL > net_path");
    says(&o, "g;x?y#s", Valid, "rel_path");
    says(&o, "//g", Valid, "net_path");
    says(&o, "/g", Valid, "abs_path");
    says(&o, "", Valid, "rel_path");
    says(&o, "#f", Valid, "rel_path");
    says(&o, "http://h?x", Valid, "generic-RL > net_path");
    says(&o, "a b", Invalid, "");
}

#[test]
fn the_real_tables_judge_the_examples_of_their_documents() {
    use Verdict::*;
    let dir = urlcert_oracle::grammar_dir();
    let o = Oracle::load("rfc1738", None, &dir).unwrap();
    says(&o, "ftp://myname@host.dom/%2Fetc/motd", Valid, "ftpurl");
    says(&o, "wais://h/db?x", Valid, "waisurl > waisindex");
    says(&o, "http://user@h/", GenericOnly, "otherurl > genericurl");
    says(&o, "HTTP://h/", Invalid, "");
    says(&o, "x-foo:bar", Valid, "otherurl > genericurl");
    let o = Oracle::load("draft-1996", None, &dir).unwrap();
    says(&o, "http://a/b/c/d;p?q", Valid, "generic-URL > net_path");
    says(&o, "../g", Valid, "rel_path");
    says(&o, "//g", Valid, "net_path");
    // The BNF alone: "//bad_host" is an empty first segment (Section 4.3.1 disagrees).
    says(&o, "//bad_host/", Valid, "abs_path");
    says(&o, "http://h?x", Valid, "generic-URL > abs_path");
}

/// RFC 2396's Appendix A alone, and with RFC 2732's changes: the BNF's answers on the
/// RFC's examples, before any prose.
#[test]
fn rfc2396_judges_its_examples() {
    use Verdict::*;
    let dir = urlcert_oracle::grammar_dir();
    let o = Oracle::load("rfc2396", None, &dir).unwrap();
    says(&o, "http://a/b/c/d;p?q", Valid, "absoluteURI > server");
    says(&o, "http://h_x/", Valid, "absoluteURI > reg_name");
    says(
        &o,
        "mailto:mduerst@ifi.unizh.ch",
        Valid,
        "absoluteURI > opaque_part",
    );
    says(&o, "foo:/bar", Valid, "absoluteURI > abs_path");
    says(&o, "g;x=1/../y", Valid, "relativeURI > rel_path");
    says(&o, "//g", Valid, "relativeURI > server");
    says(&o, "/g", Valid, "relativeURI > abs_path");
    says(&o, "#s", Valid, "URI-reference");
    says(&o, "", Valid, "URI-reference");
    // Appendix C.1 resolves "?y"; no production derives it (rel_segment = 1*( ... )).
    says(&o, "?y", Invalid, "");
    // opaque_part = uric_no_slash *uric is never empty; rel_segment holds no ":".
    says(&o, "s:", Invalid, "");
    says(&o, "a@b:c", Invalid, "");
    says(&o, "1abc:x", Invalid, "");
    // "Literal IPv6 addresses are not supported."
    says(&o, "http://[::1]/", Invalid, "");
    let o = Oracle::load("rfc2396", Some("rfc2732"), &dir).unwrap();
    for url in [
        "http://[FEDC:BA98:7654:3210:FEDC:BA98:7654:3210]:80/index.html",
        "http://[1080:0:0:0:8:800:200C:417A]/index.html",
        "http://[3ffe:2a00:100:7031::1]",
        "http://[1080::8:800:200C:417A]/foo",
        "http://[::FFFF:129.144.52.38]:80/index.html",
        "http://[2010:836B:4179::836B:4179]",
    ] {
        says(&o, url, Valid, "absoluteURI > server");
    }
    // RFC 2373's IPv6address, read literally, has no hexpart for "::192.9.5.5".
    says(&o, "http://[::192.9.5.5]/ipng", Invalid, "");
    says(&o, "http://h/?[x]", Valid, "absoluteURI > server");
    says(&o, "http://h/[x]", Invalid, "");
}

/// Every oracle that can be built: the real grammar files and the fixtures, under every
/// reading.
fn every_oracle() -> Vec<Oracle> {
    let dir = urlcert_oracle::grammar_dir();
    let mut out = Vec::new();
    for t in TABLES {
        let real = std::fs::read_to_string(dir.join(t.file)).ok();
        let fixture = std::fs::read_to_string(format!(
            "{}/tests/fixtures/{}-bnf.txt",
            env!("CARGO_MANIFEST_DIR"),
            t.doc
        ))
        .ok();
        for text in real.iter().chain(fixture.iter()) {
            let readings = std::iter::once(None).chain(t.readings.iter().map(|(r, _)| Some(*r)));
            for r in readings {
                out.push(Oracle::from_text(t, r, text).expect("builds"));
            }
        }
    }
    out
}

/// The generator and the compiler read the same AST: a string generated from a
/// candidate matches that candidate, and (the table's wrapper being right) the entry
/// production matches exactly when some candidate does, on generated strings and on
/// their mutations.
#[test]
fn generated_strings_match_their_candidate_and_the_entry_agrees() {
    use urlcert_oracle::generate::{mutate, Generator, Rng};
    let mut rng = Rng::new(7);
    for o in every_oracle() {
        let g = Generator::new(&o);
        for (label, start) in &o.starts {
            for _ in 0..60 {
                let s = g.string(&mut rng, start);
                let a = o.judge(&s);
                assert!(
                    a.matched.contains(label),
                    "{} {:?}: {:?} was generated from {label} but does not match it: {a:?}",
                    o.doc,
                    o.reading,
                    String::from_utf8_lossy(&s)
                );
                for m in [s.clone(), mutate(&mut rng, &s)] {
                    let a = o.judge(&m);
                    assert_eq!(
                        a.entry,
                        !a.matched.is_empty(),
                        "{} {:?}: {:?}: {a:?}",
                        o.doc,
                        o.reading,
                        String::from_utf8_lossy(&m)
                    );
                }
            }
        }
    }
}

/// RFC 3986's table on the RFC's own examples: which alternative of `URI-reference`,
/// and which path rule, derives each.
#[test]
fn the_rfc3986_table_judges_the_rfc_examples() {
    use Verdict::*;
    let o = Oracle::new("rfc3986", None).unwrap();
    // Section 3's examples, Section 1.1.2's, Appendix D.2's "dav:".
    says(
        &o,
        "foo://example.com:8042/over/there?name=ferret#nose",
        Valid,
        "URI > path-abempty",
    );
    says(
        &o,
        "urn:example:animal:ferret:nose",
        Valid,
        "URI > path-rootless",
    );
    says(
        &o,
        "ldap://[2001:db8::7]/c=GB?objectClass?one",
        Valid,
        "URI > path-abempty",
    );
    says(&o, "telnet://192.0.2.16:80/", Valid, "URI > path-abempty");
    says(&o, "dav:", Valid, "URI > path-empty");
    says(&o, "a:/b", Valid, "URI > path-absolute");
    // Section 4.2's three kinds of relative reference, and Section 4.4's.
    says(&o, "//g", Valid, "relative-ref > path-abempty");
    says(&o, "/g", Valid, "relative-ref > path-absolute");
    says(&o, "../g", Valid, "relative-ref > path-noscheme");
    says(&o, "./this:that", Valid, "relative-ref > path-noscheme");
    says(&o, "", Valid, "relative-ref > path-empty");
    says(&o, "#s", Valid, "relative-ref > path-empty");
    // A first segment with a colon that is no scheme.
    says(&o, "1this:that", Invalid, "");
    // Quoted strings match either case: "v" and "V".
    says(&o, "//[v1.x]", Valid, "relative-ref > path-abempty");
    says(&o, "//[V1.x]", Valid, "relative-ref > path-abempty");
    says(&o, "//[::1.2.3.256]", Invalid, "");
    says(&o, "//[1::2::3]", Invalid, "");
    says(&o, "//1.2.3.256", Valid, "relative-ref > path-abempty");
    says(&o, "http://h/%4g", Invalid, "");
    // The one prose value, `path-empty = 0<pchar>`, is the empty string.
    assert_eq!(o.rule_pattern("path-empty").unwrap(), "");
}

/// The grammars compiled into the crate are the files as they stand, every table's file
/// is among them, and `Oracle::new` (which reads nothing at run time) builds every
/// document under every reading and judges as `Oracle::load` does.
#[test]
fn the_compiled_in_grammars_are_the_files() {
    let dir = urlcert_oracle::grammar_dir();
    for (file, text) in urlcert_oracle::GRAMMARS {
        let on_disk =
            std::fs::read_to_string(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(*text, on_disk, "{file}: compiled in, not as on disk");
    }
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| n.ends_with(".txt"))
        .collect();
    files.sort();
    let mut compiled: Vec<String> = urlcert_oracle::GRAMMARS
        .iter()
        .map(|(f, _)| f.to_string())
        .collect();
    compiled.sort();
    assert_eq!(compiled, files, "every grammar file is compiled in");
    for t in TABLES {
        assert!(
            urlcert_oracle::grammar_text(t.file).is_some(),
            "{}: {} is not compiled in",
            t.doc,
            t.file
        );
        let readings = std::iter::once(None).chain(t.readings.iter().map(|(r, _)| Some(*r)));
        for r in readings {
            let new = Oracle::new(t.doc, r).unwrap_or_else(|e| panic!("{} {r:?}: {e}", t.doc));
            let loaded = Oracle::load(t.doc, r, &dir).unwrap();
            for input in [
                "http://user@h:80/a;b?c#d",
                "ftp://h/a;type=d",
                "x:y",
                "",
                "//g",
            ] {
                assert_eq!(
                    new.judge(input.as_bytes()),
                    loaded.judge(input.as_bytes()),
                    "{} {r:?}: {input:?}",
                    t.doc
                );
            }
        }
    }
    assert!(Oracle::new("rfc1739", None).is_err());
}
