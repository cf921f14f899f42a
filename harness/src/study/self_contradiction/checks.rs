//! The three checks of a document against itself, each written once for every document
//! that has both a grammar and a resolution algorithm:
//!
//! - [`printed`]: an example the document prints (a case's `printed`) against what its
//!   own algorithm gives.
//! - [`grammar_split`]: an input the grammar derives (the BNF alone, as the oracle crate
//!   compiles it: [`Grammar::accepts`]), taken apart by the document's own parsing rules
//!   ([`split`]). Each component must derive from the rule the grammar has in its place
//!   ([`Grammar::places`]), and the pieces must join back into the input. The reference's
//!   own parse cannot be the grammar's side here: for RFC 1808, the 1996 draft and RFC
//!   2396 it applies the rules to the components the split gives, so it would agree with
//!   the split by construction. For RFC 3986, whose reference derives the components
//!   from the grammar (Section 3's delimiters, which no rule before them can derive),
//!   they are also compared with Appendix B's.
//! - [`closure`]: a grammatical reference resolved against a grammatical absolute base
//!   must give a string the same grammar derives, and which the same split reads back
//!   into the components the algorithm recombined ([`target`]).
//!
//! A contradiction found is a [`Contradiction`]; its [`Contradiction::shape`] says which component
//! differs and how, so that findings with one cause share it.

use super::places::{Grammar, Place, Rule};
use crate::case::Case;
use urlcert_reference::resolve::split::{split, target, Split};
use urlcert_reference::{resolve, DocReading, Document, Verdict};

/// The longest input (base or reference) a check takes: the checks are linear, so this
/// bounds the time one takes too.
pub const MAX_WITNESS: usize = 4096;

/// Which check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Check {
    Printed,
    GrammarSplit,
    Closure,
}

impl Check {
    pub const ALL: [Check; 3] = [Check::Printed, Check::GrammarSplit, Check::Closure];

    pub fn id(self) -> &'static str {
        match self {
            Check::Printed => "printed",
            Check::GrammarSplit => "grammar-split",
            Check::Closure => "closure",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Check::Printed => "printed example against the algorithm",
            Check::GrammarSplit => "grammar against the document's own split",
            Check::Closure => "resolution result against the grammar and the split",
        }
    }
}

/// The sections a check's sides cite: the grammar, the parsing rules, the algorithm.
pub fn sections(doc: Document) -> Option<(&'static str, &'static str, &'static str)> {
    let d = doc.descriptor();
    let relative = d.relative.defined()?;
    let split = relative.split.as_ref()?;
    Some((d.grammar.section, split.section, relative.section))
}

/// The URL Standard's printed validation errors for an example against those its
/// parser reports on it (parsed alone, or against the case's base).
fn printed_errors(doc: DocReading, case: &Case, shown: &[String]) -> Outcome {
    let input = case.input.as_bytes();
    let reported: Vec<&str> = match case.base.as_deref() {
        Some(base) => match resolve(doc, base.as_bytes(), input, false) {
            Ok(r) => r.errors,
            Err(_) => return Outcome::NotGrammatical,
        },
        None => urlcert_reference::parse(doc, input)
            .notes()
            .iter()
            .map(|n| n.id)
            .collect(),
    };
    if shown
        .iter()
        .map(String::as_str)
        .eq(reported.iter().copied())
    {
        return Outcome::Holds;
    }
    let list =
        |l: &mut dyn Iterator<Item = &str>| format!("[{}]", l.collect::<Vec<_>>().join(", "));
    let cited: Vec<String> = case
        .cite
        .iter()
        .filter(|c| c.doc.0 == doc.doc)
        .map(|c| c.section.clone())
        .collect();
    Outcome::Contradiction(Box::new(Contradiction {
        doc,
        check: Check::Printed,
        shape: format!("printed errors: {}", case.id),
        base: case.base.as_ref().map(|b| b.as_bytes().to_vec()),
        input: input.to_vec(),
        result: None,
        sides: [
            Side {
                section: format!("{} (printed)", cited.join(", ")),
                gives: list(&mut shown.iter().map(String::as_str)),
            },
            Side {
                section: format!("{} algorithm", doc.doc.descriptor().grammar.section),
                gives: list(&mut reported.iter().copied()),
            },
        ],
    }))
}

