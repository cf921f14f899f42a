//! What the grammars' unit tests (`<grammar>/tests.rs`) share: parse shortcuts that
//! assert a verdict, getters for components and notes, and the checks every grammar runs
//! (rule coverage, library dispatch, the invariants of any answer, 1 MiB inputs).
//!
//! Each `tests.rs` names its grammar once, as a [`Grammar`] constant `G`, and calls
//! `G.valid(..)`, `G.invalid(..)` and the rest.

use crate::document::{Document, Reading};
use crate::grammar::cx::Coverage;
use crate::grammar::outcome::{Parse, Value, Verdict};
use crate::grammar::rule::Rule;

mod xorshift;
pub(crate) use xorshift::Xorshift;

/// One grammar under test: its document (whose descriptor gives the module's entry
/// points and tables) and what its tests expect of every answer.
#[derive(Clone, Copy)]
pub(crate) struct Grammar {
    pub doc: Document,
    /// The catch-all production a generic-only answer names; `None` where there is none,
    /// so that the schemes the grammar does not list are not defined.
    pub generic: Option<Rule>,
    /// How every note's cite begins.
    pub cite: &'static str,
    /// Whether every note's text is a quotation from the document.
    pub notes_quote: bool,
}

impl Grammar {
    /// The grammar's entry points and tables, as the document's descriptor lists them.
    fn described(self) -> &'static crate::documents::Grammar {
        &self.doc.descriptor().grammar
    }

    /// `input` parsed under the grammar's document and `reading`.
    fn parse(self, input: &[u8], reading: Reading) -> Parse<'_> {
        crate::parse(crate::DocReading::new(self.doc, reading), input)
    }

    /// `input` under the strict reading.
    pub fn p(self, input: &str) -> Parse<'_> {
        self.pr(input, Reading::Strict)
    }

    pub fn pr(self, input: &str, reading: Reading) -> Parse<'_> {
        self.parse(input.as_bytes(), reading)
    }

    /// A valid input, derived as `rule`.
    pub fn valid(self, input: &str, rule: Rule) -> Parse<'_> {
        self.valid_in(input, Reading::Strict, rule)
    }

    pub fn valid_in(self, input: &str, reading: Reading, rule: Rule) -> Parse<'_> {
        let q = self.pr(input, reading);
        assert_eq!(q.verdict, Verdict::Valid, "{input:?}: {q:#?}");
        assert_eq!(q.rule, Some(rule), "{input:?}");
        assert_eq!(q.error, None, "{input:?}");
        q
    }

    /// An invalid input, and which rule failed where.
    pub fn invalid(self, input: &str, rule: Rule, offset: usize) -> Parse<'_> {
        self.invalid_in(input, Reading::Strict, rule, offset)
    }

    pub fn invalid_in(self, input: &str, reading: Reading, rule: Rule, offset: usize) -> Parse<'_> {
        self.fails_in(input, reading, Verdict::Invalid, rule, offset)
    }

    /// A generic-only input (derived by the catch-all production), and which rule of the
    /// scheme's own production failed where.
    pub fn generic_only(self, input: &str, rule: Rule, offset: usize) -> Parse<'_> {
        self.fails_in(input, Reading::Strict, Verdict::GenericOnly, rule, offset)
    }

    fn fails_in(
        self,
        input: &str,
        reading: Reading,
        verdict: Verdict,
        rule: Rule,
        offset: usize,
    ) -> Parse<'_> {
        let q = self.pr(input, reading);
        assert_eq!(q.verdict, verdict, "{input:?}: {q:#?}");
        let e = q.error.as_ref().expect("an error");
        assert_eq!((e.rule, e.offset), (rule, offset), "{input:?}: {e:?}");
        if verdict == Verdict::GenericOnly {
            assert_eq!(q.rule, self.generic, "{input:?}");
        }
        q
    }

    /// An invalid input, wherever it failed.
    pub fn rejects(self, input: &str) -> Parse<'_> {
        let q = self.p(input);
        assert_eq!(q.verdict, Verdict::Invalid, "{input:?}: {q:?}");
        q
    }

    /// Asserts every component `q` reports is one the grammar lists.
    pub fn assert_components_listed(self, q: &Parse, input: &str) {
        for (name, _) in q.components.iter() {
            assert!(
                crate::components(self.doc).contains(&name),
                "{input}: component {name}"
            );
        }
    }

    /// Parses each input and asserts every note it gets is listed, cited to the
    /// grammar's document, and has a text (a quotation where the grammar's notes quote);
    /// the ids of the notes seen.
    pub fn assert_notes_listed(self, inputs: &[&str]) -> Vec<&'static str> {
        let mut seen = Vec::new();
        for input in inputs {
            for n in &self.p(input).notes() {
                assert!(
                    self.described().note_ids.contains(&n.id),
                    "{input}: note {}",
                    n.id
                );
                assert!(n.cite.starts_with(self.cite), "{}", n.cite);
                assert!(!n.text.is_empty(), "{}: a text", n.id);
                if self.notes_quote {
                    assert!(n.text.starts_with('"'), "{}: quotes the text", n.id);
                }
                seen.push(n.id);
            }
        }
        seen
    }

    /// As [`Grammar::assert_notes_listed`], and every listed note is added to some input.
    pub fn assert_every_note_added(self, inputs: &[&str]) {
        let seen = self.assert_notes_listed(inputs);
        let unseen: Vec<_> = self
            .described()
            .note_ids
            .iter()
            .filter(|id| !seen.contains(id))
            .collect();
        assert!(unseen.is_empty(), "never added: {unseen:?}");
    }

    /// The rules `input` reaches, asserting that recording them changes no answer.
    pub fn covered(self, input: &[u8], reading: Reading) -> Coverage {
        let (q, cov) = (self.described().parse_with_coverage)(input, reading);
        assert_eq!(
            q,
            self.parse(input, reading),
            "{:?}: recording changes nothing",
            String::from_utf8_lossy(input)
        );
        cov
    }

    /// The rules the inputs reach between them, under the strict reading.
    pub fn coverage<I: AsRef<[u8]>>(self, inputs: &[I]) -> Coverage {
        let mut all = Coverage::new();
        for input in inputs {
            all.merge(&self.covered(input.as_ref(), Reading::Strict));
        }
        all
    }

    /// Asserts every rule of the document accepts somewhere in `all` and rejects
    /// somewhere, but for the rules that never accept and those that never reject.
    pub fn assert_every_rule_accepts_and_rejects(
        self,
        all: &Coverage,
        never_accepted: &[Rule],
        never_rejected: &[Rule],
    ) {
        let wrong: Vec<String> = Rule::of(self.doc)
            .filter(|r| {
                all.accepted(*r) == never_accepted.contains(r)
                    || all.rejected(*r) == never_rejected.contains(r)
            })
            .map(|r| {
                format!(
                    "{r} (accepted: {}, rejected: {})",
                    all.accepted(r),
                    all.rejected(r)
                )
            })
            .collect();
        assert!(wrong.is_empty(), "{wrong:#?}");
    }

    /// Asserts what holds of any answer to any input: a valid one has a rule and no
    /// error; a generic-only one names the catch-all production and has an error; an
    /// invalid one has no rule, no alternative and an error inside the input; a
    /// not-defined one (only without a catch-all production) has none of them, and a
    /// scheme. Whatever derives is made of `derivable` octets, and its string
    /// components are in the input.
    pub fn assert_answer(
        self,
        input: &[u8],
        reading: Reading,
        derivable: impl Fn(&u8) -> bool,
    ) -> Parse<'_> {
        let q = self.parse(input, reading);
        let shown = String::from_utf8_lossy(input);
        match q.verdict {
            Verdict::Valid => assert!(q.error.is_none() && q.rule.is_some(), "{shown:?}"),
            Verdict::GenericOnly => {
                assert!(self.generic.is_some(), "{shown:?}: no generic form");
                assert_eq!(q.rule, self.generic, "{shown:?}");
                assert!(q.error.is_some(), "{shown:?}");
            }
            Verdict::Invalid => {
                let e = q.error.as_ref().expect("where");
                assert!(e.offset <= input.len(), "{shown:?}: {e:?}");
                assert!(q.rule.is_none() && q.alternatives.is_empty(), "{shown:?}");
            }
            Verdict::NotDefined => {
                assert!(
                    self.generic.is_none(),
                    "{shown:?}: the grammar defines parsing"
                );
                assert!(q.error.is_none() && q.rule.is_none(), "{shown:?}");
                assert!(input.contains(&b':'), "{shown:?}");
            }
        }
        if matches!(q.verdict, Verdict::Valid | Verdict::GenericOnly) {
            assert!(input.iter().all(derivable), "{shown:?}");
            for (_, v) in q.components.iter() {
                if let Some(Value::Str(s)) = v {
                    assert!(shown.contains(&*s), "{shown:?}: {s:?}");
                }
            }
        }
        q
    }
}

