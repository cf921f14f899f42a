//! RFC 3986, Appendix C, "Delimiting a URI in Context"
//! (<https://www.rfc-editor.org/rfc/rfc3986#appendix-C>). Its example:
//!
//! ```text
//! Yes, Jim, I found it under "http://www.w3.org/Addressing/",
//! but you can probably pick it up from <ftp://foo.example.
//! com/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/
//! ietf/uri/historical.html#WARNING>.
//! ```
//!
//! "contains the URI references
//!
//! ```text
//! http://www.w3.org/Addressing/
//! ftp://foo.example.com/rfc/
//! http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING
//! ```"
//!
//! The choices the appendix leaves, and how they are read here:
//!
//! - A URI "just" delimited "by using whitespace" is a whole run of non-whitespace
//!   characters with whitespace (or the start or end of the text) on both sides; the
//!   appendix gives no rule for punctuation at its end, so a trailing "." or "," stays
//!   in it (both are URI characters). Inside such a run a `<`, `>` or `"` (no URI
//!   character) means it is no URI, and a wrapper may start there.
//! - The "URL:" prefix, "formerly recommended as a way to help distinguish a URI from
//!   other bracketed designators", is read after "<" only (RFC 1738's `<URL:...>`), with
//!   or without a trailing space (whitespace inside a wrapper is ignored anyway).
//! - As in the 1996 draft, a wrapper without the prefix, and a run between whitespace,
//!   hold a URI only when what they hold starts with a scheme and ":" (Section 3.1's
//!   `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`), so that `"quoted words"`
//!   and `<timbl@info.cern.ch>` are none; a prefixed wrapper holds one whatever it holds.
//!   The scheme is looked for as written, after any leading whitespace: whitespace may
//!   break the URI after the ":", not before it, so `"see http://h/ here"` holds no URI
//!   (ignoring its whitespace would give "seehttp://h/here"), while the run
//!   `http://h/` inside it is one.
//! - A wrapper ends at its first closing delimiter; a `<`, `>` or `"` before it ends the
//!   attempt there, and the search goes on after the opening delimiter.
//!
//! One pass, each byte looked at a bounded number of times: linear in the text.

use super::scan::{self, is_whitespace, Span, PREFIX};
use super::{Found, Wrapper};

/// The characters that open or close a wrapper: none is a URI character (Section 2).
fn is_delimiter(b: u8) -> bool {
    matches!(b, b'<' | b'>' | b'"')
}

pub(crate) fn extract(text: &[u8]) -> Vec<Found> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < text.len() {
        let b = text[i];
        // "In practice, URIs are delimited in a variety of ways, but usually within
        // double-quotes "http://example.com/", angle brackets <http://example.com/>, or
        // just by using whitespace [...] These wrappers do not form part of the URI."
        if b == b'<' || b == b'"' {
            if let Some(found) = wrapped(text, i) {
                i = found.end;
                out.push(found);
            } else {
                i += 1;
            }
            continue;
        }
        let starts_run = !is_whitespace(b) && (i == 0 || is_whitespace(text[i - 1]));
        if !starts_run {
            i += 1;
            continue;
        }
        let end = text[i..]
            .iter()
            .position(|&c| is_whitespace(c))
            .map_or(text.len(), |k| i + k);
        let run = &text[i..end];
        if !run.iter().any(|&c| is_delimiter(c)) && starts_with_scheme(run) {
            out.push(Found {
                url: run.to_vec(),
                start: i,
                end,
                wrapper: Wrapper::Whitespace,
                alternatives: Vec::new(),
                hyphens: Vec::new(),
            });
            i = end;
        } else {
            i += 1;
        }
    }
    out
}

