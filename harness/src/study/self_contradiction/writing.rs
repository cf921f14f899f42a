//! The URL Standard against itself: it describes URLs twice, by its basic URL parser
//! (`#concept-basic-url-parser`, with validation errors) and by its writing rules
//! (`#url-writing`, "valid URL string"). The validation errors are there to tell a
//! string from valid input (`#writing`: "A validation error indicates a mismatch
//! between input and valid input"), so the two should agree:
//! - (a) a string the writing rules call valid should parse without a validation error;
//! - (b) a string the parser takes without a validation error should be valid.
//!
//! [`check`] asks both sides of one string against one base; [`run`] is a seeded,
//! budgeted search over strings drawn far more broadly than the reference's agreement
//! test does: the URL Standard's case inputs (`cases/url-standard/*.yaml`) against
//! every base, random strings over a URL-ish alphabet, strings put together from URL
//! pieces, and mutations of both. Each disagreement gets a cause key ([`cause_key`]);
//! the first witness of a cause is minimised (delta debugging over code points while the
//! cause holds, [`minimal`]), later ones are counted. Draw `n` comes from a generator
//! seeded with the seed and `n`, so a seed and a number of executions give the same
//! causes and witnesses.
//!
//! Relative strings are judged against a base. With no base only strings that start with
//! a URL-scheme string and ":" are asked: with none, the parser fails on every relative
//! string (`missing-scheme-non-relative-URL`) and the writing rules call none valid (the
//! URL parsing table: "❌, due to lack of base"), so a relative string there says nothing
//! of either side.
//!
//! The files: this one the check ([`check`], [`cause_key`], [`minimal`]), `draws` what
//! is drawn, `search` the search, `cases` the cases and the classes they record,
//! `report` the report's section and the JSON.

mod cases;
mod draws;
mod report;
mod search;

use crate::run::campaign::minimise::ddmin;
use urlcert_reference::whatwg::writing::{valid_url_string_against, Base, Writing};
use urlcert_reference::whatwg::{basic_url_parse, Parsed, Url};
use urlcert_reference::Document;

pub use self::cases::{case_seeds, tagged_loaded, url_standard_cases, Known, UrlStandardCase};
pub use self::draws::TOKENS;
pub use self::report::{json, recorded, searched};
pub use self::search::{run, Cause, Config, Origin, Search, Stop};
pub use crate::run::campaign::Limit;

/// The document this check is about.
pub const DOCUMENT: Document = Document::UrlStandard;

/// The tag of the cases that record a class this check finds.
pub const TAG: &str = "writing-vs-parser";

/// The bases strings are asked against: one of each kind the writing rules and the
/// parser switch on (a special scheme; a non-special one with an authority, and with a
/// path alone; an opaque path; "file"), and no base at all (absolute strings only).
pub const BASES: &[Option<&str>] = &[
    Some("https://h/d/e"),
    Some("foo://h/d/e"),
    Some("foo:/d/e"),
    Some("mailto:x@y"),
    Some("file:///C:/d/e"),
    None,
];

/// At most this many checks per minimisation.
const MINIMISE_EVALS: usize = 3000;

/// Which way the two sides part.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Direction {
    /// The writing rules call it valid; the parser fails or reports a validation error.
    WritingValidParserErrs,
    /// The parser takes it with no validation error; the writing rules do not call it
    /// valid.
    ParserCleanWritingInvalid,
}

impl Direction {
    pub fn id(self) -> &'static str {
        match self {
            Direction::WritingValidParserErrs => "a",
            Direction::ParserCleanWritingInvalid => "b",
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            Direction::WritingValidParserErrs => {
                "a: a valid URL string the parser fails on or reports an error for"
            }
            Direction::ParserCleanWritingInvalid => {
                "b: parsed without a validation error, not a valid URL string"
            }
        }
    }
}

/// A base URL, as given and as parsed.
#[derive(Clone, Debug)]
pub struct BaseUrl {
    pub text: String,
    pub url: Url,
}

impl BaseUrl {
    /// `text` parsed with no base; `None` when it does not parse.
    pub fn parse(text: &str) -> Option<BaseUrl> {
        basic_url_parse(text, None).url.map(|url| BaseUrl {
            text: text.to_string(),
            url,
        })
    }

    /// What the writing rules look at of it.
    pub(crate) fn for_writing(&self) -> Base<'_> {
        Base {
            scheme: &self.url.scheme,
            opaque_path: self.url.has_opaque_path(),
        }
    }
}

/// The two sides asked, so that a test can plant a disagreement in one of them.
#[derive(Clone, Copy)]
pub struct Sides {
    pub parser: fn(&str, Option<&Url>) -> Parsed,
    pub writing: fn(&str, Option<Base>) -> Writing,
}

/// The Standard's two sides as the reference implements them.
pub const REFERENCE: Sides = Sides {
    parser: basic_url_parse,
    writing: valid_url_string_against,
};

