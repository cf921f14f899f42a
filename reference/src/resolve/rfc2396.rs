//! RFC 2396 Section 5.2, "Resolving Relative References to Absolute Form", step by
//! step (<https://www.rfc-editor.org/rfc/rfc2396>). The base and the reference are
//! broken down as Section 4.3 and Appendix B say ([`crate::rfc2396::parts`]).
//!
//! The text's own words are kept, and so are its gaps:
//!
//! - Step 4 tests whether the authority is *defined*, not whether it is empty (the 1996
//!   draft and RFC 1808 tested for a non-empty one), so `///g` is a network-path.
//! - There is no step for an empty path: `?y` reaches Step 6, whose buffer is the base
//!   path without its last segment, and gives `http://a/b/c/?y`, as Appendix C.1 prints.
//! - Step 7's pseudocode writes no "/" between the authority and the path. When the
//!   base path is empty, Step 6 leaves a path without a leading "/", so `g` against
//!   `http://a` gives `http://ag`, read literally.
//! - Step 6g leaves ".." segments above the root "in error", with three treatments;
//!   `rfc2396` keeps them (Appendix C.2's first answer, `http://a/../g`),
//!   `rfc2396@above-root-removed` removes them (C.2's "interpreted as "http://a/g" by some
//!   implementations"). The third, "avoiding traversal of the reference", gives no
//!   result to compare and is not a reading.
//! - Step 3's "backwards compatibility" work-around is the reading
//!   `rfc2396@same-scheme-relative`.
//!
//! Step 6's removals work on the buffer as the text describes them. The buffer keeps
//! the base path's leading "/" (in RFC 2396 the slash is part of the path), and a
//! "complete path segment" is a `segment` of the grammar: what lies between two
//! slashes, or between a slash and an end of the buffer, except that a leading "/" has
//! no segment before it (`abs_path = "/" path_segments`). Step 6e's "removing the
//! leftmost matching pattern on each iteration" is done with a stack of the segments
//! left of a cursor, which hold no match, so each iteration is O(1);
//! `tests::step_6e_is_the_leftmost_rewrite` checks it against the plain rescanning loop.

use super::trace::{lossy, Trace};
use super::{Request, Resolution, Seen, Unresolvable};
use crate::document::Reading;
use crate::grammar::cx::Span;
use crate::rfc2396::parts::Parts;

/// A URI reference's components, as Section 5.2 names them: slices of the input, with
/// "undefined" kept as `None`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Components<'a> {
    scheme: Option<&'a [u8]>,
    authority: Option<&'a [u8]>,
    path: Vec<u8>,
    query: Option<&'a [u8]>,
    fragment: Option<&'a [u8]>,
}

fn components(input: &[u8]) -> Components<'_> {
    let p = Parts::of(input);
    let slice = |s: Option<Span>| s.map(|s| &input[s.start..s.end]);
    Components {
        scheme: slice(p.scheme),
        authority: slice(p.authority),
        path: input[p.path.start..p.path.end].to_vec(),
        query: slice(p.query),
        fragment: slice(p.fragment),
    }
}

fn show(c: &Components) -> String {
    let part = |name: &str, v: Option<&[u8]>| match v {
        Some(v) => format!("{name}={:?}", String::from_utf8_lossy(v)),
        None => format!("{name}=undefined"),
    };
    [
        part("scheme", c.scheme),
        part("authority", c.authority),
        part("path", Some(&c.path)),
        part("query", c.query),
        part("fragment", c.fragment),
    ]
    .join(" ")
}

/// `c` by the names [`super::split::split`] gives them.
fn named<'c>(c: &'c Components) -> [(&'static str, Option<&'c [u8]>); 5] {
    [
        ("scheme", c.scheme),
        ("authority", c.authority),
        ("path", Some(&c.path)),
        ("query", c.query),
        ("fragment", c.fragment),
    ]
}

