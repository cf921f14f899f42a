//! The in-process adapters: Rust crates linked into urlcert, asked directly.
//!
//! - `url`: the WHATWG URL Standard (`url` crate). Components are what the URL API's
//!   getters return (`url::quirks`): `protocol` with its ":", `search` with its "?",
//!   `hash` with its "#", and `""` for a part that is absent.
//! - `fluent-uri`: RFC 3986 (`fluent-uri` crate). The input is parsed as a
//!   `URI-reference` (Section 4.1); components are Section 3's, `None` for absent.
//!   Resolution is Section 5.2, against the base with its fragment stripped, as Section
//!   5.2.1 asks of a base ("stripped of any fragment component prior to its use").
//!
//! - `iri-string`: RFC 3986 (`iri-string` crate, its URI types). The input is parsed as
//!   a `URI-reference` (`UriReferenceStr`); components from its getters and
//!   `authority_components`. Resolution: `UriReferenceStr::resolve_against` the base with
//!   its fragment stripped (`UriStr::to_absolute`, Section 5.2.1); a result the crate
//!   says RFC 3986 cannot write (`ensure_rfc3986_normalizable`, e.g. `scheme:` with
//!   `.///bar`) is rejected rather than written the crate's WHATWG-like way.
//! - `oxiri`: RFC 3987 (`oxiri` crate). The input is parsed as an `IRI-reference`
//!   (`IriRef::parse`); resolution is `Iri::parse(base)?.resolve(reference)`. oxiri gives
//!   the authority whole, so userinfo, host and port are read off the authority it
//!   validated, at RFC 3986's delimiters (Section 3.2: userinfo before the "@", which
//!   neither the host nor the port may hold; port after the last ":" that is not inside
//!   the IP literal's brackets).
//!
//! No crate sees bytes that are not UTF-8: such inputs are `Unsupported`.

use super::{Answer, Info, Model, Operation, Parts};
use crate::ask::{not_offered, Engine, Request};

/// The `url` crate's version, as in Cargo.lock (a test checks they agree).
pub const URL_VERSION: &str = "2.5.8";
/// The `fluent-uri` crate's version, as in Cargo.lock (a test checks they agree).
pub const FLUENT_URI_VERSION: &str = "0.4.1";
/// The `iri-string` crate's version, as in Cargo.lock (a test checks they agree).
pub const IRI_STRING_VERSION: &str = "0.7.14";
/// The `oxiri` crate's version, as in Cargo.lock (a test checks they agree).
pub const OXIRI_VERSION: &str = "0.2.11";

/// The in-process adapters the differential fuzz oracle compares (`url` and
/// `fluent-uri`: `fuzzcheck`'s classifiers are written for this pair), in a fixed order.
pub fn all() -> Vec<Box<dyn Engine>> {
    vec![Box::new(WhatwgUrl::new()), Box::new(FluentUri::new())]
}

/// Every in-process adapter: [`all`], then `iri-string` and `oxiri`.
pub fn every() -> Vec<Box<dyn Engine>> {
    let mut v = all();
    v.push(Box::new(IriString::new()));
    v.push(Box::new(Oxiri::new()));
    v
}

/// The in-process adapter called `name`, if there is one.
pub fn by_name(name: &str) -> Option<Box<dyn Engine>> {
    every().into_iter().find(|a| a.info().name == name)
}

fn utf8<'a>(what: &str, bytes: &'a [u8]) -> Result<&'a str, Answer> {
    std::str::from_utf8(bytes).map_err(|e| Answer::Unsupported {
        why: format!(
            "the {what} is not UTF-8 (invalid byte at offset {}); the crate takes only strings",
            e.valid_up_to()
        ),
    })
}

/// The base and the reference as text, or the answer when either is not UTF-8.
fn texts<'a>(base: &'a [u8], reference: &'a [u8]) -> Result<(&'a str, &'a str), Answer> {
    Ok((utf8("base", base)?, utf8("reference", reference)?))
}

/// What an in-process crate says of itself: its name, its version as `name version`,
/// its model; each parses and resolves.
fn crate_info(name: &str, version: &str, model: Model) -> Info {
    Info {
        name: name.into(),
        version: format!("{name} {version}"),
        model,
        operations: vec![Operation::Parse, Operation::Resolve],
        argv: None,
    }
}

/// A crate's parse: its components, or its refusal.
fn parsed<T, E: std::fmt::Display>(r: Result<T, E>, components: impl FnOnce(T) -> Parts) -> Answer {
    match r {
        Ok(t) => Answer::Parsed {
            components: components(t),
        },
        Err(e) => Answer::Rejected {
            message: e.to_string(),
        },
    }
}

/// A crate's parse of `input` as text: its components, or its refusal (or the answer
/// that the input is not UTF-8).
fn parsed_text<'a, T, E: std::fmt::Display>(
    input: &'a [u8],
    parse: impl FnOnce(&'a str) -> Result<T, E>,
    components: impl FnOnce(T) -> Parts,
) -> Answer {
    match utf8("input", input) {
        Ok(input) => parsed(parse(input), components),
        Err(not_text) => not_text,
    }
}

