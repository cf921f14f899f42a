//! 1 MiB inputs, and the other hostile shapes, get the verdicts each document's grammar
//! gives them: one table over every document (how fast is for a benchmark, not a unit
//! test; each recogniser finds delimiters, then matches spans, in linear time).

use crate::document::{DocReading, Document, Reading};
use crate::grammar::outcome::Verdict;
use crate::testing::huge;

/// Each document and reading with its `(prefix, unit, verdict)` rows: the prefix, then the
/// unit up to 1 MiB, gets the verdict.
type Rows = &'static [(&'static str, &'static [u8], Verdict)];
const CASES: &[(Document, Reading, Rows)] = &[
    (
        Document::Draft02,
        Reading::Strict,
        &[
            ("", b"a/", Verdict::Invalid),
            ("", b"@", Verdict::Invalid),
            ("", b":", Verdict::Invalid),
            ("x:", b"a/", Verdict::Valid),
            ("x:", b":", Verdict::Valid),
            ("x:", b"@", Verdict::Valid),
            ("x:", b"%", Verdict::Invalid),
            ("x", b"a:", Verdict::Valid),
            ("http://h/", b"a/", Verdict::Valid),
            ("http://", b"a@", Verdict::Valid),
            ("http://", b"a:", Verdict::Valid),
            ("http://", b"1.", Verdict::Invalid),
            ("ftp://", b"@", Verdict::Invalid),
            ("ftp://", b"a@", Verdict::Invalid),
            ("ftp://", b"1@", Verdict::Invalid),
            ("telnet://", b"a@", Verdict::Valid),
            ("telnet://", b"@a", Verdict::Valid),
            ("telnet://", b"1@", Verdict::Invalid),
            ("telnet://a", b":1", Verdict::Valid),
            ("news:", b"a@", Verdict::Valid),
            ("news:", b"1@", Verdict::GenericOnly),
            ("mailto::", b"a@", Verdict::Valid),
            ("mailto::", b"1@", Verdict::GenericOnly),
            ("prospero://h/", b"%00", Verdict::Valid),
            ("prospero://h/a%00", b"1", Verdict::Valid),
            ("gopher://h/1", b"a/", Verdict::Valid),
            ("wais://h/d?", b"a+", Verdict::Invalid),
        ],
    ),
    (
        Document::Draft03,
        Reading::Strict,
        &[
            ("http://h/", b"a/", Verdict::Valid),
            ("ftp://h/", b"a/", Verdict::Valid),
            ("ftp://", b"@", Verdict::Invalid),
            ("telnet://a", b"@a", Verdict::Valid),
            ("news:a", b"@", Verdict::Valid),
            ("news:1", b"@1", Verdict::Invalid),
            ("news:a", b"@a", Verdict::Valid),
            ("mailto::a", b"@a", Verdict::Valid),
            ("mailto::", b"@", Verdict::Invalid),
            ("mid:", b"@", Verdict::Invalid),
            ("mid:a", b"@a", Verdict::Invalid),
            ("", b":", Verdict::Invalid),
            ("", b"a", Verdict::Invalid),
            ("a", b":", Verdict::NotDefined),
            ("http://h/", b":", Verdict::Invalid),
            ("wais://h/d/t/", b"1=a;", Verdict::Valid),
            ("prospero://h/", b"%00", Verdict::Valid),
            ("prospero://h/a", b"%001", Verdict::Valid),
            ("ftp://h/", b"L1", Verdict::Valid),
            ("http://h/p#", b"a", Verdict::Invalid),
        ],
    ),
    (
        Document::Draft03,
        Reading::FtptypeProse,
        &[("ftp://h/a;type=", b"a", Verdict::Invalid)],
    ),
    (
        Document::Draft06,
        Reading::Strict,
        &[
            ("http://h/", b"a/", Verdict::Valid),
            ("", b"a/", Verdict::Invalid),
            ("", b"@", Verdict::Invalid),
            ("", b":", Verdict::Invalid),
            ("x:", b":", Verdict::Valid),
            ("x:", b"@", Verdict::Valid),
            ("ftp://", b"@", Verdict::GenericOnly),
            ("ftp://", b":", Verdict::GenericOnly),
            ("ftp://", b"a:", Verdict::GenericOnly),
            ("http://a", b".", Verdict::Valid),
            ("http://", b"1.", Verdict::GenericOnly),
            ("news:", b"a@", Verdict::GenericOnly),
            ("gopher://h/1", b"%09", Verdict::Valid),
            ("gopher://h/1", b"%09/", Verdict::Valid),
            ("prospero://h/x", b";a=b", Verdict::Valid),
            ("prospero://h/x;", b"a=", Verdict::Valid),
            ("wais://h/", b"a/", Verdict::GenericOnly),
            ("foo:", b"%", Verdict::Invalid),
            ("foo:", b"\xff", Verdict::Invalid),
            ("foo:", b"\0", Verdict::Invalid),
        ],
    ),
    (
        Document::Draft1996,
        Reading::Strict,
        &[
            ("http://h/", b"a/", Verdict::Valid),
            ("http://", b"a.", Verdict::GenericOnly),
            ("http://", b"1.", Verdict::GenericOnly),
            ("http://", b"a@", Verdict::GenericOnly),
            ("", b"a;", Verdict::Valid),
            ("x:", b"%", Verdict::Invalid),
            ("", b"//", Verdict::Valid),
            ("", b"a:", Verdict::Valid),
        ],
    ),
    (
        Document::Rfc2396,
        Reading::Strict,
        &[
            ("http://h/", b"a/", Verdict::Valid),
            ("http://", b"a.", Verdict::Valid),
            ("http://", b"1.", Verdict::Valid),
            ("http://", b"a@", Verdict::Valid),
            ("", b"a;", Verdict::Valid),
            ("x:", b"%", Verdict::Invalid),
            ("", b"//", Verdict::Valid),
            ("", b"a:", Verdict::Valid),
            ("", b"a@:", Verdict::Invalid),
            ("x:", b"a:", Verdict::Valid),
            ("?", b"a", Verdict::Invalid),
        ],
    ),
    (
        Document::Rfc2396,
        Reading::Rfc2732,
        &[
            ("http://[", b"1:", Verdict::Invalid),
            ("http://[", b"::", Verdict::Invalid),
            ("http://h/?", b"[]", Verdict::Valid),
        ],
    ),
    (
        Document::Rfc3986,
        Reading::Strict,
        &[
            ("http://h/", b"a/", Verdict::Valid),
            ("http://", b"a.", Verdict::Valid),
            ("http://", b"a@", Verdict::Invalid),
            ("http://h:", b"9", Verdict::Valid),
            ("", b"a:", Verdict::Valid),
            ("a", b"+", Verdict::Valid),
            ("a", b"^", Verdict::Invalid),
            ("x:", b"%", Verdict::Invalid),
            ("x:", b"%41", Verdict::Valid),
            ("", b"//", Verdict::Valid),
            ("//[", b"1:", Verdict::Invalid),
            ("//[v1.", b"a", Verdict::Invalid),
            ("//[", b":", Verdict::Invalid),
            ("?", b"?/", Verdict::Valid),
            ("#", b"\xff", Verdict::Invalid),
        ],
    ),
];

#[test]
fn huge_inputs_get_their_verdicts() {
    for &(doc, reading, rows) in CASES {
        for &(prefix, unit, want) in rows {
            let s = huge(prefix.as_bytes(), unit);
            assert_eq!(
                crate::parse(DocReading { doc, reading }, &s).verdict,
                want,
                "{doc:?} {reading:?}: {prefix:?} then {:?} to 1 MiB",
                String::from_utf8_lossy(unit)
            );
        }
    }
}