/// The wrapper opening at `open` (a `<` or a `"`), when it closes and holds a URI.
fn wrapped(text: &[u8], open: usize) -> Option<Found> {
    let (close, plain, prefixed_wrapper) = match text[open] {
        b'<' => (b'>', Wrapper::Angle, Wrapper::AngleUrl),
        _ => (b'"', Wrapper::Quote, Wrapper::Quote),
    };
    // "The prefix "URL:" (with or without a trailing space) was formerly recommended as
    // a way to help distinguish a URI from other bracketed designators".
    let prefixed = close == b'>' && text[open + 1..].starts_with(PREFIX);
    let body = open + 1 + if prefixed { PREFIX.len() } else { 0 };
    let at = body + text[body..].iter().position(|&c| is_delimiter(c))?;
    if text[at] != close {
        return None;
    }
    let span = Span {
        start: open,
        end: at + 1,
        wrapper: if prefixed { prefixed_wrapper } else { plain },
        content: body..at,
        prefixed,
    };
    // "In some cases, extra whitespace (spaces, line-breaks, tabs, etc.) may have to be
    // added to break a long URI across lines. The whitespace should be ignored when the
    // URI is extracted."
    //
    // "No whitespace should be introduced after a hyphen ("-") character. Because some
    // typesetters and printers may (erroneously) introduce a hyphen at the end of line
    // when breaking it, the interpreter of a URI containing a line break immediately
    // after a hyphen should ignore all whitespace around the line break and should be
    // aware that the hyphen may or may not actually be part of the URI." The URI keeps
    // the hyphen; the readings without it are its alternatives.
    let (url, hyphens) = scan::without_whitespace(text, span.content.clone(), true);
    // Without the prefix, what the wrapper holds is a URI when it starts with a scheme
    // and ":" as written: whitespace before it is skipped, whitespace inside it is not,
    // so that "see http://h/ here" is no URI "seehttp://h/here".
    let written = &text[span.content.clone()];
    let lead = written.iter().take_while(|&&c| is_whitespace(c)).count();
    (prefixed || starts_with_scheme(&written[lead..])).then(|| span.found(url, &hyphens))
}

