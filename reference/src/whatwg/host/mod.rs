//! Hosts: `#host-representation` ([`Host`]) and `#host-parsing` ([`host_parse`]); the
//! parsers it calls are one file each, and the serializers are in [`serialize`].

pub mod domain;
pub mod ipv4;
pub mod ipv6;
pub mod opaque;
pub mod serialize;

use super::percent::percent_decode_str;
use super::validation::{Validation, ValidationError};
use crate::whatwg::code_points::starts_with_two_ascii_hex_digits;

/// `#concept-host`: "A host is a domain, an IP address, an opaque host, or an empty
/// host."
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Host {
    /// "A domain is a non-empty ASCII string that identifies a realm within a network."
    Domain(String),
    /// "An IPv4 address is a 32-bit unsigned integer that identifies a network address."
    Ipv4(u32),
    /// "An IPv6 address is a 128-bit unsigned integer ... composed of a list of 8 16-bit
    /// unsigned integers, also known as an IPv6 address's pieces."
    Ipv6([u16; 8]),
    /// "An opaque host is a non-empty ASCII string that can be used for further
    /// processing."
    Opaque(String),
    /// "An empty host is the empty string."
    Empty,
}

/// `#concept-host-parser`: the host parser, given `input` and `is_opaque`; `None` is
/// failure. Errors are pushed to `errors` with `at` a byte offset into `input`: where
/// the IPv6 and opaque-host parsers and the percent-encoded byte check find them, and 0
/// for the domain parser's and the IPv4 parser's (they run on the decoded string).
pub fn host_parse(input: &str, is_opaque: bool, errors: &mut Vec<Validation>) -> Option<Host> {
    // 1. If input starts with U+005B ([), then:
    if let Some(after_bracket) = input.strip_prefix('[') {
        // 1. If input does not end with U+005D (]), IPv6-unclosed validation error,
        //    return failure.
        let Some(inside) = after_bracket.strip_suffix(']') else {
            errors.push(Validation {
                error: ValidationError::Ipv6Unclosed,
                at: input.len(),
            });
            return None;
        };
        // 2. Return the result of IPv6 parsing input with its leading U+005B ([) and
        //    trailing U+005D (]) removed.
        let mut inner = Vec::new();
        let address = ipv6::ipv6_parse(inside, &mut inner);
        // Offsets into `input`: one byte for the "[".
        errors.extend(inner.into_iter().map(|v| Validation { at: v.at + 1, ..v }));
        return address.map(Host::Ipv6);
    }
    // 2. If isOpaque is true, then return the result of opaque-host parsing input.
    if is_opaque {
        // The opaque-host parser gives the empty string for empty input (a non-special
        // URL with "//" and no host): that is the empty host.
        return opaque::opaque_host_parse(input, errors).map(|host| {
            if host.is_empty() {
                Host::Empty
            } else {
                Host::Opaque(host)
            }
        });
    }
    // 3. Assert: input is not the empty string. (The URL parser never passes one; if it
    //    did, the domain parser would fail on it.)
    // 4. If input contains a percent-encoded byte, domain-percent-encoded validation
    //    error.
    let percent_encoded_byte = input.char_indices().find(|&(i, c)| {
        c == '%' && starts_with_two_ascii_hex_digits(input.get(i + 1..).unwrap_or("").chars())
    });
    if let Some((at, _)) = percent_encoded_byte {
        errors.push(Validation {
            error: ValidationError::DomainPercentEncoded,
            at,
        });
    }
    // 5. Let domain be the result of running UTF-8 decode without BOM on the
    //    percent-decoding of input. (Lossy decoding keeps a leading BOM: "without BOM".)
    let domain = String::from_utf8_lossy(&percent_decode_str(input)).into_owned();
    // 6. Let asciiDomain be the result of running domain parser with domain and false.
    // 7. If asciiDomain is failure, then return failure.
    let ascii_domain = domain::domain_to_ascii(&domain, false, errors)?;
    // 8. If asciiDomain ends in a number, then return the result of IPv4 parsing
    //    asciiDomain.
    if ipv4::ends_in_a_number(&ascii_domain) {
        return ipv4::ipv4_parse(&ascii_domain, errors).map(Host::Ipv4);
    }
    // 9. Return asciiDomain.
    Some(Host::Domain(ascii_domain))
}