/// A refusal of `what` (the base, the reference), with the crate's message.
fn refused(what: &str, e: impl std::fmt::Display) -> Answer {
    Answer::Rejected {
        message: format!("{what}: {e}"),
    }
}

/// A crate's resolution: its result, or its refusal.
fn resolved<E: std::fmt::Display>(r: Result<String, E>) -> Answer {
    match r {
        Ok(result) => Answer::Resolved { result },
        Err(e) => Answer::Rejected {
            message: e.to_string(),
        },
    }
}

/// The answer of a body that stops early with an answer of its own (`?`).
fn answer(body: impl FnOnce() -> Result<Answer, Answer>) -> Answer {
    body().unwrap_or_else(|a| a)
}

fn parts<const N: usize>(items: [(&str, Option<&str>); N]) -> Parts {
    items
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.map(str::to_string)))
        .collect()
}

/// An in-process crate as an engine: its parse and its resolution, each through the
/// type's own `parse_bytes` and `resolve_bytes`.
macro_rules! crate_engine {
    ($crate_type:ty) => {
        impl Default for $crate_type {
            fn default() -> Self {
                Self::new()
            }
        }

        impl Engine for $crate_type {
            fn info(&self) -> &Info {
                &self.info
            }

            fn answer(&mut self, request: &Request) -> Answer {
                match *request {
                    Request::Parse { input } => self.parse_bytes(input),
                    Request::Resolve { base, reference } => self.resolve_bytes(base, reference),
                    _ => not_offered(&self.info, request),
                }
            }
        }
    };
}

/// The WHATWG URL Standard, by the `url` crate.
pub struct WhatwgUrl {
    info: Info,
}

impl WhatwgUrl {
    pub fn new() -> Self {
        WhatwgUrl {
            info: crate_info("url", URL_VERSION, Model::Whatwg),
        }
    }

    /// The URL API's getters, as the WHATWG URL Standard defines them (Section 6.1).
    pub fn components(url: &url::Url) -> Parts {
        use url::quirks;
        parts([
            ("protocol", Some(quirks::protocol(url))),
            ("username", Some(quirks::username(url))),
            ("password", Some(quirks::password(url))),
            ("hostname", Some(quirks::hostname(url))),
            ("port", Some(quirks::port(url))),
            ("pathname", Some(quirks::pathname(url))),
            ("search", Some(quirks::search(url))),
            ("hash", Some(quirks::hash(url))),
        ])
    }
}

impl WhatwgUrl {
    fn parse_bytes(&mut self, input: &[u8]) -> Answer {
        parsed_text(input, url::Url::parse, |u| Self::components(&u))
    }

    fn resolve_bytes(&mut self, base: &[u8], reference: &[u8]) -> Answer {
        answer(|| {
            let (base, reference) = texts(base, reference)?;
            let base = url::Url::parse(base).map_err(|e| refused("the base", e))?;
            Ok(resolved(
                base.join(reference).map(|u| u.as_str().to_string()),
            ))
        })
    }
}

crate_engine!(WhatwgUrl);

/// RFC 3986, by the `fluent-uri` crate.
pub struct FluentUri {
    info: Info,
}

impl FluentUri {
    pub fn new() -> Self {
        FluentUri {
            info: crate_info("fluent-uri", FLUENT_URI_VERSION, Model::Rfc3986),
        }
    }

    /// RFC 3986 Section 3's components of a URI reference; `None` for absent.
    pub fn components(r: &fluent_uri::UriRef<&str>) -> Parts {
        let auth = r.authority();
        parts([
            ("scheme", r.scheme().map(|s| s.as_str())),
            (
                "userinfo",
                auth.as_ref().and_then(|a| a.userinfo()).map(|u| u.as_str()),
            ),
            ("host", auth.as_ref().map(|a| a.host())),
            (
                "port",
                auth.as_ref().and_then(|a| a.port()).map(|p| p.as_str()),
            ),
            // Always present in RFC 3986, possibly empty.
            ("path", Some(r.path().as_str())),
            ("query", r.query().map(|q| q.as_str())),
            ("fragment", r.fragment().map(|f| f.as_str())),
        ])
    }
}

impl FluentUri {
    fn parse_bytes(&mut self, input: &[u8]) -> Answer {
        parsed_text(input, fluent_uri::UriRef::parse, |r| Self::components(&r))
    }

    fn resolve_bytes(&mut self, base: &[u8], reference: &[u8]) -> Answer {
        answer(|| {
            let (base, reference) = texts(base, reference)?;
            // Section 5.1: the base is an absolute URI, so it needs a scheme.
            let base = fluent_uri::Uri::parse(base)
                .map_err(|e| refused("the base is not an absolute URI", e))?;
            let reference =
                fluent_uri::UriRef::parse(reference).map_err(|e| refused("the reference", e))?;
            Ok(resolved(
                reference
                    .resolve_against(&base.strip_fragment())
                    .map(|u| u.into_string()),
            ))
        })
    }
}

