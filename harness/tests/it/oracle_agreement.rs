//! The two recognizers must agree: the hand-written reference (`urlcert_reference::parse`)
//! and the oracle compiled from the grammar files (`urlcert_oracle`).
//!
//! For every document whose grammar file exists in `reference/grammar/` (and that the
//! reference implements), under each reading that changes parsing, both judge:
//!
//! - the input of every case in `cases/` (and the bases and references of the resolve
//!   cases, which are URLs too);
//! - strings generated from the grammar (a seeded walk from each candidate production of
//!   the document's table);
//! - single-byte mutations of both.
//!
//! They are compared on the verdict, and on the rule where both name one (the oracle's
//! chain of rules, `waisurl` then `waisindex`, must contain the reference's). Where the
//! reference deliberately applies prose on top of the BNF, the disagreement must fall in
//! one of the named classes below ([`CLASSES`]), each of which checks that its piece of
//! prose explains the reference's answer exactly (by asking the oracle again with the
//! prose applied). The counts are printed (`cargo test -p urlcert --test it
//! oracle_agreement -- --nocapture`). Any disagreement outside every class fails the
//! test, and all of them are listed, input escaped, with both answers.

use crate::common::files::load_cases;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use urlcert::case::Operation;
use urlcert::judge::oracle::{classes_for, same, server_rule, Class, Ctx, CLASSES, DOCS};
use urlcert_oracle::generate::{mutate, Generator, Rng};
use urlcert_oracle::{Answer, Oracle};
use urlcert_reference::{parse, DocReading, Parse, Reading};

// The documents and readings compared are `DOCS` in `urlcert::judge::oracle`. The
// October 1993 draft's `path-excludes-search` and `xxx-excludes-dots` are resolution
// readings and parse as the default does (contract), so they are not repeated there.

/// Generated strings per document (spread over the candidates), and mutations of each
/// generated string and each case input.
const GENERATED: usize = 3000;
const MUTATIONS_PER_INPUT: usize = 2;

fn escape(b: &[u8]) -> String {
    let mut s = String::from("\"");
    for &c in b {
        match c {
            b'"' => s.push_str("\\\""),
            b'\\' => s.push_str("\\\\"),
            0x20..=0x7E => s.push(c as char),
            _ => s.push_str(&format!("\\x{c:02X}")),
        }
    }
    s.push('"');
    s
}

fn show_reference(p: &Parse) -> String {
    match p.rule {
        Some(r) => format!("{} ({})", p.verdict, r.name()),
        None => p.verdict.to_string(),
    }
}

fn show_oracle(a: &Answer) -> String {
    match &a.rule {
        Some(_) => format!("{} ({})", a.verdict, a.chain.join(" > ")),
        None => a.verdict.to_string(),
    }
}

/// Every URL the case files hold: parse inputs, and the bases and references of the
/// resolve cases.
fn case_inputs() -> Vec<Vec<u8>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cases");
    let suite = load_cases(&dir);
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for c in &suite.cases {
        let mut add = |s: &str| {
            if seen.insert(s.to_string()) {
                out.push(s.as_bytes().to_vec());
            }
        };
        add(&c.case.input);
        if c.case.op == Operation::Resolve {
            if let Some(b) = &c.case.base {
                add(b);
            }
        }
    }
    assert!(out.len() > 100, "only {} case inputs", out.len());
    out
}

struct Report {
    doc: String,
    inputs: usize,
    agreed: usize,
    classes: BTreeMap<&'static str, usize>,
    /// How many inputs got each (oracle verdict, candidate): the spread of the inputs.
    spread: BTreeMap<String, usize>,
    unexplained: Vec<String>,
    table_errors: Vec<String>,
}

fn run(doc: DocReading, oracle: &Oracle, case_inputs: &[Vec<u8>]) -> Report {
    // The inputs: cases, generated strings, and mutations of both.
    let mut rng = Rng::new(0x5eed_0fac_u64 ^ doc.to_string().len() as u64);
    let generator = Generator::new(oracle);
    let mut inputs: Vec<Vec<u8>> = case_inputs.to_vec();
    let per_start = GENERATED / oracle.starts.len().max(1) + 1;
    let mut generated = Vec::new();
    for (_, start) in &oracle.starts {
        for _ in 0..per_start {
            generated.push(generator.string(&mut rng, start));
        }
    }
    let base: Vec<Vec<u8>> = case_inputs.iter().chain(&generated).cloned().collect();
    inputs.extend(generated);
    for s in &base {
        for _ in 0..MUTATIONS_PER_INPUT {
            inputs.push(mutate(&mut rng, s));
        }
    }
    let mut seen = BTreeSet::new();
    inputs.retain(|i| seen.insert(i.clone()));

    let server = server_rule(doc.doc.id(), oracle);
    let classes: Vec<&Class> = classes_for(doc.doc.id(), doc.reading).collect();
    let mut report = Report {
        doc: doc.to_string(),
        inputs: inputs.len(),
        agreed: 0,
        classes: classes.iter().map(|c| (c.name, 0)).collect(),
        spread: BTreeMap::new(),
        unexplained: Vec::new(),
        table_errors: Vec::new(),
    };
    for input in &inputs {
        let reference = parse(doc, input);
        let answer = oracle.judge(input);
        let key = match answer.chain.is_empty() {
            false => format!("{} {}", answer.verdict, answer.chain.join(" > ")),
            true => answer.verdict.to_string(),
        };
        *report.spread.entry(key).or_default() += 1;
        if answer.entry == answer.matched.is_empty() {
            report.table_errors.push(format!(
                "{}: the entry production {} but the candidates matched are {:?}",
                escape(input),
                if answer.entry {
                    "matches"
                } else {
                    "does not match"
                },
                answer.matched
            ));
        }
        if same(&reference, &answer) {
            report.agreed += 1;
            continue;
        }
        let cx = Ctx {
            input,
            reference: &reference,
            oracle,
            answer: &answer,
            server: &server,
        };
        match classes.iter().find(|c| (c.explains)(&cx)) {
            Some(c) => *report.classes.get_mut(c.name).expect("listed") += 1,
            None => report.unexplained.push(format!(
                "{}  reference: {}  oracle: {}",
                escape(input),
                show_reference(&reference),
                show_oracle(&answer)
            )),
        }
    }
    report
}

