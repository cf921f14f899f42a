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
            let (_, c) = parse_with_coverage(reading, lc.case.input.as_bytes());
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

/// The same for draft-03's "BNF for specific URL schemes", with the RFC 822 / RFC 1521
/// rules it names. `afsaddress` (and `cellname`) "is not a url production"; `national`
/// and `punctuation` "do not appear in any productions"; `scheme`, `fragmentid` and
/// `reserved` are defined and used by no production; `void` cannot be rejected.
#[test]
fn every_draft03_production_accepts_and_rejects_in_some_case() {
    let exempt = [
        "afsaddress",
        "cellname",
        "national",
        "punctuation",
        "scheme",
        "fragmentid",
        "reserved",
        "void",
    ];
    let missing = coverage_gaps(Document::Draft03, &exempt);
    assert!(missing.is_empty(), "coverage gaps:\n{}", missing.join("\n"));
}

/// Every row of the divergence table (`shared/spec/divergences.md` Sections 1 to 4) has
/// cases, and every row of Sections 1 to 3 has a case whose documents disagree, except
/// the backtick row: the table shows every document refusing it (it only moves from no
/// class to `national` and then `unwise`), so no input can make them disagree.
#[test]
fn every_divergence_row_has_cases() {
    const ALL_AGREE: &[&str] = &["1a.backtick"];
    let suite = suite();
    let mut missing = Vec::new();
    for row in urlcert::rows::ROWS {
        let tag = row.tag();
        let tagged: Vec<_> = suite
            .cases
            .iter()
            .filter(|c| c.case.tags.contains(&tag))
            .collect();
        let diverging = tagged
            .iter()
            .any(|c| c.case.tags.iter().any(|t| t == "divergence"));
        if tagged.is_empty() {
            missing.push(format!("{tag} ({}): no case", row.title));
        } else if row.section() != "4" && !diverging && !ALL_AGREE.contains(&row.slug) {
            missing.push(format!("{tag} ({}): no `divergence` case", row.title));
        }
    }
    assert!(
        missing.is_empty(),
        "rows without cases:\n{}",
        missing.join("\n")
    );
}

/// The row list in harness/src/rows.rs matches the table it was taken from, when the
/// shared notes are beside the checkout (they are in CI).
#[test]
fn the_row_list_matches_the_divergence_table() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/spec/divergences.md");
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!("skipped: {} is not there", path.display());
        return;
    };
    let mut section = "";
    let mut count = 0;
    for line in text.lines() {
        if let Some(h) = line.strip_prefix("## ") {
            section = h.split('.').next().unwrap_or_default();
            continue;
        }
        let is_row = line.starts_with("| ")
            && !line.starts_with("| Row")
            && !line.starts_with("| char")
            && !line.starts_with("|---");
        if is_row && ["1", "2", "3", "4"].contains(&section) {
            count += 1;
        }
    }
    let shared = urlcert::rows::ROWS.len() - urlcert::rows::LATER_ROWS.len();
    assert_eq!(
        count, shared,
        "divergences.md Sections 1-4 have {count} rows; harness/src/rows.rs lists {shared} from it"
    );
}

/// The rows added after 1996 are rows of `ROWS`, each in its section, and each is a row
/// of the table in `cases/divergences/README.md`.
#[test]
fn the_later_rows_are_in_the_cases_divergence_table() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cases/divergences/README.md");
    let text = std::fs::read_to_string(&path).expect("cases/divergences/README.md");
    for slug in urlcert::rows::LATER_ROWS {
        let row = urlcert::rows::ROWS.iter().find(|r| r.slug == *slug);
        assert!(row.is_some(), "{slug} is not in ROWS");
        assert!(
            text.lines()
                .any(|l| l.starts_with('|') && l.contains(&format!("`row:{slug}`"))),
            "cases/divergences/README.md has no table row for `row:{slug}`"
        );
    }
}
