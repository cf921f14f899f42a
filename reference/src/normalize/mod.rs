//! Normalisation: each document's own statements of when two URLs (URIs) are
//! equivalent, applied to give one form for all the equivalent ones. One module per
//! document that states such equivalences, each step under the sentence that makes it;
//! a document that states none gives [`NotNormalizable::NotDefined`] with what it does
//! say, as [`crate::resolve`] does for documents without a relative form.
//!
//! Only what each text states is applied; see each module for its sentences, and the
//! README's "Normalisation" section for the table.
//!
//! | document | steps, in order |
//! |---|---|
//! | `draft-02` | none: not defined (the citation in [`crate::documents`]) |
//! | `draft-03` | `encoding` ([`draft03`]) |
//! | `draft-06` | `2.1`, `2.2` ([`draft06`]) |
//! | `rfc1738` | `2.1`, `2.2` ([`rfc1738`]) |
//! | `rfc1808` | `2.1` ([`rfc1808`]) |
//! | `draft-1996` | `2.2`, `4.1` ([`draft1996`]) |
//! | `rfc2396` | `2.3`, `6-case`, `6-port` ([`rfc2396`]) |
//! | `rfc3986` | `6.2.2.1`, `6.2.2.2`, `6.2.2.3`, `6.2.3` ([`rfc3986`]) |
//!
//! ```
//! use urlcert_reference::{normalize, Document};
//! let n = normalize(Document::Rfc3986.into(), b"HTTP://www.EXAMPLE.com/").unwrap();
//! assert_eq!(n.result, b"http://www.example.com/");
//! assert_eq!(n.changed_ids(), ["6.2.2.1"]);
//! ```

pub mod draft03;
pub mod draft06;
pub mod draft1996;
pub mod rfc1738;
pub mod rfc1808;
pub mod rfc2396;
pub mod rfc3986;

use crate::document::{DocReading, Document};
use crate::stated::{Citation, Stated};
use std::fmt;

/// A document's normal form of an input, with every step applied to get it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Normalization {
    pub doc: DocReading,
    /// The normal form.
    pub result: Vec<u8>,
    /// Every step the document gives, in the order applied, whether or not it changed
    /// anything.
    pub steps: Vec<NormStep>,
}

impl Normalization {
    /// The ids of every step applied, in order.
    pub fn step_ids(&self) -> Vec<&'static str> {
        self.steps.iter().map(|s| s.id).collect()
    }

    /// The ids of the steps that changed the input, in order: `[]` when the input is
    /// already in normal form.
    pub fn changed_ids(&self) -> Vec<&'static str> {
        self.steps
            .iter()
            .filter(|s| s.changed)
            .map(|s| s.id)
            .collect()
    }
}

/// One step of a normalisation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NormStep {
    /// The step's id: the section that states it (`6.2.2.1`, `2.1`), with a suffix
    /// where one section gives two (`6-case`, `6-port`).
    pub id: &'static str,
    /// Where the document says so: `RFC 3986 §6.2.2.1`.
    pub cite: &'static str,
    /// What the step does.
    pub text: &'static str,
    /// Did it change anything?
    pub changed: bool,
    /// The whole URL after the step.
    pub value: Vec<u8>,
}

/// Why a document gives no normal form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotNormalizable {
    /// The document states no equivalence of URLs; `quote` is what it does say.
    NotDefined {
        doc: Document,
        cite: &'static str,
        quote: &'static str,
    },
    /// The input is not an absolute URL (URI) under the document, so its rules have
    /// nothing to apply to. `why` says which, in the document's words.
    NotAUri { doc: DocReading, why: String },
}

impl fmt::Display for NotNormalizable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotNormalizable::NotDefined { doc, cite, quote } => write!(
                f,
                "{doc} states no rule for when two URLs are equivalent ({cite}: \"{quote}\")"
            ),
            NotNormalizable::NotAUri { doc, why } => {
                write!(f, "not an absolute URL under {doc}: {why}")
            }
        }
    }
}

impl std::error::Error for NotNormalizable {}

/// Normalises `input` under one document: the equivalences the document states,
/// applied in the order given in the table above.
pub fn normalize(doc: DocReading, input: &[u8]) -> Result<Normalization, NotNormalizable> {
    match &doc.doc.descriptor().equivalence {
        Stated::Defined(equivalence) => (equivalence.normalize)(doc, input),
        Stated::NotDefined(Citation { cite, quote }) => Err(NotNormalizable::NotDefined {
            doc: doc.doc,
            cite,
            quote,
        }),
    }
}

/// The ids of the steps `doc` applies, in their order (empty for a document that states
/// no equivalence).
pub fn step_ids(doc: Document) -> &'static [&'static str] {
    doc.descriptor()
        .equivalence
        .defined()
        .map_or(&[], |equivalence| equivalence.step_ids)
}

/// A scheme's default port, as the document that defines the scheme states it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DefaultPort {
    pub scheme: &'static str,
    pub port: &'static str,
    /// The sentence's place: `RFC 1738 §3.2`.
    pub cite: &'static str,
}

