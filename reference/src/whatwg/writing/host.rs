//! #host-writing: valid host, domain, IPv4-address, IPv6-address and opaque-host strings,
//! and the pieces of #host-miscellaneous and #idna they are defined with.

use std::borrow::Cow;
use std::ops::Range;

use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};

use super::trace::Cx;
use super::units::{url_units_excluding, AsciiClass, ASCII_DIGIT, ASCII_HEX_DIGIT};

/// #forbidden-host-code-point: "A forbidden host code point is U+0000 NULL, U+0009 TAB,
/// U+000A LF, U+000D CR, U+0020 SPACE, U+0023 (#), U+002F (/), U+003A (:), U+003C (<),
/// U+003E (>), U+003F (?), U+0040 (@), U+005B ([), U+005C (\), U+005D (]), U+005E (^), or
/// U+007C (|)."
const FORBIDDEN_HOST_CODE_POINT: AsciiClass = AsciiClass::new(&[], b"\0\t\n\r #/:<>?@[\\]^|");

/// #valid-host-string: "A valid host string must be a valid domain string, a valid
/// IPv4-address string, or: U+005B ([), followed by a valid IPv6-address string, followed
/// by U+005D (])."
pub fn valid_host_string(input: &str) -> bool {
    host_kind(input).is_some()
}

/// Which alternative of valid host string `input` is, by the Standard's term. The IPv4
/// test goes first because it is cheap; a valid IPv4-address string is never a valid
/// domain string (it ends in a number), so the order decides nothing.
fn host_kind(input: &str) -> Option<&'static str> {
    if valid_ipv4_address_string(input) {
        Some("valid IPv4-address string")
    } else if bracketed_ipv6(input) {
        Some("valid IPv6-address string")
    } else if valid_domain_string(input) {
        Some("valid domain string")
    } else {
        None
    }
}

/// "U+005B ([), followed by a valid IPv6-address string, followed by U+005D (])", as both
/// valid host string and valid opaque-host string say.
fn bracketed_ipv6(input: &str) -> bool {
    input
        .strip_prefix('[')
        .and_then(|rest| rest.strip_suffix(']'))
        .is_some_and(valid_ipv6_address_string)
}

/// Valid host string as a definition in a trace, with the alternative that matched inside.
pub(super) fn host_string(cx: &mut Cx, span: Range<usize>) -> bool {
    cx.rule("valid host string", span, |cx, span| {
        let kind = host_kind(cx.text(&span)).ok_or(span.start)?;
        cx.matched.push((kind, span));
        Ok(())
    })
}

/// Valid opaque-host string as a definition in a trace.
pub(super) fn opaque_host_string(cx: &mut Cx, span: Range<usize>) -> bool {
    cx.rule("valid opaque-host string", span, |cx, span| {
        let text = cx.text(&span);
        if bracketed_ipv6(text) {
            cx.matched.push(("valid IPv6-address string", span));
            return Ok(());
        }
        if text.is_empty() {
            return Err(span.start);
        }
        url_units_excluding(text, |c| FORBIDDEN_HOST_CODE_POINT.contains(c))
            .map_err(|i| span.start + i)
    })
}

/// #valid-domain-string: "A valid domain string must be a string that is a valid domain."
pub fn valid_domain_string(input: &str) -> bool {
    valid_domain(input)
}

/// #valid-domain: "A string input is a valid domain if these steps return true:
/// 1. Let domain be the result of running domain parser with input and true.
/// 2. If domain is failure, then return false.
/// 3. If running the ends in a number checker on domain returns true, then return false.
/// 4. Return true."
fn valid_domain(input: &str) -> bool {
    match domain_parser_strict(input) {
        None => false,
        Some(domain) => !ends_in_a_number_checker(&domain),
    }
}

/// #concept-domain-to-ascii, the domain parser, with beStrict true (the only way valid
/// domain runs it): "1. Let strictResult be the result of running domain parser ToASCII
/// with domain and true. [...] 3. If beStrict is true: 1. If strictResult is a failure
/// value, then return failure. 2. Return strictResult."
fn domain_parser_strict(domain: &str) -> Option<Cow<'_, str>> {
    domain_parser_to_ascii_strict(domain)
}

/// Domain parser ToASCII with beStrict true: "returns the result of running Unicode ToASCII
/// with domain_name set to domain, CheckHyphens set to beStrict, CheckBidi set to true,
/// CheckJoiners set to true, UseSTD3ASCIIRules set to beStrict, Transitional_Processing set
/// to false, VerifyDnsLength set to beStrict, and IgnoreInvalidPunycode set to false."
///
/// The `idna` crate always checks bidi and joiners, is nontransitional, and fails on
/// invalid Punycode; the three flags beStrict sets are its arguments. Its `DnsLength::Verify`
/// reads VerifyDnsLength as UTS #46 does for an empty label: the root label's trailing dot
/// is one, so "example.com." is not a valid domain.
fn domain_parser_to_ascii_strict(domain: &str) -> Option<Cow<'_, str>> {
    Uts46::new()
        .to_ascii(
            domain.as_bytes(),
            AsciiDenyList::STD3,
            Hyphens::Check,
            DnsLength::Verify,
        )
        .ok()
}

