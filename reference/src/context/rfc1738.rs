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

pub(super) fn extract(text: &[u8]) -> Vec<Found> {
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
    scan::spans(text, &[ANGLE], Prefix::Required)
        .into_iter()
        .map(|span| {
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
            span.found(url, &hyphens)
        })
        .collect()
}
