//! Each resolving document's own rules for taking a URL apart ([`split`]), and the
//! components its algorithm hands to the step that writes the result ([`target`]), both
//! in the document's own vocabulary. They let a document be checked against itself: a
//! split set beside the grammar's derivation, or a result read back by the split that
//! produced it.
//!
//! ```
//! use urlcert_reference::resolve::split::{split, target};
//! use urlcert_reference::Document;
//! let doc = Document::Rfc1808.into();
//! let s = split(doc, b"http://a/b;p?q").unwrap();
//! assert_eq!(s.get("net_loc"), Some(&b"a"[..]));
//! assert_eq!(s.get("params"), Some(&b"p"[..]));
//! // Step 6 leaves the path "/g" under a base with no net_loc; Step 7 writes "foo://g",
//! // whose split reads "g" as a net_loc.
//! let t = target(doc, b"foo:/x/y", b"..//g").unwrap().unwrap();
//! assert_eq!(t.get("net_loc"), None);
//! assert_eq!(split(doc, &t.join()).unwrap().get("net_loc"), Some(&b"g"[..]));
//! ```

use super::{Detail, Seen, Unresolvable};
use crate::document::{DocReading, Document, Reading};
use crate::grammar::cx::Span;
use crate::stated::Stated;

/// One component of a split: the document's name for it, the delimiter written before
/// it and the one written after it.
pub(crate) type Piece = (&'static str, &'static [u8], &'static [u8]);

/// The October 1993 draft: FULL FORM's "SCHEME", "Internet protocol parts" (the BNF's
/// `login`), "Path", and "Fragment-id"; `search` only under
/// `draft-02@path-excludes-search` (the BNF's `[ ? search ]`).
pub(crate) const DRAFT02: &[Piece] = &[
    ("scheme", b"", b":"),
    ("login", b"//", b""),
    ("path", b"", b""),
    ("search", b"?", b""),
    ("fragmentid", b"#", b""),
];
/// RFC 1808 Section 2.4. `path-slash` is the "/" before the path, which "is not part
/// of the URL path" but which "the parser must remember" (2.4.6).
pub(crate) const RFC1808: &[Piece] = &[
    ("scheme", b"", b":"),
    ("net_loc", b"//", b""),
    ("path-slash", b"", b""),
    ("path", b"", b""),
    ("params", b";", b""),
    ("query", b"?", b""),
    ("fragment", b"#", b""),
];
/// The 1996 draft's Section 4.3 (and Section 3 for the fragment).
pub(crate) const DRAFT1996: &[Piece] = &[
    ("scheme", b"", b":"),
    ("server", b"//", b""),
    ("path-slash", b"", b""),
    ("path", b"", b""),
    ("query", b"?", b""),
    ("fragment", b"#", b""),
];
/// RFC 2396 Appendix B and RFC 3986 Appendix B: the path keeps its "/".
pub(crate) const FIVE: &[Piece] = &[
    ("scheme", b"", b":"),
    ("authority", b"//", b""),
    ("path", b"", b""),
    ("query", b"?", b""),
    ("fragment", b"#", b""),
];

/// The section whose rules [`split`] follows, for each document that has them.
pub fn section(doc: Document) -> Option<&'static str> {
    doc.descriptor()
        .relative
        .defined()?
        .split
        .as_ref()
        .map(|s| s.section)
}

fn layout(doc: Document) -> Option<&'static [Piece]> {
    doc.descriptor()
        .relative
        .defined()?
        .split
        .as_ref()
        .map(|s| s.layout)
}

/// A URL (or URL reference) taken apart by one document's own rules: every component
/// the document names, in its order, `None` when absent and `Some(b"")` when present and
/// empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Split {
    pub doc: Document,
    pub components: Vec<(&'static str, Option<Vec<u8>>)>,
}

impl Split {
    /// The component called `name`, when present.
    pub fn get(&self, name: &str) -> Option<&[u8]> {
        self.components
            .iter()
            .find(|(n, _)| *n == name)
            .and_then(|(_, v)| v.as_deref())
    }

    /// The components written back with the delimiters the split took off: for a split
    /// of an input, the input again.
    pub fn join(&self) -> Vec<u8> {
        let mut out = Vec::new();
        let pieces = layout(self.doc).unwrap_or_default();
        for ((_, value), (_, before, after)) in self.components.iter().zip(pieces) {
            if let Some(v) = value {
                out.extend_from_slice(before);
                out.extend_from_slice(v);
                out.extend_from_slice(after);
            }
        }
        out
    }

