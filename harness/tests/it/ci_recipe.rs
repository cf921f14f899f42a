//! ADAPTERS.md, "Certify a parser in its own CI": the recipe's commands, taken from
//! ADAPTERS.md and from the certify step of `harness/examples/ci/certify-parser.yml`,
//! run as written with the sample adapter `harness/examples/ci/my_adapter.py`: the list
//! is recorded, `--strict` passes against it and fails when it is wrong, and junit.xml
//! is written.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const URLCERT: &str = env!("CARGO_BIN_EXE_urlcert");

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn text(out: &Output) -> String {
    format!(
        "status {:?}\nstdout (tail):\n{}\nstderr:\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .rev()
            .take(40)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect::<Vec<_>>()
            .join("\n"),
        String::from_utf8_lossy(&out.stderr)
    )
}

fn have_python() -> bool {
    let ok = Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        println!("skipped: python3 is not on PATH, so the sample adapter cannot run");
    }
    ok
}

/// The shell commands of ADAPTERS.md's CI section that run `urlcert certify`, each with
/// its continuation lines joined.
fn documented_commands() -> Vec<String> {
    let doc = std::fs::read_to_string(root().join("ADAPTERS.md")).unwrap();
    let start = doc
        .find("## Certify a parser in its own CI")
        .expect("ADAPTERS.md has the CI section");
    let section = &doc[start..];
    let section = &section[..section[3..].find("\n## ").map_or(section.len(), |i| i + 3)];
    let mut commands = Vec::new();
    let mut current = String::new();
    for line in section.lines().map(str::trim) {
        if current.is_empty() && !line.starts_with("urlcert certify") {
            continue;
        }
        match line.strip_suffix('\\') {
            Some(head) => current.push_str(head),
            None => {
                current.push_str(line);
                commands.push(std::mem::take(&mut current));
            }
        }
    }
    commands
}

/// The `run` of the workflow's step named `name`.
fn workflow_step(name: &str) -> String {
    let text = std::fs::read_to_string(root().join("harness/examples/ci/certify-parser.yml"))
        .expect("the example workflow");
    let wf: serde_yaml::Value = serde_yaml::from_str(&text).expect("the workflow is YAML");
    let steps = wf["jobs"]["certify"]["steps"].as_sequence().unwrap();
    steps
        .iter()
        .find(|s| s["name"].as_str() == Some(name))
        .and_then(|s| s["run"].as_str())
        .unwrap_or_else(|| panic!("no step `{name}` with a run"))
        .to_string()
}

/// A folder laid out as the recipe assumes: urlcert's checkout at `urlcert/`, the
/// adapter at `my_adapter.py`, urlcert on PATH.
struct Work {
    _dir: tempfile::TempDir,
    path: PathBuf,
}

impl Work {
    fn new() -> Work {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().to_path_buf();
        std::os::unix::fs::symlink(root().canonicalize().unwrap(), path.join("urlcert")).unwrap();
        std::fs::copy(
            root().join("harness/examples/ci/my_adapter.py"),
            path.join("my_adapter.py"),
        )
        .unwrap();
        Work { _dir: dir, path }
    }

    fn sh(&self, script: &str, env: &[(&str, &str)]) -> Output {
        let bin = Path::new(URLCERT).parent().unwrap();
        let path = format!(
            "{}:{}",
            bin.display(),
            std::env::var("PATH").unwrap_or_default()
        );
        Command::new("bash")
            .args(["-e", "-c", script])
            .current_dir(&self.path)
            .env("PATH", path)
            .envs(env.iter().copied())
            .output()
            .unwrap()
    }

    fn urlcert(&self, args: &[&str]) -> Output {
        Command::new(URLCERT)
            .args(args)
            .current_dir(&self.path)
            .output()
            .unwrap()
    }
}

