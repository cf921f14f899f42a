//! The October 1993 draft (draft-ietf-uri-url-02), "Wrappers for URIs in plain text":
//!
//! > This section does not formally form part of the URL specification. [...] In this
//! > case, it is convenient to have a separate wrapper syntax to define delimiters which
//! > will enable the human or automated reader to recognize that the URI is a URI.
//!
//! Its example: "Yes, Jim, I found it under <ftp://info.cern.ch/pub> but you can probably
//! pick it up from <ftp://ds.internic.net/rfc>."
//!
//! The wrappers "should not be used in contexts (such as SGML parameters, HTTP requests,
//! etc) in which delimiters are already specified": that is advice to writers, which a
//! reader of plain text cannot check.

use super::scan;
use super::Found;

pub(crate) fn extract(text: &[u8]) -> Vec<Found> {
    // "The recommendation is that the angle brackets (less than and greater than signs)
    // of the ASCII set be used for this purpose."
    //
    // A wrapper ends at its first ">", and a "<" inside it ends the attempt: "The
    // "national" and "punctuation" characters do not appear in any productions and
    // therefore may not appear in URLs", and `punctuation` is `< | >` (BNF syntax).
    //
    // "These wrappers do not form part of the URL, are not mandatory": the URL is what
    // the brackets hold. Where they are not used, nothing marks where a URL ends, so
    // nothing is found there. A "URL:" inside is no wrapper of this document's: it is
    // what the brackets hold, like anything else.
    //
    // No sentence of this draft removes anything from inside the brackets, and
    // its URLs may hold spaces (`extra` has `space`), so the URL is what they
    // hold, as written, line breaks included.
    //
    // "Within the URL of a object, the first element is the name of the
    // scheme, separated from the rest of the object by a colon." Brackets that
    // hold no such start hold no URL (`<timbl@info.cern.ch>`).
    scan::angle_wrapped(text, starts_with_scheme)
}

/// Whether `s` starts with `scheme ":"`, where (BNF syntax)
///
/// ```text
/// generic      scheme : path [ ? search ]
/// scheme       ialpha
/// ialpha       alpha [ xalphas ]
/// xalpha       alpha | digit | safe | extra | escape
/// safe         $ | - | _ | @ | . | &
/// extra        ! | * | " | ' | ( | ) | : | ; | , | space
/// escape       % hex hex
/// ```
///
/// `extra` has ":" itself, so the first colon after a letter and any `xalpha`s will do.
pub(super) fn starts_with_scheme(s: &[u8]) -> bool {
    use crate::draft02::classes::{ALPHA, DIGIT, EXTRA, SAFE};
    scan::starts_with_ialpha(s, [&ALPHA, &DIGIT, &SAFE, &EXTRA])
}
