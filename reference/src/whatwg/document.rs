//! The URL Standard as one of urlcert's documents: what [`crate::documents`] looks up for
//! `url-standard`. The Standard has no grammar and no resolution algorithm of its own,
//! so each shared operation is answered by its parser:
//! - parse: the basic URL parser with no base (`#concept-basic-url-parser`); the
//!   verdict is `valid` when it returns a URL (with or without validation errors) and
//!   `invalid` when it returns failure; the components are the URL class's getters
//!   (`#url-class`), made by the Standard's serializers rather than cut from the input;
//!   the notes are the validation errors, by their names;
//! - resolve: the API URL parser's step 3 ("Return the result of running the basic URL
//!   parser on url with parsedBase"): parsing against the base, whose steps are the
//!   states entered;
//! - normalize: the URL serializer, since "URL equivalence" (`#url-equivalence`) compares
//!   serializations;
//! - coverage: each state is a [`Rule`], accepted when a parse enters it and rejected when
//!   the parser returns failure in it.

use super::parser::State;
use super::validation::ValidationError;
use super::{basic_url_parse, Parsed};
use crate::document::{DocReading, Document, Reading};
use crate::grammar::cx::Coverage;
use crate::grammar::outcome::{Failure, Grade, Note, Parse, Verdict};
use crate::grammar::rule::Rule;
use crate::normalize::{NormStep, Normalization, NotNormalizable};
use crate::resolve::{Branch, Detail, Request, Resolution, Seen, Steps, Unresolvable};
use std::borrow::Cow;

/// The URL class's getters, in the order `#url-class` lists them.
pub const COMPONENTS: &[&str] = &[
    "href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search",
    "hash",
];

/// The input as the parser takes it: a scalar value string. Bytes that are not UTF-8
/// become U+FFFD, as "UTF-8 decode without BOM" would make them.
fn text(input: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(input)
}

fn doc(reading: Reading) -> DocReading {
    DocReading::new(Document::UrlStandard, reading)
}

/// The state's rule, for the states urlcert can enter (all but the hostname state).
pub fn rule_of(state: State) -> Option<Rule> {
    use State::*;
    Some(match state {
        SchemeStart => Rule::UsSchemeStartState,
        Scheme => Rule::UsSchemeState,
        NoScheme => Rule::UsNoSchemeState,
        SpecialRelativeOrAuthority => Rule::UsSpecialRelativeOrAuthorityState,
        PathOrAuthority => Rule::UsPathOrAuthorityState,
        Relative => Rule::UsRelativeState,
        RelativeSlash => Rule::UsRelativeSlashState,
        SpecialAuthoritySlashes => Rule::UsSpecialAuthoritySlashesState,
        SpecialAuthorityIgnoreSlashes => Rule::UsSpecialAuthorityIgnoreSlashesState,
        Authority => Rule::UsAuthorityState,
        Host => Rule::UsHostState,
        Hostname => return None,
        Port => Rule::UsPortState,
        File => Rule::UsFileState,
        FileSlash => Rule::UsFileSlashState,
        FileHost => Rule::UsFileHostState,
        PathStart => Rule::UsPathStartState,
        Path => Rule::UsPathState,
        OpaquePath => Rule::UsOpaquePathState,
        Query => Rule::UsQueryState,
        Fragment => Rule::UsFragmentState,
    })
}

/// Can the parser return failure in this state? Without a state override, only the
/// no scheme state (a relative string with no usable base), the authority state
/// ("@" with nothing after it), the host and file host states (the host parser's
/// failure, or no host) and the port state do. The others never reject, so coverage
/// does not ask for it.
pub fn can_fail(rule: Rule) -> bool {
    matches!(
        rule,
        Rule::UsNoSchemeState
            | Rule::UsAuthorityState
            | Rule::UsHostState
            | Rule::UsPortState
            | Rule::UsFileHostState
    )
}

/// The error the parser returned failure with: the last one reported, which the
/// Standard's "validation error, return failure" steps report just before returning.
fn failure_error(parsed: &Parsed) -> Option<ValidationError> {
    parsed.url.as_ref().map_or_else(
        || {
            parsed
                .errors
                .last()
                .map(|v| v.error)
                .filter(|e| e.is_failure())
        },
        |_| None,
    )
}

/// The parse of `input` with no base (`#concept-basic-url-parser`).
pub fn parse(input: &[u8], reading: Reading) -> Parse<'_> {
    parse_with_coverage(input, reading).0
}

/// As [`parse`], with the states entered (accepted) and the one it failed in (rejected).
pub fn parse_with_coverage(input: &[u8], reading: Reading) -> (Parse<'_>, Coverage) {
    let parsed = basic_url_parse(&text(input), None);
    let mut p = Parse::unjudged(doc(reading), input);
    let mut coverage = Coverage::new();
    for step in &parsed.states {
        if let Some(rule) = rule_of(step.state) {
            coverage.mark(rule, true);
        }
    }
    match &parsed.url {
        Some(url) => {
            p.verdict = Verdict::Valid;
            let c = &mut p.components;
            c.put_made("href", Some(url.href()));
            c.put_made("protocol", Some(url.protocol()));
            c.put_made("username", Some(url.username().to_string()));
            c.put_made("password", Some(url.password().to_string()));
            c.put_made("host", Some(url.host()));
            c.put_made("hostname", Some(url.hostname()));
            c.put_made("port", Some(url.port()));
            c.put_made("pathname", Some(url.pathname()));
            c.put_made("search", Some(url.search()));
            c.put_made("hash", Some(url.hash()));
        }
        None => {
            let last = parsed.states.last();
            if let Some(rule) = last.and_then(|s| rule_of(s.state)) {
                coverage.mark(rule, false);
                p.error = Some(Failure {
                    offset: parsed.errors.last().map_or(input.len(), |v| v.at),
                    rule,
                    // The error that returned failure is the last note.
                    expected: "no validation error that returns failure",
                });
            }
        }
    }
    (p, coverage)
}