/// `crate::parse` and `crate::parse_with_coverage` reach `doc`'s grammar: `input` is
/// valid, derived as `rule`, and `reached` accepts on the way; the coverage.
#[track_caller]
pub(crate) fn assert_dispatched(
    doc: Document,
    input: &[u8],
    rule: Rule,
    reached: Rule,
) -> Coverage {
    let q = crate::parse(doc.into(), input);
    assert_eq!(q.doc.doc, doc);
    assert_eq!(q.rule, Some(rule), "{doc}");
    let (q, cov) = crate::parse_with_coverage(doc.into(), input);
    assert_eq!(q.verdict, Verdict::Valid, "{doc}");
    assert!(cov.accepted(reached), "{doc}");
    cov
}

/// `prefix`, then `unit` repeated until the whole is 1 MiB at least.
pub(crate) fn huge(prefix: &[u8], unit: &[u8]) -> Vec<u8> {
    let mut s = prefix.to_vec();
    while s.len() < 1 << 20 {
        s.extend_from_slice(unit);
    }
    s
}

/// The component `name`: `None` absent (or not reported), `Some(v)` present.
pub(crate) fn c<'a>(p: &'a Parse, name: &str) -> Option<&'a str> {
    p.components.str(name)
}

/// The list component `name`, which must be present.
pub(crate) fn list<'a>(p: &'a Parse, name: &str) -> Vec<&'a str> {
    match p.components.strs(name) {
        Some(v) => v,
        None => panic!("{name} is no list: {:?}", p.components.get(name)),
    }
}

