//! RFC 1738, "APPENDIX: Recommendations for URLs in Context". Its example:
//!
//! ```text
//! Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;
//! type=d> but you can probably pick it up from <URL:ftp://ds.in
//! ternic.net/rfc>.  Note the warning in <URL:http://ds.internic.
//! net/instructions/overview.html#WARNING>.
//! ```

use super::scan::{self, Prefix, ANGLE};
use super::Found;
use crate::rfc1738::classes::{DIGIT, LOWALPHA};

/// `bare_angle_brackets`: the reading where "<" and ">" alone delimit a URL too.
pub(crate) fn extract(text: &[u8], bare_angle_brackets: bool) -> Vec<Found> {
    // "For this purpose, is recommended that angle brackets ("<" and ">"), along with
    // the prefix "URL:", be used to delimit the boundaries of the URL. This wrapper does
    // not form part of the URL". The wrapper is "<URL:" ... ">", "URL:" written as these
    // characters (RFC 1808's `"<URL:" absoluteURL ">"` keeps it so, where only "Base" is
    // "case-insensitive"); brackets without the prefix are no wrapper of this RFC's.
    //
    // A wrapper ends at its first ">", and a "<" inside it ends the attempt: "The
    // characters "<" and ">" are unsafe because they are used as the delimiters around
    // URLs in free text" and "All unsafe characters must always be encoded within a
    // URL" (Section 2.2).
    //
    // The prefix says that what follows is a URL ("this prefix may be used to
    // distinguish URLs from other kinds of URIs"), so what the wrapper holds is not
    // judged here: `urlcert parse` does that. The prefix without the brackets ("In some
    // cases, it will be necessary to distinguish URLs from other possible data
    // structures in a syntactic structure") is for syntactic structures, and gives no
    // end to a URL in running text: nothing is found there.
    //
    // "In the case where a fragment/anchor identifier is associated with a URL
    // (following a "#"), the identifier would be placed within the brackets as well":
    // "#" is no delimiter, so it stays in the URL; a "#..." after the ">" is outside it.
    //
    // Section 2.2 also calls "<" and ">" "the delimiters around URLs in free text",
    // without the prefix: under the reading `bare-angle-brackets` they open a wrapper
    // alone, and then hold a URL only when what they hold starts with a scheme and ":",
    // so that `<timbl@info.cern.ch>` and markup are not URLs.
    scan::spans(text, &[ANGLE], prefix(bare_angle_brackets))
        .into_iter()
        .filter_map(|span| {
            // "In some cases, extra whitespace (spaces, linebreaks, tabs, etc.) may need
            // to be added to break long URLs across lines. The whitespace should be
            // ignored when extracting the URL." All of it: the space and the control
            // characters must be encoded in a URL (Section 2.2).
            //
            // "No whitespace should be introduced after a hyphen ("-") character.
            // Because some typesetters and printers may (erroneously) introduce a hyphen
            // at the end of line when breaking a line, the interpreter of a URL
            // containing a line break immediately after a hyphen should ignore all
            // unencoded whitespace around the line break, and should be aware that the
            // hyphen may or may not actually be part of the URL." The URL keeps the
            // hyphen; the readings without it are its alternatives. "Immediately": the
            // line break is the very next character.
            let (url, hyphens) = scan::without_whitespace(text, span.content.clone(), true);
            (span.prefixed || starts_with_scheme(&url)).then(|| span.found(url, &hyphens))
        })
        .collect()
}

/// The "URL:" prefix is required, or optional under `bare-angle-brackets`.
pub(super) fn prefix(bare_angle_brackets: bool) -> Prefix {
    if bare_angle_brackets {
        Prefix::Optional
    } else {
        Prefix::Required
    }
}

/// Whether `s` starts with `scheme ":"` (Section 5; draft-06's BNF has the same rule):
///
/// ```text
/// scheme         = 1*[ lowalpha | digit | "+" | "-" | "." ]
/// ```
pub(super) fn starts_with_scheme(s: &[u8]) -> bool {
    let scheme_char = |b: u8| LOWALPHA.contains(b) || DIGIT.contains(b) || b"+-.".contains(&b);
    scan::starts_with_scheme(s, scheme_char, scheme_char, false)
}

#[cfg(test)]
mod tests {
    use super::starts_with_scheme;

    #[test]
    fn a_scheme_is_lower_case_letters_digits_plus_minus_and_dots_then_a_colon() {
        for yes in ["ftp:", "1abc:", "x-y.z+w:rest"] {
            assert!(starts_with_scheme(yes.as_bytes()), "{yes}");
        }
        // Upper case is no lowalpha; "URL:" without its wrapper is then no scheme.
        for no in [
            "",
            ":x",
            "ftp",
            "HTTP:x",
            "URL:x",
            "timbl@info.cern.ch",
            "a_b:c",
        ] {
            assert!(!starts_with_scheme(no.as_bytes()), "{no}");
        }
    }
}
