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
//! test does: the staged cases' inputs (`cases/url-standard/_staged-*.yaml`) against
//! every base, random strings over a URL-ish alphabet, strings put together from URL
//! pieces, and mutations of both. Each disagreement gets a cause key ([`cause_key`]);
//! the first witness of a cause is minimised (delta debugging over code points while the
//! cause holds, [`minimal`]), later ones are counted. Draw `n` comes from a generator
//! seeded with the seed and `n`, so a seed and a number of executions give the same
//! causes and witnesses.
//!
//! Relative strings are judged against a base. With no base the two sides part by
//! construction: the parser fails on every relative string
//! (`missing-scheme-non-relative-URL`) while the writing rules call it valid when its
//! form is. So with no base only strings that start with a URL-scheme string and ":" are
//! asked (the ones the writing rules read as absolute), as the agreement test in
//! `reference/src/whatwg/agreement.rs` does.
//!
//! The document is keyed by its id string, [`DOCUMENT`], until `Document` has a variant
//! for the URL Standard.

use super::report::{Entry, Section};
use crate::run::campaign::gen::iteration_rng;
use crate::run::campaign::minimise::ddmin;
use crate::run::campaign::{self, Budget};
use serde_json::json;
use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use urlcert_oracle::generate::Rng;
use urlcert_reference::whatwg::writing::{valid_url_string_against, Base, Writing};
use urlcert_reference::whatwg::{basic_url_parse, Parsed, Url};

pub use crate::run::campaign::Limit;

/// The document this check is about, by its id (to become `Document::UrlStandard`).
pub const DOCUMENT: &str = "url-standard";

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
/// The longest string drawn at random, in code points.
const MAX_CHARS: usize = 200;

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
    fn for_writing(&self) -> Base<'_> {
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

/// How an input came to be asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A staged case's input or base, as it is.
    Case,
    /// A string over the alphabet ([`TOKENS`]).
    Random,
    /// A string put together from URL pieces.
    Pieces,
    /// A mutation of a case's input or of a piece-built string.
    Mutation,
}

impl Origin {
    pub fn id(self) -> &'static str {
        match self {
            Origin::Case => "case",
            Origin::Random => "random",
            Origin::Pieces => "pieces",
            Origin::Mutation => "mutation",
        }
    }
}

/// One cause, with its minimal witness.
#[derive(Clone, Debug)]
pub struct Cause {
    /// The first finding, minimised.
    pub finding: Disagreement,
    /// The first finding's input before minimising.
    pub original: String,
    pub origin: Origin,
    /// The random draw that found it (`None` for a case's input).
    pub draw: Option<u64>,
    /// The bases it was found against, in order of finding (`None`: no base).
    pub bases: Vec<Option<String>>,
    pub count: u64,
}

/// Why the search stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    Budget,
    Executions,
}

/// What to search.
#[derive(Clone)]
pub struct Config {
    pub seed: u64,
    pub limit: Limit,
    /// The staged cases' inputs and bases, asked as they are and mutated.
    pub seeds: Vec<String>,
    pub sides: Sides,
}

/// A search's result.
#[derive(Clone, Debug)]
pub struct Search {
    pub seed: u64,
    pub causes: BTreeMap<String, Cause>,
    /// Strings asked (both sides run), per base.
    pub asked: BTreeMap<Option<String>, u64>,
    /// Strings drawn with no base that are relative, so not asked.
    pub relative_without_base: u64,
    pub executions: u64,
    pub elapsed: Duration,
    pub stop: Stop,
}

