//! The URL Standard's valid URL strings against its parser
//! (`urlcert::study::self_contradiction::writing`): the check on strings whose answer
//! url.bs gives, the search's determinism, a planted disagreement found and minimised,
//! and the classes the cases record found again.

use std::path::{Path, PathBuf};
use urlcert::study::self_contradiction::writing::{
    self, check, BaseUrl, Config, Direction, Known, Limit, Sides, BASES, REFERENCE,
};
use urlcert_reference::whatwg::writing::{valid_url_string_against, Base, Writing};

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../cases")
}

fn base(text: &str) -> BaseUrl {
    BaseUrl::parse(text).expect("the base parses")
}

/// With no base a relative string is not asked (the parser fails on every one:
/// `#no-scheme-state` "If base is null, [...] missing-scheme-non-relative-URL validation
/// error, return failure"); a string starting with a scheme and ":" is.
#[test]
fn with_no_base_only_strings_starting_with_a_scheme_are_asked() {
    assert_eq!(check(&REFERENCE, "a/b", None), None);
    assert_eq!(check(&REFERENCE, "//h/p", None), None);
    assert!(writing::asked_without_base("https:x"));
    assert!(writing::asked_without_base("a+b-c.d:"));
    assert!(!writing::asked_without_base("1a:b"));
    assert!(!writing::asked_without_base("a b:c"));
    // "https:x": the scheme state reports special-scheme-missing-following-solidus, and
    // the writing rules want "//" after a special scheme: they agree.
    assert_eq!(check(&REFERENCE, "https:x", None), None);
}

/// Strings url.bs decides the same way on both sides: no disagreement.
#[test]
fn strings_both_sides_decide_alike_are_no_disagreement() {
    let https = base("https://h/d/e");
    let file = base("file:///C:/d/e");
    let mailto = base("mailto:x@y");
    for (input, b) in [
        // Valid, and parsed with no validation error.
        ("https://example.com/a?b#c", &https),
        ("/a/./b/../c", &https),
        ("?q", &file),
        ("#f", &mailto),
        ("//h/p", &file),
        ("https://[::1]:8080/", &https),
        // Not valid, and parsed with one: "|" is no URL code point (path state:
        // "If c is not a URL code point and not U+0025 (%), invalid-URL-unit").
        ("file:///C|/demo", &file),
        // No "//" after a special scheme.
        ("https:example.org", &https),
        // An opaque-path base takes only "#" and a fragment; the parser fails on the rest.
        ("x", &mailto),
    ] {
        assert_eq!(
            check(&REFERENCE, input, Some(b)),
            None,
            "{input:?} against {}",
            b.text
        );
    }
}

/// A writing side that calls every string with a "~" invalid: U+007E is a URL code
/// point (`#url-code-points`), so the parser takes a path of "~" with no validation
/// error, and the planted rule alone parts the two.
fn no_tilde(input: &str, base: Option<Base>) -> Writing {
    if input.contains('~') {
        return Writing {
            valid: false,
            matched: Vec::new(),
            failed: Some(("planted: no tilde", input.find('~').unwrap_or(0))),
        };
    }
    valid_url_string_against(input, base)
}

const PLANTED: Sides = Sides {
    parser: REFERENCE.parser,
    writing: no_tilde,
};

#[test]
fn a_planted_disagreement_is_found_and_minimised() {
    let config = Config {
        seed: 3,
        limit: Limit::Iterations(BASES.len() as u64),
        seeds: vec!["https://example.org/a~b?c=d#e".into()],
        sides: PLANTED,
    };
    let found = writing::run(&config, &mut |_| {});
    let key = "b | parser no error | writing fails: planted: no tilde";
    let cause = found
        .causes
        .get(key)
        .unwrap_or_else(|| panic!("{:?}", found.causes.keys().collect::<Vec<_>>()));
    // The first base is "https://h/d/e"; "~" alone against it is a path-relative string
    // the path state takes as it is.
    assert_eq!(cause.finding.input, "~");
    assert_eq!(cause.finding.base.as_deref(), Some("https://h/d/e"));
    assert_eq!(
        cause.finding.direction,
        Direction::ParserCleanWritingInvalid
    );
    assert_eq!(cause.original, "https://example.org/a~b?c=d#e");
    // Against every base the absolute string is asked (no base included); against the
    // opaque-path base it fails to parse ("x" is not "#"), but this one is absolute.
    assert_eq!(cause.count, BASES.len() as u64, "{:?}", cause.bases);
    assert_eq!(found.causes.len(), 1, "{:?}", found.causes.keys());
}

fn searched(seed: u64, n: u64) -> writing::Search {
    let config = Config {
        seed,
        limit: Limit::Iterations(n),
        seeds: writing::case_seeds(&cases_dir()).expect("the cases read"),
        sides: REFERENCE,
    };
    writing::run(&config, &mut |_| {})
}

/// A cause, its witness and base, how often it was found and by which draw.
type Summary = (String, String, Option<String>, u64, Option<u64>);

#[test]
fn the_search_is_reproducible() {
    let fixed = writing::case_seeds(&cases_dir()).unwrap().len() * BASES.len();
    let n = fixed as u64 + 3000;
    let (a, b) = (searched(11, n), searched(11, n));
    assert_eq!(a.executions, n);
    assert_eq!(a.asked, b.asked);
    let summary = |s: &writing::Search| -> Vec<Summary> {
        s.causes
            .iter()
            .map(|(k, c)| {
                (
                    k.clone(),
                    c.finding.input.clone(),
                    c.finding.base.clone(),
                    c.count,
                    c.draw,
                )
            })
            .collect()
    };
    assert_eq!(summary(&a), summary(&b));
}