/// One side of a contradiction: the section, and what it gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Side {
    pub section: String,
    pub gives: String,
}

/// A contradiction, on one input (or base and reference).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contradiction {
    pub doc: DocReading,
    pub check: Check,
    /// Which component differs and how (`net_loc: absent, read back present`); with the
    /// document and the check, the cause.
    pub shape: String,
    /// The base, for a resolution.
    pub base: Option<Vec<u8>>,
    /// The input parsed, or the reference resolved.
    pub input: Vec<u8>,
    /// What the resolution gave, for [`Check::Closure`] and [`Check::Printed`].
    pub result: Option<Vec<u8>>,
    pub sides: [Side; 2],
}

/// What a check made of one input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The two sides agree.
    Holds,
    /// The check does not apply: the grammar refuses the input (or the base is not
    /// absolute).
    NotGrammatical,
    /// Skipped: longer than [`MAX_WITNESS`].
    TooLong,
    /// Skipped: a rule the check needs does not compile.
    Unusable(String),
    Contradiction(Box<Contradiction>),
}

fn show(b: &[u8]) -> String {
    crate::judge::exact::quote(&String::from_utf8_lossy(b))
}

fn show_opt(b: Option<&[u8]>) -> String {
    b.map_or_else(|| "absent".into(), show)
}

/// The first place whose component the grammar does not derive there: `Ok(None)` when
/// every one does.
fn failing_place(g: &Grammar, places: &[Place]) -> Result<Option<(Place, String)>, String> {
    for p in places {
        match g.derives(&p.rule, &p.text).map_err(|e| e.0)? {
            Some(true) => {}
            Some(false) => {
                let how = format!("{}: does not derive {}", p.component, p.rule.key());
                return Ok(Some((p.clone(), how)));
            }
            None => {
                let how = format!("{}: no place in the grammar", p.component);
                return Ok(Some((p.clone(), how)));
            }
        }
    }
    Ok(None)
}

/// The grammar's candidate that derives `input` (`rel_path`, `httpaddress`).
fn derived_as(g: &Grammar, input: &[u8]) -> String {
    let a = g.oracle.judge(input);
    a.chain
        .last()
        .or(a.rule.as_ref())
        .cloned()
        .unwrap_or_default()
}

/// The grammar against the document's split, on `input`.
pub fn grammar_split(g: &Grammar, input: &[u8]) -> Outcome {
    if input.len() > MAX_WITNESS {
        return Outcome::TooLong;
    }
    if !g.accepts(input) {
        return Outcome::NotGrammatical;
    }
    let Some(s) = split(g.doc, input) else {
        return Outcome::Unusable(format!("{} has no split", g.doc.doc));
    };
    let (grammar, split_section, _) = sections(g.doc.doc).unwrap_or_default();
    let finding = |shape: String, split_gives: String, grammar_gives: String| {
        Outcome::Contradiction(Box::new(Contradiction {
            doc: g.doc,
            check: Check::GrammarSplit,
            shape,
            base: None,
            input: input.to_vec(),
            result: None,
            sides: [
                Side {
                    section: format!("{split_section} split"),
                    gives: split_gives,
                },
                Side {
                    section: format!("{grammar} grammar"),
                    gives: grammar_gives,
                },
            ],
        }))
    };
    if s.join() != input {
        return finding(
            "pieces: do not join back into the input".into(),
            show(&s.join()),
            "the input".into(),
        );
    }
    let Some(places) = g.places(&s, input) else {
        return Outcome::Unusable("no production of the grammar derives the input".into());
    };
    match failing_place(g, &places) {
        Err(e) => return Outcome::Unusable(e),
        Ok(Some((p, how))) => {
            let gives = match p.rule {
                Rule::Nowhere(why) => why.to_string(),
                _ => format!("{} does not derive it", p.rule.shown()),
            };
            return finding(
                how,
                format!("{} {}", p.component, show(&p.text)),
                format!(
                    "{gives}; it derives the input as `{}`",
                    derived_as(g, input)
                ),
            );
        }
        Ok(None) => {}
    }
    if g.doc.doc == Document::Rfc3986 {
        let p = urlcert_reference::parse(g.doc, input);
        if p.verdict == Verdict::Valid {
            for (name, value) in &s.components {
                let derived = p.components.str(name).map(str::as_bytes);
                if value.as_deref() != derived {
                    return finding(
                        format!("{name}: differs from the derivation"),
                        format!("{name} {}", show_opt(value.as_deref())),
                        format!("the derivation's {name} is {}", show_opt(derived)),
                    );
                }
            }
        }
    }
    Outcome::Holds
}

