//! `#concept-basic-url-parser`: the basic URL parser, its state machine one method per
//! state, grouped by file: `scheme.rs` (scheme start, scheme, no scheme), `relative.rs`
//! (special relative or authority, path or authority, relative, relative slash),
//! `authority.rs` (special authority slashes, special authority ignore slashes,
//! authority, host, port), `file.rs` (file, file slash, file host), `path.rs` (path start,
//! path, opaque path, query, fragment).
//!
//! No state override is given (see the module doc of [`super`]), so the steps that
//! test one are left out; and the encoding is UTF-8.

mod authority;
mod file;
mod path;
mod relative;
mod scheme;

use super::code_points::{
    is_ascii_tab_or_newline, is_c0_control_or_space, is_url_code_point,
    starts_with_two_ascii_hex_digits,
};
use super::host::{host_parse, Host};
use super::record::Url;
use super::validation::{Validation, ValidationError};
use super::{Parsed, Step};

/// The basic URL parser's states, named as the Standard names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum State {
    SchemeStart,
    Scheme,
    NoScheme,
    SpecialRelativeOrAuthority,
    PathOrAuthority,
    Relative,
    RelativeSlash,
    SpecialAuthoritySlashes,
    SpecialAuthorityIgnoreSlashes,
    Authority,
    Host,
    /// Shares the host state's steps; only ever entered with a state override, so no
    /// trace holds it.
    Hostname,
    Port,
    File,
    FileSlash,
    FileHost,
    PathStart,
    Path,
    /// `#cannot-be-a-base-url-path-state` (its old id).
    OpaquePath,
    Query,
    Fragment,
}

impl State {
    /// Every state, in the Standard's order.
    pub const ALL: [State; 21] = {
        use State::*;
        [
            SchemeStart,
            Scheme,
            NoScheme,
            SpecialRelativeOrAuthority,
            PathOrAuthority,
            Relative,
            RelativeSlash,
            SpecialAuthoritySlashes,
            SpecialAuthorityIgnoreSlashes,
            Authority,
            Host,
            Hostname,
            Port,
            File,
            FileSlash,
            FileHost,
            PathStart,
            Path,
            OpaquePath,
            Query,
            Fragment,
        ]
    };

    /// The state's name in the Standard.
    pub fn name(self) -> &'static str {
        use State::*;
        match self {
            SchemeStart => "scheme start state",
            Scheme => "scheme state",
            NoScheme => "no scheme state",
            SpecialRelativeOrAuthority => "special relative or authority state",
            PathOrAuthority => "path or authority state",
            Relative => "relative state",
            RelativeSlash => "relative slash state",
            SpecialAuthoritySlashes => "special authority slashes state",
            SpecialAuthorityIgnoreSlashes => "special authority ignore slashes state",
            Authority => "authority state",
            Host => "host state",
            Hostname => "hostname state",
            Port => "port state",
            File => "file state",
            FileSlash => "file slash state",
            FileHost => "file host state",
            PathStart => "path start state",
            Path => "path state",
            OpaquePath => "opaque path state",
            Query => "query state",
            Fragment => "fragment state",
        }
    }
}

/// The parser returned failure.
struct Failure;

/// What one run of a state gives: go on, or failure.
type Run = Result<(), Failure>;

/// The basic URL parser's variables.
struct Parser<'a> {
    /// The input's code points, after trimming and tab/newline removal.
    input: Vec<char>,
    /// Each code point's byte offset in the input as given.
    offsets: Vec<usize>,
    /// The byte offset of the EOF code point: the end of the trimmed input.
    eof_offset: usize,
    base: Option<&'a Url>,
    url: Url,
    state: State,
    buffer: String,
    /// Where the buffer's first code point is in `input` (the host and file host states
    /// map the host parser's error offsets through it).
    buffer_start: usize,
    at_sign_seen: bool,
    inside_brackets: bool,
    password_token_seen: bool,
    /// The pointer, a code point index into `input`: −1 points nowhere, `input.len()` and
    /// beyond to the EOF code point.
    pointer: isize,
    /// The byte offset of `c` in this run: where the run's errors are reported.
    run_at: usize,
    errors: Vec<Validation>,
    states: Vec<Step>,
}