/// One string on which the two sides part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disagreement {
    pub input: String,
    /// The base as given (`None`: no base).
    pub base: Option<String>,
    pub direction: Direction,
    /// The parser's validation errors, by the Standard's names, in order.
    pub errors: Vec<&'static str>,
    /// Whether the parser returned failure.
    pub failure: bool,
    /// The writing rules' verdict.
    pub valid: bool,
    /// The writing rule that failed and where (direction b).
    pub failed: Option<(&'static str, usize)>,
    /// The innermost writing rule that matched where the parser's first error is
    /// (direction a).
    pub matched_at_error: Option<&'static str>,
    pub cause: String,
}

impl Disagreement {
    /// The parser's side, in words.
    pub fn parser_side(&self) -> String {
        match (self.failure, self.errors.is_empty()) {
            (true, _) => format!("failure ({})", self.errors.join(", ")),
            (false, true) => "no validation error".into(),
            (false, false) => format!("validation errors: {}", self.errors.join(", ")),
        }
    }

    /// The writing side, in words.
    pub fn writing_side(&self) -> String {
        match (self.valid, self.failed) {
            (true, _) => format!(
                "valid URL string (matched {} there)",
                self.matched_at_error.unwrap_or("it")
            ),
            (false, Some((rule, at))) => format!("not valid: {rule} fails at byte {at}"),
            (false, None) => "not valid".into(),
        }
    }
}

/// Whether the rule for no base lets `input` be asked: it starts with a URL-scheme
/// string followed by ":" (`#url-scheme-string`: "one ASCII alpha, followed by zero or
/// more of ASCII alphanumeric, U+002B (+), U+002D (-), and U+002E (.)").
pub fn asked_without_base(input: &str) -> bool {
    let mut chars = input.chars();
    if !chars.next().is_some_and(|c| c.is_ascii_alphabetic()) {
        return false;
    }
    for c in chars {
        if c == ':' {
            return true;
        }
        if !(c.is_ascii_alphanumeric() || "+-.".contains(c)) {
            return false;
        }
    }
    false
}

/// The cause of a disagreement: its direction, the parser's side (its first validation
/// error, or "fails: " and the last one when it returned failure, or "no error") and the
/// writing side (the rule that failed, or the innermost rule that matched where the
/// parser's first error is).
pub fn cause_key(d: &Disagreement) -> String {
    let parser = match (d.failure, d.errors.first(), d.errors.last()) {
        (true, _, Some(last)) => format!("fails: {last}"),
        (true, _, None) => "fails".into(),
        (false, Some(first), _) => (*first).to_string(),
        (false, None, _) => "no error".into(),
    };
    let writing = match (d.valid, d.failed) {
        (false, Some((rule, _))) => format!("fails: {rule}"),
        (false, None) => "fails".into(),
        (true, _) => format!(
            "matches: {}",
            d.matched_at_error.unwrap_or("valid URL string")
        ),
    };
    format!("{} | parser {parser} | writing {writing}", d.direction.id())
}

/// Both sides of `input` against `base`: the disagreement, if they part. A relative
/// string with no base is not asked ([`asked_without_base`]).
pub fn check(sides: &Sides, input: &str, base: Option<&BaseUrl>) -> Option<Disagreement> {
    if base.is_none() && !asked_without_base(input) {
        return None;
    }
    let parsed = (sides.parser)(input, base.map(|b| &b.url));
    let writing = (sides.writing)(input, base.map(BaseUrl::for_writing));
    let clean = parsed.url.is_some() && parsed.errors.is_empty();
    if clean == writing.valid {
        return None;
    }
    let direction = if writing.valid {
        Direction::WritingValidParserErrs
    } else {
        Direction::ParserCleanWritingInvalid
    };
    let matched_at_error = parsed.errors.first().and_then(|e| {
        writing
            .matched
            .iter()
            .rev()
            .find(|(_, r)| r.contains(&e.at) || (r.end == e.at && e.at == input.len()))
            .map(|(rule, _)| *rule)
    });
    let mut d = Disagreement {
        input: input.to_string(),
        base: base.map(|b| b.text.clone()),
        direction,
        errors: parsed.errors.iter().map(|e| e.error.name()).collect(),
        failure: parsed.url.is_none(),
        valid: writing.valid,
        failed: writing.failed,
        matched_at_error,
        cause: String::new(),
    };
    d.cause = cause_key(&d);
    Some(d)
}

/// `d` with its input made as small as delta debugging over code points can while the
/// same cause holds (the base fixed).
pub fn minimal(sides: &Sides, d: Disagreement, base: Option<&BaseUrl>) -> Disagreement {
    let same = |input: &str| check(sides, input, base).filter(|x| x.cause == d.cause);
    let units: Vec<Vec<u8>> = d
        .input
        .chars()
        .map(|c| c.to_string().into_bytes())
        .collect();
    let mut evals = 0usize;
    let mut test = |bytes: &[u8]| -> Option<bool> {
        if evals >= MINIMISE_EVALS {
            return None;
        }
        evals += 1;
        // Units are whole code points, so any selection is UTF-8.
        let s = std::str::from_utf8(bytes).ok()?;
        Some(same(s).is_some())
    };
    let small: String = String::from_utf8(ddmin(units, &mut test).concat()).unwrap_or_default();
    same(&small).unwrap_or(d)
}
