//! Bad case files of every kind get an error naming the file, line and case; every
//! problem is reported, not only the first.

use crate::common::files::ONE_GOOD_CASE;
use std::path::{Path, PathBuf};
use urlcert::case::{load_dir, load_file, LoadError};

fn write(dir: &Path, name: &str, text: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

fn errors_of(text: &str) -> Vec<LoadError> {
    let dir = tempfile::tempdir().unwrap();
    let p = write(dir.path(), "t.yaml", text.as_bytes());
    load_file(&p).expect_err("the file should not load")
}

fn one_error(text: &str) -> LoadError {
    let e = errors_of(text);
    assert_eq!(e.len(), 1, "{e:?}");
    e.into_iter().next().unwrap()
}

#[test]
fn a_good_file_loads() {
    let dir = tempfile::tempdir().unwrap();
    let p = write(dir.path(), "t.yaml", ONE_GOOD_CASE.as_bytes());
    let cases = load_file(&p).unwrap();
    assert_eq!(cases.len(), 1);
    assert_eq!(cases[0].line, 2);
}

#[test]
fn malformed_yaml_names_line_and_column() {
    let e = one_error("cases:\n- id: t.x\n  input: \"unterminated\n");
    assert!(e.file.ends_with("t.yaml"));
    assert!(e.line.is_some() && e.column.is_some(), "{e}");
    assert!(e.to_string().starts_with(&e.file.display().to_string()));
}

#[test]
fn unknown_field_is_named_with_its_line_and_case() {
    let text = ONE_GOOD_CASE.replace("  op: parse\n", "  op: parse\n  inptu: typo\n");
    let e = one_error(&text);
    assert_eq!(e.line, Some(4), "{e}");
    assert_eq!(e.case.as_deref(), Some("t.good"));
    assert!(e.message.contains("unknown field `inptu`"), "{e}");
}

#[test]
fn unknown_field_inside_an_expectation_is_an_error() {
    let text = ONE_GOOD_CASE.replace("verdict: valid,", "verdict: valid, verdcit: x,");
    assert!(one_error(&text).message.contains("unknown field `verdcit`"));
}

#[test]
fn unknown_document_is_an_error_in_expect_and_in_cite() {
    let e = one_error(&ONE_GOOD_CASE.replace("    rfc1738: {", "    rfc1739: {"));
    assert!(e.message.contains("unknown document `rfc1739`"), "{e}");
    assert_eq!(e.case.as_deref(), Some("t.good"));
    let e = one_error(&ONE_GOOD_CASE.replace("{doc: rfc1738, section", "{doc: rfc1066, section"));
    assert!(e.message.contains("unknown document `rfc1066`"), "{e}");
}

#[test]
fn unknown_reading_is_an_error() {
    let e = one_error(&ONE_GOOD_CASE.replace("    rfc1738: {", "    rfc1738@sloppy: {"));
    assert!(e.message.contains("unknown reading `sloppy`"), "{e}");
}

#[test]
fn missing_citation_is_an_error() {
    let e = one_error(&ONE_GOOD_CASE.replace("[{doc: rfc1738, section: \"3.3\"}]", "[]"));
    assert!(e.message.contains("missing citation"), "{e}");
    // At the `cite` key.
    assert_eq!((e.line, e.column), (Some(5), Some(3)), "{e}");
    let e = one_error(&ONE_GOOD_CASE.replace("  cite: [{doc: rfc1738, section: \"3.3\"}]\n", ""));
    assert!(e.message.contains("missing field `cite`"), "{e}");
}

#[test]
fn duplicate_ids_in_one_file_name_both_lines() {
    let text = format!(
        "{ONE_GOOD_CASE}{}",
        ONE_GOOD_CASE.trim_start_matches("cases:\n")
    );
    let e = one_error(&text);
    assert_eq!(e.line, Some(8));
    assert!(
        e.message.contains("duplicate id: already used at line 2"),
        "{e}"
    );
}

#[test]
fn duplicate_ids_across_files_name_both_files() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "a.yaml", ONE_GOOD_CASE.as_bytes());
    write(dir.path(), "b.yaml", ONE_GOOD_CASE.as_bytes());
    let e = load_dir(dir.path()).unwrap_err();
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(e[0].file.ends_with("b.yaml"));
    assert!(e[0].message.contains("a.yaml:2"), "{}", e[0]);
}