/// `#concept-basic-url-parser`, given `input` and `base`, without encoding (UTF-8), url
/// or state override.
pub fn basic_url_parse(input: &str, base: Option<&Url>) -> Parsed {
    let mut errors = Vec::new();
    // 1. If url is not given:
    //    1. Set url to a new URL.
    //    2. If input contains any leading or trailing C0 control or space,
    //       invalid-URL-unit validation error.
    //    3. Remove any leading and trailing C0 control or space from input.
    let after_leading = input.trim_start_matches(is_c0_control_or_space);
    let start = input.len() - after_leading.len();
    let trimmed = after_leading.trim_end_matches(is_c0_control_or_space);
    if start > 0 || trimmed.len() < after_leading.len() {
        let at = if start > 0 { 0 } else { start + trimmed.len() };
        errors.push(Validation {
            error: ValidationError::InvalidUrlUnit,
            at,
        });
    }
    // 2. If input contains any ASCII tab or newline, invalid-URL-unit validation error.
    if let Some((i, _)) = trimmed
        .char_indices()
        .find(|&(_, c)| is_ascii_tab_or_newline(c))
    {
        errors.push(Validation {
            error: ValidationError::InvalidUrlUnit,
            at: start + i,
        });
    }
    // 3. Remove all ASCII tab or newline from input.
    let (code_points, offsets): (Vec<char>, Vec<usize>) = trimmed
        .char_indices()
        .filter(|&(_, c)| !is_ascii_tab_or_newline(c))
        .map(|(i, c)| (c, start + i))
        .unzip();
    let mut parser = Parser {
        input: code_points,
        offsets,
        eof_offset: start + trimmed.len(),
        base,
        url: Url::default(),
        // 4. Let state be state override if given, or scheme start state otherwise.
        state: State::SchemeStart,
        // 6. Let buffer be the empty string.
        buffer: String::new(),
        buffer_start: 0,
        // 7. Let atSignSeen, insideBrackets, and passwordTokenSeen be false.
        at_sign_seen: false,
        inside_brackets: false,
        password_token_seen: false,
        // 8. Let pointer be a pointer for input.
        pointer: 0,
        run_at: 0,
        errors,
        states: Vec::new(),
    };
    // (5. Set encoding to the result of getting an output encoding: UTF-8.)
    let url = parser.run().ok().map(|()| parser.url);
    Parsed {
        url,
        errors: parser.errors,
        states: parser.states,
    }
}

impl<'a> Parser<'a> {
    /// Steps 9 and 10: "Keep running the following state machine by switching on state.
    /// If after a run pointer points to the EOF code point, go to the next step.
    /// Otherwise, increase pointer by 1 and continue with the state machine." "Return
    /// url."
    fn run(&mut self) -> Run {
        let mut previous = None;
        loop {
            self.run_at = self.offset();
            // A new state is recorded where it first runs.
            if previous != Some(self.state) {
                self.states.push(Step {
                    state: self.state,
                    at: self.run_at,
                });
                previous = Some(self.state);
            }
            match self.state {
                State::SchemeStart => self.scheme_start_state(),
                State::Scheme => self.scheme_state(),
                State::NoScheme => self.no_scheme_state()?,
                State::SpecialRelativeOrAuthority => self.special_relative_or_authority_state(),
                State::PathOrAuthority => self.path_or_authority_state(),
                State::Relative => self.relative_state()?,
                State::RelativeSlash => self.relative_slash_state()?,
                State::SpecialAuthoritySlashes => self.special_authority_slashes_state(),
                State::SpecialAuthorityIgnoreSlashes => {
                    self.special_authority_ignore_slashes_state()
                }
                State::Authority => self.authority_state()?,
                State::Host | State::Hostname => self.host_state()?,
                State::Port => self.port_state()?,
                State::File => self.file_state(),
                State::FileSlash => self.file_slash_state(),
                State::FileHost => self.file_host_state()?,
                State::PathStart => self.path_start_state(),
                State::Path => self.path_state(),
                State::OpaquePath => self.opaque_path_state(),
                State::Query => self.query_state(),
                State::Fragment => self.fragment_state(),
            }
            if self.points_to_eof() {
                return Ok(());
            }
            self.pointer += 1;
        }
    }

