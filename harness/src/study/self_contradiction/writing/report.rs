//! The report's section for the check, from a search or from the recorded cases alone,
//! and a search as JSON.

use super::cases::{Known, UrlStandardCase};
use super::search::{Search, Stop};
use super::{check, BaseUrl, Sides, DOCUMENT, TAG};
use crate::study::self_contradiction::report::{Entry, Section};
use serde_json::json;

const INTRO: &str = "The URL Standard describes URLs twice: by its basic URL parser \
(`#concept-basic-url-parser`, with its validation errors) and by its writing rules \
(`#url-writing`, a valid URL string). A string the writing rules call valid should parse \
with no validation error (a), and a string parsed with no validation error should be \
valid (b). Both are asked of each string against a base; with no base only strings \
that start with a scheme and \":\" are asked, since with no base a relative string is \
neither parsed nor valid (\"❌, due to lack of base\"). A class is a \
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
pub fn recorded(cases: &[UrlStandardCase], sides: &Sides) -> Option<Section> {
    let tagged: Vec<&UrlStandardCase> = cases
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
        "document": DOCUMENT.id(),
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