    /// The first component (in the document's order) that differs from `other`'s.
    pub fn first_difference(&self, other: &Split) -> Option<&'static str> {
        self.components
            .iter()
            .zip(&other.components)
            .find(|(a, b)| a.1 != b.1)
            .map(|(a, _)| a.0)
    }

    fn of(doc: Document, named: &[(&'static str, Option<&[u8]>)]) -> Split {
        let pieces = layout(doc).unwrap_or_default();
        Split {
            doc,
            components: pieces
                .iter()
                .map(|(name, _, _)| {
                    let v = named.iter().find(|(n, _)| n == name).and_then(|(_, v)| *v);
                    (*name, v.map(<[u8]>::to_vec))
                })
                .collect(),
        }
    }
}

/// `input` taken apart as the document says to, before any grammar is applied: RFC
/// 1808 Section 2.4, the 1996 draft's Section 4.3, RFC 2396 Section 4.3 and Appendix B,
/// RFC 3986 Appendix B (as [`super::rfc3986::appendix_b`] reads it), and for the October
/// 1993 draft its FULL FORM ("Fragment-id", "SCHEME", "Internet protocol parts",
/// "Path", with PARTIAL FORM's test for a full form). These are the splits the
/// resolvers start from. `None` for a document with no such rules (draft-03, draft-06,
/// RFC 1738).
pub fn split(doc: DocReading, input: &[u8]) -> Option<Split> {
    let rules = doc.doc.descriptor().relative.defined()?.split.as_ref()?;
    Some(Split::of(doc.doc, &(rules.named)(input, doc.reading)))
}

/// A split's components by name: slices of the input, `None` when absent.
pub(crate) type Named<'a> = Vec<(&'static str, Option<&'a [u8]>)>;

fn span(input: &[u8], s: Option<Span>) -> Option<&[u8]> {
    s.map(|s| &input[s.start..s.end])
}

fn slash(on: bool) -> Option<&'static [u8]> {
    on.then_some(&b"/"[..])
}

/// RFC 1808 Section 2.4.
pub(crate) fn rfc1808(input: &[u8], _: Reading) -> Named<'_> {
    let p = crate::rfc1808::parts::Parts::of(input);
    vec![
        ("scheme", span(input, p.scheme)),
        ("net_loc", span(input, p.net_loc)),
        ("path-slash", slash(p.path_slash)),
        ("path", span(input, Some(p.path))),
        ("params", span(input, p.params)),
        ("query", span(input, p.query)),
        ("fragment", span(input, p.fragment)),
    ]
}

/// The 1996 draft's Section 4.3.
pub(crate) fn draft1996(input: &[u8], _: Reading) -> Named<'_> {
    let p = crate::draft1996::parts::Parts::of(input);
    vec![
        ("scheme", span(input, p.scheme)),
        ("server", span(input, p.server)),
        ("path-slash", slash(p.path_slash)),
        ("path", span(input, Some(p.path))),
        ("query", span(input, p.query)),
        ("fragment", span(input, p.fragment)),
    ]
}

/// RFC 2396 Section 4.3 and Appendix B.
pub(crate) fn rfc2396(input: &[u8], _: Reading) -> Named<'_> {
    let p = crate::rfc2396::parts::Parts::of(input);
    vec![
        ("scheme", span(input, p.scheme)),
        ("authority", span(input, p.authority)),
        ("path", span(input, Some(p.path))),
        ("query", span(input, p.query)),
        ("fragment", span(input, p.fragment)),
    ]
}

/// RFC 3986 Appendix B.
pub(crate) fn rfc3986(input: &[u8], _: Reading) -> Named<'_> {
    let c = super::rfc3986::appendix_b(input);
    vec![
        ("scheme", c.scheme),
        ("authority", c.authority),
        ("path", Some(c.path)),
        ("query", c.query),
        ("fragment", c.fragment),
    ]
}

