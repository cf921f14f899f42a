//! Every production of draft-ietf-uri-url-06 Section 5 (`grammar/draft-06-bnf.txt`)
//! stands verbatim in the doc comment of the function (or, for a character class, the
//! constant) named after it in `src/draft06/`.
//!
//! The grammar file holds only productions (starting in column 0, continuation lines
//! indented by spaces) and comment lines starting with ";". A one-line production is
//! quoted in backticks, a longer one in a ```` ```text ```` block, line for line, so one
//! space more or less anywhere fails the test.

mod common;

use urlcert_reference::{Document, Rule};

const BNF: &str = include_str!("../grammar/draft-06-bnf.txt");
const SOURCES: &[&str] = &[
    include_str!("../src/draft06/mod.rs"),
    include_str!("../src/draft06/generic.rs"),
    include_str!("../src/draft06/ip.rs"),
    include_str!("../src/draft06/ftp.rs"),
    include_str!("../src/draft06/file.rs"),
    include_str!("../src/draft06/http.rs"),
    include_str!("../src/draft06/gopher.rs"),
    include_str!("../src/draft06/mailto.rs"),
    include_str!("../src/draft06/news.rs"),
    include_str!("../src/draft06/nntp.rs"),
    include_str!("../src/draft06/telnet.rs"),
    include_str!("../src/draft06/wais.rs"),
    include_str!("../src/draft06/prospero.rs"),
    include_str!("../src/draft06/classes.rs"),
];

/// (rule name, the production's lines as in the grammar file).
fn productions() -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for line in BNF.lines() {
        if line.starts_with(';') {
            continue;
        }
        assert!(!line.trim().is_empty(), "a blank line in the grammar file");
        assert_eq!(line, line.trim_end(), "trailing whitespace: {line:?}");
        assert!(!line.contains('\t'), "a tab: {line:?}");
        if line.starts_with(' ') {
            let (name, lines) = out.last_mut().expect("a continuation line after a rule");
            assert!(lines.len() < 5, "{name}: too many continuation lines");
            lines.push(line.to_string());
        } else {
            let mut words = line.split_whitespace();
            let name = words.next().unwrap().to_string();
            assert_eq!(words.next(), Some("="), "not a production: {line:?}");
            out.push((name, vec![line.to_string()]));
        }
    }
    out
}

/// `gopher+_string` is `fn gopher_plus_string(`, `reserved` is `const RESERVED: `.
fn item_names(rule: &str) -> (String, String) {
    let f = rule.replace("+_", "_plus_").replace('-', "_");
    (format!("fn {f}("), format!("const {}: ", f.to_uppercase()))
}

fn item_after_quote(lines: &[String]) -> Option<&'static str> {
    common::item_after_quote(SOURCES, lines)
}

#[test]
fn the_grammar_file_has_every_rule_once_in_the_documents_order() {
    let names: Vec<String> = productions().into_iter().map(|p| p.0).collect();
    let rules: Vec<&str> = Rule::of(Document::Draft06).map(Rule::name).collect();
    assert_eq!(names.len(), 61);
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
    assert_eq!(item_names("gopher+_string").0, "fn gopher_plus_string(");
    assert_eq!(item_names("encoded822addr").0, "fn encoded822addr(");
    assert_eq!(item_names("unreserved").1, "const UNRESERVED: ");
}

/// Where the clean text is beside the repository (`../shared`, as in CI), each production
/// is the document's, with only the layout changes `grammar/README.md` lists: the
/// section's three-column indentation, tabs and trailing spaces.
#[test]
fn the_productions_are_the_documents() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/spec/ref/draft-ietf-uri-url-06.txt"
    );
    let Ok(text) = std::fs::read_to_string(path) else {
        eprintln!("the clean draft-06 text is not at {path}; skipped");
        return;
    };
    let start = text.find("\n   url            =").expect("Section 5");
    let end = text.find("\n6. Security").expect("Section 6");
    let doc_lines: Vec<String> = text[start..end]
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let expanded = l.replace('\t', "        ");
            expanded
                .trim_end()
                .strip_prefix("   ")
                .unwrap_or("")
                .to_string()
        })
        .collect();
    let ours: Vec<&str> = BNF.lines().filter(|l| !l.starts_with(';')).collect();
    assert_eq!(ours, doc_lines);
}
