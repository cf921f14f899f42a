//! RFC 2396, "E. Recommendations for Delimiting URI in Context"
//! (<https://www.rfc-editor.org/rfc/rfc2396>). Its example:
//!
//! ```text
//! Yes, Jim, I found it under "http://www.w3.org/Addressing/",
//! but you can probably pick it up from <ftp://ds.internic.
//! net/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/
//! ietf/uri/historical.html#WARNING>.
//! ```
//!
//! "contains the URI references http://www.w3.org/Addressing/,
//! ftp://ds.internic.net/rfc/, http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING".

use super::scan::{self, Pair, Prefix, ANGLE};
use super::{Found, Wrapper};
use crate::document::Reading;
use crate::grammar::outcome::Verdict;
use crate::grammar::rule::Rule;

/// `"..."`, the wrapper Appendix E names first.
const QUOTE: Pair = Pair {
    open: b'"',
    close: b'"',
    plain: Wrapper::Quote,
    prefixed: Wrapper::QuoteUrl,
};

pub(crate) fn extract(text: &[u8]) -> Vec<Found> {
    // "In practice, URI are delimited in a variety of ways, but usually within
    // double-quotes "http://test.com/", angle brackets <http://test.com/>, or just using
    // whitespace [...] These wrappers do not form part of the URI."
    //
    // A wrapper ends at its first closing delimiter, and a "<", ">" or double quote
    // inside it ends the attempt: they are `delims`, "excluded because they are often
    // used as the delimiters around URI in text documents and protocol fields" (Section
    // 2.4.3). "[", "]", "{" and "}" are `unwise`, no longer wrappers here.
    //
    // "The prefix "URL:" (with or without a trailing space) was recommended as a way to
    // used to help distinguish a URL from other bracketed designators, although this is
    // not common in practice": it is part of the wrapper when it is there; a space after
    // it is whitespace, ignored below.
    //
    // "In the case where a fragment identifier is associated with a URI reference, the
    // fragment would be placed within the brackets as well (separated from the URI with
    // a "#" character)": "#" is no delimiter, so it stays in the URI.
    let spans = scan::spans(text, &[ANGLE, QUOTE], Prefix::Optional);
    let mut found: Vec<Found> = Vec::new();
    let mut gap_start = 0;
    for span in spans {
        words(text, gap_start, span.start, &mut found);
        gap_start = span.end;
        // "In some cases, extra whitespace (spaces, linebreaks, tabs, etc.) may need to
        // be added to break long URI across lines. The whitespace should be ignored when
        // extracting the URI."
        //
        // "No whitespace should be introduced after a hyphen ("-") character. Because
        // some typesetters and printers may (erroneously) introduce a hyphen at the end of
        // line when breaking a line, the interpreter of a URI containing a line break
        // immediately after a hyphen should ignore all unescaped whitespace around the
        // line break, and should be aware that the hyphen may or may not actually be part
        // of the URI." The URI keeps the hyphen; the readings without it are its
        // alternatives.
        let (url, hyphens) = scan::without_whitespace(text, span.content.clone(), true);
        // With the prefix, the wrapper says a URL is in it. Without it, quotes and angle
        // brackets hold many other things, so they hold a URI only when it starts as an
        // absolute URI does: "An absolute URI contains the name of the scheme being used
        // (<scheme>) followed by a colon (":")" (Section 3).
        if span.prefixed || starts_with_scheme(&url) {
            found.push(span.found(url, &hyphens));
        }
    }
    words(text, gap_start, text.len(), &mut found);
    found
}

/// "or just using whitespace": the words of `text[from..to]` (outside every wrapper)
/// that have whitespace, or an end of the text, on both sides, and are URIs. A word
/// that touches a wrapper is not delimited by whitespace. Nothing tells a URI from any
/// other word but its syntax, and every plain word is a relativeURI (a rel_path), so a
/// word is taken only when it is an absoluteURI, with or without a fragment, under RFC
/// 2396's grammar. What the grammar allows at a word's end, such as "." or ")", stays
/// in it: the appendix answers "punctuation marks that might be mistaken for part of
/// the URI" with the wrappers, not with a rule for bare URIs.
fn words(text: &[u8], from: usize, to: usize, found: &mut Vec<Found>) {
    let mut at = from;
    while at < to {
        if scan::is_whitespace(text[at]) {
            at += 1;
            continue;
        }
        let start = at;
        while at < to && !scan::is_whitespace(text[at]) {
            at += 1;
        }
        let end = at;
        let delimited = (start == 0 || scan::is_whitespace(text[start - 1]))
            && (end == text.len() || scan::is_whitespace(text[end]));
        if !delimited || !starts_with_scheme(&text[start..end]) {
            continue;
        }
        let word = &text[start..end];
        let p = crate::rfc2396::parse(word, Reading::Strict);
        if p.verdict == Verdict::Valid && p.rule == Some(Rule::R2396AbsoluteUri) {
            found.push(Found {
                url: word.to_vec(),
                start,
                end,
                wrapper: Wrapper::Whitespace,
                alternatives: Vec::new(),
                hyphens: Vec::new(),
            });
        }
    }
}

/// Whether `s` starts with `scheme ":"` (Section 3.1):
///
/// ```text
/// scheme        = alpha *( alpha | digit | "+" | "-" | "." )
/// ```
fn starts_with_scheme(s: &[u8]) -> bool {
    let rest = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.');
    scan::starts_with_scheme(s, |b| b.is_ascii_alphabetic(), rest, false)
}

