//! The ClusterFuzzLite check runs every target of `fuzz/fuzz_targets/`: its `--list`
//! (which needs neither nightly nor cargo-fuzz) names each source file once, as run or
//! as a yardstick `build.sh` does not ship, and the ones it runs are the seeded targets.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

#[test]
fn the_clusterfuzzlite_check_runs_every_fuzz_target() {
    let out = Command::new("bash")
        .arg(root().join("fuzz/check-clusterfuzzlite"))
        .arg("--list")
        .output()
        .expect("bash runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (mut run, mut skipped) = (BTreeSet::new(), BTreeSet::new());
    for line in text.lines() {
        match line.split_once(' ') {
            Some(("run", name)) => assert!(run.insert(name.to_string()), "{line}"),
            Some(("skip", rest)) => {
                skipped.insert(rest.split(' ').next().unwrap_or_default().to_string());
            }
            _ => panic!("unexpected line {line:?}"),
        }
    }
    let sources: BTreeSet<String> = std::fs::read_dir(root().join("fuzz/fuzz_targets"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    assert!(run.is_disjoint(&skipped));
    assert_eq!(&run | &skipped, sources, "every target file, once");
    let seeded: BTreeSet<String> = urlcert::run::corpus::FuzzTarget::ALL
        .iter()
        .map(|t| t.to_string())
        .collect();
    assert_eq!(run, seeded, "the targets run are the seeded ones");
}
