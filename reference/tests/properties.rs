//! Properties the RFC 1738 BNF implies, checked on generated and hostile inputs. The
//! parser must never panic, whatever the bytes.

use urlcert_reference::rfc1738::classes::{RESERVED, UNRESERVED};
use urlcert_reference::{parse, DocReading, Document, Reading, Rule, Value, Verdict};

mod common;

use common::Xorshift;

const PREFIXES: &[&str] = &[
    "ftp://",
    "file://",
    "http://",
    "gopher://",
    "mailto:",
    "news:",
    "nntp://",
    "telnet://",
    "wais://",
    "prospero://",
    "foo:",
    "x-y://",
    "HTTP://",
    "Ftp://",
    "",
    ":",
    "http:",
];
const PIECES: &[&str] = &[
    "a",
    "b",
    "Z",
    "1",
    "9",
    ".",
    "-",
    "_",
    "+",
    ":",
    "@",
    "/",
    "?",
    ";",
    "=",
    "&",
    "%",
    "%09",
    "%2F",
    "%3b",
    "%4",
    "%G0",
    "*",
    "~",
    " ",
    "#",
    "localhost",
    ";type=",
    ";type=a",
    "a.b",
    "1.2.3.4",
    "\u{e9}",
    "\0",
    "\r\n",
    "\x7f",
    "<",
    ">",
    "\"",
    "{",
    "\\",
    "`",
    "!",
    "'",
    "(",
];

fn inputs() -> Vec<Vec<u8>> {
    let mut g = Xorshift(0x5eed_1738);
    let mut out = Vec::new();
    for _ in 0..20_000 {
        let mut s = g.pick(PREFIXES).as_bytes().to_vec();
        for _ in 0..g.draw() % 12 {
            s.extend_from_slice(g.pick(PIECES).as_bytes());
        }
        out.push(s);
    }
    for b in 0u8..=255 {
        out.push(vec![b]);
        out.push([b"http://h/".as_slice(), &[b]].concat());
        out.push([b"gopher://h/1".as_slice(), &[b, b'%', b]].concat());
    }
    out
}

fn is_xchar_octet(b: u8) -> bool {
    UNRESERVED.contains(b) || RESERVED.contains(b) || b == b'%'
}

#[test]
fn default_coverage_answers_for_every_rule() {
    let c = urlcert_reference::Coverage::default();
    assert!(Rule::ALL.iter().all(|&r| !c.accepted(r) && !c.rejected(r)));
}

#[test]
fn generated_inputs_keep_the_invariants() {
    for input in inputs() {
        for reading in [Reading::Strict, Reading::SchemeCaseIgnore] {
            let p = parse(DocReading::new(Document::Rfc1738, reading), &input);
            let shown = String::from_utf8_lossy(&input);
            match p.verdict {
                Verdict::Valid => {
                    assert!(p.error.is_none() && p.rule.is_some(), "{shown:?}");
                    // Every scheme production derives only strings otherurl derives too.
                    assert!(p.alternatives.contains(&Rule::Otherurl), "{shown:?}");
                }
                Verdict::GenericOnly => {
                    assert_eq!(p.rule, Some(Rule::Otherurl), "{shown:?}");
                    assert!(p.error.is_some(), "{shown:?}");
                }
                Verdict::Invalid => {
                    let e = p.error.as_ref().expect("an invalid verdict says where");
                    assert!(e.offset <= input.len(), "{shown:?}: {e:?}");
                    assert!(p.rule.is_none() && p.components.is_empty(), "{shown:?}");
                    assert!(p.alternatives.is_empty(), "{shown:?}");
                }
                Verdict::NotDefined => panic!("RFC 1738 defines parsing"),
            }
            if p.verdict != Verdict::Invalid {
                // The BNF derives nothing outside xchar: no space, control or 80-FF.
                assert!(input.iter().all(|&b| is_xchar_octet(b)), "{shown:?}");
                for (name, value) in p.components.iter() {
                    if let Some(Value::Str(v)) = value {
                        assert!(shown.contains(&*v), "{shown:?}: {name} = {v:?}");
                    }
                }
            }
            if input.iter().any(|&b| !is_xchar_octet(b)) {
                assert_eq!(p.verdict, Verdict::Invalid, "{shown:?}");
            }
        }
    }
}

/// One MiB inputs of repeated units, with the verdict the BNF gives each.
#[test]
fn huge_inputs_get_the_verdict_the_bnf_gives() {
    use Verdict::*;
    let mib = 1 << 20;
    for (prefix, unit, want) in [
        // hsegments "a", ..., "": all derive.
        ("http://h/", "a/", Valid),
        // selector = *xchar absorbs every "%09", with or without "/".
        ("gopher://h/1", "%09", Valid),
        ("gopher://h/1", "%09/", Valid),
        // a hostname cannot end in ".", and no "/" ends the login early.
        ("ftp://", "a.", GenericOnly),
        ("ftp://", "1.", GenericOnly),
        // article = 1*[...] "@" host: the host cannot hold a second "@".
        ("news:", "a@", GenericOnly),
        ("prospero://h/x", ";a=b", Valid),
        // "%" starts no escape.
        ("foo:", "%", Invalid),
        // no ":" at all.
        ("", "a", Invalid),
    ] {
        let mut s = prefix.as_bytes().to_vec();
        while s.len() < mib {
            s.extend_from_slice(unit.as_bytes());
        }
        let p = parse(Document::Rfc1738.into(), &s);
        assert_eq!(p.verdict, want, "{prefix}({unit})*");
    }
}