#[test]
fn invalid_utf8_names_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let mut bytes = ONE_GOOD_CASE.as_bytes().to_vec();
    let at = ONE_GOOD_CASE.find("http://h/").unwrap() + 7;
    bytes[at] = 0xff;
    let p = write(dir.path(), "t.yaml", &bytes);
    let e = load_file(&p).unwrap_err();
    assert_eq!(e[0].line, Some(4));
    assert_eq!(e[0].column, Some(18));
    assert!(e[0].message.contains("not valid UTF-8"), "{}", e[0]);
}

#[test]
fn unknown_names_are_errors() {
    for (from, to, says) in [
        ("verdict: valid", "verdict: fine", "unknown verdict `fine`"),
        ("rule: httpurl", "rule: htpurl", "unknown rule `htpurl`"),
        (
            "rule: httpurl",
            "rule: httpurl, components: {hots: h}",
            "unknown component `hots`",
        ),
        (
            "rule: httpurl",
            "rule: httpurl, notes: [default-prot]",
            "unknown note `default-prot`",
        ),
        (
            "rule: httpurl",
            "rule: httpurl, error: {rule: port}",
            "a valid verdict has no error",
        ),
        ("id: t.good", "id: T Good", "id must match"),
        ("op: parse", "op: extrakt", "unknown variant `extrakt`"),
    ] {
        let e = one_error(&ONE_GOOD_CASE.replace(from, to));
        assert!(e.message.contains(says), "{to}: {e}");
    }
}

#[test]
fn every_problem_in_every_file_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "a.yaml",
        ONE_GOOD_CASE
            .replace("verdict: valid", "verdict: fine")
            .as_bytes(),
    );
    let two = format!(
        "{}{}",
        ONE_GOOD_CASE
            .replace("t.good", "t.one")
            .replace("[{doc: rfc1738, section: \"3.3\"}]", "[]"),
        ONE_GOOD_CASE
            .replace("t.good", "t.two")
            .replace("rule: httpurl", "rule: nope")
            .trim_start_matches("cases:\n")
    );
    write(dir.path(), "b.yaml", two.as_bytes());
    write(dir.path(), "_draft.yaml", b"not: [valid");
    let e = load_dir(dir.path()).unwrap_err();
    let text: Vec<String> = e.iter().map(|x| x.to_string()).collect();
    assert_eq!(e.len(), 3, "{text:#?}");
    // Each at the field that is wrong: `verdict`, `cite`, `rule`.
    assert!(text[0].contains("a.yaml:7:15: case `t.good`"), "{text:#?}");
    assert!(text[1].contains("b.yaml:5:3: case `t.one`"), "{text:#?}");
    assert!(text[2].contains("b.yaml:13:31: case `t.two`"), "{text:#?}");
}

#[test]
fn a_missing_folder_is_an_error_not_an_empty_suite() {
    let e = load_dir(Path::new("/nonexistent/urlcert/cases")).unwrap_err();
    assert!(e[0].message.contains("cannot read the case folder"));
}

const RESOLVE: &str = include_str!("case_sets/loader.resolve.yaml");

fn resolve_case(tags: &str, contradiction: &str) -> String {
    RESOLVE
        .replace("TAGS", tags)
        .replace("CONTRA", contradiction)
}

#[test]
fn a_resolve_case_with_its_contradiction_and_divergence_loads() {
    let dir = tempfile::tempdir().unwrap();
    let text = resolve_case(
        "contradiction, divergence",
        ", contradiction: \"C.1 vs Step 5\"",
    );
    let p = write(dir.path(), "t.yaml", text.as_bytes());
    let cases = load_file(&p).unwrap();
    assert_eq!(cases[0].case.base.as_deref(), Some("http://a/b/c/d;p?q"));
}