/// The default ports the project's documents define: RFC 1738 Section 3, each scheme's
/// "If :<port> is omitted, the port defaults to ...". Neither RFC 2396 nor RFC 3986
/// defines a scheme ("The definition of specific URL schemes ... has been moved to
/// separate documents", RFC 2396 G.3; RFC 3986 §3.2.3: "A scheme may define a default
/// port"), so their equivalences of default ports read these. RFC 3986 §6.2.3 repeats
/// http's: "has a default port of "80"".
pub const DEFAULT_PORTS: &[DefaultPort] = &[
    DefaultPort {
        scheme: "ftp",
        port: "21",
        cite: "RFC 1738 §3.2",
    },
    DefaultPort {
        scheme: "http",
        port: "80",
        cite: "RFC 1738 §3.3",
    },
    DefaultPort {
        scheme: "gopher",
        port: "70",
        cite: "RFC 1738 §3.4.1",
    },
    DefaultPort {
        scheme: "nntp",
        port: "119",
        cite: "RFC 1738 §3.7",
    },
    DefaultPort {
        scheme: "telnet",
        port: "23",
        cite: "RFC 1738 §3.8",
    },
    DefaultPort {
        scheme: "wais",
        port: "210",
        cite: "RFC 1738 §3.9",
    },
    DefaultPort {
        scheme: "prospero",
        port: "1525",
        cite: "RFC 1738 §3.11",
    },
];

/// The default port of `scheme` (already in lower case), if a document defines one.
pub fn default_port(scheme: &[u8]) -> Option<&'static DefaultPort> {
    DEFAULT_PORTS.iter().find(|d| d.scheme.as_bytes() == scheme)
}

/// Collects the steps: each new value is compared with the one before it.
pub(crate) struct Steps {
    doc: DocReading,
    current: Vec<u8>,
    steps: Vec<NormStep>,
}

impl Steps {
    pub fn new(doc: DocReading, input: &[u8]) -> Steps {
        Steps {
            doc,
            current: input.to_vec(),
            steps: Vec::with_capacity(4),
        }
    }

    pub fn step(
        &mut self,
        id: &'static str,
        cite: &'static str,
        text: &'static str,
        value: Vec<u8>,
    ) {
        let changed = value != self.current;
        self.current.clone_from(&value);
        self.steps.push(NormStep {
            id,
            cite,
            text,
            changed,
            value,
        });
    }

    pub fn current(&self) -> &[u8] {
        &self.current
    }

    pub fn finish(self) -> Result<Normalization, NotNormalizable> {
        Ok(Normalization {
            doc: self.doc,
            result: self.current,
            steps: self.steps,
        })
    }
}

fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// The octet a "%" at `bytes[i]` encodes, if two hexadecimal digits follow it.
pub(crate) fn triplet(bytes: &[u8], i: usize) -> Option<u8> {
    if bytes.get(i) != Some(&b'%') {
        return None;
    }
    let hi = hex_value(*bytes.get(i + 1)?)?;
    let lo = hex_value(*bytes.get(i + 2)?)?;
    Some(hi << 4 | lo)
}

/// `bytes` with every "%" HEX HEX whose octet `decodes` accepts replaced by that octet,
/// lower-cased when `lower` (for parts that are case-insensitive); every other byte,
/// other triplets included, as it is. One pass, left to right: a decoded octet is never
/// read again, so "%2541" stays "%2541" (Section 2.4 of RFC 3986: "Implementations must
/// not percent-encode or decode the same string more than once").
pub(crate) fn decode(bytes: &[u8], decodes: impl Fn(u8) -> bool, lower: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match triplet(bytes, i) {
            Some(octet) if decodes(octet) => {
                out.push(if lower {
                    octet.to_ascii_lowercase()
                } else {
                    octet
                });
                i += 3;
            }
            Some(_) => {
                out.extend_from_slice(&bytes[i..i + 3]);
                i += 3;
            }
            None => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    out
}

/// The input with its scheme (everything before the first ":") in lower case. Only for
/// inputs the document's grammar reads as absolute, whose scheme is exactly that.
pub(crate) fn scheme_to_lower(input: &[u8]) -> Vec<u8> {
    let mut out = input.to_vec();
    let end = out.iter().position(|&b| b == b':').unwrap_or(0);
    out[..end].make_ascii_lowercase();
    out
}

/// The input with everything after the scheme's ":" passed through `f`.
pub(crate) fn after_scheme(input: &[u8], f: impl Fn(&[u8]) -> Vec<u8>) -> Vec<u8> {
    let colon = input.iter().position(|&b| b == b':').map_or(0, |i| i + 1);
    let mut out = input[..colon].to_vec();
    out.extend(f(&input[colon..]));
    out
}

/// An authority taken apart as RFC 3986 Section 3.2 (and RFC 2396 Section 3.2.2) shape
/// it: `[ userinfo "@" ] host [ ":" port ]`. Neither userinfo nor a host may hold "@",
/// and only an IP literal in brackets holds ":", so the split is unique for a valid
/// authority. For an invalid one it is still a split: putting the parts back together
/// gives the authority unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Authority {
    pub userinfo: Option<Vec<u8>>,
    pub host: Vec<u8>,
    pub port: Option<Vec<u8>>,
}

