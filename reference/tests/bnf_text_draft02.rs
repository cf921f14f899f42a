//! Every production of the October 1993 draft's "BNF syntax" (seed 001, as transcribed in
//! `grammar/draft-02-bnf.txt`) stands verbatim in the doc comment of the function (or, for
//! a character class, the constant) named after it in `src/draft02/`.
//!
//! The grammar file holds one production per line, in the draft's own notation: the rule
//! name, a space, the definition (no "="); a line that starts with spaces continues the
//! production above it; lines starting with ";" are comments.

mod common;

use urlcert_reference::{Document, Rule};

const BNF: &str = include_str!("../grammar/draft-02-bnf.txt");
const SOURCES: &[&str] = &[
    include_str!("../src/draft02/mod.rs"),
    include_str!("../src/draft02/classes.rs"),
    include_str!("../src/draft02/generic.rs"),
    include_str!("../src/draft02/ip.rs"),
    include_str!("../src/draft02/http.rs"),
    include_str!("../src/draft02/ftp.rs"),
    include_str!("../src/draft02/afs.rs"),
    include_str!("../src/draft02/news.rs"),
    include_str!("../src/draft02/nntp.rs"),
    include_str!("../src/draft02/mailto.rs"),
    include_str!("../src/draft02/wais.rs"),
    include_str!("../src/draft02/prospero.rs"),
    include_str!("../src/draft02/telnet.rs"),
    include_str!("../src/draft02/gopher.rs"),
];

/// (rule name, the production's lines as written in the grammar file).
fn productions() -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for line in BNF.lines() {
        if line.starts_with(';') || line.trim().is_empty() {
            continue;
        }
        if line.starts_with(' ') {
            let (_, lines) = out.last_mut().expect("a continuation line follows a rule");
            lines.push(line.to_string());
        } else {
            let name = line.split(' ').next().unwrap().to_string();
            out.push((name, vec![line.to_string()]));
        }
    }
    out
}

/// The Rust item a rule is named by: `hostport` is `fn hostport(`, `safe` is
/// `const SAFE: `.
fn item_names(rule: &str) -> (String, String) {
    let f = rule.replace('+', "_plus").replace('-', "_").to_lowercase();
    (format!("fn {f}("), format!("const {}: ", f.to_uppercase()))
}

#[test]
fn the_grammar_file_has_every_production_once() {
    let all = productions();
    assert_eq!(
        all.len(),
        58,
        "productions found: {:?}",
        all.iter().map(|p| &p.0).collect::<Vec<_>>()
    );
    let mut names: Vec<&String> = all.iter().map(|p| &p.0).collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), all.len(), "a rule is defined twice");
}

#[test]
fn every_production_is_quoted_above_its_function() {
    let mut problems = Vec::new();
    for (rule, lines) in &productions() {
        let Some(item) = common::item_after_quote(SOURCES, lines) else {
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

/// The rule names of the grammar file and of the `Rule` enum's draft-02 group are the same,
/// in the same order.
#[test]
fn every_production_is_a_rule_of_the_draft() {
    let file: Vec<String> = productions().into_iter().map(|p| p.0).collect();
    let rules: Vec<&str> = Rule::of(Document::Draft02).map(|r| r.name()).collect();
    assert_eq!(file, rules);
}

/// Each line of a production is in seed 001 as printed, except for the repairs listed in
/// `grammar/README.md` (checked where `../shared` is beside the repository).
#[test]
fn productions_come_from_the_seed() {
    // `../shared` beside the repository, as in CI (or beside a worktree's parent).
    let dir = env!("CARGO_MANIFEST_DIR");
    let Some(seed) = ["/../../shared", "/../../../shared"].iter().find_map(|up| {
        std::fs::read_to_string(format!("{dir}{up}/seeds/001_6a91ded9bd4c1f38.txt")).ok()
    }) else {
        eprintln!("seed 001 not found beside the repository; skipped");
        return;
    };
    // The BNF section, its lines joined with single spaces, page headers removed.
    let start = seed.find("fragmentaddress uri").expect("the BNF section");
    let end = seed
        .find("Wrappers for URIs in plain text")
        .expect("its end");
    let body: Vec<&str> = seed[start..end]
        .lines()
        .filter(|l| {
            !(l.starts_with("Berners-Lee")
                || l.trim() == "RFC"
                || l.starts_with("RFC XXXX")
                || l.starts_with("XXXX Uniform")
                || l.trim().parse::<u32>().is_ok())
        })
        .collect();
    let joined = format!(" {} ", body.join(" "));
    // The repairs: `grammar/README.md`, "draft-02-bnf.txt".
    let repaired = joined
        .replace(" ur l ", " url ")
        .replace(" 0 |1 |", " digit 0 |1 |")
        .replace(
            "xpalphas xpalpha [ xpalpha ]",
            "xpalphas xpalpha [ xpalphas ]",
        );
    for (rule, lines) in productions() {
        let text = format!(" {} ", lines.join(" "));
        assert!(
            repaired.contains(&text),
            "{rule}: {text:?} is not in the seed"
        );
    }
}