/// Pieces a random string is made of: single code points of every class the two sides
/// treat apart, and short runs that open a branch (drive letters, dot segments,
/// percent-encoded bytes, IP address shapes, scheme prefixes).
pub const TOKENS: &[&str] = &[
    "a",
    "b",
    "x",
    "A",
    "Z",
    "e",
    "é",
    "ß",
    "ü",
    "☕",
    "𝒳",
    "\u{ad}",
    "\u{200d}",
    "0",
    "1",
    "9",
    "255",
    "256",
    "0x",
    "0X",
    "08",
    "4294967296",
    ":",
    "/",
    "//",
    "\\",
    "?",
    "#",
    "@",
    "[",
    "]",
    ".",
    "..",
    "%",
    "%2e",
    "%2E",
    "%2",
    "%41",
    "%zz",
    "%00",
    "%25",
    "%2F",
    "%3A",
    " ",
    "\t",
    "\n",
    "\r",
    "\u{0}",
    "\u{1f}",
    "\u{7f}",
    "\u{a0}",
    "\u{fdd0}",
    "\u{fffe}",
    "\u{10fffd}",
    "|",
    "^",
    "<",
    ">",
    "\"",
    "`",
    "{",
    "}",
    "'",
    "!",
    "$",
    "&",
    "(",
    ")",
    "*",
    "+",
    ",",
    ";",
    "=",
    "_",
    "~",
    "-",
    "C:",
    "c|",
    "xn--",
    "https:",
    "file:",
    "foo:",
    "http:",
    "ws:",
    "::",
    "::1",
    "1.2.3.4",
    "[::1]",
    "localhost",
    "１",
    "。",
    "．",
    "Ａ",
    "①",
];

const SCHEMES: &[&str] = &[
    "",
    "https:",
    "HTTP:",
    "http:",
    "ws:",
    "wss:",
    "ftp:",
    "file:",
    "FILE:",
    "foo:",
    "a+b-c.d:",
    "mailto:",
    "javascript:",
    "h2:",
    "1a:",
    "C:",
    "c|",
];
const AFTER_SCHEME: &[&str] = &["//", "/", "", "\\\\", "/\\", "///", "\\", "////"];
const USERINFO: &[&str] = &["u@", "u:p@", ":@", "@", "u%40@", "u@@", "ü@", "u:@", ":p@"];
const HOSTS: &[&str] = &[
    "h",
    "example.com",
    "EXAMPLE.com",
    "ex%41mple.com",
    "xn--nxasmq6b",
    "xn--a",
    "a..b",
    "a.",
    ".a",
    "1.2.3.4",
    "1.2.3.4.",
    "0x7f.1",
    "01.2.3.4",
    "1.2.3",
    "256.1.1.1",
    "4294967295",
    "999999999999",
    "1.2.3.09",
    "0x",
    "1.0x",
    "[::1]",
    "[1:2:3:4:5:6:7:8]",
    "[::ffff:1.2.3.4]",
    "[::01]",
    "[1::2::3]",
    "[:1]",
    "[v1.x]",
    "[0::0]",
    "[::]",
    "[1:2:3:4:5:6:1.2.3.4]",
    "C:",
    "c|",
    "localhost",
    "LOCALHOST",
    "loc%61lhost",
    "a_b",
    "-a",
    "a-",
    "a b",
    "ß.de",
    "☕.example",
    "a%2Fb",
    "%",
    "",
    "é",
    "xn--ls8h",
    "a.1",
    "a.0x1",
    "%zz",
    "a~b",
    "a!b",
    "a*b",
    "a%00b",
    "１.２.３.４",
    "1。2。3。4",
    "ｅｘ.com",
];
const PORTS: &[&str] = &[
    ":", ":80", ":443", ":0", ":65535", ":65536", ":00080", ":8a", ":-1", ":21",
];
const SEGMENTS: &[&str] = &[
    ".", "..", "%2e", "%2E.", ".%2e", "%2e%2e", "C:", "c|", "C|", "a", "a b", "%", "%zz", "é",
    "[]", "{}", "|", "^", "x\\y", "", "a:b", "~", "%2F", "..a", "...",
];

/// A string of 0 to 12 tokens.
fn random_string(rng: &mut Rng) -> String {
    (0..rng.below(13)).map(|_| *rng.pick(TOKENS)).collect()
}