impl Authority {
    pub fn split(authority: &[u8]) -> Authority {
        let (userinfo, hostport) = match authority.iter().rposition(|&b| b == b'@') {
            Some(at) => (Some(&authority[..at]), &authority[at + 1..]),
            None => (None, authority),
        };
        let bracketed = hostport
            .starts_with(b"[")
            .then(|| hostport.iter().position(|&b| b == b']'))
            .flatten();
        let (host, port) = match bracketed {
            Some(close) => match &hostport[close + 1..] {
                [] => (hostport, None),
                [b':', port @ ..] => (&hostport[..=close], Some(port)),
                _ => (hostport, None),
            },
            // A reg-name or IPv4 address holds no ":", so the first one ends the host.
            None => match hostport.iter().position(|&b| b == b':') {
                Some(colon) => (&hostport[..colon], Some(&hostport[colon + 1..])),
                None => (hostport, None),
            },
        };
        Authority {
            userinfo: userinfo.map(<[u8]>::to_vec),
            host: host.to_vec(),
            port: port.map(<[u8]>::to_vec),
        }
    }

    pub fn join(&self) -> Vec<u8> {
        let mut out = Vec::new();
        if let Some(u) = &self.userinfo {
            out.extend_from_slice(u);
            out.push(b'@');
        }
        out.extend_from_slice(&self.host);
        if let Some(p) = &self.port {
            out.push(b':');
            out.extend_from_slice(p);
        }
        out
    }

    /// Is the port, read as a decimal number, `default`? Leading zeros do not change a
    /// number's value ("if its value would be the same as that of the scheme's
    /// default", RFC 3986 §3.2.3).
    pub fn port_is(&self, default: &str) -> bool {
        self.port.as_deref().is_some_and(|p| {
            !p.is_empty() && p.iter().all(u8::is_ascii_digit) && {
                let digits = &p[p.iter().take_while(|&&b| b == b'0').count()..];
                digits == default.as_bytes()
            }
        })
    }
}

/// Refuses `input` unless `doc`'s grammar parses it as an absolute URL: valid by the
/// rule `absolute`, or accepted by the generic syntax alone. A valid relative form is
/// refused with `relative`, anything else with `invalid`.
pub(super) fn derives_as_absolute(
    doc: DocReading,
    input: &[u8],
    absolute: crate::grammar::rule::Rule,
    relative: &str,
    invalid: &str,
) -> Result<(), NotNormalizable> {
    use crate::grammar::outcome::Verdict;
    let p = crate::parse(doc, input);
    let why = match (p.verdict, p.rule) {
        (Verdict::Valid, Some(rule)) if rule == absolute => return Ok(()),
        (Verdict::GenericOnly, _) => return Ok(()),
        (Verdict::Valid, _) => relative,
        _ => invalid,
    };
    Err(NotNormalizable::NotAUri {
        doc,
        why: why.into(),
    })
}

/// Appendix B's split of `input` (RFC 2396 and RFC 3986 give the same expression) and
/// its scheme, refusing it without a scheme (`relative`) or where `doc`'s grammar
/// rejects it (`invalid`).
pub(super) fn scheme_and_components<'a>(
    doc: DocReading,
    input: &'a [u8],
    relative: &str,
    invalid: &str,
) -> Result<(&'a [u8], crate::resolve::rfc3986::Components<'a>), NotNormalizable> {
    let c = crate::resolve::rfc3986::appendix_b(input);
    let refused = |why: &str| NotNormalizable::NotAUri {
        doc,
        why: why.into(),
    };
    let Some(scheme) = c.scheme else {
        return Err(refused(relative));
    };
    if crate::parse(doc, input).verdict == crate::grammar::outcome::Verdict::Invalid {
        return Err(refused(invalid));
    }
    Ok((scheme, c))
}

/// Nothing for an input that derives (valid or generic-only) from `doc`'s Section 5
/// grammar with the scheme read without case, as Section 2.1 asks: the condition on
/// which draft-06 and RFC 1738, which word both alike, state their equivalences.
pub(super) fn derives_ignoring_scheme_case(
    doc: DocReading,
    input: &[u8],
) -> Result<(), NotNormalizable> {
    let reading = DocReading::new(doc.doc, crate::document::Reading::SchemeCaseIgnore);
    if matches!(
        crate::parse(reading, input).verdict,
        crate::grammar::outcome::Verdict::Valid | crate::grammar::outcome::Verdict::GenericOnly
    ) {
        return Ok(());
    }
    Err(NotNormalizable::NotAUri {
        doc,
        why: format!(
            "it does not derive from the grammar of Section 5, even with the scheme read without case as Section 2.1 asks (`urlcert parse --doc {}@scheme-case-ignore` says where)",
            doc.doc.id()
        ),
    })
}

#[cfg(test)]
mod tests;
