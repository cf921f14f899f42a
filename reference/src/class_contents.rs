//! Each character class holds exactly the characters its document lists: one table over
//! every document that prints its classes character by character (the classes of RFC
//! 3986's ABNF are checked against the ABNF itself, in `rfc3986`).

use crate::document::Document;
use crate::grammar::class::Class;
use crate::testing::chars;

/// What a class holds: these characters, in byte order, or this many of them.
enum Holds {
    Exactly(&'static str),
    Count(usize),
}

/// A class, by its name in scope, and the characters it holds.
macro_rules! exactly {
    ($class:ident, $chars:literal) => {
        (stringify!($class), &$class, Holds::Exactly($chars))
    };
}

/// A class, by its name in scope, and how many characters it holds.
macro_rules! count {
    ($class:ident, $n:expr) => {
        (stringify!($class), &$class, Holds::Count($n))
    };
}

type Rows = Vec<(&'static str, &'static Class, Holds)>;

/// Every document's classes, each with what it holds.
fn documents() -> Vec<(Document, Rows)> {
    vec![
        (Document::Draft02, {
            use crate::draft02::classes::*;
            vec![
                count!(ALPHA, 52),
                exactly!(DIGIT, "0123456789"),
                exactly!(SAFE, "$&-.@_"),
                exactly!(EXTRA, " !\"'()*,:;"),
                exactly!(HEX, "0123456789ABCDEFabcdef"),
                exactly!(NATIONAL, "[\\]^{|}~"),
                exactly!(PUNCTUATION, "<>"),
                count!(ALPHANUM, 62),
            ]
        }),
        (Document::Draft03, {
            use crate::draft03::classes::*;
            vec![
                count!(ALPHA, 52),
                exactly!(DIGIT, "0123456789"),
                // "-" is listed twice; "@", "&" and "+" are safe.
                exactly!(SAFE, "$&+-.@_"),
                exactly!(EXTRA, "!\"'()*,"),
                // "space" names the space character.
                exactly!(RESERVED, " #/:;=?"),
                exactly!(HEX, "0123456789ABCDEFabcdef"),
                // "vline" names "|".
                exactly!(NATIONAL, "[\\]^{|}~"),
                exactly!(PUNCTUATION, "<>"),
                count!(ALPHANUM2, 62 + 4),
                count!(ALPHANUM, 62),
                exactly!(FORMCODE, "CNT"),
            ]
        }),
        (Document::Draft06, {
            use crate::draft06::classes::*;
            vec![
                exactly!(LOWALPHA, "abcdefghijklmnopqrstuvwxyz"),
                exactly!(HIALPHA, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
                count!(ALPHA, 52),
                exactly!(DIGIT, "0123456789"),
                exactly!(SAFE, "$+-._"),
                exactly!(EXTRA, "!'()*,="),
                exactly!(NATIONAL, "[\\]^{|}~"),
                exactly!(PUNCTUATION, "\"#<>"),
                exactly!(RESERVED, "&/:;=?@"),
                exactly!(HEX, "0123456789ABCDEFabcdef"),
                count!(UNRESERVED, 52 + 10 + 5 + 7 + 8),
            ]
        }),
        (Document::Rfc1738, {
            use crate::rfc1738::classes::*;
            vec![
                exactly!(LOWALPHA, "abcdefghijklmnopqrstuvwxyz"),
                exactly!(HIALPHA, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
                count!(ALPHA, 52),
                exactly!(DIGIT, "0123456789"),
                exactly!(SAFE, "$+-._"),
                exactly!(EXTRA, "!'()*,"),
                exactly!(NATIONAL, "[\\]^`{|}~"),
                exactly!(PUNCTUATION, "\"#%<>"),
                exactly!(RESERVED, "&/:;=?@"),
                exactly!(HEX, "0123456789ABCDEFabcdef"),
                count!(UNRESERVED, 52 + 10 + 5 + 6),
                count!(ALPHADIGIT, 62),
            ]
        }),
        (Document::Rfc1808, {
            use crate::rfc1808::classes::*;
            vec![
                exactly!(LOWALPHA, "abcdefghijklmnopqrstuvwxyz"),
                exactly!(HIALPHA, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
                count!(ALPHA, 52),
                exactly!(DIGIT, "0123456789"),
                exactly!(SAFE, "$+-._"),
                exactly!(EXTRA, "!'()*,"),
                exactly!(NATIONAL, "[\\]^`{|}~"),
                exactly!(RESERVED, "&/:;=?@"),
                exactly!(PUNCTUATION, "\"#%<>"),
                exactly!(HEX, "0123456789ABCDEFabcdef"),
                count!(UNRESERVED, 52 + 10 + 5 + 6),
            ]
        }),
        (Document::Draft1996, {
            use crate::draft1996::classes::*;
            vec![
                exactly!(LOWALPHA, "abcdefghijklmnopqrstuvwxyz"),
                exactly!(HIALPHA, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
                count!(ALPHA, 52),
                exactly!(DIGIT, "0123456789"),
                count!(ALPHANUM, 62),
                // Section 2.1 and E.2: "+" joins the reserved set.
                exactly!(RESERVED, "&+/:;=?@"),
                // Section 2.2 and E.2: "~" is now unreserved.
                exactly!(MARK, "!$'()*,-._~"),
                count!(UNRESERVED, 62 + 11),
                exactly!(HEX, "0123456789ABCDEFabcdef"),
                exactly!(SPACE, " "),
                exactly!(DELIMS, "\"#%<>"),
                exactly!(UNWISE, "[\\]^`{|}"),
            ]
        }),
        (Document::Rfc2396, {
            use crate::rfc2396::classes::*;
            vec![
                exactly!(LOWALPHA, "abcdefghijklmnopqrstuvwxyz"),
                exactly!(UPALPHA, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
                count!(ALPHA, 52),
                exactly!(DIGIT, "0123456789"),
                count!(ALPHANUM, 62),
                // Appendix G.2: "The plus "+", dollar "$", and comma "," characters have been
                // added to those in the "reserved" set".
                exactly!(RESERVED, "$&+,/:;=?@"),
                exactly!(RESERVED_RFC2732, "$&+,/:;=?@[]"),
                // "The tilde "~" character was added to those in the "unreserved" set"; "$" and
                // "," are no longer marks (they were in the 1996 draft).
                exactly!(MARK, "!'()*-._~"),
                count!(UNRESERVED, 62 + 9),
                exactly!(HEX, "0123456789ABCDEFabcdef"),
            ]
        }),
    ]
}

#[test]
fn classes_hold_what_the_bnf_lists() {
    for (doc, rows) in documents() {
        for (name, class, holds) in rows {
            let found = chars(class);
            match holds {
                Holds::Exactly(want) => assert_eq!(found, want, "{doc:?} {name}"),
                Holds::Count(n) => assert_eq!(found.len(), n, "{doc:?} {name}"),
            }
        }
    }
}
