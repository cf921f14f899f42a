//! An installed urlcert needs nothing from the checkout it was built from: run from an
//! empty folder with `URLCERT_NO_CHECKOUT=1` (no checkout is looked for), it loads the
//! built-in cases, writes the adapter programs to its cache folder (`URLCERT_CACHE`)
//! and its reports under the working directory.

use std::path::Path;
use std::process::Command;

const URLCERT: &str = env!("CARGO_BIN_EXE_urlcert");

fn checkout_cases() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../cases")
}

/// urlcert in `dir`, with no checkout and its cache in `cache`.
fn urlcert(dir: &Path, cache: &Path, args: &[&str]) -> std::process::Output {
    Command::new(URLCERT)
        .args(args)
        .current_dir(dir)
        .env("URLCERT_NO_CHECKOUT", "1")
        .env("URLCERT_CACHE", cache)
        .env_remove("URLCERT_DEPS")
        .env_remove("CARGO_TARGET_DIR")
        .output()
        .unwrap()
}

#[test]
fn the_built_in_cases_are_the_checkouts() {
    let disk = urlcert::case::load_dir(&checkout_cases()).expect("the cases load");
    let built_in = urlcert::case::load_dir(&urlcert::assets::embedded_path("cases"))
        .expect("the built-in cases load");
    assert_eq!(built_in.sha256, disk.sha256);
    let rel = |p: &Path| {
        let p = p.strip_prefix(checkout_cases()).unwrap_or(p).to_path_buf();
        Path::new("cases").join(p)
    };
    assert_eq!(
        built_in.files,
        disk.files.iter().map(|f| rel(f)).collect::<Vec<_>>()
    );
    assert_eq!(built_in.cases.len(), disk.cases.len());
    for (b, d) in built_in.cases.iter().zip(&disk.cases) {
        assert_eq!(b.case.id, d.case.id);
        assert_eq!(b.file, rel(&d.file));
        assert_eq!((b.line, b.column), (d.line, d.column));
        assert_eq!(format!("{:?}", b.case), format!("{:?}", d.case));
    }
    // A built-in folder below cases/ loads its own files only.
    let base = urlcert::case::load_dir(&urlcert::assets::embedded_path("cases/base"))
        .expect("the built-in base cases load");
    assert!(!base.files.is_empty());
    assert!(base.files.iter().all(|f| f.starts_with("cases/base")));
    // One that is not there is named in the error.
    let errors = urlcert::case::load_dir(&urlcert::assets::embedded_path("cases/nope"))
        .expect_err("no such folder");
    assert!(errors[0].to_string().starts_with("(built-in)/cases/nope: "));
}

#[test]
fn run_from_an_empty_folder_writes_its_reports_there() {
    let dir = tempfile::tempdir().unwrap();
    let cache = tempfile::tempdir().unwrap();
    let out = urlcert(dir.path(), cache.path(), &["run", "--adapter", "url"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let disk = urlcert::case::load_dir(&checkout_cases()).unwrap();
    let want = format!(
        "reference: {} cases in {} files",
        disk.cases.len(),
        disk.files.len()
    );
    assert!(stdout.contains(&want), "{stdout}");
    let runs: Vec<_> = std::fs::read_dir(dir.path().join("reports"))
        .expect("reports/ in the working directory")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(runs.len(), 1, "{runs:?}");
    assert!(runs[0].starts_with("run-"), "{runs:?}");
    assert!(
        stdout.contains(&format!("wrote reports/{}", runs[0])),
        "{stdout}"
    );
    let run = dir.path().join("reports").join(&runs[0]);
    // The records name the case files as a checkout's run does.
    let jsonl = crate::common::files::results_of(&run);
    assert!(
        jsonl.contains("\"location\":\"cases/"),
        "{}",
        &jsonl[..jsonl.len().min(400)]
    );
}

#[test]
fn adapters_from_an_empty_folder_come_from_the_cache() {
    let dir = tempfile::tempdir().unwrap();
    let cache = tempfile::tempdir().unwrap();
    let out = urlcert(dir.path(), cache.path(), &["adapters"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    let versioned = cache.path().join(env!("CARGO_PKG_VERSION"));
    let first = stdout.lines().next().unwrap_or_default();
    assert!(
        first.contains(&format!(
            "adapter programs: {}",
            versioned.join("adapters").display()
        )),
        "{first}"
    );
    assert!(
        first.contains(&format!(
            "installed dependencies: {} (the cache folder)",
            versioned.join("deps").display()
        )),
        "{first}"
    );
    // The programs are there, byte for byte.
    for name in ["_protocol.py", "python_urllib.py", "uriparser.c", "json.h"] {
        assert_eq!(
            std::fs::read(versioned.join("adapters").join(name)).unwrap(),
            std::fs::read(
                Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("adapters")
                    .join(name)
            )
            .unwrap(),
            "{name}"
        );
    }
    // An available script adapter runs the cache folder's copy.
    for line in stdout.lines().filter(|l| l.contains(" available ")) {
        if line.contains(".py\"") {
            assert!(
                line.contains(&versioned.join("adapters").display().to_string()),
                "{line}"
            );
        }
    }
    // Nothing is written into the working directory.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn update_expected_outside_a_checkout_needs_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let cache = tempfile::tempdir().unwrap();
    let out = urlcert(
        dir.path(),
        cache.path(),
        &["certify", "--adapter", "url", "--update-expected"],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--expected FILE"));
}