/// Step 7: "The resulting URI components, including any inherited from the base URI,
/// are recombined to give the absolute form of the URI reference. Using pseudocode,
/// this would be [...]":
///
/// ```text
/// if scheme is defined then append scheme to result append ":" to result
/// if authority is defined then append "//" to result append authority to result
/// append path to result
/// if query is defined then append "?" to result append query to result
/// if fragment is defined then append "#" to result append fragment to result
/// ```
///
/// RFC 3986 Section 5.3 prints the same pseudocode (as `defined(scheme)` and so on), so
/// this is its [`super::rfc3986::recompose`]; nothing else is written.
fn recombine(c: &Components) -> Vec<u8> {
    super::rfc3986::recompose(c.scheme, c.authority, &c.path, c.query, c.fragment)
}

/// The Section 5.2 algorithm.
///
/// Hands `seen` the components Step 7 (or Step 2) recombines.
pub(crate) fn resolve_seeing(asked: Request, seen: Seen) -> Result<Resolution, Unresolvable> {
    let (doc, base, reference) = (asked.doc, asked.base, asked.reference);
    let mut t = Trace::new(asked.trace);

    // "The base URI is established according to the rules of Section 5.1 and parsed into
    // the four main components as described in Section 3. Note that only the scheme
    // component is required to be present in the base URI; the other components may be
    // empty or undefined."
    let b = components(base);
    if b.scheme.is_none() {
        return Err(Unresolvable::BaseNotAbsolute {
            doc,
            why: "it has no scheme, and Section 5.2 says \"only the scheme component is \
                  required to be present in the base URI\"",
        });
    }

    // Step 1: "The URI reference is parsed into the potential four components and
    // fragment identifier, as described in Section 4.3."
    let r = components(reference);
    t.step(
        "1",
        "the reference is parsed into the potential four components and fragment (Section 4.3)",
        || format!("base: {}; reference: {}", show(&b), show(&r)),
    );

    // Step 2: "If the path component is empty and the scheme, authority, and query
    // components are undefined, then it is a reference to the current document and we
    // are done. Otherwise, the reference URI's query and fragment components are
    // defined as found (or not found) within the URI reference and not inherited from
    // the base URI."
    if r.path.is_empty() && r.scheme.is_none() && r.authority.is_none() && r.query.is_none() {
        // Section 4: "the URI" is "the absolute URI after the fragment identifier (if
        // any) is removed"; the reference's fragment, if any, follows it.
        let current = Components {
            fragment: r.fragment,
            ..b.clone()
        };
        seen(&named(&current));
        let result = recombine(&current);
        t.step(
            "2",
            "the path is empty and the scheme, authority and query are undefined: the current document",
            || lossy(&result),
        );
        return t.finish(doc, result, true);
    }
    t.pass(
        "2",
        "not the current document: the query and fragment are the reference's own",
    );

    // Step 3: "If the scheme component is defined, indicating that the reference starts
    // with a scheme name, then the reference is interpreted as an absolute URI and we
    // are done. Otherwise, the reference URI's scheme is inherited from the base URI's
    // scheme component."
    let mut u = r;
    match u.scheme {
        None => {
            u.scheme = b.scheme;
            t.step("3", "the reference inherits the base's scheme", || show(&u));
        }
        Some(scheme) => {
            // "For backwards compatibility, an implementation may work around such
            // references by removing the scheme if it matches that of the base URI and
            // the scheme is known to always use the <hier_part> syntax. The parser can
            // then continue with the steps below for the remainder of the reference
            // components. Validating parsers should mark such a misformed relative
            // reference as an error." Scheme names are compared without case (Section
            // 3.1, Section 6). Having no list of schemes, urlcert takes the base itself
            // being in hier_part syntax (an authority, or a path beginning with "/") as
            // knowing that its scheme uses it.
            let hier = b.authority.is_some() || b.path.starts_with(b"/");
            let work_around = doc.reading == Reading::SameSchemeRelative
                && b.scheme
                    .is_some_and(|base| scheme.eq_ignore_ascii_case(base))
                && hier;
            if !work_around {
                return t.done(
                    "3",
                    "the reference starts with a scheme name: an absolute URI, and we are done",
                    doc,
                    reference.to_vec(),
                );
            }
            u.scheme = b.scheme;
            t.step(
                "3",
                "the scheme is the base's, and the base is in hier_part syntax: removed for backwards compatibility (a misformed relative reference), and the base's scheme inherited",
                || show(&u),
            );
        }
    }

    'step_7: {
        // Step 4: "If the authority component is defined, then the reference is a
        // network-path and we skip to step 7. Otherwise, the reference URI's authority is
        // inherited from the base URI's authority component, which will also be
        // undefined if the URI scheme does not use an authority component."
        if u.authority.is_some() {
            t.step(
                "4",
                "the authority is defined: a network-path, skip to step 7",
                || show(&u),
            );
            break 'step_7;
        }
        u.authority = b.authority;
        t.step(
            "4",
            "the reference inherits the base's authority (if defined)",
            || show(&u),
        );

        // Step 5: "If the path component begins with a slash character ("/"), then the
        // reference is an absolute-path and we skip to step 7."
        if u.path.starts_with(b"/") {
            t.step(
                "5",
                "the path begins with \"/\": an absolute-path, skip to step 7",
                || show(&u),
            );
            break 'step_7;
        }
        t.pass("5", "the path does not begin with \"/\": go on");

        // Step 6: "If this step is reached, then we are resolving a relative-path
        // reference. The relative path needs to be merged with the base URI's path."
        u.path = step_6(&b.path, &u.path, doc.reading, &mut t);
    }

    // Step 7: "The resulting URI components, including any inherited from the base URI,
    // are recombined to give the absolute form of the URI reference" (`recombine`).
    seen(&named(&u));
    let result = recombine(&u);
    t.done("7", "the components are recombined", doc, result)
}

