//! RFC 1808 Section 4 "Resolving Relative URLs", step by step, on URLs parsed as
//! Section 2.4 says.

use super::shared_steps::{self, Algorithm};
use super::trace::{lossy, Trace};
use super::{non_empty, show, Components, Request, Resolution, Seen, Unresolvable};
use crate::grammar::cx::Span;
use crate::rfc1808::parts::Parts;
use std::borrow::Cow;

/// Section 2.4, "Parsing a URL", as the grammar applies it ([`Parts`]): Sections 2.4.1
/// to 2.4.4 (fragment, scheme, net_loc, query) are, word for word apart from `<net_loc>`
/// for `<server>`, what the 1996 draft's Section 4.3 later says, so that split is shared;
/// 2.4.5 then takes the parameters out of what is left:
///
/// "If the parse string contains a semicolon ";" character, then the substring after the
/// first (left-most) semicolon ";" and up to the end of the parse string is the
/// parameters (<params>). [...] The matched substring, including the semicolon
/// character, is removed from the parse string before continuing."
fn components(input: &[u8]) -> Components<'_> {
    let p = Parts::of(input);
    let owned = |s: Option<Span>| s.map(|s| &input[s.start..s.end]);
    Components {
        scheme: owned(p.scheme),
        server: owned(p.net_loc),
        path: Cow::Borrowed(&input[p.path.start..p.path.end]),
        path_slash: p.path_slash,
        params: owned(p.params),
        query: owned(p.query),
        fragment: owned(p.fragment),
    }
}

/// The Section 4 algorithm.
///
/// Hands `seen` the components Step 7 recombines.
pub(crate) fn resolve_seeing(asked: Request, seen: Seen) -> Result<Resolution, Unresolvable> {
    shared_steps::resolve_seeing(&SECTION_4, asked, seen)
}

/// Section 4, in its words.
const SECTION_4: Algorithm = Algorithm {
    // Step 2: "Both the base and embedded URLs are parsed into their component parts as
    // described in Section 2.4."
    components,
    reference: "embedded",
    server: "net_loc",
    // Section 2: "it is assumed that any document which contains a relative reference
    // does have a base URL that obeys the syntax."
    base_without_scheme:
        "it has no scheme (Section 2.4.2), so it is not an absoluteURL (Section 2.2)",
    // Step 1: "If the base URL is the empty string (unknown), the embedded URL is
    // interpreted as an absolute URL and we are done."
    base_empty: (
        "1",
        "the base URL is empty: the embedded URL is taken as absolute",
    ),
    parsed: (
        "2",
        "the base and the embedded URL are parsed (Section 2.4)",
    ),
    step_2a,
    // Step 2b: "If the embedded URL starts with a scheme name, it is interpreted as an
    // absolute URL and we are done."
    scheme_given: ("2b", "the embedded URL starts with a scheme name: absolute"),
    no_scheme_given: ("2b", "the embedded URL has no scheme name: go on"),
    // Step 2c: "Otherwise, the embedded URL inherits the scheme of the base URL."
    scheme_inherited: ("2c", "the embedded URL inherits the base's scheme"),
    // Step 3: "If the embedded URL's <net_loc> is non-empty, we skip to Step 7.
    // Otherwise, the embedded URL inherits the <net_loc> (if any) of the base URL."
    server_given: ("3", "the embedded net_loc is non-empty: skip to Step 7"),
    server_inherited: ("3", "the embedded URL inherits the base's net_loc (if any)"),
    step_5,
};

/// Step 2a: "If the embedded URL is entirely empty, it inherits the entire base URL
/// (i.e., is set equal to the base URL) and we are done."
#[inline]
fn step_2a(
    asked: &Request,
    _: &Components,
    _: &Components,
    t: &mut Trace,
    _: Seen,
) -> Option<(Vec<u8>, bool)> {
    if asked.reference.is_empty() {
        t.step(
            "2a",
            "the embedded URL is empty: it is set equal to the base URL",
            || lossy(asked.base),
        );
        return Some((asked.base.to_vec(), false));
    }
    t.pass("2a", "the embedded URL is not empty: go on");
    None
}

/// Step 5: "If the embedded URL path is empty (and not preceded by a slash), then the
/// embedded URL inherits the base URL path, and"
fn step_5<'a>(u: &mut Components<'a>, b: &Components<'a>, t: &mut Trace) {
    // "a) if the embedded URL's <params> is non-empty, we skip to step 7; otherwise, it
    // inherits the <params> of the base URL (if any) and"
    if non_empty(&u.params) {
        t.step(
            "5a",
            "the path is empty and the params non-empty: skip to Step 7",
            || show(u),
        );
        return;
    }
    u.params = b.params;
    // "b) if the embedded URL's <query> is non-empty, we skip to step 7; otherwise, it
    // inherits the <query> of the base URL (if any) and we skip to step 7."
    if !non_empty(&u.query) {
        u.query = b.query;
    }
    t.step(
        "5b",
        "the path is empty: the base's path, params and query are inherited",
        || show(u),
    );
}

#[cfg(test)]
mod tests {
    use crate::document::Document;

    fn res(base: &str, r: &str) -> String {
        crate::testing::resolved(Document::Rfc1808.into(), base, r, true)
    }

    #[test]
    fn params_are_set_aside_and_inherited_only_in_step_5() {
        let base = "http://a/b/c/d;p?q#f";
        assert_eq!(res(base, ";x"), "http://a/b/c/d;x");
        assert_eq!(res(base, "g;x=1/../y"), "http://a/b/c/g;x=1/../y");
        assert_eq!(res("http://a/b;p/c", "../g"), "http://a/../g");
        // Step 2a: the entire base, fragment included.
        assert_eq!(res(base, ""), base);
        // Only the entirely empty URL is 2a; "#s" inherits path, params and query.
        assert_eq!(res(base, "#s"), "http://a/b/c/d;p?q#s");
    }
}
