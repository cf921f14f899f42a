//! What RFC 3986's prose says about an input beyond its grammar, reported as graded,
//! cited notes. The texts are quotations.
//!
//! | id | grade | when |
//! |---|---|---|
//! | `scheme-case` | should | the scheme has upper-case letters (§3.1) |
//! | `host-case` | should | a reg-name or IPv6 address has upper-case letters outside percent-encodings (§3.2.2) |
//! | `pct-encoded-case` | should | a percent-encoding uses lower-case hexadecimal digits (§2.1) |
//! | `pct-encoded-unreserved` | should | a percent-encoding stands for an unreserved character (§2.3) |
//! | `pct-encoded-nul` | should | "%00" appears (§7.3) |
//! | `empty-port` | should | the ":" before the port is followed by no port (§3.2, §3.2.3) |
//! | `userinfo-password` | should | the userinfo has data after a ":" (§3.2.1, §7.5) |
//! | `ipvfuture` | should | the host is an IPvFuture literal (§3.2.2) |
//! | `rare-ip-format` | should | a reg-name that some platforms read as an IPv4 address in another form (§7.4) |
//! | `reg-name-length` | should | a reg-name longer than 255 characters (§3.2.2) |
//! | `host-pct-encoded-utf8` | must | a reg-name whose percent-encoded octets are not UTF-8 (§3.2.2) |
//! | `same-document` | should | an empty reference, or one that is only a fragment (§4.4) |
//! | `dot-segments` | should | a URI (not a relative reference) whose path has a "." or ".." segment (§3.3, §6.2.2.3) |
//! | `colon-in-first-segment` | must | an invalid relative reference whose first path segment has ":" (§4.2) |
//! | `non-ascii` | should | an octet outside US-ASCII, which no rule derives (§1.2.1, §2.5) |
//!
//! The first thirteen concern what derives, and are given for valid references only;
//! the last two say why an input does not derive.

use super::classes::{decode, triplet, UNRESERVED};
use super::generic::Reference;
use super::parts::Parts;
use crate::grammar::cx::Cx;
use crate::grammar::outcome::{note, Grade, Noting, Parse};
use crate::grammar::rule::Rule;

/// The note ids this module can add, for vocabularies and tests.
pub const IDS: &[&str] = &[
    "scheme-case",
    "host-case",
    "pct-encoded-case",
    "pct-encoded-unreserved",
    "pct-encoded-nul",
    "empty-port",
    "userinfo-password",
    "ipvfuture",
    "rare-ip-format",
    "reg-name-length",
    "host-pct-encoded-utf8",
    "same-document",
    "dot-segments",
    "colon-in-first-segment",
    "non-ascii",
];

/// Adds every note that applies to `p`.
pub fn add(cx: &Cx, parts: &Parts, matched: Option<&Reference>, p: &mut Noting) {
    match matched {
        Some(r) => {
            scheme_case(p);
            host_case(p);
            percent_encodings(cx, p);
            empty_port(p);
            userinfo_password(p);
            ipvfuture(p);
            reg_name(p);
            same_document(r, p);
            dot_segments(r, p);
        }
        None => {
            colon_in_first_segment(cx, parts, p);
            non_ascii(cx, p);
        }
    }
}

fn component<'a>(p: &'a Parse, name: &str) -> Option<&'a str> {
    p.components.str(name)
}

/// Section 3.1. Data: the scheme in lower case.
fn scheme_case(p: &mut Noting) {
    let Some(scheme) = component(p, "scheme") else {
        return;
    };
    if !scheme.bytes().any(|b| b.is_ascii_uppercase()) {
        return;
    }
    let lower = scheme.to_ascii_lowercase();
    note(
        p,
        "scheme-case",
        Grade::Should,
        "RFC 3986 §3.1",
        "\"Although schemes are case-insensitive, the canonical form is lowercase and \
         documents that specify schemes must do so with lowercase letters.  An \
         implementation should accept uppercase letters as equivalent to lowercase in \
         scheme names (e.g., allow \"HTTP\" as well as \"http\") for the sake of robustness \
         but should only produce lowercase scheme names for consistency.\"",
        vec![lower],
    );
}

