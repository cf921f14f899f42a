//! The command line's conventions: shell completions, manual pages and the Markdown
//! reference generated from its definition, and a suggestion for a misspelt adapter or
//! document name.

use crate::common;

use common::cli::urlcert;

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn bash_completions_name_the_subcommands_and_parse() {
    let out = urlcert(&["completions", "bash"], None);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let script = String::from_utf8(out.stdout).unwrap();
    for sub in [
        "parse",
        "resolve",
        "certify",
        "matrix",
        "completions",
        "man",
    ] {
        assert!(script.contains(sub), "no `{sub}` in the script");
    }
    // `bash -n` reads the script without running it; skipped where bash is missing.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("urlcert.bash");
    std::fs::write(&path, &script).unwrap();
    if let Ok(check) = std::process::Command::new("bash")
        .arg("-n")
        .arg(&path)
        .output()
    {
        assert!(check.status.success(), "{}", stderr(&check));
    }
}

#[test]
fn every_shell_gets_a_script() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = urlcert(&["completions", shell], None);
        assert_eq!(out.status.code(), Some(0), "{shell}: {}", stderr(&out));
        assert!(String::from_utf8_lossy(&out.stdout).contains("urlcert"));
    }
    assert_eq!(
        urlcert(&["completions", "tcsh"], None).status.code(),
        Some(2)
    );
}

#[test]
fn man_writes_a_roff_page_per_subcommand() {
    let dir = tempfile::tempdir().unwrap();
    let out = urlcert(&["man", "--out", dir.path().to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    for page in [
        "urlcert.1",
        "urlcert-parse.1",
        "urlcert-certify.1",
        "urlcert-man.1",
    ] {
        let text = std::fs::read_to_string(dir.path().join(page)).unwrap();
        let th = text
            .lines()
            .find(|l| !l.starts_with(".ie") && !l.starts_with(".el"));
        assert!(th.is_some_and(|l| l.starts_with(".TH ")), "{page}: {th:?}");
    }
    // Hidden subcommands get no page.
    assert!(!dir.path().join("urlcert-__guard.1").exists());
    // Without --out, the top page on standard output.
    let out = urlcert(&["man"], None);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains(".TH urlcert 1"));
}

/// docs/cli.md is what `urlcert man --markdown` prints, so the reference cannot drift
/// from the command line; each visible subcommand has its section, the hidden ones none.
#[test]
fn the_markdown_reference_in_docs_is_the_command_lines_own() {
    let generated = common::cli::stdout_of(&["man", "--markdown"]);
    let sections = [
        "## `urlcert parse`",
        "## `urlcert certify`",
        "## `urlcert man`",
    ];
    let missing: Vec<_> = sections
        .iter()
        .filter(|s| !generated.contains(*s))
        .collect();
    assert!(missing.is_empty(), "no {missing:?}");
    assert!(generated.contains("--strict"), "certify's flags are listed");
    assert!(
        !generated.contains("__guard"),
        "hidden subcommands are left out"
    );
    let path = common::programs::repo_root().join("docs/cli.md");
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "docs/cli.md differs from `urlcert man --markdown`; regenerate it with\n  \
         cargo run -p urlcert -- man --markdown > docs/cli.md\nfirst difference at line {}",
        committed
            .lines()
            .zip(generated.lines())
            .position(|(a, b)| a != b)
            .map_or(
                committed.lines().count().min(generated.lines().count()) + 1,
                |i| i + 1
            )
    );
}

#[test]
fn a_misspelt_adapter_gets_a_suggestion_and_exit_2() {
    for args in [
        &["ask", "--adapter", "pyhton-urllib", "http://h/"][..],
        &["run", "--adapter", "pyhton-urllib"][..],
    ] {
        let out = urlcert(args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&out).contains("unknown adapter `pyhton-urllib`; did you mean `python-urllib`?"),
            "{args:?}: {}",
            stderr(&out)
        );
    }
    // A name like none gets no guess.
    let out = urlcert(&["ask", "--adapter", "no-such-parser", "http://h/"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(!stderr(&out).contains("did you mean"), "{}", stderr(&out));
}

#[test]
fn a_misspelt_document_gets_a_suggestion_and_exit_2() {
    let out = urlcert(&["parse", "--doc", "rfc1739", "http://h/"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("unknown document `rfc1739`; did you mean `rfc1738`?"),
        "{}",
        stderr(&out)
    );
    let out = urlcert(
        &[
            "resolve",
            "--doc",
            "draft-02@xxx-exclude-dots",
            "--base",
            "",
            "a",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("did you mean `xxx-excludes-dots`?"),
        "{}",
        stderr(&out)
    );
}