/// The data of the note `id`, if `p` has it.
pub(crate) fn data(p: &Parse, id: &str) -> Option<Vec<String>> {
    p.note(id).map(|n| n.data)
}

/// Asserts that `p` has the note `id`, with the data `want`.
#[track_caller]
pub(crate) fn assert_data(p: &Parse, id: &str, want: &[&str]) {
    assert_eq!(data(p, id).as_deref(), Some(&strings(want)[..]), "{id}");
}

/// Whether `p` reports an ambiguity at `rule`.
pub(crate) fn ambiguous(p: &Parse, rule: Rule) -> bool {
    p.ambiguities.iter().any(|a| a.rule == rule)
}

pub(crate) fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

/// A list component's value from its items.
pub(crate) fn texts<'a>(
    v: &[&'a str],
) -> crate::grammar::outcome::List<crate::grammar::outcome::Text<'a>> {
    v.iter().map(|&s| s.into()).collect()
}

/// A class's members as a string, for comparing with the characters a BNF lists.
pub(crate) fn chars(c: &crate::grammar::class::Class) -> String {
    c.members().map(char::from).collect()
}

/// The references of the examples that RFC 2396 Appendix C prints and RFC 3986 Section
/// 5.4 prints again, line for line, that start with a relative path (no scheme, and no
/// "/", "?" or "#" first), in the order printed (normal, then abnormal examples).
pub(crate) const RELATIVE_PATH_EXAMPLES: [&str; 33] = [
    "g",
    "./g",
    "g/",
    "g?y",
    "g#s",
    "g?y#s",
    ";x",
    "g;x",
    "g;x?y#s",
    ".",
    "./",
    "..",
    "../",
    "../g",
    "../..",
    "../../",
    "../../g",
    "../../../g",
    "../../../../g",
    "g.",
    ".g",
    "g..",
    "..g",
    "./../g",
    "./g/.",
    "g/./h",
    "g/../h",
    "g;x=1/./y",
    "g;x=1/../y",
    "g?y/./x",
    "g?y/../x",
    "g#s/./x",
    "g#s/../x",
];

/// Inputs made of octets that no document's URL characters hold (NUL, octets above
/// 0x7F, cut or invalid UTF-8) or of a lone "%": every grammar answers them, each test
/// adding the inputs its own document finds hard.
pub(crate) const HOSTILE_BYTES: &[&[u8]] = &[
    b"\0",
    b"\xff",
    b"\xff\xfe",
    b"\xc3\x28",
    b"URL:\xc3\x28",
    b"http://h/\0",
    b"http://h/\xff",
    b"http://\xe2\x82/",
    b"%",
];

