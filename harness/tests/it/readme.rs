//! The README's examples are real: every `console` block's `$ urlcert ...` commands are
//! run and their standard output compared with the lines below them, where a line `...`
//! stands for any number of lines and `...` inside a line for any text there (a time,
//! a rate). A command's `--out DIR` is given a temporary folder.

use crate::common;

use std::process::Command;

/// One command of a console block and the output shown below it.
struct Example {
    line: usize,
    argv: Vec<String>,
    shown: Vec<String>,
}

/// The words of a command line as a POSIX shell splits this small subset: words
/// separated by spaces, single quotes keeping what they hold.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in line.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                any = true;
            }
            ' ' if !quoted => {
                if any {
                    out.push(std::mem::take(&mut word));
                    any = false;
                }
            }
            c => {
                word.push(c);
                any = true;
            }
        }
    }
    assert!(!quoted, "an unclosed quote in `{line}`");
    if any {
        out.push(word);
    }
    out
}

fn examples(readme: &str) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    let mut in_console = false;
    for (n, line) in readme.lines().enumerate() {
        if line.starts_with("```") {
            in_console = !in_console && line.trim() == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        match line.strip_prefix("$ ") {
            Some(command) => out.push(Example {
                line: n + 1,
                argv: words(command),
                shown: Vec::new(),
            }),
            None => out
                .last_mut()
                .expect("a console block starts with a command")
                .shown
                .push(line.to_string()),
        }
    }
    out
}

/// Does `actual` read as `shown`, a `...` line standing for any number of lines?
fn matches(shown: &[String], actual: &[&str]) -> bool {
    match shown.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => actual
            .split_first()
            .is_some_and(|(a, tail)| line_matches(first, a) && matches(rest, tail)),
    }
}

/// One line: the same, or with each `...` inside standing for any text there.
fn line_matches(shown: &str, actual: &str) -> bool {
    let parts: Vec<&str> = shown.split("...").collect();
    let (first, rest) = parts.split_first().expect("split gives one part at least");
    let Some(mut left) = actual.strip_prefix(first) else {
        return false;
    };
    let Some((last, middle)) = rest.split_last() else {
        return left.is_empty();
    };
    for part in middle {
        match left.find(part) {
            Some(at) => left = &left[at + part.len()..],
            None => return false,
        }
    }
    left.ends_with(last)
}

#[test]
fn every_console_example_in_the_readme_is_what_urlcert_prints() {
    let root = common::programs::repo_root();
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let examples = examples(&readme);
    assert!(examples.len() >= 4, "the README's tour has its examples");
    let scratch = tempfile::tempdir().unwrap();
    let mut wrong = Vec::new();
    for (i, example) in examples.iter().enumerate() {
        let (program, args) = example.argv.split_first().unwrap();
        assert_eq!(program, "urlcert", "README.md:{}", example.line);
        let mut args: Vec<String> = args.to_vec();
        if let Some(at) = args.iter().position(|a| a == "--out") {
            args[at + 1] = scratch.path().join(i.to_string()).display().to_string();
        }
        let out = Command::new(env!("CARGO_BIN_EXE_urlcert"))
            .args(&args)
            .current_dir(&root)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let actual: Vec<&str> = stdout.lines().collect();
        if !matches(&example.shown, &actual) {
            wrong.push(format!(
                "README.md:{}: `{}` printed:\n{stdout}\nstderr:\n{}",
                example.line,
                example.argv.join(" "),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_matcher_takes_dots_for_any_lines_and_nothing_else() {
    let shown = |s: &[&str]| s.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert!(matches(&shown(&["a", "...", "d"]), &["a", "b", "c", "d"]));
    assert!(matches(&shown(&["a", "...", "d"]), &["a", "d"]));
    assert!(!matches(&shown(&["a", "...", "d"]), &["a", "b", "c"]));
    assert!(!matches(&shown(&["a", "b"]), &["a", "b", "c"]));
    assert!(matches(&shown(&["x ... z"]), &["x 1.5 s z"]));
    assert!(!matches(&shown(&["x ... z"]), &["x 1.5 s y"]));
    assert!(matches(
        &shown(&["in ... s (... exec/s)"]),
        &["in 0.1 s (13476 exec/s)"]
    ));
    assert!(!matches(
        &shown(&["in ... s (... exec/s)"]),
        &["in 0.1 s 13476 exec/s)"]
    ));
    assert_eq!(
        words("urlcert trace --base 'http://a/b c' x"),
        ["urlcert", "trace", "--base", "http://a/b c", "x"]
    );
}