/// Whether `s` starts with `scheme ":"` (Section 3.1):
///
/// ```text
/// scheme      = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
/// ```
fn starts_with_scheme(s: &[u8]) -> bool {
    use crate::rfc3986::classes::{ALPHA, DIGIT};
    scan::starts_with_scheme(
        s,
        |b| ALPHA.contains(b),
        |b| ALPHA.contains(b) || DIGIT.contains(b) || b"+-.".contains(&b),
        false,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::context::MAX_HYPHEN_READINGS;

    fn urls(text: &[u8]) -> Vec<String> {
        extract(text)
            .iter()
            .map(|f| String::from_utf8_lossy(&f.url).into_owned())
            .collect()
    }

    /// Appendix C's example, as printed (six spaces of indentation).
    const JIM: &str = "      Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n      but you can probably pick it up from <ftp://foo.example.\n      com/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/\n      ietf/uri/historical.html#WARNING>.";

    #[test]
    fn the_appendix_example_gives_its_three_uri_references() {
        let found = extract(JIM.as_bytes());
        let at = |s: &str| JIM.find(s).unwrap();
        let got: Vec<(String, usize, usize, Wrapper)> = found
            .iter()
            .map(|f| {
                let url = String::from_utf8(f.url.clone()).unwrap();
                (url, f.start, f.end, f.wrapper)
            })
            .collect();
        assert_eq!(
            got,
            [
                (
                    "http://www.w3.org/Addressing/".to_string(),
                    at("\"http"),
                    at(",\n"),
                    Wrapper::Quote
                ),
                (
                    "ftp://foo.example.com/rfc/".to_string(),
                    at("<ftp"),
                    at(".  Note"),
                    Wrapper::Angle
                ),
                (
                    "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING".to_string(),
                    at("<http"),
                    JIM.len() - 1,
                    Wrapper::Angle
                ),
            ]
        );
        assert!(found.iter().all(|f| f.alternatives.is_empty()));
    }

    /// "usually within double-quotes "http://example.com/", angle brackets
    /// <http://example.com/>, or just by using whitespace: http://example.com/"
    #[test]
    fn the_three_delimiting_styles() {
        let text = b"\"http://example.com/\" <http://example.com/>\n      http://example.com/";
        let found = extract(text);
        let got: Vec<(&[u8], Wrapper)> = found.iter().map(|f| (&f.url[..], f.wrapper)).collect();
        assert_eq!(
            got,
            [
                (&b"http://example.com/"[..], Wrapper::Quote),
                (b"http://example.com/", Wrapper::Angle),
                (b"http://example.com/", Wrapper::Whitespace),
            ]
        );
        let bare = &found[2];
        assert_eq!(&text[bare.start..bare.end], b"http://example.com/");
        assert_eq!(bare.end, text.len());
    }

    #[test]
    fn a_run_between_whitespace_is_a_uri_only_when_it_starts_with_a_scheme() {
        assert_eq!(
            urls(b"see http://h/a. and ftp://h/b, not www.w3.org/Addressing/ or 1a:b"),
            ["http://h/a.", "ftp://h/b,"]
        );
        // Not delimited by whitespace: no URI.
        assert!(urls(b"(http://h/)x").is_empty());
        assert!(urls(b"[http://h/]").is_empty());
        assert_eq!(urls(b"http://h/"), ["http://h/"]);
        // A delimiter inside a run: no run URI, and the wrapper is looked for.
        assert_eq!(urls(b"a:b<http://h/>"), ["http://h/"]);
        assert!(urls(b"a:b>c").is_empty());
    }

    /// "The prefix "URL:" (with or without a trailing space) was formerly recommended".
    #[test]
    fn the_former_prefix_after_an_angle_bracket() {
        let found = extract(b"<URL:http://h/a> <URL: http://h/b> \"URL:x\" <URL:g>");
        let want = [
            ("http://h/a", Wrapper::AngleUrl),
            ("http://h/b", Wrapper::AngleUrl),
            // In quotes it is what the quotes hold: a URI of the scheme "URL".
            ("URL:x", Wrapper::Quote),
            // Prefixed, a relative reference is one too.
            ("g", Wrapper::AngleUrl),
        ];
        assert_eq!(super::super::tests::urls_with_wrappers(&found), want);
    }

    #[test]
    fn wrappers_without_a_scheme_hold_no_uri() {
        assert!(urls(b"\"quoted words\" <timbl@info.cern.ch> \"\"").is_empty());
        // The search goes on inside a wrapper that holds none.
        assert_eq!(urls(b"\"see http://h/ here\""), ["http://h/"]);
        // An unclosed wrapper, or another delimiter before the close, ends the attempt.
        assert_eq!(urls(b"<http://a/ \"http://b/\""), ["http://b/"]);
        assert_eq!(urls(b"\"http://a/"), Vec::<String>::new());
        assert_eq!(urls(b"<http://a/<http://b/>"), ["http://b/"]);
    }

    #[test]
    fn hyphens_at_line_breaks_have_both_readings() {
        let text = b"<http://www.example.com/long-\n  name.html>";
        let f = &extract(text)[0];
        assert_eq!(f.url, b"http://www.example.com/long-name.html");
        assert_eq!(
            f.alternatives,
            [b"http://www.example.com/longname.html".to_vec()]
        );
        assert_eq!(f.hyphens, [28]);
        // Between whitespace a line break ends the URI: the hyphen stays, alone.
        assert_eq!(
            urls(b"http://www.example.com/long-\nname.html"),
            ["http://www.example.com/long-"]
        );
    }

    /// What must hold of any answer: spans in order, not overlapping, with their
    /// delimiters; no whitespace in a URI; a whitespace-delimited URI is its own span,
    /// between whitespace.
    fn check(text: &[u8], found: &[Found]) {
        let mut last = 0;
        for f in found {
            assert!(last <= f.start && f.start < f.end && f.end <= text.len());
            last = f.end;
            assert!(!f.url.iter().any(|&b| is_whitespace(b)));
            match f.wrapper {
                Wrapper::Whitespace => {
                    assert_eq!(f.url, &text[f.start..f.end]);
                    assert!(f.start == 0 || is_whitespace(text[f.start - 1]));
                    assert!(f.end == text.len() || is_whitespace(text[f.end]));
                }
                Wrapper::Quote => assert!(text[f.start] == b'"' && text[f.end - 1] == b'"'),
                Wrapper::Angle | Wrapper::AngleUrl => {
                    assert!(text[f.start] == b'<' && text[f.end - 1] == b'>')
                }
                other => panic!("{other:?} is no wrapper of RFC 3986"),
            }
            assert!(f.alternatives.len() < (1 << MAX_HYPHEN_READINGS));
        }
    }

    #[test]
    fn any_bytes_give_a_well_formed_answer() {
        const PIECES: &[&[u8]] = &[
            b"<", b">", b"\"", b"URL:", b"http:", b"a", b"-", b"\n", b" ", b"\t", b"#", b"\0",
            b"\xff", b":", b"%4",
        ];
        let mut g = crate::testing::Xorshift(0x3986);
        for _ in 0..5000 {
            let text = g.pieces(PIECES, 24);
            check(&text, &extract(&text));
        }
    }

    #[test]
    fn a_mebibyte_of_hostile_text() {
        const MIB: usize = 1 << 20;
        let texts = [
            vec![b'<'; MIB],
            vec![b'"'; MIB],
            [&b"<URL:"[..], &vec![b'a'; MIB]].concat(),
            [&b"x:"[..], &vec![b'a'; MIB]].concat(),
            b"a:b ".repeat(MIB / 4),
            b"<a:".repeat(MIB / 3),
            b"\" a:b".repeat(MIB / 5),
            [&b"<x:"[..], &b"-\n".repeat(MIB / 2), b">"].concat(),
        ];
        for text in &texts {
            check(text, &extract(text));
        }
        assert_eq!(extract(&texts[4]).len(), MIB / 4);
        assert_eq!(extract(&texts[3])[0].url.len(), MIB + 2);
    }
}
