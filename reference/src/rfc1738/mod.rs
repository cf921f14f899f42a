//! RFC 1738 (December 1994), Section 5 "BNF for specific URL schemes", from the clean
//! text (`grammar/rfc1738-bnf.txt`, byte-identical to the RFC's Section 5).
//!
//! One function per production, named after it (`-` and `+` spelled `_` and `_plus`),
//! the production verbatim in its doc comment. Each recognises a whole span of the
//! input; see [`crate::grammar::cx`] for why that keeps the recogniser complete and linear.

pub mod classes;
pub mod file;
pub mod ftp;
pub mod generic;
pub mod gopher;
pub mod http;
pub mod ip;
pub mod mailto;
pub mod news;
pub mod nntp;
pub mod notes;
pub mod prospero;
pub mod telnet;
pub mod wais;

use crate::document::{DocReading, Document, Reading};
use crate::grammar::cx::{furthest, Coverage, Cx, Res, Span};
pub use crate::grammar::matched::Match;
use crate::grammar::outcome::{Components, Failure, Note, Noting, Parse, Verdict};
use crate::grammar::rule::Rule;

/// The component names a parse may report: the BNF's own rule names (`cases/README.md`).
pub const COMPONENTS: &[&str] = &[
    "scheme",
    "schemepart",
    "user",
    "password",
    "host",
    "port",
    "urlpath",
    "fpath",
    "fsegments",
    "ftptype",
    "hpath",
    "hsegments",
    "search",
    "gtype",
    "selector",
    "gopher+_string",
    "encoded822addr",
    "grouppart",
    "group",
    "article",
    "digits",
    "database",
    "wtype",
    "wpath",
    "ppath",
    "psegments",
    "fieldspecs",
];

/// The schemes Section 5 defines, with the production that defines each.
pub const PREDEFINED: &[(&str, Rule)] = &[
    ("http", Rule::Httpurl),
    ("ftp", Rule::Ftpurl),
    ("news", Rule::Newsurl),
    ("nntp", Rule::Nntpurl),
    ("telnet", Rule::Telneturl),
    ("gopher", Rule::Gopherurl),
    ("wais", Rule::Waisurl),
    ("mailto", Rule::Mailtourl),
    ("file", Rule::Fileurl),
    ("prospero", Rule::Prosperourl),
];

type Alternative = for<'b, 'a> fn(&'b mut Cx<'a>, Span) -> Res<Match>;

/// Every alternative of `url` that derives the input, in the BNF's order.
pub struct UrlMatches {
    /// The scheme productions' results (the first ten alternatives).
    pub schemes: crate::grammar::cx::Alternatives<Match, 10>,
    pub other: Res<Match>,
}

/// ```text
/// url            = httpurl | ftpurl | newsurl |
///                  nntpurl | telneturl | gopherurl |
///                  waisurl | mailtourl | fileurl |
///                  prosperourl | otherurl
/// ```
pub fn url<'a>(cx: &mut Cx<'a>, s: Span) -> UrlMatches {
    const SCHEMES: [(Rule, Alternative); 10] = [
        (Rule::Httpurl, http::httpurl),
        (Rule::Ftpurl, ftp::ftpurl),
        (Rule::Newsurl, news::newsurl),
        (Rule::Nntpurl, nntp::nntpurl),
        (Rule::Telneturl, telnet::telneturl),
        (Rule::Gopherurl, gopher::gopherurl),
        (Rule::Waisurl, wais::waisurl),
        (Rule::Mailtourl, mailto::mailtourl),
        (Rule::Fileurl, file::fileurl),
        (Rule::Prosperourl, prospero::prosperourl),
    ];
    let rules = SCHEMES.map(|(rule, _)| rule);
    let schemes = crate::grammar::cx::Alternatives::run(cx, rules, |cx, k| SCHEMES[k].1(cx, s));
    // otherurl is reported only when no scheme production is.
    cx.report(schemes.first.is_none());
    let other = generic::otherurl(cx, s);
    let any = schemes.any() || other.is_ok();
    cx.mark(Rule::Url, any);
    UrlMatches { schemes, other }
}

