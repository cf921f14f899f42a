//! The case set as a whole: it loads (ids unique across files), and every production
//! of RFC 1738 Section 5 and of the 1996 draft has a case it accepts and one it rejects.

use std::path::Path;
use urlcert::case::{self, Operation};
use urlcert_reference::{parse_with_coverage, Coverage, DocReading, Document, Rule};

fn suite() -> case::Suite {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cases");
    case::load_dir(&dir).unwrap_or_else(|errors| {
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
            if key.0.doc != doc || lc.case.op != Operation::Parse {
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

/// Every row of the divergence table (`cases/divergences/README.md`) has
/// cases, and every row of Sections 1 to 3 has a case whose documents disagree, except
/// the backtick row: the table shows every document refusing it (it only moves from no
/// class to `national` and then `unwise`), so no input can make them disagree. A row of
/// Section 6 is one document against itself: its cases record a `contradiction`.
#[test]
fn every_divergence_row_has_cases() {
    const ALL_AGREE: &[&str] = &["1a.backtick"];
    let suite = suite();
    let mut missing = Vec::new();
    for row in urlcert::case::rows::ROWS {
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
        } else if row.section() == "6" {
            let contradicting = tagged
                .iter()
                .any(|c| c.case.expect.values().any(|e| e.contradiction.is_some()));
            if !contradicting {
                missing.push(format!(
                    "{tag} ({}): no case records a contradiction",
                    row.title
                ));
            }
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

/// The rows of the divergence table, `cases/divergences/README.md`: each table line whose
/// first cell begins with a `row:` tag, in the file's order (a row the table has for the
/// documents up to 1996 and again for the later ones is counted once), with the number
/// of the `## ` section it is under.
fn table_rows() -> Vec<(String, String)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cases/divergences/README.md");
    let text = std::fs::read_to_string(&path).expect("cases/divergences/README.md");
    let mut section = String::new();
    let mut rows: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        if let Some(h) = line.strip_prefix("## ") {
            section = h.split('.').next().unwrap_or_default().to_string();
            continue;
        }
        let Some(cell) = line.strip_prefix("| `row:") else {
            continue;
        };
        let slug = cell.split('`').next().unwrap_or_default().to_string();
        if !rows.iter().any(|(s, _)| *s == slug) {
            rows.push((slug, section.clone()));
        }
    }
    rows
}

/// The table is the project's own: its rows are the rows of harness/src/case/rows.rs, in the
/// same order, each under the section its tag names.
#[test]
fn the_row_list_is_the_divergence_table() {
    let table = table_rows();
    for (slug, section) in &table {
        let row = urlcert::case::rows::ROWS.iter().find(|r| r.slug == *slug);
        let row = row.unwrap_or_else(|| panic!("the table's row:{slug} is not in rows.rs"));
        assert_eq!(row.section(), section, "row:{slug} is under ## {section}.");
    }
    let listed: Vec<&str> = urlcert::case::rows::ROWS.iter().map(|r| r.slug).collect();
    let tabled: Vec<&str> = table.iter().map(|(s, _)| s.as_str()).collect();
    assert_eq!(
        listed, tabled,
        "rows.rs and cases/divergences/README.md differ"
    );
}

/// Every `row:` tag a case carries names a row of the table, and every row of the table
/// is named by some case.
#[test]
fn every_row_tag_is_a_table_row_and_every_row_is_tagged() {
    let table = table_rows();
    let suite = suite();
    let mut tags = std::collections::BTreeSet::new();
    for lc in &suite.cases {
        for t in &lc.case.tags {
            if let Some(slug) = t.strip_prefix("row:") {
                tags.insert(slug.to_string());
            }
        }
    }
    let unknown: Vec<_> = tags
        .iter()
        .filter(|t| !table.iter().any(|(s, _)| s == *t))
        .collect();
    assert!(
        unknown.is_empty(),
        "tags naming no row of the table: {unknown:?}"
    );
    let untagged: Vec<_> = table.iter().filter(|(s, _)| !tags.contains(s)).collect();
    assert!(untagged.is_empty(), "rows no case names: {untagged:?}");
    assert!(
        table.len() >= 60,
        "only {} rows found in the table",
        table.len()
    );
}

/// The same for RFC 2396 Appendix A. `path` is defined there but used by no production
/// (`hier_part` and `relativeURI` name `net_path`, `abs_path` and `rel_path`); the five
/// rules RFC 2732 adds (`IPv6reference` and RFC 2373's `IPv6address`, `hexpart`,
/// `hexseq`, `hex4`) are asked only under `rfc2396@rfc2732`, which the cases cover too.
#[test]
fn every_rfc2396_production_accepts_and_rejects_in_some_case() {
    let missing = coverage_gaps(Document::Rfc2396, &["path"]);
    assert!(missing.is_empty(), "coverage gaps:\n{}", missing.join("\n"));
}

/// The same for RFC 3986 Appendix A. `path` (Section 3.3 lists the five path rules
/// under it, but `URI-reference` reaches them only through `hier-part` and
/// `relative-part`), `reserved` and `gen-delims` are used by no rule that a
/// `URI-reference` reaches.
#[test]
fn every_rfc3986_production_accepts_and_rejects_in_some_case() {
    let missing = coverage_gaps(Document::Rfc3986, &["path", "reserved", "gen-delims"]);
    assert!(missing.is_empty(), "coverage gaps:\n{}", missing.join("\n"));
}

/// The steps a resolve case takes under `doc` (every reading the cases give).
fn steps_reached(doc: Document) -> std::collections::BTreeSet<&'static str> {
    let mut seen = std::collections::BTreeSet::new();
    for lc in &suite().cases {
        if lc.case.op != Operation::Resolve {
            continue;
        }
        let base = lc.case.base.as_deref().unwrap_or_default();
        for key in lc.case.expect.keys().filter(|k| k.0.doc == doc) {
            if let Ok(r) =
                urlcert_reference::resolve(key.0, base.as_bytes(), lc.case.input.as_bytes(), false)
            {
                seen.extend(r.step_ids());
            }
        }
    }
    seen
}

/// Every step of RFC 2396 Section 5.2 (1 to 7, and 6a to 6h) is taken by some resolve
/// case.
#[test]
fn every_rfc2396_resolution_step_is_reached() {
    let all = [
        "1", "2", "3", "4", "5", "6", "6a", "6b", "6c", "6d", "6e", "6f", "6g", "6h", "7",
    ];
    let seen = steps_reached(Document::Rfc2396);
    let missing: Vec<_> = all.iter().filter(|s| !seen.contains(*s)).collect();
    assert!(
        missing.is_empty(),
        "no case takes {missing:?}; seen {seen:?}"
    );
}

/// Every part of RFC 3986 Sections 5.2.1 to 5.3 is taken by some resolve case: each
/// branch of 5.2.2 (the non-strict parser's included), the merge of 5.2.3, each rule
/// A to E of remove_dot_segments, and the recomposition.
#[test]
fn every_rfc3986_resolution_step_is_reached() {
    let all = [
        "5.2.1",
        "5.2.2",
        "5.2.2-undefine",
        "5.2.2-scheme",
        "5.2.2-authority",
        "5.2.2-empty-path",
        "5.2.2-absolute-path",
        "5.2.2-merge",
        "5.2.3",
        "5.2.4",
        "5.2.4A",
        "5.2.4B",
        "5.2.4C",
        "5.2.4D",
        "5.2.4E",
        "5.3",
    ];
    let seen = steps_reached(Document::Rfc3986);
    let missing: Vec<_> = all.iter().filter(|s| !seen.contains(*s)).collect();
    assert!(
        missing.is_empty(),
        "no case takes {missing:?}; seen {seen:?}"
    );
}

/// Every layer of RFC 1808 Section 3 and the 1996 draft's Section 5 gives the base in
/// some `base` or `links` case, under each of the four documents that have the layers;
/// and every note urlcert raises while establishing a base is raised by some case.
#[test]
fn every_base_layer_and_note_is_reached_by_a_case() {
    use urlcert_reference::base::{Source, NOTE_IDS};
    let mut taken: std::collections::BTreeSet<(Document, &'static str)> = Default::default();
    let mut notes: std::collections::BTreeSet<&'static str> = Default::default();
    for lc in &suite().cases {
        if !matches!(lc.case.op, Operation::Base | Operation::Links) {
            continue;
        }
        for key in lc.case.expect.keys() {
            let Ok(Ok(found)) = urlcert::run::runner::establish(&lc.case, key.0) else {
                continue;
            };
            for e in &found.entities {
                taken.insert((key.0.doc, e.base.source.id()));
                notes.extend(e.notes.iter().map(|n| n.id));
            }
        }
    }
    let mut missing = Vec::new();
    for doc in [
        Document::Rfc1808,
        Document::Draft1996,
        Document::Rfc2396,
        Document::Rfc3986,
    ] {
        for source in Source::ALL {
            if !taken.contains(&(doc, source.id())) {
                missing.push(format!("{doc}: no case takes its base from {source}"));
            }
        }
    }
    for id in NOTE_IDS {
        if !notes.contains(id) {
            missing.push(format!("no case raises {id}"));
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}
