//! Every production of draft-03's "BNF for specific URL schemes" (seed 003) stands
//! verbatim in the doc comment of the function (or, for a character class, the
//! constant) named after it in `src/draft03/`.
//!
//! The productions come from `grammar/draft-03-bnf.txt`: one per line, the rule name,
//! one space, the body, exactly as the seed prints them. A doc comment quotes the whole
//! line in backticks, so one space more or less in a quote, or in the grammar file,
//! fails the test.

mod common;

use urlcert_reference::{Document, Rule};

const BNF: &str = include_str!("../grammar/draft-03-bnf.txt");
const SOURCES: &[&str] = &[
    include_str!("../src/draft03/mod.rs"),
    include_str!("../src/draft03/classes.rs"),
    include_str!("../src/draft03/ip.rs"),
    include_str!("../src/draft03/path.rs"),
    include_str!("../src/draft03/http.rs"),
    include_str!("../src/draft03/ftp.rs"),
    include_str!("../src/draft03/afs.rs"),
    include_str!("../src/draft03/news.rs"),
    include_str!("../src/draft03/mail.rs"),
    include_str!("../src/draft03/wais.rs"),
    include_str!("../src/draft03/prospero.rs"),
    include_str!("../src/draft03/telnet.rs"),
    include_str!("../src/draft03/gopher.rs"),
];

/// The rules the BNF uses without defining them (RFC 822, RFC 1521) and the RFC 959
/// rules of the `draft-03@ftptype-prose` reading: in `rule.rs` after the BNF's own.
const EXTERNAL: &[&str] = &[
    "addr-spec",
    "local-part",
    "domain",
    "sub-domain",
    "domain-literal",
    "word",
    "atom",
    "quoted-string",
    "content-identifier",
    "msg-id",
    "type-code",
    "form-code",
    "byte-size",
];

/// (rule name, the production's line).
fn productions() -> Vec<(String, String)> {
    BNF.lines()
        .filter(|l| !l.starts_with(';'))
        .map(|l| {
            assert!(
                !l.is_empty() && !l.starts_with(' '),
                "not a production: {l:?}"
            );
            let name = l.split(' ').next().unwrap().to_string();
            (name, l.to_string())
        })
        .collect()
}

/// `ip-schemepart`-style names: `-` becomes `_`, `+` becomes `_plus`, upper case lower.
fn item_names(rule: &str) -> (String, String) {
    let f = rule
        .replace('+', "_plus")
        .replace('-', "_")
        .to_ascii_lowercase();
    (format!("fn {f}("), format!("const {}: ", f.to_uppercase()))
}

fn item_after_quote(line: &str) -> Option<&'static str> {
    common::item_after_quote(SOURCES, &[line.to_string()])
}

#[test]
fn the_grammar_file_has_every_rule_once_in_rule_rs_order() {
    let names: Vec<String> = productions().into_iter().map(|p| p.0).collect();
    assert_eq!(names.len(), 64);
    let mut expected: Vec<&str> = names.iter().map(String::as_str).collect();
    expected.extend(EXTERNAL);
    let rules: Vec<&str> = Rule::of(Document::Draft03).map(Rule::name).collect();
    assert_eq!(
        rules, expected,
        "rule.rs lists the grammar's rules, then the external ones"
    );
}

#[test]
fn every_production_is_quoted_above_its_item() {
    let mut problems = Vec::new();
    for (rule, line) in &productions() {
        let Some(item) = item_after_quote(line) else {
            problems.push(format!("{rule}: production not quoted verbatim"));
            continue;
        };
        let (f, c) = item_names(rule);
        if !item.contains(&f) && !item.contains(&c) {
            problems.push(format!(
                "{rule}: quoted above `{}`, not `{f}` or `{c}`",
                item.trim()
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The check above is exact: one space added or removed anywhere in a production makes
/// its quote unfindable.
#[test]
fn a_changed_space_is_caught() {
    for (rule, line) in &productions() {
        let spaces: Vec<usize> = line.match_indices(' ').map(|(i, _)| i).collect();
        let mut mutants = vec![format!("{line} ")];
        for &at in spaces.iter().take(3).chain(spaces.iter().rev().take(3)) {
            mutants.push(format!("{}{}", &line[..at], &line[at + 1..]));
            mutants.push(format!("{} {}", &line[..at], &line[at..]));
        }
        for m in mutants {
            assert!(
                item_after_quote(&m).is_none(),
                "{rule}: a quote with one space changed was found: {m:?}"
            );
        }
    }
}

#[test]
fn names_map_to_rust_items() {
    assert_eq!(item_names("alphanum2").1, "const ALPHANUM2: ");
    assert_eq!(item_names("addr-spec").0, "fn addr_spec(");
    assert_eq!(item_names("prefixedurl").0, "fn prefixedurl(");
}

/// Where the seed is beside the repository (`../shared`, as in CI): the grammar file's
/// productions, joined by single spaces, are the seed's BNF section from "prefixedurl"
/// to "(end of URL BNF)", once its page headers are removed and "ur l" is read `url`
/// (the two repairs listed in `grammar/README.md`).
#[test]
fn the_grammar_file_is_the_seeds_bnf_section() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/seeds/003_69f8b7daee82da35.txt"
    );
    let Ok(seed) = std::fs::read_to_string(path) else {
        eprintln!("seed 003 not found at {path}; skipped");
        return;
    };
    let start = seed
        .find("production prefixedurl")
        .expect("the BNF section")
        + "production ".len();
    let end = seed.find(" (end of URL BNF)").expect("its end");
    let mut section = seed[start..end].to_string();
    for page in 13..=15 {
        let header =
            format!("Berners-Lee {page} RFC XXXX Uniform Resource Locators (URL) March 21 1994 ");
        assert!(section.contains(&header), "page header {page}");
        section = section.replace(&header, "");
    }
    let lines: Vec<String> = productions().into_iter().map(|p| p.1).collect();
    let joined = lines
        .join(" ")
        .replacen("url httpaddress", "ur l httpaddress", 1);
    assert_eq!(joined, section);
}
