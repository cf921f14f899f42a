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
//! Neither crate sees bytes that are not UTF-8: such inputs are `Unsupported`.

use super::{Adapter, Answer, Info, Model, Operation, Parts};

/// The `url` crate's version, as in Cargo.lock (a test checks they agree).
pub const URL_VERSION: &str = "2.5.8";
/// The `fluent-uri` crate's version, as in Cargo.lock (a test checks they agree).
pub const FLUENT_URI_VERSION: &str = "0.4.1";

/// Every in-process adapter, in a fixed order.
pub fn all() -> Vec<Box<dyn Adapter>> {
    vec![Box::new(WhatwgUrl::new()), Box::new(FluentUri::new())]
}

/// The in-process adapter called `name`, if there is one.
pub fn by_name(name: &str) -> Option<Box<dyn Adapter>> {
    all().into_iter().find(|a| a.info().name == name)
}

fn utf8<'a>(what: &str, bytes: &'a [u8]) -> Result<&'a str, Answer> {
    std::str::from_utf8(bytes).map_err(|e| Answer::Unsupported {
        why: format!(
            "the {what} is not UTF-8 (invalid byte at offset {}); the crate takes only strings",
            e.valid_up_to()
        ),
    })
}

fn parts<const N: usize>(items: [(&str, Option<&str>); N]) -> Parts {
    items
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.map(str::to_string)))
        .collect()
}

/// The WHATWG URL Standard, by the `url` crate.
pub struct WhatwgUrl {
    info: Info,
}

impl WhatwgUrl {
    pub fn new() -> Self {
        WhatwgUrl {
            info: Info {
                name: "url".into(),
                version: format!("url {URL_VERSION}"),
                model: Model::Whatwg,
                operations: vec![Operation::Parse, Operation::Resolve],
                argv: None,
            },
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

impl Default for WhatwgUrl {
    fn default() -> Self {
        Self::new()
    }
}

impl Adapter for WhatwgUrl {
    fn info(&self) -> &Info {
        &self.info
    }

    fn parse(&mut self, input: &[u8]) -> Answer {
        let input = match utf8("input", input) {
            Ok(s) => s,
            Err(a) => return a,
        };
        match url::Url::parse(input) {
            Ok(u) => Answer::Parsed {
                components: Self::components(&u),
            },
            Err(e) => Answer::Rejected {
                message: e.to_string(),
            },
        }
    }

    fn resolve(&mut self, base: &[u8], reference: &[u8]) -> Answer {
        let (base, reference) = match (utf8("base", base), utf8("reference", reference)) {
            (Ok(b), Ok(r)) => (b, r),
            (Err(a), _) | (_, Err(a)) => return a,
        };
        let base = match url::Url::parse(base) {
            Ok(b) => b,
            Err(e) => {
                return Answer::Rejected {
                    message: format!("the base: {e}"),
                }
            }
        };
        match base.join(reference) {
            Ok(u) => Answer::Resolved {
                result: u.as_str().to_string(),
            },
            Err(e) => Answer::Rejected {
                message: e.to_string(),
            },
        }
    }
}

/// RFC 3986, by the `fluent-uri` crate.
pub struct FluentUri {
    info: Info,
}

impl FluentUri {
    pub fn new() -> Self {
        FluentUri {
            info: Info {
                name: "fluent-uri".into(),
                version: format!("fluent-uri {FLUENT_URI_VERSION}"),
                model: Model::Rfc3986,
                operations: vec![Operation::Parse, Operation::Resolve],
                argv: None,
            },
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

impl Default for FluentUri {
    fn default() -> Self {
        Self::new()
    }
}

impl Adapter for FluentUri {
    fn info(&self) -> &Info {
        &self.info
    }

    fn parse(&mut self, input: &[u8]) -> Answer {
        let input = match utf8("input", input) {
            Ok(s) => s,
            Err(a) => return a,
        };
        match fluent_uri::UriRef::parse(input) {
            Ok(r) => Answer::Parsed {
                components: Self::components(&r),
            },
            Err(e) => Answer::Rejected {
                message: e.to_string(),
            },
        }
    }

    fn resolve(&mut self, base: &[u8], reference: &[u8]) -> Answer {
        let (base, reference) = match (utf8("base", base), utf8("reference", reference)) {
            (Ok(b), Ok(r)) => (b, r),
            (Err(a), _) | (_, Err(a)) => return a,
        };
        // Section 5.1: the base is an absolute URI, so it needs a scheme.
        let base = match fluent_uri::Uri::parse(base) {
            Ok(b) => b,
            Err(e) => {
                return Answer::Rejected {
                    message: format!("the base is not an absolute URI: {e}"),
                }
            }
        };
        let reference = match fluent_uri::UriRef::parse(reference) {
            Ok(r) => r,
            Err(e) => {
                return Answer::Rejected {
                    message: format!("the reference: {e}"),
                }
            }
        };
        match reference.resolve_against(&base.strip_fragment()) {
            Ok(u) => Answer::Resolved {
                result: u.into_string(),
            },
            Err(e) => Answer::Rejected {
                message: e.to_string(),
            },
        }
    }
}
