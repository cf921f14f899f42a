//! draft-ietf-uri-url-06, "APPENDIX: Recommendations for URLs in Context". Its example:
//!
//! ```text
//! Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc
//! ;type=d> but you can probably pick it up from <URL:ftp://ds.inter
//! nic.net/rfc>.  Note the warning in <URL:http://ds.internic.net/
//! instructions/overview.html#WARNING>.
//! ```
//!
//! This draft has no hyphen rule; RFC 1738 added it.

use super::rfc1738::{prefix, starts_with_scheme};
use super::scan;
use super::scan::ANGLE;
use super::Found;

/// `bare_angle_brackets`: the reading where "<" and ">" alone delimit a URL too.
pub(crate) fn extract(text: &[u8], bare_angle_brackets: bool) -> Vec<Found> {
    // "For this purpose, is recommended that angle brackets ("<" and ">"), along with
    // the prefix "URL:", be used to delimit the boundaries of the URL. This wrapper does
    // not form part of the URL". The wrapper is "<URL:" ... ">", "URL:" written as
    // these characters; brackets without the prefix are no wrapper of this draft's.
    //
    // A wrapper ends at its first ">", and a "<" inside it ends the attempt: "The
    // characters "<" and ">" are unsafe because they are used as the delimiters around
    // URLs in free text" and "All unsafe characters should always be encoded within a
    // URL" (Section 2.2).
    //
    // The prefix says that what follows is a URL ("this prefix may be used to
    // distinguish URLs from other kinds of URIs"), so what the wrapper holds is not
    // judged here: `urlcert parse` does that.
    //
    // "In the case where a fragment identifier is associated with a URL (following a
    // "#"), the identifier would be placed within the brackets as well": "#" is no
    // delimiter, so it stays in the URL; a "#..." after the ">" is outside it.
    //
    // Section 2.2 also calls "<" and ">" "the delimiters around URLs in free text": the
    // reading `bare-angle-brackets`, as for RFC 1738, whose scheme rule this draft's BNF
    // already has.
    scan::spans(text, &[ANGLE], prefix(bare_angle_brackets))
        .into_iter()
        .filter_map(|span| {
            // "In some cases, extra whitespace may need to be added to break long URLs
            // across lines. The whitespace is ignored when extracting the URL." All of
            // it: "URLs may not contain space or other non-printable characters"
            // (Section 2.2).
            let (url, _) = scan::without_whitespace(text, span.content.clone(), false);
            (span.prefixed || starts_with_scheme(&url)).then(|| span.found(url, &[]))
        })
        .collect()
}