#[test]
fn a_printed_value_that_differs_needs_a_contradiction() {
    let e = one_error(&resolve_case("divergence", ""));
    assert!(e.to_string().contains("say why in `contradiction`"), "{e}");
    assert_eq!(e.case.as_deref(), Some("t.res"));
}

#[test]
fn a_contradiction_needs_its_tag_and_a_divergence_too() {
    let all = errors_of(&resolve_case("example", ", contradiction: \"x\""));
    let text: Vec<String> = all.iter().map(|e| e.to_string()).collect();
    assert!(
        text.iter()
            .any(|t| t.contains("tag the case `contradiction`")),
        "{text:?}"
    );
    assert!(
        text.iter().any(|t| t.contains("tag the case `divergence`")),
        "{text:?}"
    );
}

#[test]
fn a_divergence_tag_without_a_difference_is_refused() {
    let text = include_str!("case_sets/loader.divergence-without-difference.yaml");
    let e = one_error(text);
    assert!(e.to_string().contains("do not differ"), "{e}");
}

#[test]
fn resolve_and_parse_fields_do_not_mix() {
    let text = include_str!("case_sets/loader.resolve-with-parse-fields.yaml");
    let all: Vec<String> = errors_of(text).iter().map(|e| e.to_string()).collect();
    for want in [
        "a resolve case needs `base`",
        "expect.draft-1996.rule: belongs to parse cases only",
        "a resolve case's verdict is `not-defined` or `invalid`",
        "give either `result` or a `verdict`",
        "`base` belongs to resolve cases only",
        "expect.rfc1738.result: belongs to resolve and normalize cases only",
    ] {
        assert!(all.iter().any(|t| t.contains(want)), "{want}: {all:?}");
    }
}

const TWO_DOCS: &str = include_str!("case_sets/loader.two-docs.yaml");

#[test]
fn a_parse_case_whose_documents_differ_must_be_tagged_divergence() {
    let e = one_error(&TWO_DOCS.replace("TAGS", "chars"));
    assert!(e.message.contains("tag the case `divergence`"), "{e}");
    assert!(e.message.contains("verdict"), "{e}");
}

#[test]
fn a_divergence_parse_case_must_show_a_difference() {
    let text = TWO_DOCS
        .replace("TAGS", "divergence")
        .replace("{verdict: invalid}", "{verdict: valid}");
    let e = one_error(&text);
    assert!(
        e.message.contains("no two documents' expectations differ"),
        "{e}"
    );
}

#[test]
fn components_of_the_same_part_are_compared_across_grammars() {
    // rfc1738's `search` and rfc1808's `query` name the same part: a different value
    // is a divergence even though the verdicts agree.
    let text = include_str!("case_sets/loader.search-and-query-differ.yaml");
    let e = one_error(text);
    assert!(e.message.contains("(component)"), "{e}");
}

#[test]
fn a_divergence_case_cites_every_document_it_expects_of() {
    let text = TWO_DOCS
        .replace("TAGS", "divergence")
        .replace(", {doc: rfc1738, section: \"5\"}", "");
    let e = one_error(&text);
    assert!(e.message.contains("no citation for rfc1738"), "{e}");
}

#[test]
fn row_tags_must_name_a_row_of_the_divergence_table() {
    let text = TWO_DOCS.replace("TAGS", "divergence, row:1.tildee");
    let e = one_error(&text);
    assert!(e.message.contains("unknown tag `row:1.tildee`"), "{e}");
    let ok = TWO_DOCS.replace("TAGS", "divergence, row:1a.tilde");
    let dir = tempfile::tempdir().unwrap();
    let p = write(dir.path(), "t.yaml", ok.as_bytes());
    load_file(&p).expect("a known row tag loads");
}

// ----------------------------------------------------------------- duplicate keys

