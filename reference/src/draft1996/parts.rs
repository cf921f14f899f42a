//! A URL reference taken apart in the order Section 4.3 gives: "A URL reference is parsed
//! into its components from the outside-in: fragment, scheme, server, query, and then
//! path." Presence is kept (`None` is absent, an empty span is present and empty), and so
//! is whether the path had a leading slash.
//!
//! This is the split the Section 6 resolver and the grammar both start from. It never
//! fails: whether each part derives from its production is the grammar's question.

use crate::grammar::cx::Span;

/// The components of a URL reference, as spans of the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parts {
    pub fragment: Option<Span>,
    pub scheme: Option<Span>,
    pub server: Option<Span>,
    pub query: Option<Span>,
    /// The path, without the slash that may precede it.
    pub path: Span,
    /// "the parser must remember whether or not it was present" (Section 4.3.2).
    pub path_slash: bool,
}

/// `scheme  =  1*( alpha | digit | "+" | "-" | "." )`, one character at a time.
pub fn is_scheme_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')
}

impl Parts {
    pub fn of(input: &[u8]) -> Parts {
        Parts::split(input, true)
    }

    /// The split with no server: a leading "//" stays in the path, as an empty first
    /// segment after the path's slash. This is how `abs_path = "/" rel_path` derives it
    /// when `segment = *pchar` lets a segment be empty (the `double-slash-path` reading).
    pub fn without_server(input: &[u8]) -> Parts {
        Parts::split(input, false)
    }

    fn split(input: &[u8], server_step: bool) -> Parts {
        let mut rest = Span::new(0, input.len());

        // Section 3: "If the reference contains a crosshatch "#" character, then the
        // substring after the first (left-most) crosshatch and up to the end of the
        // reference is the fragment identifier. [...] The crosshatch separator is
        // discarded."
        let fragment = find(input, rest, b'#').map(|at| {
            let f = Span::new(at + 1, rest.end);
            rest.end = at;
            f
        });

        // Section 4.1: "If the reference contains a colon ":" after the first character
        // and before any characters not allowed as part of a scheme name, the scheme of
        // the URL is the substring of characters up to, but not including, the first
        // colon. The colon separator is discarded."
        let scheme_end = input[rest.start..rest.end]
            .iter()
            .position(|&b| !is_scheme_char(b))
            .map(|i| rest.start + i);
        let scheme = match scheme_end {
            Some(colon) if colon > rest.start && input[colon] == b':' => {
                let s = Span::new(rest.start, colon);
                rest.start = colon + 1;
                Some(s)
            }
            _ => None,
        };

        // Section 4.3.1: "If the remaining reference begins with a double-slash "//",
        // then the substring of characters after the double-slash and up to, but not
        // including, the next slash "/" character is the server component of the URL.
        // If no trailing slash is present, the entire remaining reference is the server
        // component. The double-slash separator is discarded."
        let server = if server_step && input[rest.start..rest.end].starts_with(b"//") {
            let start = rest.start + 2;
            let end = find(input, Span::new(start, rest.end), b'/').unwrap_or(rest.end);
            rest.start = end;
            Some(Span::new(start, end))
        } else {
            None
        };

        // Section 4.3.3: "If the remaining reference contains a question mark "?"
        // character, then the substring after the first (left-most) question mark and up
        // to the end of the reference is the query component. [...] The question mark
        // separator is discarded."
        let query = find(input, rest, b'?').map(|at| {
            let q = Span::new(at + 1, rest.end);
            rest.end = at;
            q
        });

        // Section 4.3.2: "The remaining reference is the URL path and the slash "/" that
        // might precede it. Although the initial slash is not part of the URL path, the
        // parser must remember whether or not it was present".
        let path_slash = input[rest.start..rest.end].starts_with(b"/");
        if path_slash {
            rest.start += 1;
        }
        Parts {
            fragment,
            scheme,
            server,
            query,
            path: rest,
            path_slash,
        }
    }
}

fn find(input: &[u8], within: Span, byte: u8) -> Option<usize> {
    input[within.start..within.end]
        .iter()
        .position(|&b| b == byte)
        .map(|i| within.start + i)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(input: &str) -> Vec<Option<String>> {
        let p = Parts::of(input.as_bytes());
        let s = |sp: Option<Span>| sp.map(|sp| input[sp.start..sp.end].to_string());
        vec![
            s(p.scheme),
            s(p.server),
            Some(format!(
                "{}{}",
                if p.path_slash { "/" } else { "" },
                &input[p.path.start..p.path.end]
            )),
            s(p.query),
            s(p.fragment),
        ]
    }

    fn v(parts: [Option<&str>; 5]) -> Vec<Option<String>> {
        parts.iter().map(|p| p.map(String::from)).collect()
    }

    #[test]
    fn splits_in_the_section_4_3_order() {
        // The Appendix C base.
        assert_eq!(
            show("http://a/b/c/d;p?q"),
            v([Some("http"), Some("a"), Some("/b/c/d;p"), Some("q"), None])
        );
        // The fragment goes first, so a "?" after "#" is in the fragment.
        assert_eq!(show("g#s?x"), v([None, None, Some("g"), None, Some("s?x")]));
        // A colon after a character not allowed in a scheme name is no scheme.
        assert_eq!(show("a@b:c"), v([None, None, Some("a@b:c"), None, None]));
        // Nor is a colon in the first position.
        assert_eq!(show(":g"), v([None, None, Some(":g"), None, None]));
        // The server ends at the next "/" only.
        assert_eq!(
            show("http://h?x"),
            v([Some("http"), Some("h?x"), Some(""), None, None])
        );
        // Present and empty is not absent.
        assert_eq!(
            show("///g?#"),
            v([None, Some(""), Some("/g"), Some(""), Some("")])
        );
        assert_eq!(show(""), v([None, None, Some(""), None, None]));
    }

    #[test]
    fn without_a_server_the_double_slash_stays_in_the_path() {
        let p = Parts::without_server(b"foo://h?x/y");
        // abs_path = "/" rel_path: the first "/" is abs_path's, the second begins the
        // path with an empty segment; the query is still cut at the first "?".
        assert!(p.path_slash);
        assert_eq!((p.path.start, p.path.end), (5, 7));
        assert_eq!(p.query.map(|q| (q.start, q.end)), Some((8, 11)));
        assert_eq!(p.server, None);
    }
}