/// #ends-in-a-number-checker: "1. Assert: input is not the empty string. 2. Let parts be the
/// result of strictly splitting input on U+002E (.). 3. If the last item in parts is the
/// empty string, then remove the last item from parts. 4. Let last be the last item in
/// parts. 5. If last is not the empty string and contains only ASCII digits, then return
/// true. 6. If parsing last as an IPv4 number does not return failure, then return true.
/// 7. Return false."
///
/// The assertion holds (strict ToASCII fails on an empty name); were it broken, the empty
/// last part returns false rather than panicking.
fn ends_in_a_number_checker(input: &str) -> bool {
    let mut parts = input.rsplit('.');
    let mut last = parts.next().unwrap_or("");
    if last.is_empty() {
        last = parts.next().unwrap_or("");
    }
    (!last.is_empty() && last.chars().all(|c| ASCII_DIGIT.contains(c))) || ipv4_number(last)
}

/// Whether the IPv4 number parser succeeds on `last` once step 5 of the checker has not
/// returned: the Standard's note there says "This is equivalent to checking that last is
/// "0X" or "0x", followed by zero or more ASCII hex digits."
fn ipv4_number(last: &str) -> bool {
    last.strip_prefix("0x")
        .or_else(|| last.strip_prefix("0X"))
        .is_some_and(|hex| hex.chars().all(|c| ASCII_HEX_DIGIT.contains(c)))
}

/// #valid-ipv4-address-string: "A valid IPv4-address string must be four shortest possible
/// strings of ASCII digits, representing a decimal number in the range 0 to 255, inclusive,
/// separated from each other by U+002E (.)."
pub fn valid_ipv4_address_string(input: &str) -> bool {
    let mut count = 0usize;
    for part in input.split('.') {
        count += 1;
        if count > 4 || !ipv4_decimal(part) {
            return false;
        }
    }
    count == 4
}

/// One of the four: a shortest possible string of ASCII digits (no leading zero but "0"
/// itself) for a number from 0 to 255.
fn ipv4_decimal(part: &str) -> bool {
    let shortest = part.len() == 1 || !part.starts_with('0');
    !part.is_empty()
        && part.len() <= 3
        && shortest
        && part.chars().all(|c| ASCII_DIGIT.contains(c))
        && part.parse::<u16>().is_ok_and(|n| n <= 255)
}

/// #valid-ipv6-address-string: "A valid IPv6-address string must be one of the following:
/// a valid IPv6-pieces string with effective piece length 8. a valid IPv6-pieces-and-IPv4
/// string with effective piece length 8. U+003A U+003A (::), optionally preceded by a valid
/// IPv6-pieces string, and optionally followed by either a valid IPv6-pieces string or a
/// valid IPv6-pieces-and-IPv4 string, such that the sum of the effective piece lengths of
/// the preceding and following strings is at most 7."
///
/// Pieces strings hold no "::" and neither start nor end with ":", so the "::" of the
/// third form can only be the first one.
pub fn valid_ipv6_address_string(input: &str) -> bool {
    match input.split_once("::") {
        None => {
            valid_ipv6_pieces_string(input) == Some(8)
                || valid_ipv6_pieces_and_ipv4_string(input) == Some(8)
        }
        Some((preceding, following)) => {
            let before = if preceding.is_empty() {
                Some(0)
            } else {
                valid_ipv6_pieces_string(preceding)
            };
            let after = if following.is_empty() {
                Some(0)
            } else {
                valid_ipv6_pieces_string(following)
                    .or_else(|| valid_ipv6_pieces_and_ipv4_string(following))
            };
            matches!((before, after), (Some(b), Some(a)) if b + a <= 7)
        }
    }
}

/// #valid-ipv6-pieces-and-ipv4-string: "A valid IPv6-pieces-and-IPv4 string is either a
/// valid IPv6-pieces string, followed by U+003A (:), followed by a valid IPv4-address
/// string; or a valid IPv4-address string alone."
///
/// `Some` is its effective piece length: "the number of valid IPv6-piece strings it
/// contains, plus 2".
fn valid_ipv6_pieces_and_ipv4_string(input: &str) -> Option<usize> {
    let (pieces, ipv4) = match input.rsplit_once(':') {
        Some((pieces, ipv4)) => (valid_ipv6_pieces_string(pieces)?, ipv4),
        None => (0, input),
    };
    valid_ipv4_address_string(ipv4).then_some(pieces + 2)
}

/// #valid-ipv6-pieces-string: "A valid IPv6-pieces string is one or more valid IPv6-piece
/// strings, separated from each other by U+003A (:)."
///
/// `Some` is its effective piece length: "the number of valid IPv6-piece strings it
/// contains".
fn valid_ipv6_pieces_string(input: &str) -> Option<usize> {
    let mut count = 0usize;
    for piece in input.split(':') {
        if !valid_ipv6_piece_string(piece) {
            return None;
        }
        count += 1;
    }
    Some(count)
}

/// #valid-ipv6-piece-string: "A valid IPv6-piece string is a shortest possible string of
/// ASCII hex digits, representing a hexadecimal number in the range 0 to 0xFFFF,
/// inclusive."
///
/// Shortest means no leading zero but "0" itself, so at most four digits.
fn valid_ipv6_piece_string(piece: &str) -> bool {
    let shortest = piece.len() == 1 || !piece.starts_with('0');
    (1..=4).contains(&piece.len()) && shortest && piece.chars().all(|c| ASCII_HEX_DIGIT.contains(c))
}

/// #valid-opaque-host-string: "A valid opaque-host string must be one of the following:
/// one or more URL units excluding forbidden host code points; U+005B ([), followed by a
/// valid IPv6-address string, followed by U+005D (])."
pub fn valid_opaque_host_string(input: &str) -> bool {
    opaque_host_string(&mut Cx::new(input), 0..input.len())
}
