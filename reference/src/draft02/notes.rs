//! What the October 1993 draft's prose asks beyond the BNF, reported as graded, cited
//! notes: only where a sentence says "must" or "should" (or, for a default, "will be" /
//! "defaults to") about a URL a parser has in hand.
//!
//! | id | grade | when |
//! |---|---|---|
//! | `experimental-scheme` | must | the scheme starts with "x-" (REGISTRATION OF NAMING SCHEMES) |
//! | `login.discouraged` | should | a user name, or a password, is given (Internet protocol parts) |
//! | `ftp.anonymous` | must | an ftp URL without a user (FTP) |
//! | `ftp.transfer-mode` | must | an ftp URL (FTP) |
//! | `http.escape-spaces` | should | an http URL with an unescaped space (HTTP) |
//! | `nntp.local-only` | should | an nntp URL (NNTP) |
//! | `gopher.default-type` | must | a gopher URL without a gtype (GOPHER) |
//! | `prospero.fields` | must | a prospero URL whose path holds "%00" (PROSPERO) |

use crate::grammar::cx::Cx;
use crate::grammar::outcome::note;
use crate::grammar::outcome::{Grade, Noting, Verdict};
use crate::grammar::rule::Rule;

/// The note ids this module can add, for vocabularies and tests.
pub const IDS: &[&str] = &[
    "experimental-scheme",
    "login.discouraged",
    "ftp.anonymous",
    "ftp.transfer-mode",
    "http.escape-spaces",
    "nntp.local-only",
    "gopher.default-type",
    "prospero.fields",
];

/// Adds every note that applies to `p`.
pub fn add(cx: &Cx, p: &mut Noting) {
    if p.verdict == Verdict::Invalid {
        return;
    }
    experimental_scheme(p);
    if p.verdict != Verdict::Valid {
        return;
    }
    login_discouraged(p);
    match p.rule {
        Some(Rule::D02Ftpaddress) => ftp(p),
        Some(Rule::D02Httpaddress) => http_spaces(cx, p),
        Some(Rule::D02Nntpaddress) => nntp(p),
        Some(Rule::D02Gopheraddress) => gopher(p),
        Some(Rule::D02Prosperoaddress) => prospero(p),
        _ => {}
    }
}

/// REGISTRATION OF NAMING SCHEMES: "Experimental scheme identifiers may be used by mutual
/// agreement between parties, and must start with the characters "x-"." A scheme that
/// starts so is experimental. Data: none.
fn experimental_scheme(p: &mut Noting) {
    if p.components
        .str("scheme")
        .is_some_and(|s| s.starts_with("x-"))
    {
        note(
            p,
            "experimental-scheme",
            Grade::Must,
            "001§REGISTRATION OF NAMING SCHEMES",
            "\"Experimental scheme identifiers may be used by mutual agreement between \
             parties, and must start with the characters \"x-\".\"",
            Vec::new(),
        );
    }
}

/// Internet protocol parts: "(Use of this field is discouraged. ... so that is also
/// discouraged.)"; Security considerations: "The use of URLs containing passwords is
/// clearly unwise." Data: `user`, and `password` when there is one.
fn login_discouraged(p: &mut Noting) {
    if p.components.str("user").is_none() {
        return;
    }
    let mut data = vec!["user".to_string()];
    if p.components.str("password").is_some() {
        data.push("password".to_string());
    }
    note(
        p,
        "login.discouraged",
        Grade::Should,
        "001§Internet protocol parts",
        "\"(Use of this field is discouraged. Provision of encoding a password after the \
         user name, delimited by a colon, could be made but obviously is only useful when \
         the password is public, in which case it should not be necessary, so that is also \
         discouraged.)\"",
        data,
    );
}

/// FTP: "The default, however, if no user or password is supplied, will be to use that
/// convention, viz. that the user name is "anonymous" and the password the user's mail
/// address." and "The transfer mode (binary or text) must in turn be deduced from the
/// data format." `ftp.anonymous` data: the user name the convention gives;
/// `ftp.transfer-mode`: none (this draft's ftp URL has no type field).
fn ftp(p: &mut Noting) {
    if p.components.str("user").is_none() {
        note(
            p,
            "ftp.anonymous",
            Grade::Must,
            "001§FTP",
            "\"The default, however, if no user or password is supplied, will be to use \
             that convention, viz. that the user name is \"anonymous\" and the password the \
             user's mail address.\"",
            vec!["anonymous".to_string()],
        );
    }
    note(
        p,
        "ftp.transfer-mode",
        Grade::Must,
        "001§FTP",
        "\"The transfer mode (binary or text) must in turn be deduced from the data \
         format.\"",
        Vec::new(),
    );
}

/// HTTP: "Spaces in URLs should be escaped for transmission in HTTP." Data: `%20`, the
/// escape a space becomes. Only the part before "#" counts: "The fragmentid part is not
/// sent with the request."
fn http_spaces(cx: &Cx, p: &mut Noting) {
    let uri = cx.input.split(|&b| b == b'#').next().unwrap_or_default();
    if uri.contains(&b' ') {
        note(
            p,
            "http.escape-spaces",
            Grade::Should,
            "001§HTTP",
            "\"Spaces in URLs should be escaped for transmission in HTTP.\"",
            vec!["%20".to_string()],
        );
    }
}

/// NNTP: "This form or URL should not be quoted outside this local area. It should not
/// be used within news articles for wider circulation than the one server." Data: none.
fn nntp(p: &mut Noting) {
    note(
        p,
        "nntp.local-only",
        Grade::Should,
        "001§NNTP",
        "\"This form or URL should not be quoted outside this local area. It should not be \
         used within news articles for wider circulation than the one server.\"",
        Vec::new(),
    );
}

/// GOPHER: "If the type character and selector are omitted, the type defaults to
/// "1"." Data: the default type.
fn gopher(p: &mut Noting) {
    if p.components.str("gtype").is_none() {
        note(
            p,
            "gopher.default-type",
            Grade::Must,
            "001§GOPHER",
            "\"If the type character and selector are omitted, the type defaults to \"1\".\"",
            vec!["1".to_string()],
        );
    }
}

/// PROSPERO: the fields "are separated from the host specific object name and from each
/// other by the characters "%00""; "If the optional list of attributes is provided, the
/// version number must be present, but may be the empty string". Data: the path part
/// split at every "%00", as the prose reads it: the host specific object name, the
/// version (possibly empty), then the attributes.
fn prospero(p: &mut Noting) {
    let path: String = ["hsoname", "version", "attributes"]
        .iter()
        .zip(["", "%00", ""])
        .filter_map(|(name, before)| p.components.str(name).map(|v| format!("{before}{v}")))
        .collect();
    if !path.contains("%00") {
        return;
    }
    let data = path.split("%00").map(str::to_string).collect();
    note(
        p,
        "prospero.fields",
        Grade::Must,
        "001§PROSPERO",
        "\"If these latter fields are present thy are separated from the host specific \
         object name and from each other by the characters \"%00\" (percent, zero, zero), \
         this being and escaped string terminator (null). If the optional list of \
         attributes is provided, the version number must be present, but may be the empty \
         string (i.e. the first attribute would be separated from the host specific name \
         by \"%00%00\").\"",
        data,
    );
}