/// A string put together from URL pieces: a scheme (or none), slashes, userinfo, host,
/// port, path segments, query, fragment, each optional.
fn pieces(rng: &mut Rng) -> String {
    let mut s = String::new();
    s.push_str(rng.pick::<&str>(SCHEMES));
    s.push_str(rng.pick::<&str>(AFTER_SCHEME));
    if rng.below(6) == 0 {
        s.push_str(rng.pick::<&str>(USERINFO));
    }
    if rng.below(5) != 0 {
        s.push_str(&host(rng));
    }
    if rng.below(5) == 0 {
        s.push_str(rng.pick::<&str>(PORTS));
    }
    for _ in 0..rng.below(5) {
        s.push(if rng.below(6) == 0 { '\\' } else { '/' });
        s.push_str(rng.pick::<&str>(SEGMENTS));
    }
    if rng.below(4) == 0 {
        s.push('?');
        s.push_str(&random_string(rng));
    }
    if rng.below(4) == 0 {
        s.push('#');
        s.push_str(&random_string(rng));
    }
    s
}

/// A host: one of [`HOSTS`], or an IPv4, IPv6 or domain shape.
fn host(rng: &mut Rng) -> String {
    match rng.below(4) {
        0 => ipv4_shape(rng),
        1 => format!("[{}]", ipv6_shape(rng)),
        2 => domain_shape(rng),
        _ => rng.pick::<&str>(HOSTS).to_string(),
    }
}

/// One to five dot-separated numbers in the forms the IPv4 parser tells apart (decimal,
/// hex, octal, empty, out of range, fullwidth), sometimes with a trailing dot.
fn ipv4_shape(rng: &mut Rng) -> String {
    const PARTS: &[&str] = &[
        "0",
        "1",
        "9",
        "10",
        "99",
        "127",
        "255",
        "256",
        "4000",
        "00",
        "01",
        "08",
        "0x",
        "0x7f",
        "0X1",
        "0xg",
        "",
        "１",
        "a",
        "4294967295",
        "4294967296",
    ];
    let parts: Vec<&str> = (0..=rng.below(5)).map(|_| *rng.pick(PARTS)).collect();
    let dot = if rng.below(8) == 0 { "。" } else { "." };
    let mut s = parts.join(dot);
    if rng.below(6) == 0 {
        s.push('.');
    }
    s
}

/// Up to nine colon-separated pieces (with leading zeros, five digits, non-hex), a "::"
/// somewhere or not, and sometimes an IPv4 tail.
fn ipv6_shape(rng: &mut Rng) -> String {
    const PIECES: &[&str] = &[
        "0", "1", "a", "ffff", "FFFF", "01", "0000", "12345", "g", "", "1:2",
    ];
    let n = rng.below(10) as usize;
    let mut pieces: Vec<String> = (0..n).map(|_| rng.pick(PIECES).to_string()).collect();
    if rng.below(3) != 0 {
        let at = rng.below(n as u64 + 1) as usize;
        pieces.insert(at, String::new());
        if at == 0 || at == pieces.len() - 1 {
            pieces.insert(at, String::new());
        }
    }
    let mut s = pieces.join(":");
    if rng.below(3) == 0 {
        if !s.is_empty() && !s.ends_with(':') {
            s.push(':');
        }
        s.push_str(&ipv4_shape(rng));
    }
    s
}

/// One to four labels of letters, digits, hyphens, non-ASCII and mapped code points,
/// sometimes Punycode-prefixed or with a trailing dot.
fn domain_shape(rng: &mut Rng) -> String {
    const UNITS: &[&str] = &[
        "a", "b", "Z", "0", "9", "-", "_", "é", "ß", "ü", "☕", "ａ", "１", "\u{ad}", "\u{200d}",
        "\u{5d0}", "\u{300}", "xn--", "%41", "~", "。",
    ];
    let labels: Vec<String> = (0..=rng.below(4))
        .map(|_| (0..=rng.below(5)).map(|_| *rng.pick(UNITS)).collect())
        .collect();
    let mut s = labels.join(".");
    if rng.below(6) == 0 {
        s.push('.');
    }
    s
}