/// Loads `text` and gives its one error as (line, column, case, message).
fn located(text: &str) -> (usize, usize, Option<String>, String) {
    let e = one_error(text);
    (
        e.line.expect("a line"),
        e.column.expect("a column"),
        e.case,
        e.message,
    )
}

#[test]
fn a_duplicate_document_in_expect_is_refused_where_it_stands() {
    // Without the check the second `rfc1738` silently replaces the first.
    let text = ONE_GOOD_CASE.replace(
        "    rfc1738: {verdict: valid, rule: httpurl}\n",
        "    rfc1738: {verdict: valid, rule: httpurl}\n    rfc1738: {verdict: invalid}\n",
    );
    let (line, column, case, message) = located(&text);
    assert_eq!((line, column), (8, 5));
    assert_eq!(case.as_deref(), Some("t.good"));
    assert_eq!(
        message,
        "duplicate key `rfc1738` in this mapping (first at line 7, column 5)"
    );
    let e = one_error(&text).to_string();
    assert!(
        e.ends_with("t.yaml:8:5: case `t.good`: duplicate key `rfc1738` in this mapping (first at line 7, column 5)"),
        "{e}"
    );
}

#[test]
fn two_spellings_of_one_document_and_reading_are_one_key() {
    let text = ONE_GOOD_CASE.replace(
        "    rfc1738: {verdict: valid, rule: httpurl}\n",
        "    rfc1738: {verdict: valid, rule: httpurl}\n    \"rfc1738@strict\": {verdict: invalid}\n",
    );
    let (line, column, _, message) = located(&text);
    assert_eq!((line, column), (8, 5));
    assert!(
        message.contains("first at line 7, column 5, as `rfc1738`"),
        "{message}"
    );
}

#[test]
fn duplicate_keys_in_flow_mappings_quoted_or_not_and_at_every_level() {
    for (from, to, at, first, key) in [
        // A component in a flow mapping, the second one quoted.
        (
            "rule: httpurl}",
            "rule: httpurl, components: {host: h, \"host\": x}}",
            (7, 68),
            "line 7, column 59",
            "host",
        ),
        // A field of the expectation.
        (
            "{verdict: valid,",
            "{verdict: valid, 'verdict': invalid,",
            (7, 31),
            "line 7, column 15",
            "verdict",
        ),
        // A field of the case.
        (
            "  op: parse\n",
            "  op: parse\n  input: \"x\"\n",
            (5, 3),
            "line 4, column 3",
            "input",
        ),
        // A field of a citation.
        (
            "section: \"3.3\"}",
            "section: \"3.3\", section: \"5\"}",
            (5, 41),
            "line 5, column 25",
            "section",
        ),
    ] {
        let text = ONE_GOOD_CASE.replace(from, to);
        let (line, column, case, message) = located(&text);
        assert_eq!((line, column), at, "{to}: {message}");
        assert_eq!(case.as_deref(), Some("t.good"), "{to}");
        assert_eq!(
            message,
            format!("duplicate key `{key}` in this mapping (first at {first})"),
            "{to}"
        );
    }
    // Outside any case.
    let text = format!("description: a\n{ONE_GOOD_CASE}description: b\n");
    let (line, column, case, message) = located(&text);
    assert_eq!((line, column, case), (9, 1, None));
    assert!(message.contains("duplicate key `description`"), "{message}");
}

#[test]
fn every_duplicate_is_reported_and_equal_keys_in_other_mappings_are_not() {
    let two = format!(
        "{}{}",
        ONE_GOOD_CASE.replace("rule: httpurl}", "rule: httpurl, rule: httpurl}"),
        ONE_GOOD_CASE
            .replace("t.good", "t.two")
            .replace("{verdict: valid,", "{verdict: valid, verdict: valid,")
            .trim_start_matches("cases:\n")
    );
    let e = errors_of(&two);
    let cases: Vec<_> = e.iter().map(|e| e.case.as_deref()).collect();
    assert_eq!(cases, [Some("t.good"), Some("t.two")], "{e:?}");
    // The same keys in each case's own mappings: no error.
    let dir = tempfile::tempdir().unwrap();
    let ok = format!(
        "{ONE_GOOD_CASE}{}",
        ONE_GOOD_CASE
            .replace("t.good", "t.other")
            .trim_start_matches("cases:\n")
    );
    let p = write(dir.path(), "t.yaml", ok.as_bytes());
    assert_eq!(load_file(&p).unwrap().len(), 2);
}

