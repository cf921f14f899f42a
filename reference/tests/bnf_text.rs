//! Every production of RFC 1738 Section 5 stands verbatim in the doc comment of the
//! function (or, for a character class, the constant) named after it.

mod common;

const BNF: &str = include_str!("../grammar/rfc1738-bnf.txt");
const SOURCES: &[&str] = &[
    include_str!("../src/rfc1738/mod.rs"),
    include_str!("../src/rfc1738/generic.rs"),
    include_str!("../src/rfc1738/ip.rs"),
    include_str!("../src/rfc1738/ftp.rs"),
    include_str!("../src/rfc1738/file.rs"),
    include_str!("../src/rfc1738/http.rs"),
    include_str!("../src/rfc1738/gopher.rs"),
    include_str!("../src/rfc1738/mailto.rs"),
    include_str!("../src/rfc1738/news.rs"),
    include_str!("../src/rfc1738/nntp.rs"),
    include_str!("../src/rfc1738/telnet.rs"),
    include_str!("../src/rfc1738/wais.rs"),
    include_str!("../src/rfc1738/prospero.rs"),
    include_str!("../src/rfc1738/classes.rs"),
];

/// (rule name, the production's lines as printed).
fn productions() -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    let body = &BNF[BNF.find("; The generic form").expect("the BNF section")..];
    for line in body.lines() {
        let starts_rule = line.chars().next().is_some_and(|c| c.is_ascii_lowercase())
            && line.contains(" = ")
            || line.split_whitespace().nth(1) == Some("=");
        if starts_rule && !line.starts_with(' ') {
            let name = line.split_whitespace().next().unwrap().to_string();
            out.push((name, vec![line.to_string()]));
        } else if line.starts_with(' ') && !line.trim().is_empty() {
            if let Some(last) = out.last_mut() {
                last.1.push(line.to_string());
            }
        }
    }
    out
}

fn item_name(rule: &str) -> (String, String) {
    let f = rule.replace("+_", "_plus_").replace('-', "_");
    (format!("fn {f}("), format!("const {}: ", f.to_uppercase()))
}

#[test]
fn every_production_is_quoted_above_its_function() {
    let all = productions();
    assert_eq!(
        all.len(),
        67,
        "productions found: {:?}",
        all.iter().map(|p| &p.0).collect::<Vec<_>>()
    );
    let mut problems = Vec::new();
    for (rule, lines) in &all {
        let Some(item) = common::item_after_quote(SOURCES, lines) else {
            problems.push(format!("{rule}: production not quoted verbatim"));
            continue;
        };
        let (f, c) = item_name(rule);
        if !item.contains(&f) && !item.contains(&c) {
            problems.push(format!(
                "{rule}: quoted above `{}`, not `{f}` or `{c}`",
                item.trim()
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
