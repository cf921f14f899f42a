//! A URI reference cut into its five components at the delimiters Section 3 names, the
//! split the grammar is then applied to. It never fails: whether each part derives is
//! the grammar's question.
//!
//! - **scheme**, Section 4.1: "If the URI-reference's prefix does not match the syntax
//!   of a scheme followed by its colon separator, then the URI-reference is a relative
//!   reference." So a scheme is there exactly when the input starts with
//!   `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` and ":".
//! - **authority**, Section 3.2: "The authority component is preceded by a double slash
//!   ("//") and is terminated by the next slash ("/"), question mark ("?"), or number
//!   sign ("#") character, or by the end of the URI."
//! - **path**, Section 3.3: "The path is terminated by the first question mark ("?") or
//!   number sign ("#") character, or by the end of the URI." It is always there,
//!   possibly empty, and holds its leading "/" (the path rules derive it).
//! - **query**, Section 3.4: "indicated by the first question mark ("?") character and
//!   terminated by a number sign ("#") character or by the end of the URI."
//! - **fragment**, Section 3.5: "indicated by the presence of a number sign ("#")
//!   character and terminated by the end of the URI."
//!
//! Every cut is at a character the part before it cannot derive (no scheme character is
//! ":", no authority character "/", "?" or "#", no path character "?" or "#", no query
//! character "#"), so the split is the only one under which the grammar can derive the
//! input. For a reference that derives, it gives the components Appendix B's regular
//! expression gives; they differ only on inputs that do not derive, where Appendix B
//! takes any run of characters other than ":/?#" before a ":" as the scheme ("1a:b")
//! and Section 4.1 a relative reference.

use crate::grammar::cx::Span;

/// The components, as spans of the input: `None` is absent, an empty span present and
/// empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parts {
    pub scheme: Option<Span>,
    pub authority: Option<Span>,
    /// The whole path, "/" included.
    pub path: Span,
    pub query: Option<Span>,
    pub fragment: Option<Span>,
}

/// `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` then ":" at the start of `input`: the
/// scheme's span.
pub fn scheme_prefix(input: &[u8]) -> Option<Span> {
    let first = *input.first()?;
    if !first.is_ascii_alphabetic() {
        return None;
    }
    let end = input
        .iter()
        .position(|&b| !(b.is_ascii_alphanumeric() || b"+-.".contains(&b)))?;
    (input[end] == b':').then_some(Span::new(0, end))
}

impl Parts {
    pub fn of(input: &[u8]) -> Parts {
        Parts::after(input, scheme_prefix(input))
    }

    /// The split of `input` read as a relative reference, with no scheme: the first
    /// ":" is then part of the path.
    pub fn relative(input: &[u8]) -> Parts {
        Parts::after(input, None)
    }

    fn after(input: &[u8], scheme: Option<Span>) -> Parts {
        let len = input.len();
        let find = |from: usize, to: usize, set: &[u8]| {
            input[from..to]
                .iter()
                .position(|b| set.contains(b))
                .map(|i| from + i)
        };
        let mut at = scheme.map_or(0, |s| s.end + 1);
        let hash = find(at, len, b"#");
        let end = hash.unwrap_or(len);
        let fragment = hash.map(|h| Span::new(h + 1, len));
        let authority = if input[at..end].starts_with(b"//") {
            let start = at + 2;
            at = find(start, end, b"/?").unwrap_or(end);
            Some(Span::new(start, at))
        } else {
            None
        };
        let question = find(at, end, b"?");
        Parts {
            scheme,
            authority,
            path: Span::new(at, question.unwrap_or(end)),
            query: question.map(|q| Span::new(q + 1, end)),
            fragment,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(input: &str) -> [Option<&str>; 5] {
        let p = Parts::of(input.as_bytes());
        let s = |sp: Option<Span>| sp.map(|sp| &input[sp.start..sp.end]);
        [
            s(p.scheme),
            s(p.authority),
            s(Some(p.path)),
            s(p.query),
            s(p.fragment),
        ]
    }

    #[test]
    fn splits_at_the_section_3_delimiters() {
        // Section 3's example.
        assert_eq!(
            show("foo://example.com:8042/over/there?name=ferret#nose"),
            [
                Some("foo"),
                Some("example.com:8042"),
                Some("/over/there"),
                Some("name=ferret"),
                Some("nose")
            ]
        );
        assert_eq!(
            show("urn:example:animal:ferret:nose"),
            [
                Some("urn"),
                None,
                Some("example:animal:ferret:nose"),
                None,
                None
            ]
        );
        // Section 3.3: "the URI <foo://info.example.com?fred> has an empty path".
        assert_eq!(
            show("foo://info.example.com?fred"),
            [
                Some("foo"),
                Some("info.example.com"),
                Some(""),
                Some("fred"),
                None
            ]
        );
        // Present and empty is not absent.
        assert_eq!(show("//?#"), [None, Some(""), Some(""), Some(""), Some("")]);
        assert_eq!(show(""), [None, None, Some(""), None, None]);
        // The fragment goes to the end, "?" and "#" included.
        assert_eq!(show("#a?b#c"), [None, None, Some(""), None, Some("a?b#c")]);
    }

    /// Section 4.1: without the syntax of a scheme before the first ":", the reference
    /// is relative.
    #[test]
    fn a_scheme_is_alpha_then_scheme_characters_then_a_colon() {
        assert_eq!(show("1a:b")[0], None);
        assert_eq!(show(":a")[0], None);
        assert_eq!(show("a_b:c")[0], None);
        assert_eq!(show("./this:that")[0], None);
        assert_eq!(show("a+b-c.d9:")[0], Some("a+b-c.d9"));
        assert_eq!(show("A:")[0], Some("A"));
        assert_eq!(show("a/b:c")[2], Some("a/b:c"));
    }
}