// ------------------------------------------------------ byte order mark, documents

#[test]
fn a_byte_order_mark_is_accepted_and_takes_no_column() {
    let dir = tempfile::tempdir().unwrap();
    let p = write(
        dir.path(),
        "t.yaml",
        format!("\u{feff}{ONE_GOOD_CASE}").as_bytes(),
    );
    let cases = load_file(&p).expect("a BOM may open a YAML stream");
    assert_eq!((cases[0].line, cases[0].column), (2, 3));
    // Positions after it are as an editor shows them.
    let e = one_error(&format!(
        "\u{feff}{}",
        ONE_GOOD_CASE.replace("op: parse", "op: parze")
    ));
    assert_eq!((e.line, e.column), (Some(3), Some(7)), "{e}");
    let e = one_error("\u{feff}cases: [}\n");
    assert_eq!((e.line, e.column), (Some(1), Some(9)), "{e}");
}

#[test]
fn a_second_document_is_an_error_where_it_starts() {
    let e = one_error(&format!("{ONE_GOOD_CASE}---\n{ONE_GOOD_CASE}"));
    assert_eq!((e.line, e.column), (Some(8), Some(1)), "{e}");
    assert!(
        e.message.contains("a second YAML document starts here"),
        "{e}"
    );
}

// ------------------------------------------------------------- columns, UTF-8

#[test]
fn validation_errors_point_at_the_field_or_the_id() {
    // The field itself: the `verdict` key of the expectation.
    let e = one_error(&ONE_GOOD_CASE.replace("verdict: valid", "verdict: fine"));
    assert_eq!((e.line, e.column), (Some(7), Some(15)), "{e}");
    // An unknown component: its key.
    let e =
        one_error(&ONE_GOOD_CASE.replace("rule: httpurl", "rule: httpurl, components: {hots: h}"));
    assert_eq!((e.line, e.column), (Some(7), Some(59)), "{e}");
    // A case-wide problem: the `id` key, in a block or a flow mapping.
    let e = one_error(&RESOLVE_NO_BASE.replace("BLOCK", ""));
    assert_eq!((e.line, e.column), (Some(2), Some(3)), "{e}");
    assert!(e.message.contains("needs `base`"), "{e}");
    let e = one_error("cases:\n-   {id: t.flow, op: resolve, input: g, cite: [{doc: rfc1808, section: \"5\"}], expect: {rfc1808: {result: \"x\"}}}\n");
    assert_eq!((e.line, e.column), (Some(2), Some(6)), "{e}");
}

const RESOLVE_NO_BASE: &str = include_str!("case_sets/loader.resolve-no-base.yaml");

#[test]
fn a_bad_byte_names_the_case_it_is_in() {
    let text = format!(
        "{ONE_GOOD_CASE}{}",
        ONE_GOOD_CASE
            .replace("t.good", "t.second")
            .trim_start_matches("cases:\n")
    );
    let mut bytes = text.into_bytes();
    let at = bytes.windows(9).rposition(|w| w == b"http://h/").unwrap() + 7;
    bytes[at] = 0xff;
    let dir = tempfile::tempdir().unwrap();
    let p = write(dir.path(), "t.yaml", &bytes);
    let e = load_file(&p).unwrap_err();
    assert_eq!((e[0].line, e[0].column), (Some(10), Some(18)), "{}", e[0]);
    assert_eq!(e[0].case.as_deref(), Some("t.second"));
}

// ---------------------------------------------------------------- symbolic links

