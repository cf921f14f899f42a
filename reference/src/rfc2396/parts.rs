//! A URI reference broken down as Section 4.3 and Appendix B say: "A URI reference is
//! typically parsed according to the four main components and fragment identifier in
//! order to determine what components are present and whether the reference is
//! relative or absolute" (Section 4.3), by "the regular expression for breaking-down a
//! URI reference into its components" (Appendix B):
//!
//! ```text
//! ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
//!  12            3  4          5       6  7        8 9
//! ```
//!
//! "scheme = $2, authority = $4, path = $5, query = $7, fragment = $9", where
//! "<undefined> indicates that the component is not present". Presence is kept (`None`
//! is undefined, an empty span is present and empty); "the path component is never
//! undefined, though it may be empty" (Section 5.2). The path keeps its leading "/": in
//! RFC 2396 it is part of the path (Appendix G.2: "We chose the former").
//!
//! This is the split both the grammar (`mod.rs`) and the Section 5.2 resolver start
//! from. It never fails: whether each part derives from its production is the grammar's
//! question.

use crate::grammar::cx::Span;

/// The components of a URI reference, as spans of the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parts {
    /// `$2`.
    pub scheme: Option<Span>,
    /// `$4`.
    pub authority: Option<Span>,
    /// `$5`.
    pub path: Span,
    /// `$7`.
    pub query: Option<Span>,
    /// `$9`.
    pub fragment: Option<Span>,
}

impl Parts {
    pub fn of(input: &[u8]) -> Parts {
        let end = input.len();
        // `(([^:/?#]+):)?`: one or more characters other than ":", "/", "?", "#", then
        // ":". The run cannot hold ":", so the colon is the first one, and it must come
        // before any "/", "?" or "#".
        let stop = input.iter().position(|b| b":/?#".contains(b));
        let (scheme, mut at) = match stop {
            Some(colon) if colon > 0 && input[colon] == b':' => {
                (Some(Span::new(0, colon)), colon + 1)
            }
            _ => (None, 0),
        };
        // `(//([^/?#]*))?`: after "//", everything up to the next "/", "?" or "#".
        let authority = if input[at..].starts_with(b"//") {
            let start = at + 2;
            at = upto(input, start, b"/?#");
            Some(Span::new(start, at))
        } else {
            None
        };
        // `([^?#]*)`: the path, up to the next "?" or "#"; always there.
        let path_end = upto(input, at, b"?#");
        let path = Span::new(at, path_end);
        at = path_end;
        // `(\?([^#]*))?`.
        let query = if input.get(at) == Some(&b'?') {
            let q = Span::new(at + 1, upto(input, at + 1, b"#"));
            at = q.end;
            Some(q)
        } else {
            None
        };
        // `(#(.*))?`: everything after the "#", "#" included.
        let fragment = (input.get(at) == Some(&b'#')).then(|| Span::new(at + 1, end));
        Parts {
            scheme,
            authority,
            path,
            query,
            fragment,
        }
    }

    /// Where the reference ends without its fragment: before the "#", or at the end.
    pub fn url_end(&self, len: usize) -> usize {
        self.fragment.map_or(len, |f| f.start - 1)
    }
}

/// The offset of the first byte in `stops` at or after `from`, or the end.
fn upto(input: &[u8], from: usize, stops: &[u8]) -> usize {
    input[from..]
        .iter()
        .position(|b| stops.contains(b))
        .map_or(input.len(), |i| from + i)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(input: &str) -> [Option<String>; 5] {
        let p = Parts::of(input.as_bytes());
        let s = |sp: Option<Span>| sp.map(|sp| input[sp.start..sp.end].to_string());
        [
            s(p.scheme),
            s(p.authority),
            s(Some(p.path)),
            s(p.query),
            s(p.fragment),
        ]
    }

    fn v(parts: [Option<&str>; 5]) -> [Option<String>; 5] {
        parts.map(|p| p.map(String::from))
    }

    #[test]
    fn appendix_b_example() {
        let (input, split) = crate::testing::APPENDIX_B_EXAMPLE;
        assert_eq!(show(input), v(split));
    }

    #[test]
    fn splits_as_the_expression_does() {
        // The Appendix C base.
        assert_eq!(
            show("http://a/b/c/d;p?q"),
            v([Some("http"), Some("a"), Some("/b/c/d;p"), Some("q"), None])
        );
        // The authority ends at "?" too (Section 3.2: "terminated by the next slash "/",
        // question-mark "?", or by the end of the URI").
        assert_eq!(
            show("http://h?x"),
            v([Some("http"), Some("h"), Some(""), Some("x"), None])
        );
        // Any run of characters other than ":/?#" before the first ":" is $2.
        assert_eq!(show("a@b:c"), v([Some("a@b"), None, Some("c"), None, None]));
        assert_eq!(show(":g"), v([None, None, Some(":g"), None, None]));
        assert_eq!(show("./a:b"), v([None, None, Some("./a:b"), None, None]));
        // The fragment comes off at the first "#".
        assert_eq!(
            show("g#s?x#y"),
            v([None, None, Some("g"), None, Some("s?x#y")])
        );
        // Present and empty is not undefined.
        assert_eq!(
            show("///g?#"),
            v([None, Some(""), Some("/g"), Some(""), Some("")])
        );
        assert_eq!(show(""), v([None, None, Some(""), None, None]));
        assert_eq!(
            show("mailto:a?b"),
            v([Some("mailto"), None, Some("a"), Some("b"), None])
        );
    }
}
