//! RFC 3986 Section 6.2.2, "Syntax-Based Normalization", and Section 6.2.3,
//! "Scheme-Based Normalization", for the schemes whose default port a document of the
//! project defines (RFC 1738 Section 3: ftp, http, gopher, nntp, telnet, wais, prospero)
//! (<https://www.rfc-editor.org/rfc/rfc3986#section-6.2>).
//!
//! The steps are applied in the order the section presents them: 6.2.2.1 (case),
//! 6.2.2.2 (percent-encoding), 6.2.2.3 (path segments), 6.2.3 (scheme-based). Section 6.2.4, "Protocol-Based Normalization", is not applied: it needs "the
//! result of accessing the resources", which a reference to the text cannot have.
//!
//! The input is split by Appendix B (as for resolution, [`crate::resolve::rfc3986`]),
//! so that the steps know the scheme, the host and the path. It must be a URI: a
//! reference without a scheme is refused, as Section 6.1 asks ("the references should
//! be converted to their respective target URIs before comparison"), and so is one the
//! grammar of Section 3 rejects.
//!
//! One consequence of applying remove_dot_segments as written: in a URI without an
//! authority, a path such as "/.//x" becomes "//x", which Section 5.3's recomposition
//! writes after the scheme as an authority ("foo:/.//x" gives "foo://x"). Section
//! 6.2.2.3 and Section 5.2.4 say nothing more, so the result stands as the algorithm
//! gives it; it is the one input shape on which normalising twice differs from
//! normalising once (`tests::normalising_twice_changes_nothing` lists it).

use super::{decode, scheme_and_components, Authority, Normalization, NotNormalizable, Steps};
use crate::document::DocReading;
use crate::resolve::rfc3986::{recompose, remove_dot_segments};

/// Section 2.3: `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"`.
pub fn is_unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
}

/// The components as the steps change them.
struct Uri {
    scheme: Vec<u8>,
    authority: Option<Authority>,
    path: Vec<u8>,
    query: Option<Vec<u8>>,
    fragment: Option<Vec<u8>>,
}

impl Uri {
    fn recompose(&self) -> Vec<u8> {
        let authority = self.authority.as_ref().map(Authority::join);
        recompose(
            Some(&self.scheme),
            authority.as_deref(),
            &self.path,
            self.query.as_deref(),
            self.fragment.as_deref(),
        )
    }

    /// Every component that may hold percent-encodings, host apart.
    fn each_part(&mut self, mut f: impl FnMut(&mut Vec<u8>)) {
        if let Some(a) = &mut self.authority {
            if let Some(u) = &mut a.userinfo {
                f(u);
            }
            if let Some(p) = &mut a.port {
                f(p);
            }
        }
        f(&mut self.path);
        if let Some(q) = &mut self.query {
            f(q);
        }
        if let Some(fr) = &mut self.fragment {
            f(fr);
        }
    }
}

/// 6.2.2.1: "the hexadecimal digits within a percent-encoding triplet ... should be
/// normalized to use uppercase letters for the digits A-F".
fn upper_triplets(bytes: &mut [u8]) {
    let mut i = 0;
    while i < bytes.len() {
        if super::triplet(bytes, i).is_some() {
            bytes[i + 1].make_ascii_uppercase();
            bytes[i + 2].make_ascii_uppercase();
            i += 3;
        } else {
            i += 1;
        }
    }
}

/// What step 6.2.3 does, with the default ports it reads ([`super::DEFAULT_PORTS`]).
pub const SCHEME_BASED: &str = "scheme-based, for the schemes whose default port a document defines (RFC 1738 §3: ftp 21, http 80, gopher 70, nntp 119, telnet 23, wais 210, prospero 1525): an empty or default port removed with its \":\", an empty path after an authority made \"/\"";

