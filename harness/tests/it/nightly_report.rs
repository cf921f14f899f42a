//! `urlcert fuzz-nightly-report`, the part of `.ci/nightly`'s report that compares a
//! night with the one before, on fixed folders: coverage per target from libFuzzer's
//! last status line, the trend, new and gone campaign buckets; hostile contents stay
//! data.

use std::path::Path;
use std::process::Command;

const URLCERT: &str = env!("CARGO_BIN_EXE_urlcert");

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

type Target<'a> = (&'a str, u64, u64, u64);
type Bucket<'a> = (&'a str, u64, Option<&'a str>);

/// A night's folder: targets with their last status line, and campaign buckets.
fn night(dir: &Path, targets: &[Target], buckets: &[Bucket]) {
    let mut jsonl = String::new();
    for (t, cov, ft, eps) in targets {
        jsonl.push_str(&format!(
            "{{\"target\":\"{t}\",\"result\":\"ok\",\"exec_per_sec\":{eps}}}\n"
        ));
        write(
            &dir.join("logs").join(format!("{t}.log")),
            &format!(
                "#2\tINITED cov: 1 ft: 1 corp: 1/1b exec/s: 0 rss: 30Mb\n\
                 #999\tDONE   cov: {cov} ft: {ft} corp: 6/44b lim: 8 exec/s: {eps} rss: 32Mb\n\
                 stat::average_exec_per_sec: {eps}\n"
            ),
        );
    }
    write(&dir.join("targets.jsonl"), &jsonl);
    let mut b = String::new();
    for (key, count, known) in buckets {
        let v = serde_json::json!({"type": "bucket", "key": key, "count": count, "known": known});
        b.push_str(&format!("{v}\n"));
    }
    write(&dir.join("campaign").join("fuzz.jsonl"), &b);
    write(&dir.join("nightly.md"), "# Nightly fuzzing\n");
}

fn report(args: &[&str]) -> String {
    let o = Command::new(URLCERT)
        .arg("fuzz-nightly-report")
        .args(args)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}

const SLASHES: &str = "url|parse|known|whatwg-special-scheme-slashes";

#[test]
fn a_night_is_compared_with_the_newest_earlier_one() {
    let root = tempfile::tempdir().unwrap();
    let older = root.path().join("nightly-20260101-000000");
    let previous = root.path().join("nightly-20260102-000000");
    let tonight = root.path().join("nightly-20260103-000000");
    night(&older, &[("parse_invariants", 1, 1, 1)], &[]);
    night(
        &previous,
        &[
            ("parse_invariants", 500, 900, 4000),
            ("structured", 80, 100, 9000),
        ],
        &[
            (SLASHES, 40, Some("whatwg-special-scheme-slashes")),
            ("url|resolve|resolution|-|ctl", 3, None),
        ],
    );
    night(
        &tonight,
        &[
            ("parse_invariants", 520, 900, 4100),
            ("oracle_diff", 10, 20, 30),
        ],
        &[
            (SLASHES, 55, Some("whatwg-special-scheme-slashes")),
            ("url|parse|verdict|-|:", 2, None),
        ],
    );
    // A later folder that is not a report (no nightly.md) is not taken.
    std::fs::create_dir_all(root.path().join("nightly-20260104-000000")).unwrap();
    let md = report(&["--out", tonight.to_str().unwrap()]);
    assert!(md.contains("## Coverage per target"), "{md}");
    assert!(
        md.contains(
            "| `parse_invariants` | `ok` | 520 | 900 | 4100 | 500 | 900 | 4000 | +20 / = |"
        ),
        "{md}"
    );
    assert!(
        md.contains("| `oracle_diff` | `ok` | 10 | 20 | 30 | ? | ? | ? | new target |"),
        "{md}"
    );
    assert!(
        md.contains("nightly-20260102-000000"),
        "the newest earlier night: {md}"
    );
    assert!(
        md.contains("Targets that ran then and not tonight: `structured`."),
        "{md}"
    );
    assert!(
        md.contains("2 tonight (1 new since the previous night, 1 gone), 2 then"),
        "{md}"
    );
    let new_at = md.find("New buckets:").unwrap();
    let gone_at = md.find("Gone buckets:").unwrap();
    assert!(
        md[new_at..gone_at].contains("`url|parse|verdict|-|:` (2 inputs, no named cause)"),
        "{md}"
    );
    assert!(md[gone_at..].contains("`url|resolve|resolution|-|ctl`"));
    assert!(!md[new_at..].contains(SLASHES), "kept, so neither: {md}");

    // --previous names another night.
    let md = report(&[
        "--out",
        tonight.to_str().unwrap(),
        "--previous",
        older.to_str().unwrap(),
    ]);
    assert!(
        md.contains("| 520 | 900 | 4100 | 1 | 1 | 1 | +519 / +899 |"),
        "{md}"
    );

    // The first night has nothing to compare with.
    let md = report(&["--out", older.to_str().unwrap()]);
    assert!(md.contains("No previous night to compare with"), "{md}");
}

