//! The case set as a whole: it loads (ids unique across files), and every production
//! of RFC 1738 Section 5 has a case it accepts and a case it rejects.

use std::path::Path;
use urlcert::cases::{self, Op};
use urlcert_reference::{parse_with_coverage, Coverage, DocReading, Document, Rule};

fn suite() -> cases::Suite {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cases");
    cases::load_dir(&dir).unwrap_or_else(|errors| {
        let lines: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        panic!("the case files do not load:\n{}", lines.join("\n"))
    })
}

#[test]
fn case_files_load_with_unique_ids() {
    let s = suite();
    assert!(s.cases.len() >= 300, "only {} cases", s.cases.len());
}

/// The rules RFC 1738 Section 5 defines: every one needs a case that reaches it and is
/// accepted, and one that reaches it and is rejected.
#[test]
fn every_rfc1738_production_accepts_and_rejects_in_some_case() {
    let s = suite();
    let mut total = Coverage::new();
    for lc in &s.cases {
        for key in lc.case.expect.keys() {
            if key.0.doc != Document::Rfc1738 || lc.case.op != Op::Parse {
                continue;
            }
            let doc: DocReading = key.0;
            let (_, c) = parse_with_coverage(doc, lc.case.input.as_bytes()).unwrap();
            total.merge(&c);
        }
    }
    let mut missing = Vec::new();
    for rule in Rule::of(Document::Rfc1738) {
        if !total.accepted(rule) {
            missing.push(format!("{rule}: no case it accepts"));
        }
        if !total.rejected(rule) {
            missing.push(format!("{rule}: no case it rejects"));
        }
    }
    assert!(missing.is_empty(), "coverage gaps:\n{}", missing.join("\n"));
}