crate_engine!(FluentUri);

/// RFC 3986, by the `iri-string` crate's URI types.
pub struct IriString {
    info: Info,
}

impl IriString {
    pub fn new() -> Self {
        IriString {
            info: crate_info("iri-string", IRI_STRING_VERSION, Model::Rfc3986),
        }
    }

    /// RFC 3986 Section 3's components, as the crate's getters give them.
    pub fn components(r: &iri_string::types::UriReferenceStr) -> Parts {
        let auth = r.authority_components();
        parts([
            ("scheme", r.scheme_str()),
            ("userinfo", auth.as_ref().and_then(|a| a.userinfo())),
            ("host", auth.as_ref().map(|a| a.host())),
            ("port", auth.as_ref().and_then(|a| a.port())),
            ("path", Some(r.path_str())),
            ("query", r.query_str()),
            ("fragment", r.fragment_str()),
        ])
    }
}

impl IriString {
    fn parse_bytes(&mut self, input: &[u8]) -> Answer {
        parsed_text(
            input,
            iri_string::types::UriReferenceStr::new,
            Self::components,
        )
    }

    fn resolve_bytes(&mut self, base: &[u8], reference: &[u8]) -> Answer {
        use iri_string::types::{UriReferenceStr, UriStr};
        answer(|| {
            let (base, reference) = texts(base, reference)?;
            // Section 5.1: the base is an absolute URI; Section 5.2.1: without its fragment.
            let base = UriStr::new(base)
                .map_err(|e| refused("the base is not a URI", e))?
                .to_absolute();
            let reference =
                UriReferenceStr::new(reference).map_err(|e| refused("the reference", e))?;
            let resolved = reference.resolve_against(base);
            Ok(match resolved.ensure_rfc3986_normalizable() {
                Ok(()) => Answer::Resolved {
                    result: resolved.to_string(),
                },
                Err(e) => refused("not resolvable under RFC 3986", e),
            })
        })
    }
}

crate_engine!(IriString);

/// RFC 3987 (IRIs), by the `oxiri` crate.
pub struct Oxiri {
    info: Info,
}

/// An authority oxiri validated, at RFC 3986's delimiters: (userinfo, host, port).
fn split_authority(a: &str) -> (Option<&str>, &str, Option<&str>) {
    let (userinfo, hostport) = match a.split_once('@') {
        Some((u, h)) => (Some(u), h),
        None => (None, a),
    };
    // The port follows the last ":" after an IP literal's "]".
    let from = hostport.rfind(']').unwrap_or(0);
    match hostport[from..].rfind(':') {
        Some(c) => (
            userinfo,
            &hostport[..from + c],
            Some(&hostport[from + c + 1..]),
        ),
        None => (userinfo, hostport, None),
    }
}

impl Oxiri {
    pub fn new() -> Self {
        Oxiri {
            info: crate_info("oxiri", OXIRI_VERSION, Model::Rfc3986),
        }
    }

    /// RFC 3986 Section 3's components of what oxiri parsed; the authority split as
    /// [`split_authority`] says.
    pub fn components(r: &oxiri::IriRef<&str>) -> Parts {
        let auth = r.authority().map(split_authority);
        parts([
            ("scheme", r.scheme()),
            ("userinfo", auth.and_then(|a| a.0)),
            ("host", auth.map(|a| a.1)),
            ("port", auth.and_then(|a| a.2)),
            ("path", Some(r.path())),
            ("query", r.query()),
            ("fragment", r.fragment()),
        ])
    }
}

impl Oxiri {
    fn parse_bytes(&mut self, input: &[u8]) -> Answer {
        parsed_text(input, oxiri::IriRef::parse, |r| Self::components(&r))
    }

    fn resolve_bytes(&mut self, base: &[u8], reference: &[u8]) -> Answer {
        answer(|| {
            let (base, reference) = texts(base, reference)?;
            let base = oxiri::Iri::parse(base).map_err(|e| refused("the base is not an IRI", e))?;
            Ok(resolved(base.resolve(reference).map(|u| u.into_inner())))
        })
    }
}

crate_engine!(Oxiri);

#[cfg(test)]
mod tests {
    use super::split_authority;

    #[test]
    fn authority_split_at_rfc3986_delimiters() {
        assert_eq!(split_authority("h"), (None, "h", None));
        assert_eq!(split_authority("u:p@h:80"), (Some("u:p"), "h", Some("80")));
        assert_eq!(split_authority("[::1]"), (None, "[::1]", None));
        assert_eq!(split_authority("@[::1]:"), (Some(""), "[::1]", Some("")));
        assert_eq!(split_authority(""), (None, "", None));
    }
}
