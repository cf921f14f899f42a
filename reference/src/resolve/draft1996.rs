//! draft-fielding-url-syntax-01, Section 6 "Resolving Relative URLs", step by step.
//! The reference and the base are taken apart as Section 4.3 says
//! ([`crate::draft1996::parts`]).

use super::shared_steps::{self, Algorithm};
use super::trace::{lossy, Trace};
use super::{non_empty, recombine, show, Components, Request, Resolution, Seen, Unresolvable};
use crate::draft1996::parts::Parts;
use crate::grammar::cx::Span;
use std::borrow::Cow;

/// "Step 2: Both the base and URL reference are parsed into their component parts as
/// described in Section 4."
pub(crate) fn components(input: &[u8]) -> Components<'_> {
    let p = Parts::of(input);
    let owned = |s: Option<Span>| s.map(|s| &input[s.start..s.end]);
    Components {
        scheme: owned(p.scheme),
        server: owned(p.server),
        path: Cow::Borrowed(&input[p.path.start..p.path.end]),
        path_slash: p.path_slash,
        params: None,
        query: owned(p.query),
        fragment: owned(p.fragment),
    }
}

/// The Section 6 algorithm.
///
/// Hands `seen` the components Step 7 (or Step 2a) recombines.
pub(crate) fn resolve_seeing(asked: Request, seen: Seen) -> Result<Resolution, Unresolvable> {
    shared_steps::resolve_seeing(&SECTION_6, asked, seen)
}

/// Section 6, in its words.
const SECTION_6: Algorithm = Algorithm {
    components,
    reference: "reference",
    server: "server",
    // Section 4.2: "It is assumed that any document which contains a relative reference
    // will also have a base URL that obeys the syntax."
    base_without_scheme:
        "it has no scheme (Section 4.1), so it is not an absoluteURL (Section 4.2)",
    // Step 1: "If the base URL is the empty string (unknown), the URL reference is
    // interpreted as an absolute URL and we are done."
    base_empty: (
        "1",
        "the base URL is empty: the reference is taken as absolute",
    ),
    // Step 2: "Both the base and URL reference are parsed into their component parts".
    parsed: ("2", "the base and the reference are parsed (Section 4)"),
    step_2a,
    // Step 2b: "If the URL reference starts with a scheme name, it is interpreted as an
    // absolute URL and we are done."
    scheme_given: ("2b", "the reference starts with a scheme name: absolute"),
    no_scheme_given: ("2b", "the reference has no scheme name: go on"),
    // Step 2c: "Otherwise, the URL reference inherits the scheme of the base URL."
    scheme_inherited: ("2c", "the reference inherits the base's scheme"),
    // Step 3: "If the URL reference's <server> is non-empty, we skip to Step 7.
    // Otherwise, the URL reference inherits the <server> (if any) of the base URL. If
    // the base URL's has no <server> component, then neither does the relative
    // reference."
    server_given: ("3", "the reference's server is non-empty: skip to Step 7"),
    server_inherited: ("3", "the reference inherits the base's server (if any)"),
    step_5,
};

/// Step 2a: "If the URL reference is entirely empty, or consists only of a fragment
/// identifier, it is interpreted as a reference to the current document and we are
/// done."
#[inline]
fn step_2a(
    asked: &Request,
    b: &Components,
    r: &Components,
    t: &mut Trace,
    seen: Seen,
) -> Option<(Vec<u8>, bool)> {
    let reference = asked.reference;
    if reference.is_empty() || reference[0] == b'#' {
        // Section 3: "the URL" is "the absolute URL after the fragment identifier (if
        // any) is removed".
        let current = Components {
            fragment: r.fragment,
            ..b.clone()
        };
        seen(&super::named(&current, "server"));
        let result = recombine(&current);
        t.step(
            "2a",
            "the reference is empty or only a fragment: the current document",
            || lossy(&result),
        );
        return Some((result, true));
    }
    t.pass(
        "2a",
        "the reference is neither empty nor only a fragment: go on",
    );
    None
}

/// Step 5: "If the URL reference path is empty (and not preceded by a slash), then the
/// URL reference inherits the base URL path. If the URL reference's <query> is
/// non-empty, we skip to step 7; otherwise, it inherits the <query> of the base URL (if
/// any) and we skip to step 7."
fn step_5<'a>(u: &mut Components<'a>, b: &Components<'a>, t: &mut Trace) {
    if !non_empty(&u.query) {
        u.query = b.query;
    }
    t.step(
        "5",
        "the path is empty: the base's path (and query) are inherited",
        || show(u),
    );
}

#[cfg(test)]
mod tests {
    use crate::document::Document;
    use crate::resolve;

    fn res(base: &str, r: &str) -> String {
        crate::testing::resolved(Document::Draft1996.into(), base, r, true)
    }

    #[test]
    fn steps_branch_as_the_text_says() {
        let base = "http://a/b/c/d;p?q";
        // Appendix D: "../x" against the HTML BASE gives http://www.ics.uci.edu/Test/a/x.
        assert_eq!(
            res("http://www.ics.uci.edu/Test/a/b/c", "../x"),
            "http://www.ics.uci.edu/Test/a/x"
        );
        // Step 5 inherits the base path and, for an empty query, the base query.
        assert_eq!(res(base, "?y"), "http://a/b/c/d;p?y");
        // Step 3 tests the server's value: "//" with nothing after it inherits.
        assert_eq!(res(base, "///g"), "http://a/g");
        // Step 1.
        assert_eq!(res("", "g"), "g");
        let r = resolve(Document::Draft1996.into(), base.as_bytes(), b"#s", false).unwrap();
        assert!(r.current_document);
        assert_eq!(r.result, b"http://a/b/c/d;p?q#s");
        assert_eq!(r.step_ids(), ["1", "2", "2a"]);
    }
}