/// One mutation, over code points: a token inserted, a code point replaced by one, a
/// code point removed, or a run repeated.
fn mutate(rng: &mut Rng, s: &str) -> String {
    let mut chars: Vec<String> = s.chars().map(String::from).collect();
    let at = rng.below(chars.len() as u64 + 1) as usize;
    let last = chars.len().saturating_sub(1);
    match (chars.is_empty(), rng.below(4)) {
        (true, _) | (_, 0) => chars.insert(at, rng.pick(TOKENS).to_string()),
        (_, 1) => chars[at.min(last)] = rng.pick(TOKENS).to_string(),
        (_, 2) => {
            chars.remove(at.min(last));
        }
        _ => {
            let from = at.min(last);
            let to = (from + 1 + rng.below(4) as usize).min(chars.len());
            let run: Vec<String> = chars[from..to].to_vec();
            chars.splice(to..to, run);
        }
    }
    chars.concat()
}

/// The search as a check of the campaign engine: position `n` is the `n`-th fixed draw
/// (every seed against every base), then random draw `n - fixed`.
struct WritingSearch<'a> {
    config: &'a Config,
    bases: Vec<Option<BaseUrl>>,
    fixed: u64,
    search: Search,
    start: Instant,
    progress: &'a mut dyn FnMut(&str),
    last_progress: Instant,
}

/// One string to ask, against base `base` (an index into the bases).
struct Draw {
    input: String,
    base: usize,
    origin: Origin,
    draw: Option<u64>,
}

impl WritingSearch<'_> {
    fn random(&self, n: u64) -> Draw {
        let mut rng = iteration_rng(self.config.seed, n);
        let base = rng.below(self.bases.len() as u64) as usize;
        let (mut input, mut origin) = match rng.below(3) {
            0 => (random_string(&mut rng), Origin::Random),
            1 => (pieces(&mut rng), Origin::Pieces),
            _ if self.config.seeds.is_empty() => (pieces(&mut rng), Origin::Pieces),
            _ => (rng.pick(&self.config.seeds).clone(), Origin::Case),
        };
        if origin == Origin::Case || rng.below(3) == 0 {
            for _ in 0..=rng.below(4) {
                input = mutate(&mut rng, &input);
            }
            origin = Origin::Mutation;
        }
        if input.chars().count() > MAX_CHARS {
            input = input.chars().take(MAX_CHARS).collect();
        }
        Draw {
            input,
            base,
            origin,
            draw: Some(n),
        }
    }

    fn file_finding(&mut self, d: Disagreement, draw: &Draw) {
        if let Some(c) = self.search.causes.get_mut(&d.cause) {
            c.count += 1;
            if !c.bases.contains(&d.base) {
                c.bases.push(d.base);
            }
            return;
        }
        let original = d.input.clone();
        let base = self.bases[draw.base].as_ref();
        let finding = minimal(&self.config.sides, d, base);
        self.search.causes.insert(
            finding.cause.clone(),
            Cause {
                bases: vec![finding.base.clone()],
                finding,
                original,
                origin: draw.origin,
                draw: draw.draw,
                count: 1,
            },
        );
    }
}