/// `text` with the letters outside percent-encodings in lower case.
fn lower_outside_pct_encodings(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if triplet(bytes, i).is_some() {
            out.extend_from_slice(&bytes[i..i + 3]);
            i += 3;
        } else {
            out.push(bytes[i].to_ascii_lowercase());
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Section 3.2.2, for a reg-name or an IPv6address (an IPvFuture's text after its flag
/// is neither a registered name nor a hexadecimal address). Data: the host with those
/// letters in lower case.
fn host_case(p: &mut Noting) {
    let named = component(p, "reg-name").is_some() || component(p, "IPv6address").is_some();
    let Some(host) = component(p, "host").filter(|_| named) else {
        return;
    };
    let lower = lower_outside_pct_encodings(host);
    if lower == host {
        return;
    }
    note(
        p,
        "host-case",
        Grade::Should,
        "RFC 3986 §3.2.2",
        "\"The host subcomponent is case-insensitive.\" [...] \"Although host is \
         case-insensitive, producers and normalizers should use lowercase for registered \
         names and hexadecimal addresses for the sake of uniformity, while only using \
         uppercase letters for percent-encodings.\"",
        vec![lower],
    );
}

/// Sections 2.1, 2.3 and 7.3, over every percent-encoding of the reference. Data: each
/// distinct triplet concerned, as written.
fn percent_encodings(cx: &Cx, p: &mut Noting) {
    let input = cx.input;
    let (mut lower, mut unreserved, mut nul) = (Vec::new(), Vec::new(), false);
    // Each triplet as written once, in order of appearance: a set of the two digits.
    let mut seen = std::collections::HashSet::new();
    let mut i = 0;
    while i < input.len() {
        let Some(octet) = triplet(input, i) else {
            i += 1;
            continue;
        };
        nul |= octet == 0;
        if seen.insert([input[i + 1], input[i + 2]]) {
            let written = String::from_utf8_lossy(&input[i..i + 3]).into_owned();
            if input[i + 1..i + 3].iter().any(u8::is_ascii_lowercase) {
                lower.push(written.clone());
            }
            if UNRESERVED.contains(octet) {
                unreserved.push(written);
            }
        }
        i += 3;
    }
    if !lower.is_empty() {
        note(
            p,
            "pct-encoded-case",
            Grade::Should,
            "RFC 3986 §2.1",
            "\"The uppercase hexadecimal digits 'A' through 'F' are equivalent to the \
             lowercase digits 'a' through 'f', respectively.  If two URIs differ only in \
             the case of hexadecimal digits used in percent-encoded octets, they are \
             equivalent.  For consistency, URI producers and normalizers should use \
             uppercase hexadecimal digits for all percent-encodings.\"",
            lower,
        );
    }
    if !unreserved.is_empty() {
        note(
            p,
            "pct-encoded-unreserved",
            Grade::Should,
            "RFC 3986 §2.3",
            "\"URIs that differ in the replacement of an unreserved character with its \
             corresponding percent-encoded US-ASCII octet are equivalent: they identify the \
             same resource.\" [...] \"For consistency, percent-encoded octets in the ranges \
             of ALPHA (%41-%5A and %61-%7A), DIGIT (%30-%39), hyphen (%2D), period (%2E), \
             underscore (%5F), or tilde (%7E) should not be created by URI producers and, \
             when found in a URI, should be decoded to their corresponding unreserved \
             characters by URI normalizers.\"",
            unreserved,
        );
    }
    if nul {
        note(
            p,
            "pct-encoded-nul",
            Grade::Should,
            "RFC 3986 §7.3",
            "\"Note, however, that the \"%00\" percent-encoding (NUL) may require special \
             handling and should be rejected if the application is not expecting to \
             receive raw data within a component.\"",
            Vec::new(),
        );
    }
}

/// Sections 3.2 and 3.2.3, for an authority whose ":" has no port after it.
fn empty_port(p: &mut Noting) {
    if component(p, "port") != Some("") {
        return;
    }
    note(
        p,
        "empty-port",
        Grade::Should,
        "RFC 3986 §3.2; §3.2.3",
        "\"URI producers and normalizers should omit the \":\" delimiter that separates \
         host from port if the port component is empty.\" (§3.2); \"URI producers and \
         normalizers should omit the port component and its \":\" delimiter if port is \
         empty or if its value would be the same as that of the scheme's default.\" \
         (§3.2.3)",
        Vec::new(),
    );
}

/// Sections 3.2.1 and 7.5, for a userinfo with data after its first ":". No data: the
/// text asks not to show it.
fn userinfo_password(p: &mut Noting) {
    let Some(info) = component(p, "userinfo") else {
        return;
    };
    let has_password = info
        .split_once(':')
        .is_some_and(|(_, after)| !after.is_empty());
    if !has_password {
        return;
    }
    note(
        p,
        "userinfo-password",
        Grade::Should,
        "RFC 3986 §3.2.1; §7.5",
        "\"Use of the format \"user:password\" in the userinfo field is deprecated.  \
         Applications should not render as clear text any data after the first colon \
         (\":\") character found within a userinfo subcomponent unless the data after the \
         colon is the empty string (indicating no password).\" (§3.2.1); \"A password \
         appearing within the userinfo component is deprecated and should be considered an \
         error (or simply ignored) except in those rare cases where the 'password' \
         parameter is intended to be public.\" (§7.5)",
        Vec::new(),
    );
}

/// Section 3.2.2, for an IPvFuture literal. Data: its version flag (the HEXDIG after
/// "v").
fn ipvfuture(p: &mut Noting) {
    let Some(future) = component(p, "IPvFuture") else {
        return;
    };
    let version = future[1..].split('.').next().unwrap_or("").to_string();
    note(
        p,
        "ipvfuture",
        Grade::Should,
        "RFC 3986 §3.2.2",
        "\"If a URI containing an IP-literal that starts with \"v\" (case-insensitive), \
         indicating that the version flag is present, is dereferenced by an application \
         that does not know the meaning of that version flag, then the application should \
         return an appropriate error for \"address mechanism not supported\".\"",
        vec![version],
    );
}

/// A C integer constant, as Section 7.4 describes the parts: "a leading 0x or 0X implies
/// hexadecimal; a leading 0 implies octal; otherwise, the number is interpreted as
/// decimal".
fn c_number(part: &[u8]) -> bool {
    match part {
        [] => false,
        [b'0', b'x' | b'X', hex @ ..] => !hex.is_empty() && hex.iter().all(u8::is_ascii_hexdigit),
        [b'0', octal @ ..] => octal.iter().all(|b| (b'0'..=b'7').contains(b)),
        _ => part.iter().all(u8::is_ascii_digit),
    }
}

/// Sections 7.4 and 3.2.2, for a host that derives as a reg-name.
fn reg_name(p: &mut Noting) {
    let Some(name) = component(p, "reg-name").map(str::to_string) else {
        return;
    };
    let bytes = name.as_bytes();
    let parts: Vec<&[u8]> = bytes.split(|&b| b == b'.').collect();
    if parts.len() <= 4 && parts.iter().all(|part| c_number(part)) {
        note(
            p,
            "rare-ip-format",
            Grade::Should,
            "RFC 3986 §7.4",
            "\"For example, many implementations allow dotted forms of three numbers, \
             wherein the last part is interpreted as a 16-bit quantity and placed in the \
             right-most two bytes of the network address (e.g., a Class B network).  \
             Likewise, a dotted form of two numbers means that the last part is interpreted \
             as a 24-bit quantity and placed in the right-most three bytes of the network \
             address (Class A), and a single number (without dots) is interpreted as a \
             32-bit quantity and stored directly in the network address.\" [...] \"These \
             additional IP address formats are not allowed in the URI syntax due to \
             differences between platform implementations.  However, they can become a \
             security concern if an application attempts to filter access to resources \
             based on the IP address in string literal format.  If this filtering is \
             performed, literals should be converted to numeric form and filtered based on \
             the numeric value, and not on a prefix or suffix of the string form.\"",
            vec![name.clone()],
        );
    }
    if bytes.len() > 255 {
        note(
            p,
            "reg-name-length",
            Grade::Should,
            "RFC 3986 §3.2.2",
            "\"URI producers should use names that conform to the DNS syntax, even when use \
             of DNS is not immediately apparent, and should limit these names to no more \
             than 255 characters in length.\"",
            vec![bytes.len().to_string()],
        );
    }
    if bytes.contains(&b'%') && std::str::from_utf8(&decode(bytes)).is_err() {
        note(
            p,
            "host-pct-encoded-utf8",
            Grade::Must,
            "RFC 3986 §3.2.2",
            "\"Non-ASCII characters must first be encoded according to UTF-8 [STD63], and \
             then each octet of the corresponding UTF-8 sequence must be percent-encoded to \
             be represented as URI characters.  URI producing applications must not use \
             percent-encoding in host unless it is used to represent a UTF-8 character \
             sequence.\"",
            vec![name],
        );
    }
}

/// Section 4.4, for a relative reference with nothing but (perhaps) a fragment. Data:
/// the fragment, when there is one.
fn same_document(r: &Reference, p: &mut Noting) {
    let only_fragment = r.rule == Rule::R3986RelativeRef
        && r.authority.is_none()
        && component(p, "path") == Some("")
        && component(p, "query").is_none();
    if !only_fragment {
        return;
    }
    let data = component(p, "fragment")
        .map(str::to_string)
        .into_iter()
        .collect();
    note(
        p,
        "same-document",
        Grade::Should,
        "RFC 3986 §4.4",
        "\"The most frequent examples of same-document references are relative references \
         that are empty or include only the number sign (\"#\") separator followed by a \
         fragment identifier.\" [...] \"When a same-document reference is dereferenced for \
         a retrieval action, the target of that reference is defined to be within the same \
         entity (representation, document, or message) as the reference; therefore, a \
         dereference should not result in a new retrieval action.\"",
        data,
    );
}

/// Sections 3.3 and 6.2.2.3, for a URI (a relative reference is where dot-segments
/// belong). Data: the path.
fn dot_segments(r: &Reference, p: &mut Noting) {
    if r.rule != Rule::R3986Uri {
        return;
    }
    let Some(path) = component(p, "path").map(str::to_string) else {
        return;
    };
    if !path.split('/').any(|s| s == "." || s == "..") {
        return;
    }
    note(
        p,
        "dot-segments",
        Grade::Should,
        "RFC 3986 §3.3; §6.2.2.3",
        "\"The path segments \".\" and \"..\", also known as dot-segments, are defined for \
         relative reference within the path name hierarchy.  They are intended for use at \
         the beginning of a relative-path reference (Section 4.2)\" (§3.3); \"However, some \
         deployed implementations incorrectly assume that reference resolution is not \
         necessary when the reference is already a URI and thus fail to remove dot-segments \
         when they occur in non-relative paths.  URI normalizers should remove dot-segments \
         by applying the remove_dot_segments algorithm to the path, as described in \
         Section 5.2.4.\" (§6.2.2.3)",
        vec![path],
    );
}

/// Section 4.2, for a relative-path reference (no scheme, no authority, no leading
/// slash) whose first segment holds a ":". Data: that segment.
fn colon_in_first_segment(cx: &Cx, parts: &Parts, p: &mut Noting) {
    if parts.scheme.is_some() || parts.authority.is_some() {
        return;
    }
    let path = cx.bytes(parts.path);
    let first = &path[..path.iter().position(|&b| b == b'/').unwrap_or(path.len())];
    if !first.contains(&b':') {
        return;
    }
    note(
        p,
        "colon-in-first-segment",
        Grade::Must,
        "RFC 3986 §4.2",
        "\"A path segment that contains a colon character (e.g., \"this:that\") cannot be \
         used as the first segment of a relative-path reference, as it would be mistaken \
         for a scheme name.  Such a segment must be preceded by a dot-segment (e.g., \
         \"./this:that\") to make a relative-path reference.\"",
        vec![String::from_utf8_lossy(first).into_owned()],
    );
}

/// Sections 1.2.1 and 2.5, for octets 80-FF. Data: each distinct one, as `%XX`.
fn non_ascii(cx: &Cx, p: &mut Noting) {
    let mut found: Vec<u8> = Vec::new();
    let mut seen = [false; 256];
    for &b in cx.input {
        if !b.is_ascii() && !seen[b as usize] {
            seen[b as usize] = true;
            found.push(b);
        }
    }
    if found.is_empty() {
        return;
    }
    note(
        p,
        "non-ascii",
        Grade::Should,
        "RFC 3986 §1.2.1; §2.5",
        "\"Percent-encoded octets (Section 2.1) may be used within a URI to represent \
         characters outside the range of the US-ASCII coded character set if this \
         representation is allowed by the scheme or by the protocol element in which the \
         URI is referenced.\" (§1.2.1); \"the data should first be encoded as octets \
         according to the UTF-8 character encoding [STD63]; then only those octets that do \
         not correspond to characters in the unreserved set should be percent-encoded.\" \
         (§2.5)",
        found.iter().map(|b| format!("%{b:02X}")).collect(),
    );
}