/// Step 6, a) to h).
fn step_6(base_path: &[u8], reference_path: &[u8], reading: Reading, t: &mut Trace) -> Vec<u8> {
    t.pass(
        "6",
        "a relative-path reference: its path is merged with the base's in a buffer",
    );
    // Step 6a: "a) All but the last segment of the base URI's path component is copied
    // to the buffer. In other words, any characters after the last (right-most) slash
    // character, if any, are excluded."
    let keep = super::last_segment_start(base_path);
    let mut buffer = Vec::with_capacity(keep + reference_path.len());
    buffer.extend_from_slice(&base_path[..keep]);
    t.step(
        "6a",
        "all but the last segment of the base path is copied to the buffer",
        || lossy(&buffer),
    );
    // Step 6b: "b) The reference's path component is appended to the buffer string."
    buffer.extend_from_slice(reference_path);
    t.step(
        "6b",
        "the reference's path is appended to the buffer",
        || lossy(&buffer),
    );
    // Step 6c: "c) All occurrences of "./", where "." is a complete path segment, are
    // removed from the buffer string."
    let buffer = step_6c(&buffer);
    t.step(
        "6c",
        "all occurrences of \"./\" (\".\" a complete segment) are removed",
        || lossy(&buffer),
    );
    // Step 6d: "d) If the buffer string ends with "." as a complete path segment, that
    // "." is removed."
    let buffer = step_6d(buffer);
    t.step("6d", "a final \".\" complete segment is removed", || {
        lossy(&buffer)
    });
    // Step 6e: "e) All occurrences of "<segment>/../", where <segment> is a complete path
    // segment not equal to "..", are removed from the buffer string. Removal of these
    // path segments is performed iteratively, removing the leftmost matching pattern on
    // each iteration, until no matching pattern remains."
    let buffer = step_6e(&buffer);
    t.step(
        "6e",
        "\"<segment>/../\" is removed, leftmost first, until none remains",
        || lossy(&buffer),
    );
    // Step 6f: "f) If the buffer string ends with "<segment>/..", where <segment> is a
    // complete path segment not equal to "..", that "<segment>/.." is removed."
    let buffer = step_6f(buffer);
    t.step("6f", "a final \"<segment>/..\" is removed", || {
        lossy(&buffer)
    });
    // Step 6g: "g) If the resulting buffer string still begins with one or more complete
    // path segments of "..", then the reference is considered to be in error.
    // Implementations may handle this error by retaining these components in the
    // resolved path (i.e., treating them as part of the final URI), by removing them
    // from the resolved path (i.e., discarding relative levels above the root), or by
    // avoiding traversal of the reference."
    let (root, segments) = split_root(&buffer);
    let above = segments
        .iter()
        .take_while(|s| *s == b"../" || *s == b"..")
        .count();
    let buffer = if above == 0 {
        t.pass("6g", "the buffer begins with no \"..\" segment");
        buffer
    } else if reading == Reading::AboveRootRemoved {
        // rfc2396@above-root-removed: "by removing them from the resolved path (i.e.,
        // discarding relative levels above the root)".
        let mut out = root.to_vec();
        for s in &segments[above..] {
            out.extend_from_slice(s);
        }
        t.step(
            "6g",
            "the buffer begins with \"..\": in error; the \"..\" segments are removed (discarding relative levels above the root)",
            || lossy(&out),
        );
        out
    } else {
        // rfc2396: "by retaining these components in the resolved path (i.e., treating
        // them as part of the final URI)", as Appendix C.2 prints `http://a/../g`.
        t.step(
            "6g",
            "the buffer begins with \"..\": in error; the \"..\" segments are retained (treated as part of the final URI)",
            || lossy(&buffer),
        );
        buffer
    };
    // Step 6h: "h) The remaining buffer string is the reference URI's new path
    // component."
    t.step("6h", "the remaining buffer is the new path", || {
        lossy(&buffer)
    });
    buffer
}