/// The ids of the notes: every validation error, by the Standard's name.
pub static NOTE_IDS: [&str; ValidationError::ALL.len()] = {
    let mut ids = [""; ValidationError::ALL.len()];
    let mut i = 0;
    while i < ids.len() {
        ids[i] = ValidationError::ALL[i].name();
        i += 1;
    }
    ids
};

/// The validation errors of `input`'s parse with no base, in the order reported, as
/// notes: each is a "mismatch between input and valid input" (`#validation-error`),
/// so a `must`. Its data is where it was reported (`at byte 7`).
pub fn notes(input: &[u8], _: Reading) -> Vec<Note> {
    basic_url_parse(&text(input), None)
        .errors
        .iter()
        .map(|v| Note {
            id: v.error.name(),
            grade: Grade::Must,
            cite: "URL Standard #validation-error",
            text: format!("{} validation error", v.error.name()),
            data: vec![format!("at byte {}", v.at)],
        })
        .collect()
}

/// The states as the steps of a resolution, in the Standard's order: each state's id
/// as its anchor spells it, with its name.
pub static BRANCHES: &[Branch] = &[
    ("scheme-start-state", "scheme start state"),
    ("scheme-state", "scheme state"),
    ("no-scheme-state", "no scheme state"),
    (
        "special-relative-or-authority-state",
        "special relative or authority state",
    ),
    ("path-or-authority-state", "path or authority state"),
    ("relative-state", "relative state"),
    ("relative-slash-state", "relative slash state"),
    (
        "special-authority-slashes-state",
        "special authority slashes state",
    ),
    (
        "special-authority-ignore-slashes-state",
        "special authority ignore slashes state",
    ),
    ("authority-state", "authority state"),
    ("host-state", "host state"),
    ("port-state", "port state"),
    ("file-state", "file state"),
    ("file-slash-state", "file slash state"),
    ("file-host-state", "file host state"),
    ("path-start-state", "path start state"),
    ("path-state", "path state"),
    ("cannot-be-a-base-url-path-state", "opaque path state"),
    ("query-state", "query state"),
    ("fragment-state", "fragment state"),
];

fn branch_of(state: State) -> Option<Branch> {
    let rule = rule_of(state)?;
    BRANCHES.iter().copied().find(|b| b.1 == rule.name())
}

/// `reference` parsed against `base` (the API URL parser, `#api-url-parser`): failure of
/// the base is [`Unresolvable::BaseNotAbsolute`], failure of the reference
/// [`Unresolvable::Failure`]. The steps are the states the reference's parse entered,
/// each traced with the rest of the input from where the state first ran.
pub fn resolve_seeing(r: Request<'_>, _: Seen<'_>) -> Result<Resolution, Unresolvable> {
    let base = text(r.base);
    let reference = text(r.reference);
    // The API URL parser's steps 2 and 3 (#api-url-parser), the base parsed once.
    let Some(base_url) = basic_url_parse(&base, None).url else {
        return Err(Unresolvable::BaseNotAbsolute {
            doc: r.doc,
            why: "the basic URL parser returns failure on the base",
        });
    };
    let parsed = basic_url_parse(&reference, Some(&base_url));
    let mut steps = Steps::default();
    for step in &parsed.states {
        if let Some((id, name)) = branch_of(step.state) {
            let value = match r.trace {
                Detail::Ids => None,
                Detail::Texts => Some(None),
                Detail::Values => Some(reference.get(step.at..).map(str::to_string)),
            };
            steps.push(id, name, value);
        }
    }
    let errors = parsed.errors.iter().map(|v| v.error.name()).collect();
    match &parsed.url {
        Some(url) => Ok(Resolution {
            doc: r.doc,
            result: url.href().into_bytes(),
            current_document: false,
            steps,
            errors,
        }),
        None => Err(Unresolvable::Failure {
            doc: r.doc,
            error: failure_error(&parsed).map_or("failure", |e| e.name()),
        }),
    }
}

/// The normal form: the URL serializer's output (`#url-equivalence`: "Return true if
/// serializedA is serializedB"), for an input the parser takes with no base.
pub fn normalize(doc: DocReading, input: &[u8]) -> Result<Normalization, NotNormalizable> {
    let parsed = basic_url_parse(&text(input), None);
    let Some(url) = &parsed.url else {
        let why = match failure_error(&parsed) {
            Some(e) => format!("the basic URL parser returns failure ({})", e.name()),
            None => "the basic URL parser returns failure".into(),
        };
        return Err(NotNormalizable::NotAUri { doc, why });
    };
    let value = url.serialize(false).into_bytes();
    Ok(Normalization {
        doc,
        steps: vec![NormStep {
            id: "serialize",
            cite: "URL Standard #url-equivalence",
            text: "the URL serializer's output: two URLs are equal when their serializations are",
            changed: value != input,
            value: value.clone(),
        }],
        result: value,
    })
}