impl campaign::Check for WritingSearch<'_> {
    type Input = Draw;
    type Found = (Disagreement, Draw);

    fn draw(&mut self, n: u64) -> Option<Draw> {
        if n < self.fixed {
            let per_base = self.bases.len() as u64;
            let seed = &self.config.seeds[(n / per_base) as usize];
            return Some(Draw {
                input: seed.clone(),
                base: (n % per_base) as usize,
                origin: Origin::Case,
                draw: None,
            });
        }
        Some(self.random(n - self.fixed))
    }

    fn check(&mut self, _: u64, draw: Draw) -> Option<Self::Found> {
        self.search.executions += 1;
        let base = self.bases[draw.base].as_ref();
        if base.is_none() && !asked_without_base(&draw.input) {
            self.search.relative_without_base += 1;
            return None;
        }
        *self
            .search
            .asked
            .entry(base.map(|b| b.text.clone()))
            .or_default() += 1;
        check(&self.config.sides, &draw.input, base).map(|d| (d, draw))
    }

    fn file(&mut self, _: u64, (d, draw): Self::Found) -> ControlFlow<()> {
        self.file_finding(d, &draw);
        ControlFlow::Continue(())
    }

    fn done(&mut self, _: u64) -> ControlFlow<()> {
        if self.last_progress.elapsed() >= Duration::from_secs(2) {
            self.last_progress = Instant::now();
            let line = format!(
                "valid URL strings against the parser: {} executions, {} causes, {:.0}s",
                self.search.executions,
                self.search.causes.len(),
                self.start.elapsed().as_secs_f64()
            );
            (self.progress)(&line);
        }
        ControlFlow::Continue(())
    }
}

/// Runs the search: every seed against every base of [`BASES`], then random draws until
/// the limit. `progress` gets a line now and then.
pub fn run(config: &Config, progress: &mut dyn FnMut(&str)) -> Search {
    let start = Instant::now();
    let bases: Vec<Option<BaseUrl>> = BASES.iter().map(|b| b.and_then(BaseUrl::parse)).collect();
    let mut st = WritingSearch {
        config,
        fixed: (config.seeds.len() * bases.len()) as u64,
        bases,
        search: Search {
            seed: config.seed,
            causes: BTreeMap::new(),
            asked: BTreeMap::new(),
            relative_without_base: 0,
            executions: 0,
            elapsed: Duration::ZERO,
            stop: Stop::Budget,
        },
        start,
        progress,
        last_progress: start,
    };
    let never = AtomicBool::new(false);
    let budget = Budget {
        limit: config.limit,
        began: start,
        before: Duration::ZERO,
        stop: &never,
    };
    let (why, _) = campaign::run(&mut st, 0, 1, &budget);
    st.search.stop = match why {
        campaign::Stop::Count => Stop::Executions,
        _ => Stop::Budget,
    };
    st.search.elapsed = start.elapsed();
    st.search
}

// ------------------------------------------------------------------ seeds and cases

/// The `input` and `base` of every case in the staged URL Standard files
/// (`<cases>/url-standard/_staged-*.yaml`), each once, in file and case order. The
/// loader does not read these files yet, so they are read here as plain YAML.
pub fn staged_seeds(cases: &Path) -> Result<Vec<String>, String> {
    let mut out: Vec<String> = Vec::new();
    for case in staged_cases(cases)? {
        for s in [Some(case.input), case.base].into_iter().flatten() {
            if !out.contains(&s) {
                out.push(s);
            }
        }
    }
    Ok(out)
}

/// A staged case, as far as this check reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StagedCase {
    pub id: String,
    pub input: String,
    pub base: Option<String>,
    pub tags: Vec<String>,
    pub comment: Option<String>,
}

/// Every case of the staged URL Standard files below `cases`, in file and case order.
pub fn staged_cases(cases: &Path) -> Result<Vec<StagedCase>, String> {
    let dir = cases.join(DOCUMENT);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Ok(Vec::new());
    };
    let mut files: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name().is_some_and(|n| {
                let n = n.to_string_lossy();
                n.starts_with("_staged-") && n.ends_with(".yaml")
            })
        })
        .collect();
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).map_err(|e| format!("{}: {e}", f.display()))?;
        let doc: serde_yaml::Value =
            serde_yaml::from_str(&text).map_err(|e| format!("{}: {e}", f.display()))?;
        let text_of = |v: &serde_yaml::Value| v.as_str().map(String::from);
        for case in doc["cases"].as_sequence().into_iter().flatten() {
            out.push(StagedCase {
                id: text_of(&case["id"]).unwrap_or_default(),
                input: text_of(&case["input"]).unwrap_or_default(),
                base: text_of(&case["base"]),
                tags: case["tags"]
                    .as_sequence()
                    .into_iter()
                    .flatten()
                    .filter_map(text_of)
                    .collect(),
                comment: text_of(&case["comment"]),
            });
        }
    }
    Ok(out)
}