/// Parses `input` under RFC 1738 and the given reading.
pub fn parse(input: &[u8], reading: Reading) -> Parse<'_> {
    parse_recording(input, reading, false, false).0
}

/// The notes the prose gives on `input`: the parse done again, with its notes.
pub(crate) fn notes(input: &[u8], reading: Reading) -> Vec<Note> {
    parse_recording(input, reading, false, true).2
}

/// As [`parse`], also returning which rules accepted and rejected on the way.
pub fn parse_with_coverage(input: &[u8], reading: Reading) -> (Parse<'_>, Coverage) {
    let (p, c, _) = parse_recording(input, reading, true, false);
    (p, c.unwrap_or_default())
}

// Inlined, so that `parse` gets its `Parse` written in place, not copied out of the tuple.
#[inline(always)]
fn parse_recording(
    input: &[u8],
    reading: Reading,
    record: bool,
    want_notes: bool,
) -> (Parse<'_>, Option<Coverage>, Vec<Note>) {
    let mut cx = Cx::new(input, reading, record);
    let all = Span::new(0, input.len());
    let matches = url(&mut cx, all);
    let mut parse = judge(&mut cx, matches);
    parse.doc = DocReading::new(Document::Rfc1738, reading);
    // The notes only when asked for, or when recording coverage (the rules they ask
    // about are part of what a parse exercises).
    let notes = if record || want_notes {
        let mut noted = Noting::new(&parse);
        notes::add(&mut cx, &mut noted);
        noted.notes
    } else {
        Vec::new()
    };
    (parse, cx.into_coverage(), notes)
}

/// The scheme's own production, by the scheme name the input starts with.
pub(crate) fn own_production(cx: &Cx) -> Option<Rule> {
    let colon = cx.input.iter().position(|&b| b == b':')?;
    let name = &cx.input[..colon];
    let fold = cx.reading == Reading::SchemeCaseIgnore;
    PREDEFINED
        .iter()
        .find(|(scheme, _)| {
            if fold {
                name.eq_ignore_ascii_case(scheme.as_bytes())
            } else {
                name == scheme.as_bytes()
            }
        })
        .map(|&(_, rule)| rule)
}

/// Verdict, rule and error from the alternatives' results.
fn judge<'a>(cx: &mut Cx<'a>, m: UrlMatches) -> Parse<'a> {
    let own = own_production(cx);
    let mut alternatives = crate::grammar::outcome::Rules::new();
    let mut own_failure: Option<Failure> = None;
    let mut other_failure: Option<Failure> = None;
    let chosen: Option<Match> = m.schemes.first;
    for (rule, r) in &m.schemes.results {
        match r {
            Ok(()) => alternatives.push(*rule),
            // Another scheme's production fails at its opening literal: that says
            // nothing about this input, so only the own production's failure is kept.
            Err(f) if Some(*rule) == own => own_failure = Some(f.clone()),
            Err(_) => {}
        }
    }
    let other = match m.other {
        Ok(found) => {
            alternatives.push(Rule::Otherurl);
            Some(found)
        }
        Err(f) => {
            other_failure = Some(f);
            None
        }
    };
    // For an invalid input: the failure that got further, the own production's on a tie.
    let invalid_failure = match (own_failure.clone(), other_failure) {
        (Some(a), Some(b)) => Some(furthest(a, b)),
        (a, b) => a.or(b),
    };
    let (verdict, found, error) = match (chosen, other) {
        (Some(found), _) => (Verdict::Valid, Some(found), None),
        (None, Some(found)) if own.is_some() => (Verdict::GenericOnly, Some(found), own_failure),
        (None, Some(found)) => (Verdict::Valid, Some(found), None),
        (None, None) => (Verdict::Invalid, None, invalid_failure),
    };
    let (rule, components, ambiguities) = match found {
        // The chosen alternative is the one whose components the context holds.
        Some(f) => (Some(f.rule), cx.take_components(), f.ambiguities),
        None => (
            None,
            Components::new(cx.input),
            crate::grammar::outcome::Ambiguities::new(),
        ),
    };
    Parse {
        doc: DocReading::from(Document::Rfc1738),
        verdict,
        rule,
        components,
        error,
        alternatives,
        ambiguities,
        input: cx.input,
    }
}
