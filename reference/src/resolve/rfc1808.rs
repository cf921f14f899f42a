//! RFC 1808 Section 4 "Resolving Relative URLs", step by step, on URLs parsed as
//! Section 2.4 says.

use super::step6::step_6;
use super::trace::Trace;
use super::{non_empty, recombine, show, Components, Request, Resolution, Seen, Unresolvable};
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
    let (doc, base, embedded) = (asked.doc, asked.base, asked.reference);
    let mut t = Trace::new(asked.trace);

    // Step 1: "If the base URL is the empty string (unknown), the embedded URL is
    // interpreted as an absolute URL and we are done."
    if base.is_empty() {
        return t.done(
            "1",
            "the base URL is empty: the embedded URL is taken as absolute",
            doc,
            embedded.to_vec(),
        );
    }
    t.pass("1", "the base URL is known: go on");

    // Step 2: "Both the base and embedded URLs are parsed into their component parts as
    // described in Section 2.4."
    let b = components(base);
    let e = components(embedded);
    t.step(
        "2",
        "the base and the embedded URL are parsed (Section 2.4)",
        || format!("base: {}; embedded: {}", show(&b), show(&e)),
    );
    if b.scheme.is_none() {
        // Section 2: "it is assumed that any document which contains a relative
        // reference does have a base URL that obeys the syntax."
        return Err(Unresolvable::BaseNotAbsolute {
            doc,
            why: "it has no scheme (Section 2.4.2), so it is not an absoluteURL (Section 2.2)",
        });
    }

    // Step 2a: "If the embedded URL is entirely empty, it inherits the entire base URL
    // (i.e., is set equal to the base URL) and we are done."
    if embedded.is_empty() {
        return t.done(
            "2a",
            "the embedded URL is empty: it is set equal to the base URL",
            doc,
            base.to_vec(),
        );
    }
    t.pass("2a", "the embedded URL is not empty: go on");

    // Step 2b: "If the embedded URL starts with a scheme name, it is interpreted as an
    // absolute URL and we are done."
    if e.scheme.is_some() {
        return t.done(
            "2b",
            "the embedded URL starts with a scheme name: absolute",
            doc,
            embedded.to_vec(),
        );
    }
    t.pass("2b", "the embedded URL has no scheme name: go on");

    // Step 2c: "Otherwise, the embedded URL inherits the scheme of the base URL."
    let mut u = Components {
        scheme: b.scheme,
        ..e.clone()
    };
    t.step("2c", "the embedded URL inherits the base's scheme", || {
        show(&u)
    });

    'step_7: {
        // Step 3: "If the embedded URL's <net_loc> is non-empty, we skip to Step 7.
        // Otherwise, the embedded URL inherits the <net_loc> (if any) of the base URL."
        if non_empty(&e.server) {
            t.step(
                "3",
                "the embedded net_loc is non-empty: skip to Step 7",
                || show(&u),
            );
            break 'step_7;
        }
        u.server = b.server;
        t.step(
            "3",
            "the embedded URL inherits the base's net_loc (if any)",
            || show(&u),
        );

        // Step 4: "If the embedded URL path is preceded by a slash "/", the path is not
        // relative and we skip to Step 7."
        if e.path_slash {
            t.step(
                "4",
                "the path is preceded by a slash: skip to Step 7",
                || show(&u),
            );
            break 'step_7;
        }
        t.pass("4", "the path is not preceded by a slash: go on");

        // Step 5: "If the embedded URL path is empty (and not preceded by a slash), then
        // the embedded URL inherits the base URL path, and"
        if e.path.is_empty() {
            u.path = b.path.clone();
            u.path_slash = b.path_slash;
            // "a) if the embedded URL's <params> is non-empty, we skip to step 7;
            // otherwise, it inherits the <params> of the base URL (if any) and"
            if non_empty(&e.params) {
                t.step(
                    "5a",
                    "the path is empty and the params non-empty: skip to Step 7",
                    || show(&u),
                );
                break 'step_7;
            }
            u.params = b.params;
            // "b) if the embedded URL's <query> is non-empty, we skip to step 7;
            // otherwise, it inherits the <query> of the base URL (if any) and we skip to
            // step 7."
            if !non_empty(&e.query) {
                u.query = b.query;
            }
            t.step(
                "5b",
                "the path is empty: the base's path, params and query are inherited",
                || show(&u),
            );
            break 'step_7;
        }
        t.pass("5", "the path is not empty: go on");

        // Step 6: "The last segment of the base URL's path [...] is removed and the
        // embedded URL's path is appended in its place", then a) to d). "Parameters,
        // regardless of their purpose, do not form a part of the URL path and thus do not
        // affect the resolving of relative paths."
        u.path = Cow::Owned(step_6(&b.path, &e.path, &mut t));
        u.path_slash = b.path_slash;
    }

    // Step 7: "The resulting URL components, including any inherited from the base URL,
    // are recombined to give the absolute form of the embedded URL."
    seen(&super::named(&u, "net_loc"));
    let result = recombine(&u);
    t.done("7", "the components are recombined", doc, result)
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