/// The cases tagged [`TAG`] from the loaded cases, for when the loader reads the URL
/// Standard's files (none today: it skips `_staged-*`).
pub fn tagged_loaded(cases: &[crate::case::LoadedCase]) -> Vec<StagedCase> {
    cases
        .iter()
        .filter(|lc| lc.case.tags.iter().any(|t| t == TAG))
        .map(|lc| StagedCase {
            id: lc.case.id.clone(),
            input: lc.case.input.clone(),
            base: lc.case.base.clone(),
            tags: lc.case.tags.clone(),
            comment: lc.case.comment.clone(),
        })
        .collect()
}

/// The classes the cases record: each case tagged [`TAG`], checked again against its
/// base, by cause; and the recorded cases the check no longer finds (a mistake).
#[derive(Clone, Debug, Default)]
pub struct Known {
    /// Cause key to (case id, the case's comment).
    pub causes: BTreeMap<String, (String, String)>,
    /// The recorded cases on which the two sides no longer part, or whose base does
    /// not parse.
    pub stale: Vec<String>,
}

impl Known {
    pub fn from_cases(cases: &[StagedCase], sides: &Sides) -> Known {
        let mut known = Known::default();
        for c in cases.iter().filter(|c| c.tags.iter().any(|t| t == TAG)) {
            let base = match c.base.as_deref().map(BaseUrl::parse) {
                Some(None) => {
                    known.stale.push(c.id.clone());
                    continue;
                }
                Some(Some(b)) => Some(b),
                None => None,
            };
            match check(sides, &c.input, base.as_ref()) {
                Some(d) => {
                    known
                        .causes
                        .entry(d.cause)
                        .or_insert((c.id.clone(), c.comment.clone().unwrap_or_default()));
                }
                None => known.stale.push(c.id.clone()),
            }
        }
        known
    }
}

// ------------------------------------------------------------------ report

const INTRO: &str = "The URL Standard describes URLs twice: by its basic URL parser \
(`#concept-basic-url-parser`, with its validation errors) and by its writing rules \
(`#url-writing`, a valid URL string). A string the writing rules call valid should parse \
with no validation error (a), and a string parsed with no validation error should be \
valid (b). Both are asked of each string against a base; with no base only strings \
that start with a scheme and \":\" are asked, since the parser fails on every relative \
string with no base while the writing rules call its form valid. A class is a \
contradiction of the Standard only once checked by hand against `url.bs`; one found to \
be a defect of the reference is fixed there instead.";

fn base_text(b: &Option<String>) -> String {
    b.clone().unwrap_or_else(|| "(no base)".into())
}

