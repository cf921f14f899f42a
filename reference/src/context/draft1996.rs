//! draft-fielding-url-syntax-01, "B. Recommendations for Delimiting URLs in
//! Context". Its examples:
//!
//! ```text
//! Yes, Jim, I found it under <ftp://info.cern.ch/pub/www/doc;
//! type=d> but you can probably pick it up from <ftp://ds.in
//! ternic.net/rfc>.  Note the warning in <http://ds.internic.
//! net/instructions/overview.html#WARNING>.
//! ```
//!
//! and, in the text, `[http://test.com/]`, `<http://www.w3.org>`, `{http://test.com}`.

use super::scan::{self, Prefix, ANGLE, BRACE, BRACKET};
use super::Found;

pub(crate) fn extract(text: &[u8]) -> Vec<Found> {
    // "In practice, URLs are delimited in a variety of ways, using brackets
    // [http://test.com/] or angle brackets <http://www.w3.org> or even paired braces
    // {http://test.com}, with or (usually) without the "URL:" prefix. This wrapper does
    // not form part of the URL."
    //
    // A wrapper ends at its first closing delimiter, and any other of these six
    // characters inside it ends the attempt: "<" and ">" are `delims`, "{" "}" "[" "]"
    // are `unwise`, and "Excluded characters must be escaped in order to be properly
    // represented within a URL" (Section 2.3.3).
    //
    // "In the case where a fragment/anchor identifier is associated with a URL
    // (following a "#"), the identifier would be placed within the brackets as well":
    // "#" is no delimiter, so it stays in the URL; a "#..." after the closing delimiter
    // is outside it.
    scan::spans(text, &[ANGLE, BRACKET, BRACE], Prefix::Optional)
        .into_iter()
        .filter_map(|span| {
            // "In some cases, extra whitespace (spaces, linebreaks, tabs, etc.) may need
            // to be added to break long URLs across lines. The whitespace should be
            // ignored when extracting the URL." All of it: `space` and `control` are
            // `excluded` (Section 2.3.3).
            //
            // "No whitespace should be introduced after a hyphen ("-") character.
            // [...] the interpreter of a URL containing a line break immediately after
            // a hyphen should ignore all unencoded whitespace around the line break, and
            // should be aware that the hyphen may or may not actually be part of the
            // URL." The URL keeps the hyphen; the readings without it are its
            // alternatives. "Immediately": the line break is the very next character.
            let (url, hyphens) = scan::without_whitespace(text, span.content.clone(), true);
            // With the prefix, the wrapper says it holds a URL ("this prefix may be used
            // to distinguish URLs from other kinds of URIs"). Without it, brackets and
            // braces hold many other things ("[1]"), so they hold a URL only when it
            // starts as an absolute URL does: "An absolute URL contains the name of the
            // scheme being used (<scheme>) followed by a colon (":")" (Section 4.1).
            (span.prefixed || starts_with_scheme(&url)).then(|| span.found(url, &hyphens))
        })
        .collect()
}

/// Whether `s` starts with `scheme ":"` (Section 4.1):
///
/// ```text
/// scheme  =  1*( alpha | digit | "+" | "-" | "." )
/// ```
fn starts_with_scheme(s: &[u8]) -> bool {
    use crate::draft1996::parts::is_scheme_char;
    scan::starts_with_scheme(s, is_scheme_char, is_scheme_char, false)
}

#[cfg(test)]
mod tests {
    use super::starts_with_scheme;

    #[test]
    fn a_scheme_is_one_or_more_scheme_characters_then_a_colon() {
        for yes in ["ftp:", "1abc:", "x-y.z+w:rest", "URL:x"] {
            assert!(starts_with_scheme(yes.as_bytes()), "{yes}");
        }
        for no in ["", ":x", "1", "timbl@info.cern.ch", "a_b:c", "ab"] {
            assert!(!starts_with_scheme(no.as_bytes()), "{no}");
        }
    }
}
