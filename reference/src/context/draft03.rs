//! draft-ietf-uri-url-03, "Wrappers for URIs in plain text", with its
//! "PrePrefix" section. The appendix is the October 1993 draft's, word for word; the
//! seed lost its example's URLs (angle-bracket text was stripped), restored from the
//! W3C copy of the draft: "Yes, Jim, I found it under
//! <ftp://info.cern.ch/pub/www/doc> but you can probably pick it up from
//! <ftp://ds.internic.net/rfc>."

use super::scan;
use super::Found;

pub(crate) fn extract(text: &[u8]) -> Vec<Found> {
    // Read as the October 1993 draft's appendix, which this one repeats
    // ([`super::draft02`]): a wrapper is a pair of angle brackets, ends at its first
    // ">", and holds the URL as written when that starts with a scheme name and ":"
    // ("URL" is such a name too, so a prefixed URL starts this way). Nothing in this
    // draft removes anything from inside the brackets either.
    //
    // PrePrefix: "To be a Uniform Resource Locator as currently defined by the URI
    // working group, the whole string must start with a constant prefix "URL:"." The
    // prefix is part of the URL here (`prefixedurl = u r l : url`), so a "URL:" inside
    // the brackets stays in it. "Note that to save space in this document, some URLs
    // may have been quoted throughout without this preprefix": brackets without it
    // still hold a URL (the example's have none); `urlcert parse --doc draft-03` notes
    // the missing prefix.
    scan::angle_wrapped(text, starts_with_scheme)
}

/// Whether `s` starts with a scheme name and a colon, the name being (BNF)
///
/// ```text
/// scheme       ialpha
/// ialpha       alpha [ xalphas ]
/// xalpha       alpha | digit | safe | extra | escape
/// safe         $ | - | _ | @ | . | &  | + | -
/// extra        ! | * |  " |  ' | ( | )  | ,
/// escape       % hex hex
/// ```
pub(super) fn starts_with_scheme(s: &[u8]) -> bool {
    use crate::draft03::classes::{ALPHA, DIGIT, EXTRA, SAFE};
    scan::starts_with_ialpha(s, [&ALPHA, &DIGIT, &SAFE, &EXTRA])
}