#[test]
fn the_reference_and_the_oracle_agree() {
    let grammar_dir = urlcert_oracle::grammar_dir();
    let case_inputs = case_inputs();
    let mut reports = Vec::new();
    let mut build_errors = Vec::new();
    for &doc in DOCS {
        let key = doc.to_string();
        let table = urlcert_oracle::table(doc.doc.id()).expect("a table for every document");
        if !grammar_dir.join(table.file).exists() {
            build_errors.push(format!("{key}: no grammar file {}", table.file));
            continue;
        }
        let reading = (doc.reading != Reading::Strict).then(|| doc.reading.id());
        match Oracle::load(doc.doc.id(), reading, &grammar_dir) {
            Ok(oracle) => reports.push(run(doc, &oracle, &case_inputs)),
            Err(e) => build_errors.push(format!("{key}: {e}")),
        }
    }

    println!("The second oracle against the reference:");
    for r in &reports {
        println!(
            "  {:<30} {:>6} inputs, {:>6} agree, {:>4} unexplained",
            r.doc,
            r.inputs,
            r.agreed,
            r.unexplained.len()
        );
        for (name, n) in &r.classes {
            println!("      class {name:<32} {n:>6}");
        }
        let spread: Vec<String> = r.spread.iter().map(|(k, n)| format!("{k}: {n}")).collect();
        println!("      oracle verdicts: {}", spread.join(", "));
    }
    for c in CLASSES {
        println!("  class {}: {}", c.name, c.cite);
    }

    let mut failures = build_errors.clone();
    for r in &reports {
        for e in &r.table_errors {
            failures.push(format!("{}: table: {e}", r.doc));
        }
        for u in &r.unexplained {
            failures.push(format!("{}: {u}", r.doc));
        }
    }
    assert!(
        reports.iter().any(|r| r.doc == "rfc1738") && reports.iter().any(|r| r.doc == "draft-1996"),
        "rfc1738 and draft-1996 must be compared"
    );
    assert!(
        failures.is_empty(),
        "{} disagreement(s) between the reference and the oracle that no class explains:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The comparison is not blind: with one production of a grammar file changed, the
/// changed oracle disagrees with the reference, and no class explains it away.
#[test]
fn a_changed_production_is_caught() {
    let case_inputs = case_inputs();
    let dir = urlcert_oracle::grammar_dir();
    let changes = [
        (
            "rfc1738",
            "hsegment       = *[ uchar | \";\" | \":\" | \"@\" | \"&\" | \"=\" ]",
            "hsegment       = *[ uchar | \":\" | \"@\" | \"&\" | \"=\" ]",
        ),
        (
            "draft-1996",
            "      port         = *digit",
            "      port         = 1*digit",
        ),
        (
            "rfc2396",
            "      port          = *digit",
            "      port          = 1*digit",
        ),
        (
            "rfc3986",
            "port          = *DIGIT",
            "port          = 1*DIGIT",
        ),
    ];
    for (doc, from, to) in changes {
        let table = urlcert_oracle::table(doc).expect("a table");
        let text = std::fs::read_to_string(dir.join(table.file)).expect("the grammar file");
        assert!(text.contains(from), "{doc}: {from:?} is not in the file");
        let changed = text.replace(from, to);
        let oracle = Oracle::from_text(table, None, &changed).expect("it compiles");
        let doc: DocReading = doc.parse().expect("a document");
        let report = run(doc, &oracle, &case_inputs);
        println!(
            "{doc} with {to:?}: {} unexplained, e.g. {}",
            report.unexplained.len(),
            report.unexplained.first().map_or("", String::as_str)
        );
        assert!(
            report.unexplained.len() > 5,
            "{doc}: changing {from:?} to {to:?} went unnoticed ({} unexplained)",
            report.unexplained.len()
        );
    }
}

/// RFC 3986's IP literals, where both recognizers have the most to get right (the nine
/// alternatives of `IPv6address`, the ranges of `dec-octet`): as the host of "//[...]",
/// every string of up to seven characters over "1", "f", ":" and "."; every shape of
/// address up to nine pieces on either side of a "::"; the IPv4 part of addresses from
/// "0" to "999", with leading zeros too; and strings generated from `IP-literal`, with
/// their mutations. The verdicts must be the same.
/// The comparison is not blind there either: with `h16` or `dec-octet` changed in the
/// grammar file, the changed oracle disagrees on many of those inputs.
#[test]
fn rfc3986_ip_literals_agree() {
    let dir = urlcert_oracle::grammar_dir();
    let table = urlcert_oracle::table("rfc3986").expect("a table");
    let text = std::fs::read_to_string(dir.join(table.file)).expect("the grammar file");
    let oracle = Oracle::from_text(table, None, &text).expect("the rfc3986 oracle");
    let (inputs, valid, disagree) = ip_literal_disagreements(&oracle);
    println!(
        "rfc3986 IP literals: {inputs} inputs, {valid} valid, {} disagree",
        disagree.len()
    );
    assert!(valid > 5000, "only {valid} valid IP literals");
    assert!(disagree.is_empty(), "{}", disagree.join("\n"));
    for (from, to) in [
        ("h16           = 1*4HEXDIG", "h16           = 1*3HEXDIG"),
        (
            "/ \"25\" %x30-35          ; 250-255",
            "/ \"25\" %x30-36          ; 250-255",
        ),
        (
            "/ [ *4( h16 \":\" ) h16 ] \"::\"              ls32",
            "/ [ *3( h16 \":\" ) h16 ] \"::\"              ls32",
        ),
    ] {
        assert!(text.contains(from), "{from:?} is not in the file");
        let changed = Oracle::from_text(table, None, &text.replace(from, to)).expect("it compiles");
        let (_, _, disagree) = ip_literal_disagreements(&changed);
        println!("rfc3986 with {to:?}: {} disagree", disagree.len());
        assert!(disagree.len() > 5, "{to:?} went unnoticed");
    }
}

/// How many inputs, how many the oracle finds valid, and the disagreements.
fn ip_literal_disagreements(oracle: &Oracle) -> (usize, usize, Vec<String>) {
    let doc: DocReading = "rfc3986".parse().expect("a document");
    let mut hosts: Vec<Vec<u8>> = vec![Vec::new()];
    let mut frontier: Vec<Vec<u8>> = vec![Vec::new()];
    for _ in 0..7 {
        let mut next = Vec::new();
        for s in &frontier {
            for &c in b"1f:." {
                let mut t = s.clone();
                t.push(c);
                next.push(t);
            }
        }
        hosts.extend(next.iter().cloned());
        frontier = next;
    }
    // Every shape of address: b pieces, "::" or not, a pieces, the last two perhaps an
    // IPv4 address, for b and a up to nine, in three spellings of a piece.
    for piece in ["1", "ab", "fFf0"] {
        let run = |n: usize| vec![piece; n].join(":");
        for b in 0..=9 {
            hosts.push(run(b).into_bytes());
            hosts.push(format!("{}:1.2.3.4", run(b)).into_bytes());
            for a in 0..=9 {
                hosts.push(format!("{}::{}", run(b), run(a)).into_bytes());
                hosts.push(format!("{}::{}:1.2.3.4", run(b), run(a)).into_bytes());
            }
        }
    }
    for n in 0..1000 {
        for octet in [format!("{n}"), format!("{n:02}"), format!("{n:03}")] {
            for head in ["::", "::ffff:", "1:2:3:4:5:6:"] {
                hosts.push(format!("{head}1.2.3.{octet}").into_bytes());
                hosts.push(format!("{head}{octet}.2.3.4").into_bytes());
            }
        }
    }
    let mut rng = Rng::new(0x3986);
    let generator = Generator::new(oracle);
    let literal = urlcert_oracle::Expr::Ref("IP-literal".to_string());
    let mut generated = Vec::new();
    for _ in 0..20_000 {
        let s = generator.string(&mut rng, &literal);
        generated.push(mutate(&mut rng, &s));
        generated.push(s);
    }
    let mut inputs: Vec<Vec<u8>> = hosts
        .iter()
        .map(|h| [&b"//["[..], h, b"]"].concat())
        .collect();
    inputs.extend(generated.iter().map(|g| [&b"//"[..], g].concat()));
    let mut seen = BTreeSet::new();
    inputs.retain(|i| seen.insert(i.clone()));
    let mut disagree = Vec::new();
    let mut valid = 0;
    for input in &inputs {
        let reference = parse(doc, input);
        let answer = oracle.judge(input);
        valid += usize::from(answer.verdict == urlcert_oracle::Verdict::Valid);
        if !same(&reference, &answer) {
            disagree.push(format!(
                "{}  reference: {}  oracle: {}",
                escape(input),
                show_reference(&reference),
                show_oracle(&answer)
            ));
        }
    }
    (inputs.len(), valid, disagree)
}
