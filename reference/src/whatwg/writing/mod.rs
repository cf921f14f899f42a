//! The URL Standard's writing rules (#url-writing, #host-writing, #percent-encoded-bytes):
//! what a valid URL string is, as a recogniser. Not the URL parser: these are the
//! conformance requirements on strings that the parser's validation errors approximate.
//!
//! One function per definition, named after the Standard's term, its sentence quoted in
//! its doc comment. The files: `units` (URL code points, URL units, percent-encoded
//! bytes, and the Infra classes), `host` (the host strings and valid domain), `scheme`,
//! `authority` (what follows "//"), `path`, `query_fragment`, `absolute`, `relative`, and
//! `trace` (the context that records which definitions matched).
//!
//! Every definition is decided by delimiters found in one scan (the first "#", the first
//! "?", the scheme's ":", the "/" that ends a host), never by trying an alternative and
//! backing off, so the time is linear in the input; valid domain runs UTS #46 ToASCII
//! through the `idna` crate, linear too.
//!
//! The relative forms depend on the base URL: its scheme (special, "file", or other) and
//! whether it has an opaque path. [`valid_url_string`] takes the scheme alone (a base
//! without an opaque path); [`valid_url_string_against`] takes both.

mod absolute;
mod authority;
mod host;
mod path;
mod query_fragment;
mod relative;
mod scheme;
mod trace;
mod units;

#[cfg(test)]
mod tests;

use std::ops::Range;

pub use host::{
    valid_domain_string, valid_host_string, valid_ipv4_address_string, valid_ipv6_address_string,
    valid_opaque_host_string,
};

/// Which writing rule decided, for a trace: the rules matched on the way, in order, and
/// the first one that failed with where.
///
/// `matched` lists each definition that matched, by the Standard's term, with the byte
/// range it matched, outermost first (a definition before the ones inside it). `failed`
/// is the innermost definition that did not match and the byte offset where it stopped;
/// `None` when `valid`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Writing {
    pub valid: bool,
    pub matched: Vec<(&'static str, Range<usize>)>,
    pub failed: Option<(&'static str, usize)>,
}

/// The base URL a relative-URL-with-fragment string is written against, as far as the
/// writing rules look at it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Base<'a> {
    /// Its scheme ("switching on base URL's scheme").
    pub scheme: &'a str,
    /// Whether it has an opaque path ("if base URL has an opaque path").
    pub opaque_path: bool,
}

/// #valid-url-string against a base URL with scheme `base_scheme` and no opaque path, or
/// against no base URL.
pub fn valid_url_string(input: &str, base_scheme: Option<&str>) -> Writing {
    valid_url_string_against(
        input,
        base_scheme.map(|scheme| Base {
            scheme,
            opaque_path: false,
        }),
    )
}

/// #valid-url-string: "A valid URL string must be either a relative-URL-with-fragment
/// string or an absolute-URL-with-fragment string."
///
/// Only an absolute-URL-with-fragment string starts with a URL-scheme string followed by
/// ":", and no relative-URL-with-fragment string does (a path-relative-scheme-less-URL
/// string may not; the other forms start with "/" or "#"), so that start chooses which
/// one to try.
pub fn valid_url_string_against(input: &str, base: Option<Base>) -> Writing {
    let mut cx = trace::Cx::new(input);
    let valid = cx.rule("valid URL string", 0..input.len(), |cx, span| {
        let matched = if scheme::scheme_colon(input).is_some() {
            absolute::absolute_url_with_fragment_string(cx, span.clone())
        } else {
            relative::relative_url_with_fragment_string(cx, span.clone(), base)
        };
        trace::need(matched, span.start)
    });
    Writing {
        valid,
        matched: cx.matched,
        failed: cx.failed,
    }
}