#[test]
fn hostile_contents_of_a_night_stay_data() {
    let root = tempfile::tempdir().unwrap();
    let tonight = root.path().join("nightly-20260103-000000");
    // A target name that is a path, one with Markdown and HTML, lines that are not JSON.
    write(
        &tonight.join("targets.jsonl"),
        "not json\n{\"target\":\"../../etc/passwd\",\"result\":\"ok|<b>\"}\n{\"target\":\"a|b`<script>\",\"result\":\"x\"}\n",
    );
    write(
        &tonight.join("campaign").join("fuzz.jsonl"),
        "{\"type\":\"bucket\",\"key\":\"x|<script>alert(1)</script>\\n| y\",\"count\":1}\n{broken\n",
    );
    let previous = root.path().join("nightly-20260102-000000");
    write(&previous.join("nightly.md"), "#\n");
    write(&previous.join("campaign").join("fuzz.jsonl"), "");
    let md = report(&["--out", tonight.to_str().unwrap()]);
    for line in md.lines() {
        assert!(!line.starts_with('<'), "{line}");
        assert!(!line.contains("<script>") || line.contains('`'), "{line}");
    }
    // A target named like a path is listed, but its log is not looked for.
    assert!(md.contains("../../etc/passwd"), "{md}");
    assert!(
        !md.lines().any(|l| l.starts_with("| y")),
        "a newline in a key starts no table row: {md}"
    );
    // Not a folder: a usage error.
    let o = Command::new(URLCERT)
        .args(["fuzz-nightly-report", "--out", "/nonexistent/night"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
}

/// Reached of total.
type Of = (u64, u64);

/// A night's `coverage.json`: per document (id, productions, branches, notes), each as
/// reached of total, in `urlcert coverage --json`'s shape.
fn coverage_json(dir: &Path, docs: &[(&str, Of, Of, Of)]) {
    let documents: Vec<serde_json::Value> = docs
        .iter()
        .map(|(doc, p, b, n)| {
            serde_json::json!({"doc": doc, "figures": {
                "doc": doc, "parses": 9, "resolutions": 9,
                "productions_total": p.1, "productions_accepted_and_rejected": p.0,
                "productions_one_way": 0, "productions_unreached": p.1 - p.0,
                "branches_total": b.1, "branches_taken": b.0,
                "notes_total": n.1, "notes_raised": n.0,
                "ambiguities_raised": null, "single_reading_places": null, "unexcused": 0
            }})
        })
        .collect();
    let v = serde_json::json!({"source": "corpus", "documents": documents});
    write(&dir.join("coverage.json"), &v.to_string());
}

#[test]
fn the_document_coverage_of_the_corpus_is_compared_with_the_night_before() {
    let root = tempfile::tempdir().unwrap();
    let previous = root.path().join("nightly-20260102-000000");
    let tonight = root.path().join("nightly-20260103-000000");
    night(&previous, &[("parse_invariants", 500, 900, 4000)], &[]);
    night(&tonight, &[("parse_invariants", 520, 900, 4100)], &[]);
    coverage_json(
        &previous,
        &[
            ("rfc1808", (20, 30), (21, 21), (1, 2)),
            ("draft-02", (48, 58), (10, 10), (8, 8)),
        ],
    );
    coverage_json(
        &tonight,
        &[
            ("rfc1808", (22, 30), (21, 21), (2, 2)),
            ("rfc3986", (30, 39), (12, 17), (15, 15)),
        ],
    );
    let md = report(&["--out", tonight.to_str().unwrap()]);
    let at = md
        .find("## Coverage of the documents by the corpus")
        .expect(&md);
    let section = &md[at..md.find("## Compared with the previous night").unwrap()];
    assert!(
        section.contains("| `rfc1808` | 22/30 | 20/30 | +2 | 21/21 | 21/21 | = | 2/2 | 1/2 | +1 |"),
        "{section}"
    );
    assert!(
        section.contains("| `rfc3986` | 30/39 | ? | new | 12/17 | ? | new | 15/15 | ? | new |"),
        "{section}"
    );
    // Beside libFuzzer's coverage: after the per-target table.
    assert!(md.find("## Coverage per target").unwrap() < at);

    // The previous night had no document coverage: nothing to compare with.
    std::fs::remove_file(previous.join("coverage.json")).unwrap();
    let md = report(&["--out", tonight.to_str().unwrap()]);
    assert!(
        md.contains("| `rfc1808` | 22/30 | ? | ? | 21/21 | ? | ? | 2/2 | ? | ? |"),
        "{md}"
    );
    // Tonight none: said so.
    let md = report(&["--out", previous.to_str().unwrap()]);
    assert!(md.contains("No readable `coverage.json` tonight"), "{md}");
}

#[test]
fn hostile_document_coverage_stays_data() {
    let root = tempfile::tempdir().unwrap();
    let tonight = root.path().join("nightly-20260103-000000");
    night(&tonight, &[], &[]);
    coverage_json(&tonight, &[("x|<script>\n| y", (1, 2), (0, 0), (0, 1))]);
    // Not figures, and not JSON: left out.
    let v = std::fs::read_to_string(tonight.join("coverage.json")).unwrap();
    let v = v.replacen(
        "\"documents\":[",
        "\"documents\":[{\"figures\":{\"doc\":7}},",
        1,
    );
    write(&tonight.join("coverage.json"), &v);
    let md = report(&["--out", tonight.to_str().unwrap()]);
    assert!(!md.lines().any(|l| l.starts_with("| y")), "{md}");
    assert!(md.contains("| `x\\|<script>\\n\\| y` | 1/2 |"), "{md}");
    write(&tonight.join("coverage.json"), "{not json");
    let md = report(&["--out", tonight.to_str().unwrap()]);
    assert!(md.contains("No readable `coverage.json` tonight"), "{md}");
}

/// The section that leads the nightly: the new buckets first, each with what
/// reproduces it and its nearest case; the explained ones counted by cause and by
/// document (`follows DOC` whatever the component), with the change from the night
/// before.
#[test]
fn the_campaign_section_leads_with_the_new_buckets() {
    let root = tempfile::tempdir().unwrap();
    let line = |key: &str, count: u64, known: Option<&str>, extra: serde_json::Value| {
        let mut v = serde_json::json!({
            "type": "bucket", "key": key, "count": count, "known": known,
            "adapter": key.split('|').next().unwrap(), "op": "parse", "doc": "rfc3986",
            "input": "a\u{1b}|b", "base": null, "expected": "rfc3986: invalid", "actual": "parsed",
        });
        for (k, x) in extra.as_object().unwrap() {
            v[k] = x.clone();
        }
        format!("{v}\n")
    };
    let previous = root.path().join("nightly-20260102-000000");
    let tonight = root.path().join("nightly-20260103-000000");
    write(
        &previous.join("campaign").join("fuzz.jsonl"),
        &[
            line(
                "go|parse|known|follows rfc2396 (path)",
                4,
                Some("follows rfc2396 (path)"),
                serde_json::json!({}),
            ),
            line(
                "go|parse|known|normalizes-port",
                2,
                Some("normalizes-port"),
                serde_json::json!({}),
            ),
        ]
        .concat(),
    );
    write(&previous.join("nightly.md"), "# Nightly fuzzing\n");
    write(
        &tonight.join("campaign").join("fuzz.jsonl"),
        &[
            line(
                "go|parse|verdict|accepts",
                7,
                None,
                serde_json::json!({
                    "reproduce": "urlcert compare --adapter go -- 'a|b'",
                    "nearest_case": "r3986.chars.space", "row": "1.must-encode",
                }),
            ),
            line(
                "go|parse|known|follows rfc2396 (path)",
                3,
                Some("follows rfc2396 (path)"),
                serde_json::json!({}),
            ),
            line(
                "go|parse|known|follows rfc2396 (host)",
                1,
                Some("follows rfc2396 (host)"),
                serde_json::json!({}),
            ),
        ]
        .concat(),
    );
    write(&tonight.join("nightly.md"), "# Nightly fuzzing\n");
    let md = report(&["--part", "campaign", "--out", tonight.to_str().unwrap()]);
    let new_at = md.find("## New campaign buckets: 1 of 3").expect(&md);
    let explained_at = md.find("## Explained campaign buckets").expect(&md);
    assert!(new_at < explained_at, "{md}");
    assert!(md.contains("urlcert compare --adapter go"), "{md}");
    assert!(
        md.contains("`r3986.chars.space` (row `1.must-encode`)"),
        "{md}"
    );
    // The witness is escaped, and a "|" in it does not break the line.
    assert!(!md.contains('\u{1b}'), "{md}");
    // One document, two components: one line, two buckets, against one the night before.
    assert!(
        md.contains("| `follows rfc2396` | 2 | 4 | 1 | +1 |"),
        "{md}"
    );
    // A cause seen the night before and not tonight is said to be gone.
    assert!(
        md.contains("| `normalizes-port` | 0 | 0 | 1 | gone (1 then) |"),
        "{md}"
    );
}
