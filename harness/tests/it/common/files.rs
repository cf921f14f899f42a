//! What a test finds in a folder, and case folders loaded.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// A case file of one valid case, `t.good`, for tests that need any case or change
/// this one.
pub const ONE_GOOD_CASE: &str = r#"cases:
- id: t.good
  op: parse
  input: "http://h/"
  cite: [{doc: rfc1738, section: "3.3"}]
  expect:
    rfc1738: {verdict: valid, rule: httpurl}
"#;

/// The names of the entries of `dir`, sorted.
pub fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The outcomes of the finished report in `dir`: its `results.jsonl.gz`, decompressed.
pub fn results_of(dir: &Path) -> String {
    use std::io::Read;
    let path = dir.join("results.jsonl.gz");
    let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut text = String::new();
    flate2::read::GzDecoder::new(file)
        .read_to_string(&mut text)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text
}

/// The cases in the folder `dir`; a test that needs them fails naming every problem.
pub fn load_cases(dir: &Path) -> urlcert::case::Suite {
    urlcert::case::load_dir(dir).unwrap_or_else(|errors| {
        panic!(
            "cases do not load: {}",
            errors
                .iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        )
    })
}

/// The folder `mine` in `parent`, holding a user's own file `notes.txt` with `notes`:
/// an output folder urlcert must refuse and leave alone.
pub fn folder_with_a_users_file(parent: &Path, notes: &str) -> PathBuf {
    let folder = parent.join("mine");
    std::fs::create_dir(&folder).unwrap();
    std::fs::write(folder.join("notes.txt"), notes).unwrap();
    folder
}
