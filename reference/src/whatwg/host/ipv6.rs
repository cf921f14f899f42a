//! `#concept-ipv6-parser`: the IPv6 parser.

use crate::whatwg::validation::{Validation, ValidationError};

/// The IPv6 parser's input and pointer: `c` is the code point at the pointer, `None`
/// for the EOF code point.
struct Cursor<'a> {
    input: &'a [char],
    pointer: usize,
}

impl Cursor<'_> {
    fn c(&self) -> Option<char> {
        self.input.get(self.pointer).copied()
    }

    /// The code point after the pointer ("remaining" starts with it).
    fn next(&self) -> Option<char> {
        self.input.get(self.pointer + 1).copied()
    }

    /// The pointer as a byte offset into the input.
    fn offset(&self) -> usize {
        self.input
            .iter()
            .take(self.pointer)
            .map(|c| c.len_utf8())
            .sum()
    }
}

/// Reports `error` at the pointer, and returns failure.
fn fail<T>(errors: &mut Vec<Validation>, error: ValidationError, p: &Cursor) -> Option<T> {
    errors.push(Validation {
        error,
        at: p.offset(),
    });
    None
}

/// `#concept-ipv6-parser`, given `input` (the host without its brackets); `None` is
/// failure. Errors are pushed with `at` a byte offset into `input`.
pub fn ipv6_parse(input: &str, errors: &mut Vec<Validation>) -> Option<[u16; 8]> {
    let code_points: Vec<char> = input.chars().collect();
    // 4. Let pointer be a pointer for input.
    let mut p = Cursor {
        input: &code_points,
        pointer: 0,
    };
    // 1. Let address be a new IPv6 address whose pieces are all 0.
    let mut address = [0u16; 8];
    // 2. Let pieceIndex be 0.
    let mut piece_index: usize = 0;
    // 3. Let compress be null.
    let mut compress: Option<usize> = None;
    // 5. If c is U+003A (:), then:
    if p.c() == Some(':') {
        // 1. If remaining does not start with U+003A (:), IPv6-invalid-compression
        //    validation error, return failure.
        if p.next() != Some(':') {
            return fail(errors, ValidationError::Ipv6InvalidCompression, &p);
        }
        // 2. Increase pointer by 2.
        p.pointer += 2;
        // 3. Increase pieceIndex by 1 and then set compress to pieceIndex.
        piece_index += 1;
        compress = Some(piece_index);
    }
    // 6. While c is not the EOF code point:
    while p.c().is_some() {
        // 1. If pieceIndex is 8, IPv6-too-many-pieces validation error, return failure.
        if piece_index == 8 {
            return fail(errors, ValidationError::Ipv6TooManyPieces, &p);
        }
        // 2. If c is U+003A (:), then:
        if p.c() == Some(':') {
            // 1. If compress is non-null, IPv6-multiple-compression validation error,
            //    return failure.
            if compress.is_some() {
                return fail(errors, ValidationError::Ipv6MultipleCompression, &p);
            }
            // 2. Increase pointer and pieceIndex by 1, set compress to pieceIndex, and
            //    then continue.
            p.pointer += 1;
            piece_index += 1;
            compress = Some(piece_index);
            continue;
        }
        // 3. Let value and length be 0.
        let mut value: u32 = 0;
        let mut length: u32 = 0;
        // 4. While length is less than 4 and c is an ASCII hex digit, set value to
        //    value × 0x10 + c interpreted as a hexadecimal number, and increase pointer
        //    and length by 1.
        while let Some(digit) = p.c().and_then(|c| c.to_digit(16)).filter(|_| length < 4) {
            value = value * 0x10 + digit;
            p.pointer += 1;
            length += 1;
        }
        // 5. If c is U+002E (.), then:
        if p.c() == Some('.') {
            // 1. If length is 0, IPv4-in-IPv6-invalid-code-point validation error, return
            //    failure.
            if length == 0 {
                return fail(errors, ValidationError::Ipv4InIpv6InvalidCodePoint, &p);
            }
            // 2. Decrease pointer by length.
            p.pointer -= length as usize;
            // 3. If pieceIndex is greater than 6, IPv4-in-IPv6-too-many-pieces validation
            //    error, return failure.
            if piece_index > 6 {
                return fail(errors, ValidationError::Ipv4InIpv6TooManyPieces, &p);
            }
            // 4. Let numbersSeen be 0.
            let mut numbers_seen = 0;
            // 5. While c is not the EOF code point:
            while p.c().is_some() {
                // 1. Let ipv4Piece be null.
                let mut ipv4_piece: Option<u32> = None;
                // 2. If numbersSeen is greater than 0, then: if c is a U+002E (.) and
                //    numbersSeen is less than 4, then increase pointer by 1; otherwise,
                //    IPv4-in-IPv6-invalid-code-point validation error, return failure.
                if numbers_seen > 0 {
                    if p.c() == Some('.') && numbers_seen < 4 {
                        p.pointer += 1;
                    } else {
                        return fail(errors, ValidationError::Ipv4InIpv6InvalidCodePoint, &p);
                    }
                }
                // 3. If c is not an ASCII digit, IPv4-in-IPv6-invalid-code-point
                //    validation error, return failure.
                if !p.c().is_some_and(|c| c.is_ascii_digit()) {
                    return fail(errors, ValidationError::Ipv4InIpv6InvalidCodePoint, &p);
                }
                // 4. While c is an ASCII digit:
                while let Some(number) = p.c().and_then(|c| c.to_digit(10)) {
                    // 1. Let number be c interpreted as decimal number.
                    ipv4_piece = match ipv4_piece {
                        // 2. If ipv4Piece is null, then set ipv4Piece to number.
                        None => Some(number),
                        // 3. Otherwise, if ipv4Piece is 0, IPv4-in-IPv6-invalid-code-point
                        //    validation error, return failure.
                        Some(0) => {
                            return fail(errors, ValidationError::Ipv4InIpv6InvalidCodePoint, &p)
                        }
                        // 4. Otherwise, set ipv4Piece to ipv4Piece × 10 + number.
                        Some(piece) => Some(piece * 10 + number),
                    };
                    // 5. If ipv4Piece is greater than 255, IPv4-in-IPv6-out-of-range-part
                    //    validation error, return failure.
                    if ipv4_piece.is_some_and(|piece| piece > 255) {
                        return fail(errors, ValidationError::Ipv4InIpv6OutOfRangePart, &p);
                    }
                    // 6. Increase pointer by 1.
                    p.pointer += 1;
                }
                // 5. Set address[pieceIndex] to address[pieceIndex] × 0x100 + ipv4Piece.
                //    (pieceIndex is at most 7 here, and the sum at most 0xFFFF.)
                let slot = address.get_mut(piece_index)?;
                *slot = u16::try_from(u32::from(*slot) * 0x100 + ipv4_piece.unwrap_or(0)).ok()?;
                // 6. Increase numbersSeen by 1.
                numbers_seen += 1;
                // 7. If numbersSeen is 2 or 4, then increase pieceIndex by 1.
                if numbers_seen == 2 || numbers_seen == 4 {
                    piece_index += 1;
                }
            }
            // 6. If numbersSeen is not 4, IPv4-in-IPv6-too-few-parts validation error,
            //    return failure.
            if numbers_seen != 4 {
                return fail(errors, ValidationError::Ipv4InIpv6TooFewParts, &p);
            }
            // 7. Break.
            break;
        // 6. Otherwise, if c is U+003A (:): increase pointer by 1; if c is the EOF code
        //    point, IPv6-invalid-code-point validation error, return failure.
        } else if p.c() == Some(':') {
            p.pointer += 1;
            if p.c().is_none() {
                return fail(errors, ValidationError::Ipv6InvalidCodePoint, &p);
            }
        // 7. Otherwise, if c is not the EOF code point, IPv6-invalid-code-point validation
        //    error, return failure.
        } else if p.c().is_some() {
            return fail(errors, ValidationError::Ipv6InvalidCodePoint, &p);
        }
        // 8. If length is greater than 1 and value is less than 0x10^(length − 1),
        //    IPv6-piece-leading-zero validation error. (Reported at the piece's end.)
        if length > 1 && value < 0x10u32.pow(length - 1) {
            errors.push(Validation {
                error: ValidationError::Ipv6PieceLeadingZero,
                at: p.offset(),
            });
        }
        // 9. Set address[pieceIndex] to value. (At most 0xFFFF: four hex digits.)
        *address.get_mut(piece_index)? = u16::try_from(value).ok()?;
        // 10. Increase pieceIndex by 1.
        piece_index += 1;
    }
    // 7. If compress is non-null, then:
    if let Some(compress) = compress {
        // 1. Let swaps be pieceIndex − compress.
        let mut swaps = piece_index.saturating_sub(compress);
        // 2. Set pieceIndex to 7.
        piece_index = 7;
        // 3. While pieceIndex is not 0 and swaps is greater than 0, swap
        //    address[pieceIndex] with address[compress + swaps − 1], and then decrease
        //    both pieceIndex and swaps by 1.
        while piece_index != 0 && swaps > 0 {
            let other = compress + swaps - 1;
            if other < 8 {
                address.swap(piece_index, other);
            }
            piece_index -= 1;
            swaps -= 1;
        }
    // 8. Otherwise, if compress is null and pieceIndex is not 8, IPv6-too-few-pieces
    //    validation error, return failure.
    } else if piece_index != 8 {
        return fail(errors, ValidationError::Ipv6TooFewPieces, &p);
    }
    // 9. Return address.
    Some(address)
}