/// The October 1993 draft's FULL FORM, in the order it describes a URL:
/// - "Fragment-id": "The fragment-id follows the URL of the whole object from which it
///   is separated by a hash sign (#)";
/// - "SCHEME": "the first element is the name of the scheme, separated from the rest of
///   the object by a colon", when the URL is a full form (PARTIAL FORM: "a full form
///   must have a colon and that colon must occur before any slash characters"), even
///   an empty one (`:g` is a full form by that test, with no name);
/// - "Internet protocol parts": "This starts with a double slash "//" to indicate its
///   presence, and continues until the following slash "/"" (the BNF's `login`);
/// - "Path": "The rest of the locator is known as the "path"". Under
///   `draft-02@path-excludes-search` the BNF's `[ ? search ]` comes off it.
pub(crate) fn draft02(input: &[u8], reading: Reading) -> Named<'_> {
    let (url, fragment) = cut(input, b'#');
    let (scheme, rest) = match url.iter().position(|&b| b == b':') {
        Some(colon) if super::draft02::is_full_form(url) => {
            (Some(&url[..colon]), &url[colon + 1..])
        }
        _ => (None, url),
    };
    let mut named = vec![("scheme", scheme)];
    named.extend(draft02_rest(rest, reading));
    named.push(("fragmentid", fragment));
    named
}