/// Section 6.2.2 and 6.2.3, in that order.
pub fn normalize(doc: DocReading, input: &[u8]) -> Result<Normalization, NotNormalizable> {
    let (scheme, c) = scheme_and_components(
        doc,
        input,
        "it has no scheme, so it is a relative reference (Section 4.2); Section 6.1: \"applications should not directly compare relative references; the references should be converted to their respective target URIs before comparison\"",
        "it does not match the URI rule of Section 3 (`urlcert parse --doc rfc3986` says where)",
    )?;
    let mut u = Uri {
        scheme: scheme.to_vec(),
        authority: c.authority.map(Authority::split),
        path: c.path.to_vec(),
        query: c.query.map(<[u8]>::to_vec),
        fragment: c.fragment.map(<[u8]>::to_vec),
    };
    let mut steps = Steps::new(doc, input);

    // 6.2.2.1 Case Normalization: "For all URIs, the hexadecimal digits within a
    // percent-encoding triplet (e.g., "%3a" versus "%3A") are case-insensitive and
    // therefore should be normalized to use uppercase letters for the digits A-F.
    // When a URI uses components of the generic syntax, the component syntax
    // equivalence rules always apply; namely, that the scheme and host are
    // case-insensitive and therefore should be normalized to lowercase."
    u.scheme.make_ascii_lowercase();
    if let Some(a) = &mut u.authority {
        // Section 3.2.2: "producers and normalizers should use lowercase for registered
        // names and hexadecimal addresses for the sake of uniformity, while only using
        // uppercase letters for percent-encodings."
        a.host.make_ascii_lowercase();
        upper_triplets(&mut a.host);
    }
    u.each_part(|p| upper_triplets(p));
    steps.step(
        "6.2.2.1",
        "RFC 3986 §6.2.2.1",
        "case: scheme and host to lower case, percent-encoding hex digits to upper case",
        u.recompose(),
    );

    // 6.2.2.2 Percent-Encoding Normalization: "These URIs should be normalized by
    // decoding any percent-encoded octet that corresponds to an unreserved character,
    // as described in Section 2.3."
    if let Some(a) = &mut u.authority {
        // A letter decoded in the host is written in lower case: the host is
        // case-insensitive and lower case is its normal form (6.2.2.1), so that
        // "%41.com" and "a.com" get one normal form.
        a.host = decode(&a.host, is_unreserved, true);
    }
    u.each_part(|p| *p = decode(p, is_unreserved, false));
    steps.step(
        "6.2.2.2",
        "RFC 3986 §6.2.2.2",
        "percent-encoding: octets of unreserved characters (ALPHA, DIGIT, \"-\", \".\", \"_\", \"~\") decoded",
        u.recompose(),
    );

    // 6.2.2.3 Path Segment Normalization: "URI normalizers should remove dot-segments
    // by applying the remove_dot_segments algorithm to the path, as described in
    // Section 5.2.4."
    u.path = remove_dot_segments(&u.path);
    steps.step(
        "6.2.2.3",
        "RFC 3986 §6.2.2.3",
        "path segments: remove_dot_segments (Section 5.2.4) applied to the path",
        u.recompose(),
    );

    // 6.2.3 Scheme-Based Normalization: "because the "http" scheme makes use of an
    // authority component, has a default port of "80", and defines an empty path to be
    // equivalent to "/", the following four URIs are equivalent: http://example.com,
    // http://example.com/, http://example.com:/, http://example.com:80/ ... In general,
    // a URI that uses the generic syntax for authority with an empty path should be
    // normalized to a path of "/". Likewise, an explicit ":port", for which the port is
    // empty or the default for the scheme, is equivalent to one where the port and its
    // ":" delimiter are elided and thus should be removed by scheme-based normalization."
    //
    // Scheme-based rules need the scheme's definition: they apply to the schemes whose
    // default port a document of the project defines (RFC 1738 Section 3, all in its
    // Section 3.1 common Internet scheme syntax, the generic authority), and to no other,
    // since "Normalization should not remove delimiters when their associated component
    // is empty unless licensed to do so by the scheme specification."
    if let Some(default) = super::default_port(&u.scheme) {
        if let Some(a) = &mut u.authority {
            if a.port.as_deref() == Some(b"") || a.port_is(default.port) {
                a.port = None;
            }
            if u.path.is_empty() {
                u.path = b"/".to_vec();
            }
        }
    }
    steps.step("6.2.3", "RFC 3986 §6.2.3", SCHEME_BASED, u.recompose());
    steps.finish()
}
