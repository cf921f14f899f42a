//! The WHATWG URL Standard's URL parsing, written as its algorithms, step by step.
//!
//! Read: [`VERSION`], the Bikeshed source `url.bs` of whatwg/url at commit
//! 6ae84860d12800bcf563668e7cc821360dce6062 (2 July 2026). Unlike the RFC modules beside
//! it, this is not a grammar: the Standard defines URLs by a parser (a state machine), so
//! each state is one function named after it ([`parser`]), each step under the sentence it
//! implements.
//!
//! Implemented, with the section anchors of `url.bs`:
//! - `#percent-encoded-bytes`: the percent-encode sets, percent-encode and
//!   percent-decode ([`percent`]);
//! - `#host-representation`, `#host-parsing`, `#idna`, `#host-serializing`: the host
//!   parser with its IPv4 parser, IPv4 number parser, ends-in-a-number checker, IPv6
//!   parser and opaque-host parser, the domain parser (UTS #46 ToASCII through the `idna`
//!   crate), the host, IPv4 and IPv6 serializers ([`host`]);
//! - `#url-representation`, `#url-miscellaneous`, `#url-serializing`: the URL record,
//!   special schemes and default ports, shortening a path, Windows drive letters, the URL
//!   and URL path serializers ([`record`]);
//! - `#url-parsing`: the basic URL parser, every state ([`parser`]);
//! - `#url-class`: the API URL parser ([`parse_against`]) and the getters `href`,
//!   `protocol`, `username`, `password`, `host`, `hostname`, `port`, `pathname`, `search`,
//!   `hash` ([`api`]);
//! - the validation errors of `#writing`'s tables ([`ValidationError`]).
//!
//! Left out, and why:
//! - encodings other than UTF-8: the encoding is always UTF-8 (the Standard's default;
//!   the others are a legacy of HTML documents), so "percent-encode after encoding" is
//!   UTF-8 percent-encoding and the query state never switches encoding;
//! - the state override, and so the setters: they edit a URL record through the API,
//!   which a conformance suite of parsing does not need; the steps that only run with a
//!   state override are left out of the states (the hostname state is named in [`State`]
//!   but is only ever entered with one);
//! - blob URL entries (the "URL parser" wrapper that resolves them needs a blob URL
//!   store), origin, `URLSearchParams` and `application/x-www-form-urlencoded` parsing:
//!   none of them is URL parsing;
//!
//! Beside the parser, [`writing`] holds host writing and URL writing (`#host-writing`,
//! `#url-writing`): the "valid ... string" definitions as a recogniser of their own, the
//! Standard's second description of what a URL is, against which its parser can be
//! checked.
//!
//! Positions: a [`Validation`]'s and a [`Step`]'s `at` is a byte offset into the input
//! as given (before the C0-control-or-space trimming and tab/newline removal), of the
//! code point the state machine was running on (`c`), or the end of the trimmed input
//! for the EOF code point. Errors the host parser reports point into the host (an IPv6
//! error at its code point), or at the host's first code point for the errors the
//! domain and IPv4 stages report, as those run on the percent-decoded, mapped string.

#[cfg(test)]
mod agreement;
pub mod api;
pub mod code_points;
pub mod document;
pub mod host;
pub mod parser;
pub mod percent;
pub mod record;
#[cfg(test)]
mod tests;
pub mod validation;
pub mod writing;

pub use host::domain::domain_to_ascii;
pub use host::serialize::host_serialize;
pub use host::{host_parse, Host};
pub use parser::{basic_url_parse, State};
pub use record::{Url, UrlPath};
pub use validation::{Validation, ValidationError};

/// The version of the Standard this module implements.
pub const VERSION: &str = "URL Standard, whatwg/url commit 6ae84860 (2 July 2026)";

/// What the basic URL parser did with one input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    /// The URL record; `None` when the parser returned failure.
    pub url: Option<Url>,
    /// The validation errors, in the order the parser reported them.
    pub errors: Vec<Validation>,
    /// The states the state machine ran, each recorded when it was entered (not per code
    /// point): the path the input took through the machine.
    pub states: Vec<Step>,
}

/// The state machine entered `state` and first ran it at byte offset `at` (see the
/// module doc for what offsets mean).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub state: State,
    pub at: usize,
}

/// The API URL parser (`#api-url-parser`): parse `base` first, failure of the base being
/// failure, then `input` against it.
///
/// When the base fails, the answer is the base's own [`Parsed`] (its errors and states
/// are the base's); otherwise it is the input's, against the parsed base.
pub fn parse_against(input: &str, base: Option<&str>) -> Parsed {
    // 1. Let parsedBase be null.
    // 2. If base is non-null: set parsedBase to the result of running the basic URL
    //    parser on base; if parsedBase is failure, then return failure.
    let parsed_base = match base {
        None => None,
        Some(base) => {
            let parsed = basic_url_parse(base, None);
            match parsed.url {
                Some(url) => Some(url),
                None => return parsed,
            }
        }
    };
    // 3. Return the result of running the basic URL parser on url with parsedBase.
    basic_url_parse(input, parsed_base.as_ref())
}