/// Inputs that between them make the rules of the generic syntax the 1996 draft wrote and
/// RFC 2396 kept (the server and its host, the path's segments and params, query and
/// fragment) accept and reject, each grammar's coverage test adding its own.
pub(crate) const GENERIC_SYNTAX_INPUTS: &[&[u8]] = &[
    b"http://u:p@www.ics.uci.edu:80/a;b/~c?q#f",
    b"http://1.2.3.4/",
    b"http://1.2.3/",
    b"http://1a.b/",
    b"http://-a.b/",
    b"http://a.1b/",
    b"http://h:x/",
    b"http://u{@h/",
    b"http://h?x",
    b"HTTP://h/%2f%zz",
    b"/a b",
    b"a b;c d",
    b"#a b",
    b"",
    b"\x00 \"{\xe9",
];

/// The example of RFC 2396 Appendix B, which RFC 3986 Appendix B prints again: the
/// reference, and its scheme, authority, path, query and fragment (`$2`, `$4`, `$5`,
/// `$7`, `$9`; the query "<undefined>").
pub(crate) const APPENDIX_B_EXAMPLE: (&str, [Option<&str>; 5]) = (
    "http://www.ics.uci.edu/pub/ietf/uri/#Related",
    [
        Some("http"),
        Some("www.ics.uci.edu"),
        Some("/pub/ietf/uri/"),
        None,
        Some("Related"),
    ],
);

/// The base of the examples RFC 1808 Section 5 prints (RFC 2396 Appendix C and RFC 3986
/// Section 5.4 print them again).
pub(crate) const EXAMPLE_BASE: &[u8] = b"http://a/b/c/d;p?q";

/// References from those examples against [`EXAMPLE_BASE`], one of each form the
/// resolvers tell apart: with a scheme, a network path, an absolute path, a query alone,
/// a fragment alone, the empty reference, and relative paths with dot segments (one
/// climbing above the root).
pub(crate) const REFERENCE_FORMS: [&str; 10] = [
    "g:h",
    "//g",
    "/g",
    "?y",
    "#s",
    "",
    "./",
    "../g",
    "g;x=1/../y",
    "../../../g",
];

/// The normal examples RFC 2396 Appendix C.1 prints and RFC 3986 Section 5.4.1 prints
/// again with the same target, against [`EXAMPLE_BASE`], in the order printed:
/// (reference, target). Each resolver's test adds the lines where the two differ.
pub(crate) const NORMAL_EXAMPLES: [(&str, &str); 21] = [
    ("g:h", "g:h"),
    ("g", "http://a/b/c/g"),
    ("./g", "http://a/b/c/g"),
    ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"),
    ("//g", "http://g"),
    ("g?y", "http://a/b/c/g?y"),
    ("#s", "http://a/b/c/d;p?q#s"),
    ("g#s", "http://a/b/c/g#s"),
    ("g?y#s", "http://a/b/c/g?y#s"),
    (";x", "http://a/b/c/;x"),
    ("g;x", "http://a/b/c/g;x"),
    ("g;x?y#s", "http://a/b/c/g;x?y#s"),
    (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"),
    ("..", "http://a/b/"),
    ("../", "http://a/b/"),
    ("../g", "http://a/b/g"),
    ("../..", "http://a/"),
    ("../../", "http://a/"),
    ("../../g", "http://a/g"),
];

/// The abnormal examples RFC 2396 Appendix C.2 prints and RFC 3986 Section 5.4.2 prints
/// again with the same target, as [`NORMAL_EXAMPLES`].
pub(crate) const ABNORMAL_EXAMPLES: [(&str, &str); 14] = [
    ("g.", "http://a/b/c/g."),
    (".g", "http://a/b/c/.g"),
    ("g..", "http://a/b/c/g.."),
    ("..g", "http://a/b/c/..g"),
    ("./../g", "http://a/b/g"),
    ("./g/.", "http://a/b/c/g/"),
    ("g/./h", "http://a/b/c/g/h"),
    ("g/../h", "http://a/b/c/h"),
    ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
    ("g;x=1/../y", "http://a/b/c/y"),
    ("g?y/./x", "http://a/b/c/g?y/./x"),
    ("g?y/../x", "http://a/b/c/g?y/../x"),
    ("g#s/./x", "http://a/b/c/g#s/./x"),
    ("g#s/../x", "http://a/b/c/g#s/../x"),
];

/// What `r` resolves to against `base` under `doc` (through the document's descriptor,
/// as the library answers), as text; with `trace`, the steps are traced on the way.
pub(crate) fn resolved(doc: crate::DocReading, base: &str, r: &str, trace: bool) -> String {
    let out = crate::resolve(doc, base.as_bytes(), r.as_bytes(), trace).expect("a resolution");
    String::from_utf8(out.result).expect("UTF-8")
}