/// The buffer's leading "/" (if any), and its segments, each with the "/" that ends it
/// (the last one has none). A leading "/" has no segment before it.
fn split_root(buffer: &[u8]) -> (&[u8], Vec<&[u8]>) {
    let (root, rest) = match buffer.strip_prefix(b"/") {
        Some(rest) => (&buffer[..1], rest),
        None => (&buffer[..0], buffer),
    };
    (root, rest.split_inclusive(|&b| b == b'/').collect())
}

/// "c) All occurrences of "./", where "." is a complete path segment, are removed from
/// the buffer string."
fn step_6c(buffer: &[u8]) -> Vec<u8> {
    let (root, segments) = split_root(buffer);
    let mut out = Vec::with_capacity(buffer.len());
    out.extend_from_slice(root);
    for s in segments {
        if s != b"./" {
            out.extend_from_slice(s);
        }
    }
    out
}

/// "d) If the buffer string ends with "." as a complete path segment, that "." is
/// removed."
fn step_6d(mut buffer: Vec<u8>) -> Vec<u8> {
    if buffer == b"." || buffer.ends_with(b"/.") {
        buffer.pop();
    }
    buffer
}

/// "e) All occurrences of "<segment>/../", where <segment> is a complete path segment
/// not equal to "..", are removed from the buffer string. Removal of these path
/// segments is performed iteratively, removing the leftmost matching pattern on each
/// iteration, until no matching pattern remains."
///
/// Each iteration looks at the buffer as it is then: where removals bring an empty
/// segment to the front of a buffer that did not begin with "/" (`./..//../` becomes
/// `/../`), the buffer now begins with "/", which has no segment before it.
fn step_6e(buffer: &[u8]) -> Vec<u8> {
    let (root, segments) = split_root(buffer);
    // `left` is the buffer left of the cursor, holding no match; `starts` are where its
    // segments begin. A match can only be its last segment followed by "../".
    let mut left: Vec<u8> = Vec::with_capacity(buffer.len());
    left.extend_from_slice(root);
    let mut starts: Vec<usize> = Vec::with_capacity(16);
    for segment in segments {
        if segment == b"../" {
            if let Some(&start) = starts.last() {
                if &left[start..] != b"../" {
                    left.truncate(start);
                    starts.pop();
                    continue;
                }
            }
        }
        // An empty segment that every removal has brought to the front makes a buffer
        // that begins with "/": that "/" has no segment before it any more.
        if !(left.is_empty() && segment == b"/") {
            starts.push(left.len());
        }
        left.extend_from_slice(segment);
    }
    left
}