/// The cases tagged `writing-vs-parser` each part the two sides still, and a search
/// whose draws are the cases' inputs alone finds each of their classes again.
#[test]
fn the_recorded_classes_are_found_again() {
    let cases = writing::url_standard_cases(&cases_dir()).unwrap();
    let known = Known::from_cases(&cases, &REFERENCE);
    assert!(known.stale.is_empty(), "{:?}", known.stale);
    let tagged = cases
        .iter()
        .filter(|c| c.tags.iter().any(|t| t == writing::TAG));
    assert!(tagged.count() >= 4);
    // #valid-host-string against #concept-host-parser: the parser takes the host with
    // no validation error, the writing rules' valid host string fails.
    assert_eq!(
        known.causes.keys().collect::<Vec<_>>(),
        ["b | parser no error | writing fails: valid host string"]
    );
    let fixed = writing::case_seeds(&cases_dir()).unwrap().len() * BASES.len();
    let found = searched(1, fixed as u64);
    for (key, (id, _)) in &known.causes {
        let cause = found
            .causes
            .get(key)
            .unwrap_or_else(|| panic!("{id}: {key} not found"));
        assert!(cause.count >= 4, "{key}: {}", cause.count);
    }
}

/// The recorded class on the strings url.bs decides: "1。2。3。4" is a host the parser
/// takes with no validation error (the domain parser maps U+3002 to ".", the IPv4 parser
/// reports nothing), and no valid host string.
#[test]
fn an_ipv4_address_with_mapped_code_points_parts_the_two_sides() {
    let d = check(&REFERENCE, "https://1\u{3002}2\u{3002}3\u{3002}4/", None).unwrap();
    assert_eq!(d.direction, Direction::ParserCleanWritingInvalid);
    assert!(d.errors.is_empty() && !d.failure);
    assert_eq!(d.failed.map(|(rule, _)| rule), Some("valid host string"));
    // The same address in ASCII is a valid IPv4-address string: no disagreement.
    assert_eq!(check(&REFERENCE, "https://1.2.3.4/", None), None);
    // In a non-special URL it is an opaque host: URL units, no forbidden host code point
    // (#valid-opaque-host-string), and the opaque-host parser reports nothing.
    assert_eq!(
        check(&REFERENCE, "foo://1\u{3002}2\u{3002}3\u{3002}4/", None),
        None
    );
}

/// The report's section: a search that finds nothing says how many strings it asked;
/// one that finds a class lists it with its witness, both sides and its case.
#[test]
fn the_section_lists_each_class_or_the_strings_asked() {
    use urlcert::study::self_contradiction::report::{markdown, Page};
    let page = |section| {
        markdown(&Page {
            title: "t".into(),
            intro: String::new(),
            sections: vec![section],
        })
    };
    // "https://h/" is a valid URL string the parser takes with no validation error,
    // against every base (absolute), and with no base.
    let none = writing::run(
        &Config {
            seed: 1,
            limit: Limit::Iterations(BASES.len() as u64),
            seeds: vec!["https://h/".into()],
            sides: REFERENCE,
        },
        &mut |_| {},
    );
    assert!(none.causes.is_empty());
    let text = page(writing::searched(&none, &Known::default()));
    assert!(
        text.contains("## Valid URL strings against the parser"),
        "{text}"
    );
    assert!(
        text.contains(&format!("None found in {} strings asked", BASES.len())),
        "{text}"
    );
    let cases = writing::url_standard_cases(&cases_dir()).unwrap();
    let known = Known::from_cases(&cases, &REFERENCE);
    let one = writing::run(
        &Config {
            seed: 1,
            limit: Limit::Iterations(1),
            seeds: vec!["https://1\u{3002}2\u{3002}3\u{3002}4/".into()],
            sides: REFERENCE,
        },
        &mut |_| {},
    );
    let text = page(writing::searched(&one, &known));
    assert!(
        text.contains("`us.wvp.ipv4-ideographic-full-stop`"),
        "{text}"
    );
    assert!(text.contains("no validation error"), "{text}");
    assert!(
        text.contains("not valid: valid host string fails"),
        "{text}"
    );
    // Without a search, from the cases tagged writing-vs-parser alone.
    let recorded = writing::recorded(&cases, &REFERENCE).expect("tagged cases");
    assert_eq!(recorded.rows.len(), 4);
    let text = page(recorded);
    assert!(!text.contains("no longer part"), "{text}");
}

/// The random draws find the recorded class on their own, with no case to start from.
#[test]
fn the_random_draws_find_the_recorded_class_unaided() {
    let found = writing::run(
        &Config {
            seed: 1,
            limit: Limit::Iterations(300_000),
            seeds: Vec::new(),
            sides: REFERENCE,
        },
        &mut |_| {},
    );
    let key = "b | parser no error | writing fails: valid host string";
    let cause = found
        .causes
        .get(key)
        .unwrap_or_else(|| panic!("{:?}", found.causes.keys().collect::<Vec<_>>()));
    assert_ne!(cause.origin, writing::Origin::Case);
    assert!(cause.draw.is_some());
    // The minimised witness still holds a host with a code point the domain parser maps.
    assert!(!cause.finding.input.is_ascii(), "{:?}", cause.finding.input);
}
