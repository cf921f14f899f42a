//! A URL taken apart as Section 2.4, "Parsing a URL", says: "The rules are listed in the
//! order in which they would be applied by the parser": fragment (2.4.1), scheme (2.4.2),
//! network location (2.4.3), query (2.4.4), parameters (2.4.5), path (2.4.6).
//!
//! Sections 2.4.1 to 2.4.4 are, word for word apart from `<net_loc>` for "server", what
//! the 1996 draft's Section 4.3 later wrote, so that split ([`crate::draft1996::parts::Parts`])
//! is reused; Section 2.4.5 then takes the parameters out of what is left. The Section 4
//! resolver (`resolve::rfc1808`) starts from this same split.
//!
//! Presence is kept: `None` is absent, an empty span is present and empty (`http://a/?`
//! has an empty query, `http://a/` none). Section 2.4 itself calls both "empty" ("If the
//! question mark is the last character, or no question mark is present, then the query
//! information is empty"), and its Section 4 tests only "non-empty"; urlcert keeps the
//! difference, as the resolvers do (`cases/README.md`), so a case can say which it means.
//!
//! The split never fails: whether each part derives from its production is the
//! grammar's question.

use crate::draft1996::parts::Parts as Split;
use crate::grammar::cx::Span;

pub use crate::draft1996::parts::is_scheme_char;

/// The components of a URL, as spans of the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parts {
    /// Section 2.4.1, `<fragment>`: after the first "#".
    pub fragment: Option<Span>,
    /// Section 2.4.2, `<scheme>`: before the first ":", when every character before it
    /// is allowed in a scheme name and there is at least one.
    pub scheme: Option<Span>,
    /// Section 2.4.3, `<net_loc>`: after a leading "//", up to the next "/".
    pub net_loc: Option<Span>,
    /// Section 2.4.4, `<query>`: after the first "?" of what is left.
    pub query: Option<Span>,
    /// Section 2.4.5, `<params>`: after the first ";" of what is left.
    pub params: Option<Span>,
    /// Section 2.4.6, `<path>`: the rest, without the slash that may precede it.
    pub path: Span,
    /// Section 2.4.6: "Even though the initial slash is not part of the URL path, the
    /// parser must remember whether or not it was present".
    pub path_slash: bool,
}

impl Parts {
    pub fn of(input: &[u8]) -> Parts {
        let split = Split::of(input);
        let mut path = split.path;

        // Section 2.4.5: "If the parse string contains a semicolon ";" character, then
        // the substring after the first (left-most) semicolon ";" and up to the end of
        // the parse string is the parameters (<params>). [...] The matched substring,
        // including the semicolon character, is removed from the parse string before
        // continuing." What is left of the parse string here is the path and the slash
        // that may precede it; a slash is no ";", so searching the path is the same.
        let params = input[path.start..path.end]
            .iter()
            .position(|&b| b == b';')
            .map(|i| {
                let semicolon = path.start + i;
                let p = Span::new(semicolon + 1, path.end);
                path.end = semicolon;
                p
            });

        Parts {
            fragment: split.fragment,
            scheme: split.scheme,
            net_loc: split.server,
            query: split.query,
            params,
            path,
            path_slash: split.path_slash,
        }
    }

    /// Where the URL ends: before the "#" of the fragment, or at the end of the input.
    pub fn url_end(&self, input_len: usize) -> usize {
        self.fragment.map_or(input_len, |f| f.start - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// scheme, net_loc, path (with its slash, if any), params, query, fragment.
    fn show(input: &str) -> [Option<String>; 6] {
        let p = Parts::of(input.as_bytes());
        let s = |sp: Option<Span>| sp.map(|sp| input[sp.start..sp.end].to_string());
        [
            s(p.scheme),
            s(p.net_loc),
            Some(format!(
                "{}{}",
                if p.path_slash { "/" } else { "" },
                &input[p.path.start..p.path.end]
            )),
            s(p.params),
            s(p.query),
            s(p.fragment),
        ]
    }

    fn v(parts: [Option<&str>; 6]) -> [Option<String>; 6] {
        parts.map(|p| p.map(String::from))
    }

    #[test]
    fn splits_in_the_section_2_4_order() {
        // The Section 5 base: every component.
        assert_eq!(
            show("http://a/b/c/d;p?q#f"),
            v([
                Some("http"),
                Some("a"),
                Some("/b/c/d"),
                Some("p"),
                Some("q"),
                Some("f")
            ])
        );
        // 2.4.1 first: a "?" or ";" after the "#" is in the fragment.
        assert_eq!(
            show("g#s?x;y"),
            v([None, None, Some("g"), None, None, Some("s?x;y")])
        );
        // 2.4.4 before 2.4.5: a ";" after the "?" is in the query.
        assert_eq!(
            show("g?y;x"),
            v([None, None, Some("g"), None, Some("y;x"), None])
        );
        // 2.4.5: the params run from the first ";" and may hold "/" and more ";".
        assert_eq!(
            show("g;x=1/../y;z"),
            v([None, None, Some("g"), Some("x=1/../y;z"), None, None])
        );
        // 2.4.3: the net_loc ends at the next "/" only, so "?" and ";" stay in it.
        assert_eq!(
            show("http://h?x"),
            v([Some("http"), Some("h?x"), Some(""), None, None, None])
        );
        assert_eq!(
            show("http://u;p@h/x;y"),
            v([
                Some("http"),
                Some("u;p@h"),
                Some("/x"),
                Some("y"),
                None,
                None
            ])
        );
        // 2.4.2: a colon after a character not allowed in a scheme name is no scheme,
        // nor is a colon in the first position.
        assert_eq!(
            show("a@b:c"),
            v([None, None, Some("a@b:c"), None, None, None])
        );
        assert_eq!(show(":g"), v([None, None, Some(":g"), None, None, None]));
        // Present and empty is not absent.
        assert_eq!(
            show("///;?#"),
            v([None, Some(""), Some("/"), Some(""), Some(""), Some("")])
        );
        assert_eq!(show(""), v([None, None, Some(""), None, None, None]));
    }

    #[test]
    fn the_url_ends_before_the_crosshatch() {
        assert_eq!(Parts::of(b"a#b").url_end(3), 1);
        assert_eq!(Parts::of(b"ab").url_end(2), 2);
        assert_eq!(Parts::of(b"#").url_end(1), 0);
    }
}