/// The section for one search: each class with its minimised witness, both sides, why,
/// and the case that records it; or, when it found none, how many strings it asked.
pub fn searched(s: &Search, known: &Known) -> Section {
    let asked: u64 = s.asked.values().sum();
    let rate = s.executions as f64 / s.elapsed.as_secs_f64().max(1e-9);
    let mut section = Section::table(
        "Valid URL strings against the parser",
        2,
        format!(
            "{INTRO}\n\nDocument `{DOCUMENT}`, seed {}: {} strings drawn, {asked} asked \
             ({} relative ones with no base not asked), in {:.1} s ({rate:.0} a second; \
             stopped because {}), {} classes, {} of them recorded by no case.",
            s.seed,
            s.executions,
            s.relative_without_base,
            s.elapsed.as_secs_f64(),
            match s.stop {
                Stop::Budget => "the budget ran out",
                Stop::Executions => "the execution limit was reached",
            },
            s.causes.len(),
            s.causes
                .keys()
                .filter(|k| !known.causes.contains_key(*k))
                .count(),
        ),
        &[
            "cause",
            "witness",
            "base",
            "parser",
            "writing rules",
            "why",
            "found by",
            "recorded",
        ],
    );
    for (key, c) in &s.causes {
        let f = &c.finding;
        let recorded = known.causes.get(key);
        section.rows.push(vec![
            Entry::Text(key.clone()),
            Entry::Code(f.input.clone()),
            Entry::Code(base_text(&f.base)),
            Entry::Text(f.parser_side()),
            Entry::Text(f.writing_side()),
            Entry::Text(recorded.map_or_else(
                || "not yet checked by hand against url.bs".into(),
                |(_, why)| why.clone(),
            )),
            Entry::Text(format!(
                "{}{}; {} found, first {} code points; bases: {}",
                c.origin.id(),
                c.draw.map(|n| format!(" (draw {n})")).unwrap_or_default(),
                c.count,
                c.original.chars().count(),
                c.bases.iter().map(base_text).collect::<Vec<_>>().join(", ")
            )),
            Entry::Text(recorded.map_or("NEW".into(), |(id, _)| format!("`{id}`"))),
        ]);
    }
    if s.causes.is_empty() {
        section.after.push(format!(
            "None found in {asked} strings asked: {}.",
            s.asked
                .iter()
                .map(|(b, n)| format!("{n} against {}", base_text(b)))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    for id in &known.stale {
        section.after.push(format!(
            "- The case `{id}` records a class the two sides no longer part on."
        ));
    }
    section
}

/// The section for the recorded classes alone (no search): each case tagged [`TAG`]
/// with both sides as the check finds them now. Empty cases give no section.
pub fn recorded(cases: &[StagedCase], sides: &Sides) -> Option<Section> {
    let tagged: Vec<&StagedCase> = cases
        .iter()
        .filter(|c| c.tags.iter().any(|t| t == TAG))
        .collect();
    if tagged.is_empty() {
        return None;
    }
    let mut section = Section::table(
        "Valid URL strings against the parser",
        2,
        INTRO,
        &["case", "input", "base", "parser", "writing rules", "why"],
    );
    for c in tagged {
        let base = c.base.as_deref().and_then(BaseUrl::parse);
        let found = check(sides, &c.input, base.as_ref());
        let (parser, writing) = match &found {
            Some(d) => (d.parser_side(), d.writing_side()),
            None => ("the two sides no longer part".into(), String::new()),
        };
        section.rows.push(vec![
            Entry::Code(c.id.clone()),
            Entry::Code(c.input.clone()),
            Entry::Code(base_text(&c.base)),
            Entry::Text(parser),
            Entry::Text(writing),
            Entry::Text(c.comment.clone().unwrap_or_default()),
        ]);
    }
    section
        .after
        .push(format!("{} classes.", section.rows.len()));
    Some(section)
}

/// A search as JSON.
pub fn json(s: &Search, known: &Known) -> serde_json::Value {
    let causes: Vec<serde_json::Value> = s
        .causes
        .iter()
        .map(|(key, c)| {
            let f = &c.finding;
            json!({
                "cause": key,
                "direction": f.direction.id(),
                "input": f.input,
                "base": f.base,
                "parser": {"errors": f.errors, "failure": f.failure},
                "writing": {
                    "valid": f.valid,
                    "failed": f.failed.map(|(rule, at)| json!({"rule": rule, "at": at})),
                    "matched_at_error": f.matched_at_error,
                },
                "origin": c.origin.id(),
                "draw": c.draw,
                "count": c.count,
                "original": c.original,
                "bases": c.bases,
                "case": known.causes.get(key).map(|(id, _)| id),
                "why": known.causes.get(key).map(|(_, why)| why),
            })
        })
        .collect();
    json!({
        "document": DOCUMENT,
        "seed": s.seed,
        "executions": s.executions,
        "asked": s.asked.iter().map(|(b, n)| json!({"base": b, "asked": n})).collect::<Vec<_>>(),
        "relative_without_base": s.relative_without_base,
        "seconds": s.elapsed.as_secs_f64(),
        "stop": format!("{:?}", s.stop).to_lowercase(),
        "causes": causes,
        "stale": known.stale,
    })
}