#[cfg(unix)]
#[test]
fn links_back_to_a_folder_being_read_are_a_loop_not_a_hang() {
    use std::os::unix::fs::symlink;
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "a.yaml", ONE_GOOD_CASE.as_bytes());
    symlink(".", dir.path().join("l1")).unwrap();
    symlink(".", dir.path().join("l2")).unwrap();
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    symlink("..", dir.path().join("sub/up")).unwrap();
    let started = std::time::Instant::now();
    let e = load_dir(dir.path()).unwrap_err();
    assert!(started.elapsed() < std::time::Duration::from_secs(1));
    let text: Vec<String> = e.iter().map(|x| x.to_string()).collect();
    assert_eq!(e.len(), 3, "{text:#?}");
    for (err, link) in e.iter().zip(["l1", "l2", "sub/up"]) {
        assert!(err.file.ends_with(link), "{err}");
        assert!(
            err.message.starts_with("symbolic link loop: ")
                && err.message.contains(&format!(
                    "{} leads back to {}, already read",
                    err.file.display(),
                    dir.path().display()
                )),
            "{err}"
        );
    }
}

#[cfg(unix)]
#[test]
fn a_folder_or_file_reached_by_several_links_is_read_once() {
    use std::os::unix::fs::symlink;
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("real")).unwrap();
    write(
        &dir.path().join("real"),
        "o.yaml",
        ONE_GOOD_CASE.replace("t.good", "t.other").as_bytes(),
    );
    write(dir.path(), "a.yaml", ONE_GOOD_CASE.as_bytes());
    symlink(dir.path().join("real"), dir.path().join("x1")).unwrap();
    symlink("real", dir.path().join("x2")).unwrap();
    symlink(dir.path().join("a.yaml"), dir.path().join("b.yaml")).unwrap();
    let suite = load_dir(dir.path()).expect("no loop, no duplicate id");
    let ids: Vec<&str> = suite.cases.iter().map(|c| c.case.id.as_str()).collect();
    assert_eq!(ids, ["t.good", "t.other"]);
    assert_eq!(suite.files.len(), 2);
    assert!(suite.files[1].ends_with("real/o.yaml"), "{:?}", suite.files);
}

#[cfg(unix)]
#[test]
fn links_out_of_the_case_folder_are_refused_not_followed() {
    use std::os::unix::fs::symlink;
    let outside = tempfile::tempdir().unwrap();
    let o = write(
        outside.path(),
        "o.yaml",
        ONE_GOOD_CASE.replace("t.good", "t.outside").as_bytes(),
    );
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "a.yaml", ONE_GOOD_CASE.as_bytes());
    symlink(outside.path(), dir.path().join("folder")).unwrap();
    symlink(&o, dir.path().join("file.yaml")).unwrap();
    let e = load_dir(dir.path()).unwrap_err();
    let text: Vec<String> = e.iter().map(|x| x.to_string()).collect();
    assert_eq!(e.len(), 2, "{text:#?}");
    for (err, link) in e.iter().zip(["file.yaml", "folder"]) {
        assert!(err.file.ends_with(link), "{err}");
        assert!(
            err.message
                .starts_with("a symbolic link out of the case folder (to /"),
            "{err}"
        );
        assert!(err.message.ends_with("): not followed"), "{err}");
    }
}

#[test]
fn folders_nested_too_deep_are_not_read() {
    use urlcert::case::MAX_FOLDER_DEPTH;
    let dir = tempfile::tempdir().unwrap();
    let mut deep = dir.path().to_path_buf();
    for _ in 0..=MAX_FOLDER_DEPTH + 1 {
        deep.push("d");
    }
    std::fs::create_dir_all(&deep).unwrap();
    write(&deep, "t.yaml", ONE_GOOD_CASE.as_bytes());
    let e = load_dir(dir.path()).unwrap_err();
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(
        e[0].file.components().count(),
        dir.path().components().count() + MAX_FOLDER_DEPTH + 1
    );
    assert!(
        e[0].message
            == format!(
                "folders nested more than {MAX_FOLDER_DEPTH} deep below the case folder: not read"
            ),
        "{}",
        e[0]
    );
}

