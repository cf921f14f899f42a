//! The case set as a whole: it loads (ids unique across files), and every production
//! of RFC 1738 Section 5 and of the 1996 draft has a case it accepts and one it rejects.

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

/// Every rule of `doc` reached by a parse case and accepted, and reached and rejected.
fn coverage_gaps(doc: Document, exempt: &[&str]) -> Vec<String> {
    let s = suite();
    let mut total = Coverage::new();
    for lc in &s.cases {
        for key in lc.case.expect.keys() {
            if key.0.doc != doc || lc.case.op != Op::Parse {
                continue;
            }
            let reading: DocReading = key.0;
            let (_, c) = parse_with_coverage(reading, lc.case.input.as_bytes()).unwrap();
            total.merge(&c);
        }
    }
    let mut missing = Vec::new();
    for rule in Rule::of(doc).filter(|r| !exempt.contains(&r.name())) {
        if !total.accepted(rule) {
            missing.push(format!("{rule}: no case it accepts"));
        }
        if !total.rejected(rule) {
            missing.push(format!("{rule}: no case it rejects"));
        }
    }
    missing
}

/// The rules RFC 1738 Section 5 defines: every one needs a case that reaches it and is
/// accepted, and one that reaches it and is rejected.
#[test]
fn every_rfc1738_production_accepts_and_rejects_in_some_case() {
    let missing = coverage_gaps(Document::Rfc1738, &[]);
    assert!(missing.is_empty(), "coverage gaps:\n{}", missing.join("\n"));
}

/// The same for the 1996 draft's Sections 1.3 to 4.3.3. Section 2.3.3's classes only
/// describe what is excluded; no URL production uses them.
#[test]
fn every_draft1996_production_accepts_and_rejects_in_some_case() {
    let exempt = [
        "excluded", "control", "space", "delims", "unwise", "national",
    ];
    let missing = coverage_gaps(Document::Draft1996, &exempt);
    assert!(missing.is_empty(), "coverage gaps:\n{}", missing.join("\n"));
}

/// The same for RFC 1808 Section 2.2. `national` and `punctuation` are listed there but
/// used by no production.
#[test]
fn every_rfc1808_production_accepts_and_rejects_in_some_case() {
    let missing = coverage_gaps(Document::Rfc1808, &["national", "punctuation"]);
    assert!(missing.is_empty(), "coverage gaps:\n{}", missing.join("\n"));
}

/// The same for draft-06 Section 5. `punctuation` is listed there but used by no
/// production.
#[test]
fn every_draft06_production_accepts_and_rejects_in_some_case() {
    let missing = coverage_gaps(Document::Draft06, &["punctuation"]);
    assert!(missing.is_empty(), "coverage gaps:\n{}", missing.join("\n"));
}

/// The same for the October 1993 draft's "BNF syntax". `afsaddress` (and its
/// `cellname`) "is not a url production"; `national` and `punctuation` "do not appear in
/// any productions"; `void` matches every empty span, so it cannot be rejected. A
/// prospero version and its attributes are split off only where they derive (otherwise
/// the "%00..." stays in the `hsoname`, which is the other derivation), so their rules
/// are never tried and rejected.
#[test]
fn every_draft02_production_accepts_and_rejects_in_some_case() {
    let exempt = [
        "afsaddress",
        "cellname",
        "national",
        "punctuation",
        "void",
        "version",
        "attributes",
        "attribute",
        "alphanums",
        "alphanum",
    ];
    let missing = coverage_gaps(Document::Draft02, &exempt);
    assert!(missing.is_empty(), "coverage gaps:\n{}", missing.join("\n"));
}
