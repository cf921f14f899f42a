//! What RFC 1808's prose says beyond the BNF that a parser can report, as graded, cited
//! notes. RFC 1808 defers most of that to RFC 1738 and says little itself; only its
//! Section 5.3, "Recommended Practice", speaks to URLs as written.
//!
//! | id | grade | when |
//! |---|---|---|
//! | `colon-in-first-segment` | must | a relative-path URL whose first segment has ":" (§5.3) |
//! | `ftp.type-d` | should | a `;type=d` parameter on an ftp URL or a relative URL (§5.3) |

use super::parts::Parts;
use crate::grammar::cx::Cx;
use crate::grammar::outcome::note;
use crate::grammar::outcome::{Grade, Noting, Verdict};

/// The note ids this module can add, for vocabularies and tests.
pub const IDS: &[&str] = &["colon-in-first-segment", "ftp.type-d"];

/// Adds every note that applies to `p`.
pub fn add(cx: &Cx, parts: &Parts, p: &mut Noting) {
    colon_in_first_segment(cx, parts, p);
    if p.verdict != Verdict::Invalid {
        type_d(cx, parts, p);
    }
}

/// Section 5.3, for a relative-path URL (no scheme, no net_loc, no leading slash): its
/// first segment would be "mistaken for a scheme name". "It is therefore necessary" to
/// write it otherwise, hence `must`. Data: that segment.
///
/// RFC 1808's own parse takes such a URL as relative whenever the colon follows a
/// character no scheme name holds (`a@b:c`); the note is about other parsers, which the
/// sentence warns of.
fn colon_in_first_segment(cx: &Cx, parts: &Parts, p: &mut Noting) {
    if parts.scheme.is_some() || parts.net_loc.is_some() || parts.path_slash {
        return;
    }
    let path = parts.path;
    let first = path.start..cx.find(path, b'/').unwrap_or(path.end);
    if !cx.input[first.clone()].contains(&b':') {
        return;
    }
    note(
        p,
        "colon-in-first-segment",
        Grade::Must,
        "RFC 1808 §5.3",
        "\"Authors should be aware that path names which contain a colon \":\" character \
         cannot be used as the first component of a relative URL path (e.g., \
         \"this:that\") because they will likely be mistaken for a scheme name.  It is \
         therefore necessary to precede such cases with other components (e.g., \
         \"./this:that\"), or to escape the colon character (e.g., \"this%3Athat\"), in \
         order for them to be correctly parsed.\"",
        vec![String::from_utf8_lossy(&cx.input[first]).into_owned()],
    );
}

/// Section 5.3: "we recommend that the ";type=d" parameter value not be used within
/// contexts that allow relative URLs". The paragraph is about the ftp scheme, so the
/// note is given for an ftp URL and for a relative URL (whose scheme is the base's);
/// the scheme name is compared without case, "as per Section 2.1 of RFC 1738"
/// (Section 2.1), which asks interpreters to. The type code may be "d" or "D" (RFC 1738
/// Section 5: `ftptype = "A" | "I" | "D" | "a" | "i" | "d"`). Data: each such param.
fn type_d(cx: &Cx, parts: &Parts, p: &mut Noting) {
    let ftp = parts
        .scheme
        .is_none_or(|s| cx.bytes(s).eq_ignore_ascii_case(b"ftp"));
    let Some(params) = parts.params else {
        return;
    };
    if !ftp {
        return;
    }
    let found: Vec<String> = cx
        .bytes(params)
        .split(|&b| b == b';')
        .filter(|param| *param == b"type=d" || *param == b"type=D")
        .map(|param| String::from_utf8_lossy(param).into_owned())
        .collect();
    if found.is_empty() {
        return;
    }
    note(
        p,
        "ftp.type-d",
        Grade::Should,
        "RFC 1808 §5.3",
        "\"There is an ambiguity in the semantics for the ftp URL scheme regarding the use \
         of a trailing slash (\"/\") character and/or a parameter \";type=d\" to indicate a \
         resource that is an ftp directory.  If the result of retrieving that directory \
         includes embedded relative URLs, it is necessary that the base URL path for that \
         result include a trailing slash.  For this reason, we recommend that the \
         \";type=d\" parameter value not be used within contexts that allow relative \
         URLs.\"",
        found,
    );
}
