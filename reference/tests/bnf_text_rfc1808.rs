//! Every production of RFC 1808 Section 2.2 stands verbatim in the doc comment of the
//! function (or, for a character class, the constant) named after it.
//!
//! The productions come from `grammar/rfc1808-bnf.txt`, whose lines are the RFC's own
//! less the three spaces that indent its body; a production starts in column 0 and its
//! continuation lines are indented. One space more or less anywhere in a quote, or in the
//! grammar file, fails the test.

mod common;

use urlcert_reference::{Document, Rule};

const BNF: &str = include_str!("../grammar/rfc1808-bnf.txt");
const SOURCES: &[&str] = &[
    include_str!("../src/rfc1808/mod.rs"),
    include_str!("../src/rfc1808/classes.rs"),
    include_str!("../src/rfc1808/generic.rs"),
    include_str!("../src/rfc1808/net_loc.rs"),
    include_str!("../src/rfc1808/path.rs"),
];

/// (rule name, the production's lines).
fn productions() -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for line in BNF.lines() {
        if line.starts_with(';') || line.trim().is_empty() {
            continue;
        }
        if !line.starts_with(' ') {
            assert_eq!(
                line.split_whitespace().nth(1),
                Some("="),
                "a production line: {line:?}"
            );
            let name = line.split_whitespace().next().unwrap().to_string();
            out.push((name, vec![line.to_string()]));
        } else {
            let (_, lines) = out.last_mut().expect("a continuation line follows a rule");
            lines.push(line.to_string());
        }
    }
    out
}

/// The Rust item a rule is named by: `URL` is `fn url(`, `absoluteURL` is
/// `fn absolute_url(`, `generic-RL` is `fn generic_rl(`, `reserved` is `const RESERVED: `.
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
    let rules: Vec<&str> = Rule::of(Document::Rfc1808).map(Rule::name).collect();
    assert_eq!(
        names, rules,
        "the grammar file and rule.rs list the same rules, in order"
    );
    assert_eq!(names.len(), 30);
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
    assert_eq!(item_names("URL").0, "fn url(");
    assert_eq!(item_names("absoluteURL").0, "fn absolute_url(");
    assert_eq!(item_names("generic-RL").0, "fn generic_rl(");
    assert_eq!(item_names("net_loc").0, "fn net_loc(");
    assert_eq!(item_names("reserved").1, "const RESERVED: ");
}

/// Where the RFC text is beside the repository (`../shared`, as in CI), every production
/// line of the grammar file is a line of the RFC less its three-space indentation, and
/// the grammar file holds every line of the RFC's Section 2.2 BNF.
#[test]
fn the_grammar_file_lines_are_the_rfcs() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/spec/ref/rfc1808.txt"
    );
    let Ok(rfc) = std::fs::read_to_string(path) else {
        eprintln!("rfc1808.txt not found at {path}; skipped");
        return;
    };
    let body: Vec<&str> = rfc.lines().collect();
    let start = body
        .iter()
        .position(|l| l.starts_with("   URL         = "))
        .expect("the BNF in the RFC");
    let end = body
        .iter()
        .position(|l| l.starts_with("   punctuation = "))
        .expect("the BNF's last line");
    let rfc_lines: Vec<&str> = body[start..=end]
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.strip_prefix("   ").expect("indented by three spaces"))
        .collect();
    let file_lines: Vec<&str> = BNF
        .lines()
        .filter(|l| !l.starts_with(';') && !l.trim().is_empty())
        .collect();
    assert_eq!(file_lines, rfc_lines);
}
