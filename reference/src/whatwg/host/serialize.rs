//! `#host-serializing`: the host serializer, the IPv4 serializer, and the IPv6
//! serializer with its compressed piece index.

use std::fmt::Write as _;

use super::Host;

/// `#concept-host-serializer`.
pub fn host_serialize(host: &Host) -> String {
    match host {
        // 1. If host is an IPv4 address, return the result of running the IPv4 serializer
        //    on host.
        Host::Ipv4(address) => ipv4_serialize(*address),
        // 2. Otherwise, if host is an IPv6 address, return U+005B ([), followed by the
        //    result of running the IPv6 serializer on host, followed by U+005D (]).
        Host::Ipv6(address) => format!("[{}]", ipv6_serialize(address)),
        // 3. Otherwise, host is a domain, opaque host, or empty host, return host.
        Host::Domain(host) | Host::Opaque(host) => host.clone(),
        Host::Empty => String::new(),
    }
}

/// `#concept-ipv4-serializer`.
pub fn ipv4_serialize(address: u32) -> String {
    // 1. Let output be the empty string.
    let mut output = String::new();
    // 2. Let n be the value of address.
    let mut n = address;
    // 3. For each i in the range 1 to 4, inclusive:
    for i in 1..=4 {
        // 1. Prepend n % 256, serialized, to output.
        output.insert_str(0, &(n % 256).to_string());
        // 2. If i is not 4, then prepend U+002E (.) to output.
        if i != 4 {
            output.insert(0, '.');
        }
        // 3. Set n to floor(n / 256).
        n /= 256;
    }
    // 4. Return output.
    output
}

/// `#concept-ipv6-serializer`.
pub fn ipv6_serialize(address: &[u16; 8]) -> String {
    // 1. Let output be the empty string.
    let mut output = String::new();
    // 2. Let compress be the result of finding the IPv6 address compressed piece index
    //    given address.
    let compress = find_the_ipv6_address_compressed_piece_index(address);
    // 3. Let ignore0 be false.
    let mut ignore0 = false;
    // 4. For each pieceIndex of address's pieces's indices:
    for (piece_index, &piece) in address.iter().enumerate() {
        // 1. If ignore0 is true and address[pieceIndex] is 0, then continue.
        if ignore0 && piece == 0 {
            continue;
        }
        // 2. Otherwise, if ignore0 is true, set ignore0 to false.
        ignore0 = false;
        // 3. If compress is pieceIndex, then: let separator be "::" if pieceIndex is 0;
        //    otherwise U+003A (:); append separator to output; set ignore0 to true and
        //    continue.
        if compress == Some(piece_index) {
            output.push_str(if piece_index == 0 { "::" } else { ":" });
            ignore0 = true;
            continue;
        }
        // 4. Append address[pieceIndex], represented as the shortest possible lowercase
        //    hexadecimal number, to output.
        let _ = write!(output, "{piece:x}");
        // 5. If pieceIndex is not 7, then append U+003A (:) to output.
        if piece_index != 7 {
            output.push(':');
        }
    }
    // 5. Return output.
    output
}

/// `#find-the-ipv6-address-compressed-piece-index`: the first longest run of more than
/// one 0 piece, if any.
pub fn find_the_ipv6_address_compressed_piece_index(address: &[u16; 8]) -> Option<usize> {
    // 1. Let longestIndex be null.
    let mut longest_index = None;
    // 2. Let longestSize be 1.
    let mut longest_size = 1;
    // 3. Let foundIndex be null.
    let mut found_index = None;
    // 4. Let foundSize be 0.
    let mut found_size = 0;
    // 5. For each pieceIndex of address's pieces's indices:
    for (piece_index, &piece) in address.iter().enumerate() {
        // 1. If address's pieces[pieceIndex] is not 0: if foundSize is greater than
        //    longestSize, then set longestIndex to foundIndex and longestSize to
        //    foundSize; set foundIndex to null; set foundSize to 0.
        if piece != 0 {
            if found_size > longest_size {
                longest_index = found_index;
                longest_size = found_size;
            }
            found_index = None;
            found_size = 0;
        // 2. Otherwise: if foundIndex is null, then set foundIndex to pieceIndex;
        //    increment foundSize by 1.
        } else {
            if found_index.is_none() {
                found_index = Some(piece_index);
            }
            found_size += 1;
        }
    }
    // 6. If foundSize is greater than longestSize, then return foundIndex.
    if found_size > longest_size {
        return found_index;
    }
    // 7. Return longestIndex.
    longest_index
}
