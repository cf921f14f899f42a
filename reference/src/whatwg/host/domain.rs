//! `#idna`: the domain parser and its ToASCII, through the `idna` crate's UTS #46.

use std::borrow::Cow;

use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};

use crate::whatwg::code_points::is_forbidden_domain_code_point;
use crate::whatwg::validation::{Validation, ValidationError};

/// `#concept-domain-to-ascii`: the domain parser (earlier versions of the Standard call
/// it "domain to ASCII"), given `domain` and `be_strict`; `None` is failure. Errors are
/// pushed with `at` 0 (they are about the whole domain).
pub fn domain_to_ascii(
    domain: &str,
    be_strict: bool,
    errors: &mut Vec<Validation>,
) -> Option<String> {
    // 1. Let strictResult be the result of running domain parser ToASCII with domain and
    //    true.
    let strict_result = domain_parser_to_ascii(domain, true);
    // 2. If strictResult is a failure value, domain-to-ASCII validation error.
    if strict_result.is_none() {
        errors.push(Validation {
            error: ValidationError::DomainToAscii,
            at: 0,
        });
    }
    // 3. If beStrict is true: if strictResult is a failure value, then return failure;
    //    return strictResult.
    if be_strict {
        return strict_result;
    }
    // 4. Let result be null.
    // 5. If domain is an ASCII string, then set result to domain, lowercased.
    let result = if domain.is_ascii() {
        domain.to_ascii_lowercase()
    } else {
        // 6. Otherwise: set result to the result of running domain parser ToASCII with
        //    domain and false; if result is a failure value, then return failure.
        domain_parser_to_ascii(domain, false)?
    };
    // 7. If result is the empty string, then return failure.
    if result.is_empty() {
        return None;
    }
    // 8. If result contains a forbidden domain code point, then return failure.
    if result.chars().any(is_forbidden_domain_code_point) {
        return None;
    }
    // 9. Return result.
    Some(result)
}

/// The domain parser ToASCII: "Unicode ToASCII with domain_name set to domain,
/// CheckHyphens set to beStrict, CheckBidi set to true, CheckJoiners set to true,
/// UseSTD3ASCIIRules set to beStrict, Transitional_Processing set to false,
/// VerifyDnsLength set to beStrict, and IgnoreInvalidPunycode set to false."
///
/// The `idna` crate always checks bidi and joiners, never processes transitionally and
/// never ignores invalid Punycode; the other three flags are its arguments.
/// VerifyDnsLength is `DnsLength::Verify`, which rejects a trailing root dot, as UTS #46's
/// own test data does ("a.b.c.d." is an A4_2 error in IdnaTestV2.txt).
fn domain_parser_to_ascii(domain: &str, be_strict: bool) -> Option<String> {
    let (std3, hyphens, dns_length) = if be_strict {
        (AsciiDenyList::STD3, Hyphens::Check, DnsLength::Verify)
    } else {
        (AsciiDenyList::EMPTY, Hyphens::Allow, DnsLength::Ignore)
    };
    Uts46::new()
        .to_ascii(domain.as_bytes(), std3, hyphens, dns_length)
        .ok()
        .map(Cow::into_owned)
}