#[cfg(test)]
mod tests {
    use super::super::tests::check;
    use super::*;
    use crate::document::Document;

    fn urls(text: &[u8]) -> Vec<(String, Wrapper)> {
        let found = extract(text);
        check(Document::Rfc2396, text, &found);
        found
            .iter()
            .map(|f| (String::from_utf8_lossy(&f.url).into_owned(), f.wrapper))
            .collect()
    }

    fn want(v: &[(&str, Wrapper)]) -> Vec<(String, Wrapper)> {
        v.iter().map(|(u, w)| (u.to_string(), *w)).collect()
    }

    /// Appendix E's example, as printed (six spaces of indentation), and the three URI
    /// references it "contains".
    #[test]
    fn appendix_e_example() {
        let text = "      Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n      but you can probably pick it up from <ftp://ds.internic.\n      net/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/\n      ietf/uri/historical.html#WARNING>.";
        assert_eq!(
            urls(text.as_bytes()),
            want(&[
                ("http://www.w3.org/Addressing/", Wrapper::Quote),
                ("ftp://ds.internic.net/rfc/", Wrapper::Angle),
                (
                    "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
                    Wrapper::Angle
                ),
            ])
        );
        let found = extract(text.as_bytes());
        assert_eq!(found[1].start, text.find("<ftp").unwrap());
        assert_eq!(found[1].end, text.find(".  Note").unwrap());
        assert!(found.iter().all(|f| f.alternatives.is_empty()));
    }

    /// The appendix's own sentence: "usually within double-quotes "http://test.com/",
    /// angle brackets <http://test.com/>, or just using whitespace" and the URI on a
    /// line of its own.
    #[test]
    fn the_three_ways_of_the_appendix_sentence() {
        let text = b"   In practice, URI are delimited in a variety of ways, but usually\n   within double-quotes \"http://test.com/\", angle brackets\n   <http://test.com/>, or just using whitespace\n\n                             http://test.com/\n\n   These wrappers do not form part of the URI.";
        assert_eq!(
            urls(text),
            want(&[
                ("http://test.com/", Wrapper::Quote),
                ("http://test.com/", Wrapper::Angle),
                ("http://test.com/", Wrapper::Whitespace),
            ])
        );
    }

    #[test]
    fn the_prefix_with_or_without_a_trailing_space() {
        assert_eq!(
            urls(b"<URL:http://a/> <URL: http://b/> \"URL:c:d\" <URL:>"),
            want(&[
                ("http://a/", Wrapper::AngleUrl),
                ("http://b/", Wrapper::AngleUrl),
                ("c:d", Wrapper::QuoteUrl),
                ("", Wrapper::AngleUrl),
            ])
        );
    }

    #[test]
    fn hyphens_at_line_breaks_have_both_readings() {
        let f = &extract(b"<http://h/a-\n   b>")[0];
        assert_eq!(f.url, b"http://h/a-b");
        assert_eq!(f.alternatives, [b"http://h/ab".to_vec()]);
        assert_eq!(f.hyphens, [11]);
    }

    #[test]
    fn what_is_no_uri_is_not_taken() {
        // Wrappers without a scheme; brackets and braces are no wrappers of this RFC.
        assert!(urls(b"Tim <timbl@info.cern.ch> \"quoted\" [http://a/] {http://b/}").is_empty());
        // Words: relative references, invalid URIs, and URIs touching a wrapper.
        assert!(urls(b"see ../g and s: and 1a:b and a@b:c").is_empty());
        assert_eq!(
            urls(b"x<http://a/>y"),
            want(&[("http://a/", Wrapper::Angle)])
        );
        assert_eq!(
            urls(b"(http://a/b) http://c/d. x\"http://e/\"y http://f/g"),
            want(&[
                ("http://c/d.", Wrapper::Whitespace),
                ("http://e/", Wrapper::Quote),
                ("http://f/g", Wrapper::Whitespace),
            ])
        );
        // Under the strict grammar "[" is unwise: an IPv6 literal is no bare URI.
        assert!(urls(b"at http://[::1]/ now").is_empty());
        assert_eq!(
            urls(b"at <http://[::1]/> now"),
            want(&[("http://[::1]/", Wrapper::Angle)])
        );
    }

    #[test]
    fn hostile_text() {
        const PIECES: &[&[u8]] = &[
            b"<", b">", b"\"", b"[", b"]", b"URL:", b"URL: ", b"http:", b"a", b"-", b"\n", b" ",
            b"\t", b"#", b"\0", b"\xff", b"%41", b":", b"//",
        ];
        let mut x: u64 = 0x2396_2396_2396_2396;
        for _ in 0..4000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let len = (x % 24) as usize;
            let mut text = Vec::new();
            for k in 0..len {
                let i = (x.rotate_left(k as u32 * 5) % PIECES.len() as u64) as usize;
                text.extend_from_slice(PIECES[i]);
            }
            check(Document::Rfc2396, &text, &extract(&text));
        }
        const MIB: usize = 1 << 20;
        for text in [
            vec![b'"'; MIB],
            b"http://a/ ".repeat(MIB / 10),
            [&b"<URL:x:"[..], &b"-\n".repeat(MIB / 2), b">"].concat(),
            b"a:b".repeat(MIB / 3),
            b"\"<URL:a:b".repeat(MIB / 9),
        ] {
            check(Document::Rfc2396, &text, &extract(&text));
        }
        assert_eq!(extract(&b"http://a/ ".repeat(MIB / 10)).len(), MIB / 10);
    }
}