#[test]
fn a_folder_with_too_many_entries_is_not_walked_to_the_end() {
    use urlcert::case::MAX_FOLDER_ENTRIES;
    let dir = tempfile::tempdir().unwrap();
    let sub = dir.path().join("many");
    std::fs::create_dir(&sub).unwrap();
    for n in 0..MAX_FOLDER_ENTRIES {
        std::fs::File::create(sub.join(n.to_string())).unwrap();
    }
    let e = load_dir(dir.path()).unwrap_err();
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].file, sub);
    assert!(
        e[0].message
            .contains(&format!("more than {MAX_FOLDER_ENTRIES} entries")),
        "{}",
        e[0]
    );
}

#[test]
fn too_many_case_files_are_refused() {
    use urlcert::case::MAX_CASE_FILES;
    let dir = tempfile::tempdir().unwrap();
    for n in 0..=MAX_CASE_FILES {
        std::fs::File::create(dir.path().join(format!("{n}.yaml"))).unwrap();
    }
    let e = load_dir(dir.path()).unwrap_err();
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(
        e[0].message.starts_with(&format!(
            "the case folder holds {} case files, more than the {MAX_CASE_FILES}",
            MAX_CASE_FILES + 1
        )),
        "{}",
        e[0]
    );
}

#[test]
fn case_files_larger_together_than_the_limit_are_refused_unread() {
    use urlcert::case::{MAX_CASE_FILE_BYTES, MAX_SUITE_BYTES};
    let dir = tempfile::tempdir().unwrap();
    let n = MAX_SUITE_BYTES / MAX_CASE_FILE_BYTES + 1;
    for i in 0..n {
        // Sparse, each at the limit of one file.
        let f = std::fs::File::create(dir.path().join(format!("{i:02}.yaml"))).unwrap();
        f.set_len(MAX_CASE_FILE_BYTES).unwrap();
    }
    let e = load_dir(dir.path()).unwrap_err();
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].file, dir.path());
    assert_eq!(
        e[0].message,
        format!(
            "the case files hold {} bytes together, more than the {MAX_SUITE_BYTES} bytes a case folder may hold; none is read",
            n * MAX_CASE_FILE_BYTES
        )
    );
}

// ------------------------------------------------------------------- size limit

#[test]
fn a_file_over_the_size_limit_is_refused_unread() {
    use urlcert::case::MAX_CASE_FILE_BYTES;
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("big.yaml");
    // Sparse: nothing is written, and the loader must not read it all either.
    let f = std::fs::File::create(&p).unwrap();
    f.set_len(MAX_CASE_FILE_BYTES + 1).unwrap();
    drop(f);
    let e = load_dir(dir.path()).unwrap_err();
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(e[0].file.ends_with("big.yaml"));
    let text = e[0].to_string();
    assert!(
        text.contains(&(MAX_CASE_FILE_BYTES + 1).to_string()),
        "{text}"
    );
    assert!(
        text.contains(&format!("more than the {MAX_CASE_FILE_BYTES} bytes")),
        "{text}"
    );
}

#[test]
fn every_case_file_is_far_below_the_size_limit() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cases");
    let suite = load_dir(&dir).unwrap();
    for f in &suite.files {
        let len = std::fs::metadata(f).unwrap().len();
        assert!(
            len < urlcert::case::MAX_CASE_FILE_BYTES / 8,
            "{}: {len}",
            f.display()
        );
    }
}

#[test]
fn yaml_the_duplicate_key_check_cannot_read_is_refused_not_loaded_unchecked() {
    // serde_yaml takes a tab after `:`; saphyr-parser, which finds duplicate keys, does
    // not. Loading it would skip the check.
    let e = one_error(&ONE_GOOD_CASE.replace("  op: parse", "  op:\tparse"));
    assert_eq!(e.line, Some(3), "{e}");
    assert!(e.column.is_some(), "{e}");
    assert!(
        e.message
            .contains("the duplicate-key check cannot read this YAML"),
        "{e}"
    );
}

// ------------------------------------------------------------- aliases and nesting