#[test]
fn the_documented_ci_recipe_records_gates_and_writes_junit() {
    if !have_python() {
        return;
    }
    let commands = documented_commands();
    let record = commands
        .iter()
        .find(|c| c.contains("--update-expected"))
        .expect("ADAPTERS.md: the command that records the list");
    let gate = commands
        .iter()
        .find(|c| c.contains("--strict"))
        .expect("ADAPTERS.md: the --strict command");
    let work = Work::new();
    let list = work.path.join("urlcert-expected.txt");
    let junit = work.path.join("urlcert-report/junit.xml");

    // Step 3: the list is recorded.
    let out = work.sh(record, &[]);
    assert_eq!(out.status.code(), Some(0), "{record}\n{}", text(&out));
    let entries = std::fs::read_to_string(&list).unwrap();
    let first = entries
        .lines()
        .find(|l| !l.starts_with('#') && !l.trim().is_empty())
        .expect("the sample adapter disagrees somewhere")
        .to_string();
    assert!(junit.is_file());

    // Step 4: --strict passes against it.
    let out = work.sh(gate, &[]);
    assert_eq!(out.status.code(), Some(0), "{gate}\n{}", text(&out));

    // The workflow's certify step, as written.
    let step = workflow_step("Certify");
    let out = work.sh(
        &step,
        &[
            ("ADAPTER", "my_adapter.py"),
            ("EXPECTED", "urlcert-expected.txt"),
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{step}\n{}", text(&out));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.starts_with(&format!(
            "urlcert {} (cases sha256 ",
            env!("CARGO_PKG_VERSION")
        )),
        "{stdout:.200}"
    );
    let xml = std::fs::read_to_string(&junit).unwrap();
    let suite = urlcert::case::load_dir(&root().join("cases")).unwrap();
    assert!(xml.starts_with("<?xml"), "{xml:.200}");
    assert!(xml.contains("<testsuite name=\"my-parser\""), "{xml:.400}");
    assert!(xml.contains(&format!(
        "<property name=\"cases_sha256\" value=\"{}\"/>",
        suite.digest().unwrap()
    )));
    // Every disagreement is in the list just recorded: skipped with its reason, so the
    // CI's test tab is green until something regresses.
    assert!(
        xml.contains("<skipped message=\"expected failure ("),
        "{xml:.2000}"
    );
    assert!(!xml.contains("<failure "), "{xml:.2000}");

    // A disagreement the list does not have fails the gate, naming it.
    let (id, doc) = {
        let mut w = first.split_whitespace();
        (w.next().unwrap().to_string(), w.next().unwrap().to_string())
    };
    let doc_only = doc.split('@').next().unwrap().to_string();
    let strict_on = |list_text: &str| {
        std::fs::write(&list, list_text).unwrap();
        work.urlcert(&[
            "certify",
            "--cases",
            "urlcert/cases",
            "--doc",
            &doc_only,
            "--command",
            "python3",
            "--command",
            "my_adapter.py",
            "--expected",
            "urlcert-expected.txt",
            "--strict",
            "--out",
            "urlcert-report",
        ])
    };
    let without: String = entries
        .lines()
        .filter(|l| *l != first)
        .map(|l| format!("{l}\n"))
        .collect();
    let out = strict_on(&without);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(
        String::from_utf8_lossy(&out.stdout).contains(&id),
        "{}",
        text(&out)
    );
    assert!(
        junit.is_file(),
        "junit.xml is written when the gate fails too"
    );

    // So does an entry for a case that is not there.
    let out = strict_on(&format!("{entries}no.such.case {doc_only}\n"));
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("no.such.case"));

    // And the list as recorded passes under --doc too.
    let out = strict_on(&entries);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));

    // An adapter that does not start is exit status 2.
    let out = work.urlcert(&[
        "certify",
        "--cases",
        "urlcert/cases",
        "--command",
        "python3",
        "--command",
        "no_such_adapter.py",
        "--expected",
        "urlcert-expected.txt",
        "--strict",
        "--out",
        "urlcert-report-2",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
}

#[test]
fn the_example_workflow_is_wired_as_the_recipe_says() {
    let text = std::fs::read_to_string(root().join("harness/examples/ci/certify-parser.yml"))
        .expect("the example workflow");
    let wf: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
    for var in ["URLCERT_REPOSITORY", "URLCERT_REF", "ADAPTER", "EXPECTED"] {
        assert!(wf["env"][var].is_string(), "env.{var}");
    }
    let steps = wf["jobs"]["certify"]["steps"].as_sequence().unwrap();
    let uses = |name: &str| {
        steps
            .iter()
            .find(|s| s["name"].as_str() == Some(name))
            .unwrap_or_else(|| panic!("step {name}"))
    };
    assert!(
        workflow_step("Install urlcert").contains("cargo install --locked --path urlcert/harness")
    );
    let certify = workflow_step("Certify");
    for flag in [
        "--cases urlcert/cases",
        "--strict",
        "--expected",
        "--out urlcert-report",
    ] {
        assert!(certify.contains(flag), "{flag} in {certify}");
    }
    let report = uses("Test report");
    assert_eq!(
        report["with"]["report_paths"].as_str(),
        Some("urlcert-report/junit.xml")
    );
    assert_eq!(report["with"]["fail_on_failure"].as_bool(), Some(false));
    assert_eq!(report["if"].as_str(), Some("always()"));
    // It is an example for other projects, not a workflow of this repository.
    assert!(!root().join(".github/workflows/certify-parser.yml").exists());
}