/// What follows the scheme: the login when it starts with "//", then the path (and,
/// under `path-excludes-search`, the search).
fn draft02_rest(rest: &[u8], reading: Reading) -> [(&'static str, Option<&[u8]>); 3] {
    let (login, rest) = match rest.strip_prefix(b"//") {
        Some(r) => {
            let end = r.iter().position(|&b| b == b'/').unwrap_or(r.len());
            (Some(&r[..end]), &r[end..])
        }
        None => (None, rest),
    };
    let (path, search) = match reading {
        Reading::PathExcludesSearch => cut(rest, b'?'),
        _ => (rest, None),
    };
    [("login", login), ("path", Some(path)), ("search", search)]
}

/// `s` before and after its first `at`.
fn cut(s: &[u8], at: u8) -> (&[u8], Option<&[u8]>) {
    match s.iter().position(|&b| b == at) {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    }
}

/// The components the document's algorithm recombines into its result, by the names
/// [`split`] uses: RFC 1808's and the 1996 draft's Step 7 (and the 1996 draft's Step
/// 2a), RFC 2396's Step 7 (and Step 2), RFC 3986's Section 5.3, and for the October 1993
/// draft the context's scheme and host part with the path the PARTIAL FORM rules made.
/// `Ok(None)` when the algorithm takes the reference as it stands (an absolute
/// reference, no base, or in the October 1993 draft a partial form that gives "the host,
/// port name and all the rest of the locator"), so that there is nothing recombined.
///
/// For RFC 1808 and the 1996 draft, `path-slash` is the "/" urlcert's Step 7 writes: the
/// path's own, or the one that ends a server followed by a path, params or query (see
/// `recombine` in [`super`]). For the October 1993 draft, the path (with what the
/// reading sets aside and puts back) is taken apart at "#" and "?" as [`split`] does.
pub fn target(
    doc: DocReading,
    base: &[u8],
    reference: &[u8],
) -> Result<Option<Split>, Unresolvable> {
    let relative = match &doc.doc.descriptor().relative {
        Stated::Defined(relative) => relative,
        Stated::NotDefined(_) => return super::resolve(doc, base, reference, false).map(|_| None),
    };
    let mut out: Option<Split> = None;
    let seen: Seen = &mut |named| {
        out = Some(match relative.split.as_ref().and_then(|s| s.recombined) {
            Some(recombined) => {
                let owned = recombined(named, doc.reading);
                let named: Named = owned.iter().map(|(n, v)| (*n, v.as_deref())).collect();
                Split::of(doc.doc, &named)
            }
            None => Split::of(doc.doc, named),
        })
    };
    (relative.resolve)(
        super::Request {
            doc,
            base,
            reference,
            trace: Detail::from(false),
        },
        seen,
    )?;
    Ok(out)
}

/// The October 1993 resolver's scheme, host part and path, as owned named components.
pub(crate) fn draft02_target(
    named: &[(&'static str, Option<&[u8]>)],
    reading: Reading,
) -> Vec<(&'static str, Option<Vec<u8>>)> {
    let find = |name: &str| named.iter().find(|(n, _)| *n == name).and_then(|(_, v)| *v);
    // The path the rules made, then the part the reading set aside before them.
    let mut rest = find("path").unwrap_or_default().to_vec();
    rest.extend_from_slice(find("suffix").unwrap_or_default());
    let (path, fragment) = cut(&rest, b'#');
    let (path, search) = match reading {
        Reading::PathExcludesSearch => cut(path, b'?'),
        _ => (path, None),
    };
    let own = |v: Option<&[u8]>| v.map(<[u8]>::to_vec);
    vec![
        ("scheme", own(find("scheme"))),
        ("login", own(find("login"))),
        ("path", Some(path.to_vec())),
        ("search", own(search)),
        ("fragmentid", own(fragment)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(doc: DocReading, input: &str) -> Vec<(&'static str, Option<String>)> {
        split(doc, input.as_bytes())
            .unwrap()
            .components
            .into_iter()
            .map(|(n, v)| (n, v.map(|v| String::from_utf8(v).unwrap())))
            .collect()
    }

    fn some(s: &str) -> Option<String> {
        Some(s.to_string())
    }

    #[test]
    fn each_document_splits_by_its_own_rules() {
        // RFC 1808 §2.4.3: the net_loc ends at the next "/" only.
        assert_eq!(
            show(Document::Rfc1808.into(), "http://h?x"),
            vec![
                ("scheme", some("http")),
                ("net_loc", some("h?x")),
                ("path-slash", None),
                ("path", some("")),
                ("params", None),
                ("query", None),
                ("fragment", None),
            ]
        );
        // RFC 2396 Appendix B: the authority ends at "?" too.
        assert_eq!(
            show(Document::Rfc2396.into(), "http://h?x"),
            vec![
                ("scheme", some("http")),
                ("authority", some("h")),
                ("path", some("")),
                ("query", some("x")),
                ("fragment", None),
            ]
        );
        // The October 1993 draft: "continues until the following slash".
        let full_form = show(Document::Draft02.into(), "http://h?s#f");
        assert_eq!(full_form[1], ("login", some("h?s")));
        assert_eq!(full_form[4], ("fragmentid", some("f")));
        let full_form = show(
            DocReading::new(Document::Draft02, Reading::PathExcludesSearch),
            "http://h/p?s",
        );
        assert_eq!(
            full_form[2..4],
            [("path", some("/p")), ("search", some("s"))]
        );
        // No colon before a slash: a partial form, with no scheme.
        assert_eq!(show(Document::Draft02.into(), "a/b:c")[0], ("scheme", None));
        assert!(split(Document::Rfc1738.into(), b"http://h/").is_none());
    }

    #[test]
    fn the_pieces_join_back_into_the_input() {
        for doc in [
            Document::Draft02,
            Document::Rfc1808,
            Document::Draft1996,
            Document::Rfc2396,
            Document::Rfc3986,
        ] {
            for &reading in doc.readings() {
                let d = DocReading::new(doc, reading);
                for input in ["http://u@h:1/a/b;p?q#f", "//h?x", "g;x?y#s", "", "a:", "#"] {
                    let s = split(d, input.as_bytes()).unwrap();
                    assert_eq!(s.join(), input.as_bytes(), "{d} {input}");
                }
            }
        }
    }

    #[test]
    fn the_target_is_what_step_7_recombines() {
        let t = target(Document::Rfc2396.into(), b"http://a", b"g")
            .unwrap()
            .unwrap();
        // Step 6a copies nothing of the empty base path; Step 7 writes no "/".
        assert_eq!(t.get("authority"), Some(&b"a"[..]));
        assert_eq!(t.get("path"), Some(&b"g"[..]));
        assert_eq!(t.join(), b"http://ag");
        // RFC 1808 Step 2b: an absolute reference is taken as it stands. RFC 3986 builds
        // T from it (5.2.2), so recomposes it.
        assert_eq!(
            target(Document::Rfc1808.into(), b"http://a/b", b"ftp://h/").unwrap(),
            None
        );
        let t = target(Document::Rfc3986.into(), b"http://a/b", b"ftp://h/.")
            .unwrap()
            .unwrap();
        assert_eq!(t.get("path"), Some(&b"/"[..]));
        // The October 1993 draft: the context's host part and the merged path.
        let t = target(Document::Draft02.into(), b"http://h?s", b"g")
            .unwrap()
            .unwrap();
        assert_eq!(t.get("login"), Some(&b"h?s"[..]));
        assert_eq!(t.join(), b"http://h?s/g");
    }
}