/// Is `reference` a grammatical reference for `base`? A full form (October 1993) or any
/// reference elsewhere must be one the grammar derives. The October 1993 grammar has no
/// relative form, and a partial form is "a section of the URL": it is grammatical when
/// the full form it abbreviates, the context's scheme (and host part) put back in front
/// of it, is.
fn grammatical_reference(g: &Grammar, base: &Split, reference: &[u8]) -> bool {
    if g.doc.doc != Document::Draft02 {
        return g.accepts(reference);
    }
    // Which of the two forms the FULL FORM test (a colon before any slash) takes a
    // reference for is the algorithm's reading, not the grammar's, so either counts:
    // `g?x:y`, whose colon is in its search, is a partial form the BNF derives.
    if split(g.doc, reference).is_some_and(|s| s.get("scheme").is_some()) && g.accepts(reference) {
        return true;
    }
    let mut full = base.get("scheme").unwrap_or_default().to_vec();
    full.push(b':');
    if !reference.starts_with(b"//") {
        if let Some(login) = base.get("login") {
            full.extend_from_slice(b"//");
            full.extend_from_slice(login);
            if !reference.starts_with(b"/") {
                full.push(b'/');
            }
        }
    }
    full.extend_from_slice(reference);
    g.accepts(&full)
}

/// How a component read back differs from the one recombined.
fn how(made: Option<&[u8]>, read: Option<&[u8]>) -> &'static str {
    match (made, read) {
        (None, Some(_)) => "absent, read back present",
        (Some(_), None) => "present, read back absent",
        _ => "read back different",
    }
}

/// Resolving `reference` against `base`, both grammatical: the result must derive, and
/// read back as the components the algorithm recombined.
pub fn closure(g: &Grammar, base: &[u8], reference: &[u8]) -> Outcome {
    if base.len() > MAX_WITNESS || reference.len() > MAX_WITNESS {
        return Outcome::TooLong;
    }
    let Some(b) = split(g.doc, base) else {
        return Outcome::NotGrammatical;
    };
    if !suitable_base(g, base, &b) || !grammatical_reference(g, &b, reference) {
        return Outcome::NotGrammatical;
    }
    let (grammar, split_section, algorithm) = sections(g.doc.doc).unwrap_or_default();
    let finding = |shape: String, result: Option<Vec<u8>>, sides: [Side; 2]| {
        Outcome::Contradiction(Box::new(Contradiction {
            doc: g.doc,
            check: Check::Closure,
            shape,
            base: Some(base.to_vec()),
            input: reference.to_vec(),
            result,
            sides,
        }))
    };
    let side = |section: String, gives: String| Side { section, gives };
    let result = match resolve(g.doc, base, reference, false) {
        Ok(r) => r.result,
        Err(e) => {
            return finding(
                "base: refused by the algorithm".into(),
                None,
                [
                    side(format!("{grammar} grammar"), "an absolute URL".into()),
                    side(format!("{algorithm} algorithm"), e.to_string()),
                ],
            )
        }
    };
    let made = |gives: String| side(format!("{algorithm} algorithm"), gives);
    // Read back first: a result the split misreads may also fail the grammar, and the
    // misreading is the cause.
    let target = target(g.doc, base, reference);
    if let Ok(Some(target)) = &target {
        let read = split(g.doc, &result).expect("a document with a split");
        if let Some(c) = target.first_difference(&read) {
            let (m, r) = (target.get(c), read.get(c));
            return finding(
                format!("{c}: {}", how(m, r)),
                Some(result.clone()),
                [
                    made(format!("{} with {c} {}", show(&result), show_opt(m))),
                    side(
                        format!("{split_section} split"),
                        format!("reads {c} {}", show_opt(r)),
                    ),
                ],
            );
        }
    }
    if !g.accepts(&result) {
        let why = split(g.doc, &result)
            .and_then(|s| g.places(&s, &result))
            .and_then(|places| failing_place(g, &places).ok().flatten());
        let (shape, gives) = match why {
            Some((p, how)) => (
                format!("result: {how}"),
                format!(
                    "{} {} does not derive {}",
                    p.component,
                    show(&p.text),
                    p.rule.shown()
                ),
            ),
            // The algorithm took the reference as it stands (an absolute reference).
            None if matches!(target, Ok(None)) => (
                "result: the reference, taken as it stands, is not derived".into(),
                "it does not derive".into(),
            ),
            None => ("result: not derived".into(), "it does not derive".into()),
        };
        return finding(
            shape,
            Some(result.clone()),
            [
                made(show(&result)),
                side(format!("{grammar} grammar"), gives),
            ],
        );
    }
    Outcome::Holds
}