/// "f) If the buffer string ends with "<segment>/..", where <segment> is a complete path
/// segment not equal to "..", that "<segment>/.." is removed."
fn step_6f(mut buffer: Vec<u8>) -> Vec<u8> {
    let (root, segments) = split_root(&buffer);
    let n = segments.len();
    if n < 2 || segments[n - 1] != b".." || segments[n - 2] == b"../" {
        return buffer;
    }
    let cut = root.len() + segments[..n - 2].iter().map(|s| s.len()).sum::<usize>();
    buffer.truncate(cut);
    buffer
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::{DocReading, Document};
    use crate::resolve;
    use crate::resolve::pieces::every_path;
    use crate::testing::{ABNORMAL_EXAMPLES, NORMAL_EXAMPLES};

    fn under(reading: Reading, base: &str, r: &str) -> String {
        crate::testing::resolved(DocReading::new(Document::Rfc2396, reading), base, r, true)
    }

    const BASE: &str = "http://a/b/c/d;p?q";

    /// Appendix C.1, "Normal Examples", typed from the RFC; "(current document)" is the
    /// base without its fragment (Section 4.2).
    #[test]
    fn appendix_c1() {
        // Where RFC 3986 differs: the query replaces the base's, keeping its path.
        let own = [("?y", "http://a/b/c/?y")];
        for (r, want) in NORMAL_EXAMPLES.into_iter().chain(own) {
            for reading in [Reading::Strict, Reading::AboveRootRemoved, Reading::Rfc2732] {
                assert_eq!(under(reading, BASE, r), want, "{r:?} under {reading:?}");
            }
        }
        let doc = Document::Rfc2396.into();
        let cur = resolve(doc, BASE.as_bytes(), b"#s", false).unwrap();
        assert!(cur.current_document);
        assert_eq!(cur.step_ids(), ["1", "2"]);
    }

    /// Appendix C.2, "Abnormal Examples", each alternative under the reading that gives
    /// it.
    #[test]
    fn appendix_c2() {
        // "<> = (current document)".
        let doc = Document::Rfc2396.into();
        let cur = resolve(doc, BASE.as_bytes(), b"", false).unwrap();
        assert!(cur.current_document);
        assert_eq!(cur.result, b"http://a/b/c/d;p?q");
        // Where RFC 3986 differs: the dot segments of an absolute path are kept.
        let own = [("/./g", "http://a/./g"), ("/../g", "http://a/../g")];
        for (r, want) in ABNORMAL_EXAMPLES.into_iter().chain(own) {
            for reading in [Reading::Strict, Reading::AboveRootRemoved] {
                assert_eq!(under(reading, BASE, r), want, "{r:?} under {reading:?}");
            }
        }
        // "../../../g = http://a/../g", "../../../../g = http://a/../../g"; "Thus, the
        // above two references will be interpreted as "http://a/g" by some
        // implementations."
        for (r, kept) in [
            ("../../../g", "http://a/../g"),
            ("../../../../g", "http://a/../../g"),
        ] {
            assert_eq!(under(Reading::Strict, BASE, r), kept);
            assert_eq!(under(Reading::AboveRootRemoved, BASE, r), "http://a/g");
        }
        // "http:g = http:g ; for validating parsers | http://a/b/c/g ; for backwards
        // compatibility".
        assert_eq!(under(Reading::Strict, BASE, "http:g"), "http:g");
        assert_eq!(
            under(Reading::SameSchemeRelative, BASE, "http:g"),
            "http://a/b/c/g"
        );
        // Only for the base's own scheme, compared without case.
        assert_eq!(under(Reading::SameSchemeRelative, BASE, "ftp:g"), "ftp:g");
        assert_eq!(
            under(Reading::SameSchemeRelative, BASE, "HTTP:g"),
            "http://a/b/c/g"
        );
        // Not where the base is no hier_part.
        assert_eq!(
            under(Reading::SameSchemeRelative, "http:x", "http:g"),
            "http:g"
        );
    }

    /// Appendix D: "../x" against the BASE element's HREF.
    #[test]
    fn appendix_d() {
        assert_eq!(
            under(Reading::Strict, "http://www.ics.uci.edu/Test/a/b/c", "../x"),
            "http://www.ics.uci.edu/Test/a/x"
        );
    }

    #[test]
    fn the_text_read_literally_where_it_is_silent() {
        // Step 7 writes no "/" between the authority and a path that has none.
        assert_eq!(under(Reading::Strict, "http://a", "g"), "http://ag");
        assert_eq!(under(Reading::Strict, "http://a", "?y"), "http://a?y");
        assert_eq!(under(Reading::Strict, "http://a", "../g"), "http://a../g");
        assert_eq!(
            under(Reading::AboveRootRemoved, "http://a", "../g"),
            "http://ag"
        );
        // Step 4 tests "defined": an empty authority is a network-path.
        assert_eq!(under(Reading::Strict, BASE, "///g"), "http:///g");
        // Step 2: the query and fragment are never inherited.
        assert_eq!(under(Reading::Strict, BASE, "g"), "http://a/b/c/g");
        // An opaque base: all of its path is its last segment.
        assert_eq!(under(Reading::Strict, "mailto:x@y", "g"), "mailto:g");
        // Levels above the root, at the end too.
        assert_eq!(under(Reading::Strict, BASE, "../../.."), "http://a/..");
        assert_eq!(
            under(Reading::AboveRootRemoved, BASE, "../../.."),
            "http://a/"
        );
        assert_eq!(
            under(Reading::Strict, BASE, "../../../g/.."),
            "http://a/../"
        );
        assert_eq!(
            under(Reading::AboveRootRemoved, BASE, "../../../g/.."),
            "http://a/"
        );
        // A base without a scheme has nothing to give.
        let doc = Document::Rfc2396.into();
        assert!(matches!(
            resolve(doc, b"//a/b", b"g", false),
            Err(Unresolvable::BaseNotAbsolute { .. })
        ));
        assert!(resolve(doc, b"", b"g", false).is_err());
    }

    #[test]
    fn every_branch_is_traced() {
        let doc = Document::Rfc2396.into();
        let r = resolve(doc, BASE.as_bytes(), b"../g", true).unwrap();
        assert_eq!(
            r.step_ids(),
            ["1", "2", "3", "4", "5", "6", "6a", "6b", "6c", "6d", "6e", "6f", "6g", "6h", "7"]
        );
        let r = resolve(doc, BASE.as_bytes(), b"//g", false).unwrap();
        assert_eq!(r.step_ids(), ["1", "2", "3", "4", "7"]);
        let r = resolve(doc, BASE.as_bytes(), b"/g", false).unwrap();
        assert_eq!(r.step_ids(), ["1", "2", "3", "4", "5", "7"]);
        let r = resolve(doc, BASE.as_bytes(), b"g:h", false).unwrap();
        assert_eq!(r.step_ids(), ["1", "2", "3"]);
        let same = DocReading::new(Document::Rfc2396, Reading::SameSchemeRelative);
        let r = resolve(same, BASE.as_bytes(), b"http:g", true).unwrap();
        assert_eq!(r.step_ids()[..5], ["1", "2", "3", "4", "5"]);
        assert_eq!(r.result, b"http://a/b/c/g");
    }

    /// 100,000 "../" segments resolve, and to what Step 6 gives: each "../" past the
    /// base's two levels stays (strict) or goes (above-root-removed).
    #[test]
    fn many_dot_dot_segments() {
        let n = 100_000;
        let mut r = "../".repeat(n);
        r.push('g');
        let kept = under(Reading::Strict, BASE, &r);
        assert_eq!(kept, format!("http://a/{}g", "../".repeat(n - 2)));
        assert_eq!(under(Reading::AboveRootRemoved, BASE, &r), "http://a/g");
        let mut deep = "x/".repeat(n);
        deep.push_str(&"../".repeat(n));
        deep.push('g');
        assert_eq!(under(Reading::Strict, BASE, &deep), "http://a/b/c/g");
    }

    /// Results are absolute and stable (`crate::invariants::check_resolve`), for
    /// references made of random pieces, under every reading.
    #[test]
    fn random_references_keep_the_invariants() {
        let pieces: &[&str] = &[
            "g", "..", ".", "/", "//", "?", "#", ";", ":", "a:", "http:", "x", "%2e", "[",
        ];
        let bases = [
            BASE,
            "http://a",
            "http:/b/c",
            "mailto:x@y",
            "foo://h?q#f",
            "x:",
        ];
        let mut x: u64 = 0x5eed_2396;
        for _ in 0..3000 {
            let mut r = String::new();
            for _ in 0..(x % 8) {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                r.push_str(pieces[(x % pieces.len() as u64) as usize]);
            }
            x = x.wrapping_add(0x9e37_79b9);
            let base = bases[(x % bases.len() as u64) as usize];
            for &reading in Document::Rfc2396.readings() {
                let doc = DocReading::new(Document::Rfc2396, reading);
                let checked = crate::invariants::check_resolve(doc, base.as_bytes(), r.as_bytes());
                assert_eq!(checked, Ok(()));
            }
        }
    }

    /// Step 6e as the plain loop: find the leftmost "<segment>/../" with a complete
    /// segment other than "..", remove it, start again. A segment starts after a "/", or
    /// at the start of a buffer that does not begin with "/".
    fn step_6e_by_rescanning(buffer: &[u8]) -> Vec<u8> {
        let mut buf = buffer.to_vec();
        'again: loop {
            let mut starts: Vec<usize> = buf
                .iter()
                .enumerate()
                .filter(|(_, &b)| b == b'/')
                .map(|(k, _)| k + 1)
                .collect();
            if !buf.starts_with(b"/") {
                starts.insert(0, 0);
            }
            for start in starts {
                let Some(len) = buf[start..].iter().position(|&b| b == b'/') else {
                    continue;
                };
                let slash = start + len;
                if &buf[start..slash] != b".." && buf[slash..].starts_with(b"/../") {
                    buf.drain(start..slash + 4);
                    continue 'again;
                }
            }
            return buf;
        }
    }

    #[test]
    fn step_6e_is_the_leftmost_rewrite() {
        let pieces: [&[u8]; 4] = [b"a", b"..", b"/", b"."];
        let n = every_path(&pieces, 9, |p| {
            assert_eq!(
                step_6e(p),
                step_6e_by_rescanning(p),
                "buffer {:?}",
                String::from_utf8_lossy(p)
            );
        });
        assert!(n > 1000);
    }

    #[test]
    fn the_other_operations_as_the_text_gives_them() {
        assert_eq!(step_6c(b"/b/c/./g/./"), b"/b/c/g/");
        assert_eq!(step_6c(b"./g"), b"g");
        assert_eq!(step_6c(b"/b/g./.g/"), b"/b/g./.g/");
        assert_eq!(step_6d(b"/b/c/.".to_vec()), b"/b/c/");
        assert_eq!(step_6d(b".".to_vec()), b"");
        assert_eq!(step_6d(b"/b/c.".to_vec()), b"/b/c.");
        assert_eq!(step_6e(b"/b/c/../../g"), b"/g");
        assert_eq!(step_6e(b"/../g"), b"/../g");
        assert_eq!(step_6e(b"b/../../g"), b"../g");
        assert_eq!(step_6f(b"/b/c/..".to_vec()), b"/b/");
        assert_eq!(step_6f(b"b/..".to_vec()), b"");
        assert_eq!(step_6f(b"/..".to_vec()), b"/..");
        assert_eq!(step_6f(b"/../..".to_vec()), b"/../..");
        assert_eq!(step_6f(b"/b/g..".to_vec()), b"/b/g..");
    }
}
