//! Every production of draft-fielding-url-syntax-01 (seed 004) stands verbatim in the doc
//! comment of the function (or, for a character class, the constant) named after it.
//!
//! The productions come from `grammar/draft-1996-bnf.txt`, whose lines are the seed's
//! own; a doc comment quotes a production without the indentation of its first line
//! (continuation lines keep theirs relative to it), so one space more or less anywhere
//! in a quote, or in the grammar file, fails the test.

mod common;

use urlcert_reference::{Document, Rule};

const BNF: &str = include_str!("../grammar/draft-1996-bnf.txt");
const SOURCES: &[&str] = &[
    include_str!("../src/draft1996/mod.rs"),
    include_str!("../src/draft1996/classes.rs"),
    include_str!("../src/draft1996/generic.rs"),
    include_str!("../src/draft1996/server.rs"),
    include_str!("../src/draft1996/path.rs"),
];

/// (rule name, the production's lines without the first line's indentation).
fn productions() -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>, usize)> = Vec::new();
    for line in BNF.lines() {
        if line.starts_with('#') || line.trim().is_empty() || !line.starts_with(' ') {
            // Comments, blank lines, and section headings (which start in column 0).
            continue;
        }
        let indent = line.len() - line.trim_start().len();
        if line.split_whitespace().nth(1) == Some("=") {
            let name = line.split_whitespace().next().unwrap().to_string();
            out.push((name, vec![line[indent..].to_string()], indent));
        } else {
            let (name, lines, first) = out.last_mut().expect("a continuation line");
            assert!(
                indent > *first,
                "{name}: a continuation line is not indented past the rule"
            );
            lines.push(line[*first..].to_string());
        }
    }
    out.into_iter().map(|(n, l, _)| (n, l)).collect()
}

/// The Rust item a rule is named by: `URL-reference` is `fn url_reference(`,
/// `absoluteURL` is `fn absolute_url(`, `reserved` is `const RESERVED: `.
fn item_names(rule: &str) -> (String, String) {
    let mut snake = String::new();
    let mut prev_lower = false;
    for c in rule.chars() {
        if c.is_ascii_uppercase() && prev_lower {
            snake.push('_');
        }
        prev_lower = c.is_ascii_lowercase();
        snake.push(if c == '-' {
            '_'
        } else {
            c.to_ascii_lowercase()
        });
    }
    (
        format!("fn {snake}("),
        format!("const {}: ", snake.to_uppercase()),
    )
}

fn item_after_quote(lines: &[String]) -> Option<&'static str> {
    common::item_after_quote(SOURCES, lines)
}

#[test]
fn the_grammar_file_has_every_rule_once() {
    let all = productions();
    let names: Vec<&str> = all.iter().map(|p| p.0.as_str()).collect();
    let rules: Vec<&str> = Rule::of(Document::Draft1996).map(Rule::name).collect();
    assert_eq!(
        names, rules,
        "the grammar file and rule.rs list the same rules, in order"
    );
}

#[test]
fn every_production_is_quoted_above_its_item() {
    let mut problems = Vec::new();
    for (rule, lines) in &productions() {
        let Some(item) = item_after_quote(lines) else {
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
    for (rule, lines) in &productions() {
        let joined = lines.join("\n");
        let spaces: Vec<usize> = joined.match_indices(' ').map(|(i, _)| i).collect();
        let mut mutants = Vec::new();
        for &at in spaces.iter().take(3).chain(spaces.iter().rev().take(3)) {
            // One space removed, and one space added, at `at`.
            mutants.push(format!("{}{}", &joined[..at], &joined[at + 1..]));
            mutants.push(format!("{} {}", &joined[..at], &joined[at..]));
        }
        assert!(!mutants.is_empty(), "{rule}: a production without spaces");
        for m in mutants {
            let m_lines: Vec<String> = m.split('\n').map(String::from).collect();
            assert!(
                item_after_quote(&m_lines).is_none(),
                "{rule}: a quote with one space changed was found:\n{m}"
            );
        }
    }
}

#[test]
fn names_map_to_rust_items() {
    assert_eq!(item_names("URL-reference").0, "fn url_reference(");
    assert_eq!(item_names("absoluteURL").0, "fn absolute_url(");
    assert_eq!(item_names("opaque-URL").0, "fn opaque_url(");
    assert_eq!(item_names("net_path").0, "fn net_path(");
    assert_eq!(item_names("reserved").1, "const RESERVED: ");
}

/// Where the seed is beside the repository (`../shared`, as in CI), every line of the
/// grammar file that is not a comment is a line of the seed.
#[test]
fn the_grammar_file_lines_are_the_seeds() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/seeds/004_cb2be9cfbe6e4d67.txt"
    );
    let Ok(seed) = std::fs::read_to_string(path) else {
        eprintln!("seed 004 not found at {path}; skipped");
        return;
    };
    let seed_lines: std::collections::HashSet<&str> = seed.lines().collect();
    for line in BNF.lines() {
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        assert!(
            seed_lines.contains(line),
            "not a line of seed 004: {line:?}"
        );
    }
}
