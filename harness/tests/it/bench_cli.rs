//! `urlcert bench --quick --json` with a tiny budget: it runs and prints every key. No
//! timing is asserted: the machine running the tests may be slow or busy.

use std::process::{Command, Output};

/// `urlcert bench --quick` over the repository's cases, one round, with `args`.
fn quick_bench(args: &[&str]) -> Output {
    let cases = concat!(env!("CARGO_MANIFEST_DIR"), "/../cases");
    Command::new(env!("CARGO_BIN_EXE_urlcert"))
        .args(["bench", "--quick", "--rounds", "1"])
        .args(args)
        .args(["--cases", cases])
        .output()
        .unwrap()
}

#[test]
fn bench_quick_json_prints_every_key() {
    let out = quick_bench(&["--json", "--max-seconds", "2"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 1, "one object: {text}");
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    for key in [
        "parse_vs_url_crate",
        "resolve_vs_url_crate",
        "url_standard_parse_vs_url_crate",
        "scaling_1mib_over_1kib_x1024",
    ] {
        assert!(v[key].as_f64().is_some_and(|x| x > 0.0), "{key}: {v}");
    }
    // A number, or null with the reason when python3 is missing.
    assert!(v.get("persistent_vs_spawn").is_some(), "{v}");
    if v["persistent_vs_spawn"].is_null() {
        assert!(v["persistent"]["skipped"].is_string(), "{v}");
    } else {
        assert!(v["persistent"]["one_shot_ops_per_s"].as_f64().is_some());
    }
    for p in [
        "/parse/reference_mb_per_s",
        "/parse/url_crate_mb_per_s",
        "/resolve/reference_ops_per_s",
        "/resolve/url_crate_ops_per_s",
        "/parse_url_standard/reference_mb_per_s",
        "/parse_url_standard/url_crate_mb_per_s",
        "/parse_url_standard/inputs",
        "/scaling/small_seconds",
        "/scaling/large_seconds",
    ] {
        assert!(v.pointer(p).and_then(|x| x.as_f64()).is_some(), "{p}: {v}");
    }
}

#[test]
fn bench_human_output_names_each_target() {
    let out = quick_bench(&["--max-seconds", "1"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for needle in [
        "target >= 2",
        "target <= 2",
        "url::Url::parse",
        "Url::join",
        "parse (URL Standard) vs url::Url::parse",
    ] {
        assert!(text.contains(needle), "{needle}: {text}");
    }
}

#[test]
fn bench_refuses_a_zero_budget() {
    let out = Command::new(env!("CARGO_BIN_EXE_urlcert"))
        .args(["bench", "--rounds", "0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}