/// Is `base` (split as `b`) a base the document lets a relative reference use? RFC 2396
/// §5: "Documents can only make use of relative URI when their base URI fits within the
/// <hier_part> syntax" (an authority, or a path that begins with "/"); RFC 3986 §5.1: "A
/// base URI must conform to the <absolute-URI> syntax rule" (no fragment). The others ask
/// for an absolute URL that "obeys the syntax" (RFC 1808 §2, the 1996 draft's §4.2), a
/// "context locator" in full form (October 1993).
fn suitable_base(g: &Grammar, base: &[u8], b: &Split) -> bool {
    let hier =
        || b.get("authority").is_some() || b.get("path").is_some_and(|p| p.starts_with(b"/"));
    b.get("scheme").is_some()
        && g.accepts(base)
        && match g.doc.doc {
            Document::Rfc2396 => hier(),
            Document::Rfc3986 => b.get("fragment").is_none(),
            _ => true,
        }
}

/// A printed example (a resolve case whose expectation under `doc` has `printed`)
/// against the algorithm. [`Outcome::NotGrammatical`] when the case prints nothing
/// under `doc`.
pub fn printed(doc: DocReading, case: &Case) -> Outcome {
    let Some(e) = case.expect.iter().find(|(k, _)| k.0 == doc).map(|(_, e)| e) else {
        return Outcome::NotGrammatical;
    };
    if let Some(shown) = &e.printed_errors {
        return printed_errors(doc, case, shown);
    }
    let base = case.base.as_deref().unwrap_or_default();
    let Some(printed) = e.printed_as_url(base) else {
        return Outcome::NotGrammatical;
    };
    let (_, _, algorithm) = sections(doc.doc).unwrap_or_default();
    let result = match resolve(doc, base.as_bytes(), case.input.as_bytes(), false) {
        Ok(r) => r.result,
        Err(e) => e.to_string().into_bytes(),
    };
    if result == printed.as_bytes() {
        return Outcome::Holds;
    }
    let cited: Vec<String> = case
        .cite
        .iter()
        .filter(|c| c.doc.0 == doc.doc)
        .map(|c| format!("§{}", c.section))
        .collect();
    Outcome::Contradiction(Box::new(Contradiction {
        doc,
        check: Check::Printed,
        shape: format!("printed: {}", case.id),
        base: Some(base.as_bytes().to_vec()),
        input: case.input.as_bytes().to_vec(),
        result: Some(result.clone()),
        sides: [
            Side {
                section: format!("{} (printed)", cited.join(", ")),
                gives: show(printed.as_bytes()),
            },
            Side {
                section: format!("{algorithm} algorithm"),
                gives: show(&result),
            },
        ],
    }))
}
