//! draft-ietf-uri-url-06 (4 August 1994), Section 5 "BNF for specific URL schemes", as
//! the draft prints it (`grammar/draft-06-bnf.txt`).
//!
//! One function per production, named after it (`gopher+_string` is
//! [`gopher::gopher_plus_string`]), one constant per character class
//! ([`classes::UNRESERVED`]), each with the production verbatim in its doc comment
//! (`grammar/draft-06-bnf.txt` holds them all; `tests/bnf_text_draft06.rs` checks the
//! quotes). Each function recognises a whole span of the input, as RFC 1738's do (see
//! [`crate::grammar::cx`]): the span is found from delimiters the production cannot derive, so
//! the recogniser is complete and linear.
//!
//! The draft is RFC 1738's predecessor and reads the same way: `valid` when the scheme's
//! own production matches (for an undefined scheme, `otherurl`), `generic-only` when the
//! scheme is one of the ten and only `otherurl` matches, `invalid` otherwise. Its
//! differences are its own text (cases/divergences/README.md §1 to §3): `otherurl` is
//! `scheme ":" schemepart` with `schemepart = *xchar` (no `ip-schemepart`), `hostname`
//! is `alpha *uchar`, `national` and "=" are `uchar`, `group` has no "+" or "_", and
//! `fileurl` needs a host but not a path.

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
use crate::grammar::outcome::Part;
use crate::grammar::outcome::{Components, Failure, Note, Noting, Parse, Verdict};
use crate::grammar::rule::Rule;

/// The component names a parse may report, in RFC 1738's vocabulary (one vocabulary for
/// draft-06 and RFC 1738, so their answers compare part by part). `user`, `password`,
/// `host`, `port` and `urlpath` of `otherurl` never occur: draft-06 has no
/// `ip-schemepart`, so `otherurl` reports only `scheme` and `schemepart`.
pub const COMPONENTS: &[&str] = crate::rfc1738::COMPONENTS;

/// The `scheme` component of a production that opens with the literal `name`: the
/// input's first `name.len()` octets (as written, so upper case under
/// `scheme-case-ignore`).
pub(crate) fn put_scheme(cx: &mut Cx, s: Span, name: &str) {
    let sch = Span::new(s.start, s.start + name.len());
    cx.put("scheme", Some(Part::Str(sch)));
}

/// The schemes Section 5 defines, with the production that defines each (Section 3
/// lists the same ten).
pub const PREDEFINED: &[(&str, Rule)] = &[
    ("http", Rule::D06Httpurl),
    ("ftp", Rule::D06Ftpurl),
    ("news", Rule::D06Newsurl),
    ("nntp", Rule::D06Nntpurl),
    ("telnet", Rule::D06Telneturl),
    ("gopher", Rule::D06Gopherurl),
    ("wais", Rule::D06Waisurl),
    ("mailto", Rule::D06Mailtourl),
    ("file", Rule::D06Fileurl),
    ("prospero", Rule::D06Prosperourl),
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
        (Rule::D06Httpurl, http::httpurl),
        (Rule::D06Ftpurl, ftp::ftpurl),
        (Rule::D06Newsurl, news::newsurl),
        (Rule::D06Nntpurl, nntp::nntpurl),
        (Rule::D06Telneturl, telnet::telneturl),
        (Rule::D06Gopherurl, gopher::gopherurl),
        (Rule::D06Waisurl, wais::waisurl),
        (Rule::D06Mailtourl, mailto::mailtourl),
        (Rule::D06Fileurl, file::fileurl),
        (Rule::D06Prosperourl, prospero::prosperourl),
    ];
    let rules = SCHEMES.map(|(rule, _)| rule);
    let schemes = crate::grammar::cx::Alternatives::run(cx, rules, |cx, k| SCHEMES[k].1(cx, s));
    // otherurl is reported only when no scheme production is.
    cx.report(schemes.first.is_none());
    let other = generic::otherurl(cx, s);
    let any = schemes.any() || other.is_ok();
    cx.mark(Rule::D06Url, any);
    UrlMatches { schemes, other }
}

/// Parses `input` under draft-06 and the given reading.
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
    let parse = judged(&mut cx);
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

/// The verdict, rule, components and error for the whole input, without notes.
pub(crate) fn judged<'a>(cx: &mut Cx<'a>) -> Parse<'a> {
    let all = Span::new(0, cx.input.len());
    let matches = url(cx, all);
    let mut parse = judge(cx, matches);
    parse.doc = DocReading::new(Document::Draft06, cx.reading);
    parse
}

/// The scheme's own production, by the scheme name the input starts with (compared
/// without case under `scheme-case-ignore`).
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

/// Verdict, rule and error from the alternatives' results, as for RFC 1738 (the
/// contract: "`valid` / `generic-only` / `invalid` mean what they mean for rfc1738").
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
            alternatives.push(Rule::D06Otherurl);
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
        doc: DocReading::from(Document::Draft06),
        verdict,
        rule,
        components,
        error,
        alternatives,
        ambiguities,
        input: cx.input,
    }
}

#[cfg(test)]
mod tests;