    /// `c`: the code point the pointer points to; `None` for the EOF code point (and
    /// for nowhere, where `c` is never used).
    fn c(&self) -> Option<char> {
        usize::try_from(self.pointer)
            .ok()
            .and_then(|i| self.input.get(i).copied())
    }

    fn points_to_eof(&self) -> bool {
        usize::try_from(self.pointer).is_ok_and(|i| i >= self.input.len())
    }

    /// `remaining`: the code points after the pointer.
    fn remaining(&self) -> &[char] {
        let from = usize::try_from(self.pointer.saturating_add(1)).unwrap_or(0);
        self.input.get(from..).unwrap_or(&[])
    }

    /// The code point substring from the pointer to the end of the input.
    fn substring_from_pointer(&self) -> &[char] {
        let from = usize::try_from(self.pointer).unwrap_or(0);
        self.input.get(from..).unwrap_or(&[])
    }

    fn remaining_starts_with(&self, prefix: &str) -> bool {
        let remaining = self.remaining();
        prefix.chars().count() <= remaining.len()
            && prefix.chars().zip(remaining).all(|(a, &b)| a == b)
    }

    /// Decrease the pointer by `n`.
    fn back(&mut self, n: usize) {
        let n = isize::try_from(n).unwrap_or(isize::MAX);
        self.pointer = self.pointer.saturating_sub(n).max(-1);
    }

    /// The byte offset (in the input as given) of code point `index`.
    fn offset_of(&self, index: usize) -> usize {
        self.offsets.get(index).copied().unwrap_or(self.eof_offset)
    }

    /// The byte offset of the pointer.
    fn offset(&self) -> usize {
        usize::try_from(self.pointer).map_or(0, |i| self.offset_of(i))
    }

    /// Reports `error` at this run's `c`.
    fn error(&mut self, error: ValidationError) {
        self.errors.push(Validation {
            error,
            at: self.run_at,
        });
    }

    fn is_special(&self) -> bool {
        self.url.is_special()
    }

    /// The checks the path, opaque path, query and fragment states make of a code point
    /// they take: "If c is not a URL code point and not U+0025 (%), invalid-URL-unit
    /// validation error. If c is U+0025 (%) and remaining does not start with two ASCII
    /// hex digits, invalid-URL-unit validation error."
    fn check_url_unit(&mut self, c: char) {
        if !is_url_code_point(c) && c != '%' {
            self.error(ValidationError::InvalidUrlUnit);
        }
        if c == '%' && !starts_with_two_ascii_hex_digits(self.remaining().iter().copied()) {
            self.error(ValidationError::InvalidUrlUnit);
        }
    }

    /// Appends `c` to the buffer, noting where the buffer starts.
    fn buffer_push(&mut self, c: char) {
        if self.buffer.is_empty() {
            self.buffer_start = usize::try_from(self.pointer).unwrap_or(0);
        }
        self.buffer.push(c);
    }

    /// "host parsing buffer with url is not special": the host parser's errors, whose
    /// offsets are into the buffer, are mapped to the input's.
    fn parse_host_from_buffer(&mut self) -> Result<Host, Failure> {
        let mut host_errors = Vec::new();
        let host = host_parse(&self.buffer, !self.is_special(), &mut host_errors);
        for Validation { error, at } in host_errors {
            let mut bytes = 0;
            let mut index = self.buffer_start;
            for c in self.input.iter().skip(self.buffer_start) {
                if bytes >= at {
                    break;
                }
                bytes += c.len_utf8();
                index += 1;
            }
            let at = self.offset_of(index);
            self.errors.push(Validation { error, at });
        }
        host.ok_or(Failure)
    }

    /// The base URL, which the states after the no scheme state have (the Standard
    /// asserts it); its absence is failure rather than a panic.
    fn base(&self) -> Result<&'a Url, Failure> {
        self.base.ok_or(Failure)
    }
}
