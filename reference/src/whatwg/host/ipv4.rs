//! `#host-parsing`: the ends-in-a-number checker, the IPv4 parser and the IPv4 number
//! parser.
//!
//! IPv4 numbers can have any number of digits. A number is held as a `u64` that
//! saturates: every bound the IPv4 parser compares a number with is at most 2^32, so a
//! saturated value compares as the mathematical one does.

use crate::whatwg::validation::{Validation, ValidationError};

/// An IPv4 number: its value (saturating at `u64::MAX`) and whether it was not decimal.
type Ipv4Number = (u64, bool);

/// `#ends-in-a-number-checker`, given an ASCII string.
pub fn ends_in_a_number(input: &str) -> bool {
    // 1. Assert: input is not the empty string.
    // 2. Let parts be the result of strictly splitting input on U+002E (.).
    let mut parts: Vec<&str> = input.split('.').collect();
    // 3. If the last item in parts is the empty string, then remove the last item from
    //    parts.
    if parts.last() == Some(&"") {
        parts.pop();
    }
    // 4. Let last be the last item in parts.
    let Some(last) = parts.last() else {
        return false;
    };
    // 5. If last is not the empty string and contains only ASCII digits, then return
    //    true. ("09" is caught by the IPv4 parser later.)
    if !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()) {
        return true;
    }
    // 6. If parsing last as an IPv4 number does not return failure, then return true.
    //    ("0X" or "0x" followed by zero or more ASCII hex digits.)
    // 7. Return false.
    ipv4_number_parse(last).is_some()
}

/// `#concept-ipv4-parser`, given an ASCII string; `None` is failure. Errors are pushed
/// with `at` 0 (the string is the domain parser's output, not the URL's text).
pub fn ipv4_parse(input: &str, errors: &mut Vec<Validation>) -> Option<u32> {
    let mut error = |error| errors.push(Validation { error, at: 0 });
    // 1. Let parts be the result of strictly splitting input on U+002E (.).
    let mut parts: Vec<&str> = input.split('.').collect();
    // 2. If the last item in parts is the empty string, then: IPv4-empty-part validation
    //    error; if parts's size is greater than 1, then remove the last item from parts.
    if parts.last() == Some(&"") {
        error(ValidationError::Ipv4EmptyPart);
        if parts.len() > 1 {
            parts.pop();
        }
    }
    // 3. If parts's size is less than 4, IPv4-too-few-parts validation error.
    if parts.len() < 4 {
        error(ValidationError::Ipv4TooFewParts);
    }
    // 4. If parts's size is greater than 4, IPv4-too-many-parts validation error, return
    //    failure.
    if parts.len() > 4 {
        error(ValidationError::Ipv4TooManyParts);
        return None;
    }
    // 5. Let numbers be an empty list.
    let mut numbers: Vec<u64> = Vec::with_capacity(4);
    // 6. For each part of parts:
    for part in &parts {
        // 1. Let result be the result of parsing part.
        // 2. If result is failure, IPv4-non-numeric-part validation error, return
        //    failure.
        let Some((number, non_decimal)) = ipv4_number_parse(part) else {
            error(ValidationError::Ipv4NonNumericPart);
            return None;
        };
        // 3. If result[1] is true, IPv4-non-decimal-part validation error.
        if non_decimal {
            error(ValidationError::Ipv4NonDecimalPart);
        }
        // 4. Append result[0] to numbers.
        numbers.push(number);
    }
    // 7. If any item in numbers is greater than 255, IPv4-out-of-range-part validation
    //    error.
    if numbers.iter().any(|&n| n > 255) {
        error(ValidationError::Ipv4OutOfRangePart);
    }
    // 11. (Taken first, as a slice:) Remove the last item from numbers.
    let (&last, rest) = numbers.split_last()?;
    // 8. If any but the last item in numbers is greater than 255, then return failure.
    if rest.iter().any(|&n| n > 255) {
        return None;
    }
    // 9. If the last item in numbers is greater than or equal to 256^(5 − numbers's
    //    size), then return failure. (The size is 1 to 4 here.)
    let exponent = u32::try_from(5 - numbers.len()).ok()?;
    if last >= 256u64.pow(exponent) {
        return None;
    }
    // 10. Let ipv4 be the last item in numbers.
    let mut ipv4 = last;
    // 12. Let counter be 0.
    // 13. For each n of numbers: increment ipv4 by n × 256^(3 − counter); increment
    //     counter by 1. (n is at most 255 and counter at most 2 here.)
    for (counter, &n) in (0u32..).zip(rest) {
        ipv4 += n * 256u64.pow(3 - counter);
    }
    // 14. Return ipv4. (It is below 2^32 by steps 8 and 9.)
    u32::try_from(ipv4).ok()
}

/// `#ipv4-number-parser`, given an ASCII string; `None` is failure.
pub fn ipv4_number_parse(input: &str) -> Option<Ipv4Number> {
    // 1. If input is the empty string, then return failure.
    if input.is_empty() {
        return None;
    }
    // 2. Let validationError be false.
    // 3. Let R be 10.
    let (digits, radix, validation_error) =
        // 4. If input contains at least two code points and the first two code points
        //    are either "0X" or "0x", then: set validationError to true; remove the first
        //    two code points from input; set R to 16.
        if let Some(rest) = input.strip_prefix("0x").or_else(|| input.strip_prefix("0X")) {
            (rest, 16, true)
        // 5. Otherwise, if input contains at least two code points and the first code
        //    point is U+0030 (0), then: set validationError to true; remove the first code
        //    point from input; set R to 8.
        } else if let Some(rest) = input.strip_prefix('0').filter(|rest| !rest.is_empty()) {
            (rest, 8, true)
        } else {
            (input, 10, false)
        };
    // 6. If input is the empty string, then return (0, true).
    if digits.is_empty() {
        return Some((0, true));
    }
    // 7. If input contains a code point that is not a radix-R digit, then return failure.
    // 8. Let output be the mathematical integer value that is represented by input in
    //    radix-R notation, using ASCII hex digits for digits with values 0 through 15.
    let mut output: u64 = 0;
    for c in digits.chars() {
        let digit = c.to_digit(radix)?;
        output = output
            .saturating_mul(u64::from(radix))
            .saturating_add(u64::from(digit));
    }
    // 9. Return (output, validationError).
    Some((output, validation_error))
}