/// `n` cases whose inputs are aliases of one anchored input of `len` bytes, one case a
/// line; the anchor is on line 2, the first alias on line 3.
fn aliased_inputs(len: usize, n: usize) -> String {
    let case = |k: usize, input: &str| {
        format!(
            "- {{id: t.a{k}, op: parse, input: {input}, cite: [{{doc: rfc1738, section: \"3.3\"}}], expect: {{rfc1738: {{verdict: valid, rule: httpurl}}}}}}\n"
        )
    };
    let mut text = String::from("cases:\n");
    text += &case(0, &format!("&u \"http://h/{}\"", "a".repeat(len - 9)));
    for k in 1..=n {
        text += &case(k, "*u");
    }
    text
}

#[test]
fn aliases_that_would_expand_a_file_past_the_limit_are_refused_where_they_pass_it() {
    use urlcert::case::layout::MAX_ALIAS_BYTES;
    // 64 KiB, aliased until the copies pass the limit: small in memory, loaded or not.
    let len = 64 * 1024;
    let passes = (MAX_ALIAS_BYTES / (len as u64 + 8) + 1) as usize;
    let e = one_error(&aliased_inputs(len, passes + 2));
    assert_eq!(e.line, Some(2 + passes), "{e}");
    assert!(
        e.message.starts_with(&format!(
            "with this alias the file's aliases add more than {MAX_ALIAS_BYTES} bytes"
        )),
        "{e}"
    );
}

#[test]
fn aliases_of_aliases_are_counted_expanded() {
    // Ten times ten times ... of one short string: small as text, huge expanded.
    let mut text = String::from("x0: &a0 [\"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\"]\n");
    for k in 1..9 {
        let p = k - 1;
        text += &format!(
            "x{k}: &a{k} [*a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}]\n"
        );
    }
    text += "cases: []\n";
    let e = one_error(&text);
    assert!(
        e.message.contains("the file's aliases add more than"),
        "{e}"
    );
    assert!(e.line.is_some_and(|l| l <= 9), "{e}");
}

#[test]
fn aliases_after_yaml_the_scan_cannot_read_are_not_expanded_by_serde_yaml() {
    // The scan stops at the tab on line 3, before any alias; serde_yaml would read on,
    // copy the 64 KiB input at every alias, and only then fail on the last item.
    let aliased = aliased_inputs(64 * 1024, 200);
    let text = format!(
        "{}{}- 5\n",
        ONE_GOOD_CASE.replace("  op: parse", "  op:\tparse"),
        aliased.strip_prefix("cases:\n").unwrap()
    );
    let e = one_error(&text);
    assert_eq!(e.line, Some(3), "{e}");
    assert!(
        e.message
            .contains("the duplicate-key check cannot read this YAML"),
        "{e}"
    );
}

#[test]
fn a_few_aliases_still_load() {
    let cases = aliased_inputs(64, 3);
    let dir = tempfile::tempdir().unwrap();
    let p = write(dir.path(), "t.yaml", cases.as_bytes());
    let loaded = load_file(&p).expect("a few short aliases load");
    assert_eq!(loaded.len(), 4);
    assert_eq!(loaded[3].case.input, loaded[0].case.input);
}

#[test]
fn deep_nesting_is_refused_before_it_is_parsed() {
    // 16,384 levels: the parser's time grows with the depth at every token.
    for open in ["{a: ", "[", "- "] {
        let text = format!("{}b\n", open.repeat(16 * 1024));
        let e = one_error(&text);
        // Where the 129th level opens.
        let column = 128 * open.chars().count() + 1;
        assert_eq!((e.line, e.column), (Some(1), Some(column)), "{open:?}: {e}");
        assert_eq!(e.message, "nested more than 128 levels deep", "{e}");
    }
    // Indented block mappings, one a line.
    let text: String = (0..200)
        .map(|d| format!("{}k{d}:\n", "  ".repeat(d)))
        .collect();
    let e = one_error(&text);
    assert_eq!((e.line, e.column), (Some(129), Some(257)), "{e}");
}
