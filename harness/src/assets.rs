//! The files urlcert needs besides its own code, and where it finds them.
//!
//! The case files (`cases/`), the adapter programs (`harness/adapters/`), the
//! expected-failure lists (`harness/expected/`) and the recordings
//! (`harness/recordings/`) are compiled into the binary, so that an installed urlcert
//! (`cargo install --path harness`) needs nothing from the checkout it was built from.
//!
//! Which copy is used:
//!
//! * Inside a checkout of this repository (the working directory or one of its
//!   parents holds the workspace `Cargo.toml`, `cases/` and `harness/adapters/`), the
//!   files on disk, so that edits to cases, adapters and lists take effect without a
//!   rebuild. `URLCERT_NO_CHECKOUT=1` turns this off: the built-in copies are used
//!   wherever urlcert runs.
//! * Anywhere else, the built-in copies. Built-in paths are shown under
//!   [`EMBEDDED`] (`(built-in)/cases`, `(built-in)/harness/expected/NAME.txt`), except
//!   the case files' own names, which read `cases/...` exactly as when `cases/` is
//!   loaded from disk.
//!
//! Adapter programs run as files: outside a checkout the built-in ones are written to
//! a per-user cache folder, [`cache_dir`]`/adapters/` (`~/.cache/urlcert/VERSION/` on
//! Linux, or `$URLCERT_CACHE/VERSION/`), when first needed and again whenever the
//! built-in content differs; the C, Go and Java adapters are compiled into
//! [`cache_dir`]`/build/`. Installed dependencies (`harness/adapters/install`) are
//! looked for in `$URLCERT_DEPS`, else the checkout's `.deps/`, else
//! [`cache_dir`]`/deps/`.

use crate::Error;
use include_dir::{include_dir, Dir, DirEntry};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The case files.
pub static CASES: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/../cases");
/// The adapter programs and their install command.
pub static ADAPTERS: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/adapters");
/// The expected-failure lists.
pub static EXPECTED: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/expected");
/// The recorded clients' answers.
pub static RECORDINGS: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/recordings");

/// The prefix of the paths that name built-in files: `(built-in)/cases` is the built-in
/// case set, `(built-in)/harness/expected/curl.txt` a built-in list.
pub const EMBEDDED: &str = "(built-in)";

/// Set to anything but `0` or empty: use the built-in files even inside a checkout.
pub const NO_CHECKOUT_ENV: &str = "URLCERT_NO_CHECKOUT";
/// Replaces the per-user cache folder (`~/.cache/urlcert`).
pub const CACHE_ENV: &str = "URLCERT_CACHE";
/// Where installed adapter dependencies are (as `harness/adapters/install` uses it).
pub const DEPS_ENV: &str = "URLCERT_DEPS";

fn env_set(name: &str) -> Option<std::ffi::OsString> {
    std::env::var_os(name).filter(|v| !v.is_empty())
}

/// The checkout of this repository the working directory is in, as a relative path
/// (`""` when it is the working directory, `".."`, `"../.."` ...), so that the names
/// of its files read as they did; `None` outside one, or when
/// [`NO_CHECKOUT_ENV`] is set.
pub fn checkout() -> Option<PathBuf> {
    if env_set(NO_CHECKOUT_ENV).is_some_and(|v| v != "0") {
        return None;
    }
    let here = std::env::current_dir().ok()?;
    let mut rel = PathBuf::new();
    for dir in here.ancestors() {
        if is_checkout(dir) {
            return Some(rel);
        }
        rel.push("..");
    }
    None
}

/// Does `dir` hold this repository: the workspace `Cargo.toml` with the harness as a
/// member, `cases/` and `harness/adapters/`?
pub fn is_checkout(dir: &Path) -> bool {
    dir.join("cases").is_dir()
        && dir.join("harness/adapters").is_dir()
        && std::fs::read_to_string(dir.join("Cargo.toml"))
            .is_ok_and(|t| t.contains("[workspace]") && t.contains("\"harness\""))
}

/// The repository root: the checkout the working directory is in (it or one of its
/// parents, see [`checkout`]), else the working directory.
pub fn repo_root() -> PathBuf {
    checkout_abs()
        .or_else(|| std::env::current_dir().ok())
        .unwrap_or_else(|| PathBuf::from("."))
}

/// The checkout as an absolute path.
pub fn checkout_abs() -> Option<PathBuf> {
    let rel = checkout()?;
    let here = std::env::current_dir().ok()?;
    Some(if rel.as_os_str().is_empty() {
        here
    } else {
        std::fs::canonicalize(here.join(&rel)).unwrap_or_else(|_| here.join(rel))
    })
}

/// The built-in path for `rel` (`cases`, `harness/expected/x.txt`).
pub fn embedded_path(rel: &str) -> PathBuf {
    Path::new(EMBEDDED).join(rel)
}

/// `path` below [`EMBEDDED`]: the rest of it (`cases/base`), or `None` for a path on
/// disk.
pub fn embedded_rest(path: &Path) -> Option<&Path> {
    path.strip_prefix(EMBEDDED).ok()
}

/// The case folder: `given` (`--cases`), else the checkout's `cases/`, else the
/// built-in cases (`(built-in)/cases`, which [`crate::case::load_dir`] reads from the
/// binary).
pub fn cases_dir(given: Option<PathBuf>) -> PathBuf {
    given.unwrap_or_else(|| match checkout() {
        Some(root) => root.join("cases"),
        None => embedded_path("cases"),
    })
}

/// The folder called `name` beside the case folder `cases` (`reports`, `corpus`): for
/// the built-in cases, `name` in the working directory.
pub fn beside_cases(cases: &Path, name: &str) -> PathBuf {
    if embedded_rest(cases).is_some() {
        return PathBuf::from(name);
    }
    cases.parent().unwrap_or(cases).join(name)
}

/// The folder of expected-failure lists: the checkout's `harness/expected/`, else the
/// built-in one.
pub fn expected_dir() -> PathBuf {
    match checkout() {
        Some(root) => root.join("harness/expected"),
        None => embedded_path("harness/expected"),
    }
}

/// The text of a built-in file named by its built-in path, `None` when `path` is not a
/// built-in path or names no built-in file.
pub fn embedded_text(path: &Path) -> Option<&'static str> {
    let rest = embedded_rest(path)?;
    let (dir, rel) = if let Ok(r) = rest.strip_prefix("cases") {
        (&CASES, r)
    } else if let Ok(r) = rest.strip_prefix("harness/expected") {
        (&EXPECTED, r)
    } else if let Ok(r) = rest.strip_prefix("harness/recordings") {
        (&RECORDINGS, r)
    } else if let Ok(r) = rest.strip_prefix("harness/adapters") {
        (&ADAPTERS, r)
    } else {
        return None;
    };
    dir.get_file(rel)?.contents_utf8()
}

/// Every file below `dir`, with its path relative to `dir`'s root, in path order.
pub fn files(dir: &'static Dir<'static>) -> Vec<(&'static Path, &'static [u8])> {
    fn walk(dir: &'static Dir<'static>, out: &mut Vec<(&'static Path, &'static [u8])>) {
        for entry in dir.entries() {
            match entry {
                DirEntry::Dir(d) => walk(d, out),
                DirEntry::File(f) => out.push((f.path(), f.contents())),
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, &mut out);
    out.sort_by(|a, b| a.0.cmp(b.0));
    out
}

/// The per-user cache folder of this version of urlcert: `$URLCERT_CACHE/VERSION`, or
/// the platform's cache folder's `urlcert/VERSION` (`~/.cache/urlcert/0.1.0` on Linux).
pub fn cache_dir() -> PathBuf {
    let base = env_set(CACHE_ENV)
        .map(PathBuf::from)
        .or_else(|| dirs::cache_dir().map(|d| d.join("urlcert")))
        .unwrap_or_else(|| std::env::temp_dir().join("urlcert-cache"));
    base.join(env!("CARGO_PKG_VERSION"))
}

/// Where the adapter programs are: the checkout's `harness/adapters/`, or the cache
/// folder's `adapters/`, written from the built-in copies on first use in this process
/// (and rewritten where they differ). Err: why they cannot be written.
pub fn adapters_dir() -> Result<PathBuf, Error> {
    if let Some(root) = checkout_abs() {
        return Ok(root.join("harness/adapters"));
    }
    static WRITTEN: OnceLock<Result<PathBuf, Error>> = OnceLock::new();
    WRITTEN
        .get_or_init(|| {
            let dir = cache_dir().join("adapters");
            write_tree(&ADAPTERS, &dir).map(|()| dir)
        })
        .clone()
}

/// The file of an adapter program named as in the catalog (`harness/adapters/x.py`).
pub fn adapter_file(path_in_repo: &str) -> Result<PathBuf, Error> {
    let dir = adapters_dir()?;
    let rel = Path::new(path_in_repo)
        .strip_prefix("harness/adapters")
        .unwrap_or(Path::new(path_in_repo));
    Ok(dir.join(rel))
}

/// Where compiled adapter programs go: `$CARGO_TARGET_DIR/urlcert-adapters` or the
/// checkout's `target/urlcert-adapters` inside a checkout, the cache folder's `build/`
/// outside one.
pub fn build_dir() -> PathBuf {
    match checkout_abs() {
        Some(root) => env_set("CARGO_TARGET_DIR")
            .map(PathBuf::from)
            .or_else(|| option_env!("CARGO_TARGET_DIR").map(PathBuf::from))
            .unwrap_or_else(|| root.join("target"))
            .join("urlcert-adapters"),
        None => cache_dir().join("build"),
    }
}

/// Where installed dependencies are, and which rule chose it.
pub fn deps() -> (PathBuf, &'static str) {
    if let Some(d) = env_set(DEPS_ENV) {
        return (PathBuf::from(d), "$URLCERT_DEPS");
    }
    match checkout_abs() {
        Some(root) => (root.join(".deps"), "the checkout's .deps"),
        None => (cache_dir().join("deps"), "the cache folder"),
    }
}

/// Is this file one to write out? Not Python's byte code, nor hidden files.
fn wanted(rel: &Path) -> bool {
    !rel.components().any(|c| {
        let c = c.as_os_str().to_string_lossy();
        c == "__pycache__" || c.starts_with('.')
    }) && rel.extension().is_none_or(|x| x != "pyc")
}

/// Writes every file of `tree` below `dir` whose content there differs (each through a
/// temporary file renamed into place, so that two urlcerts at once never see half a
/// file); files starting with `#!` are made executable.
pub fn write_tree(tree: &'static Dir<'static>, dir: &Path) -> Result<(), Error> {
    for (rel, bytes) in files(tree) {
        if !wanted(rel) {
            continue;
        }
        let path = dir.join(rel);
        if std::fs::read(&path).is_ok_and(|old| old == bytes) {
            continue;
        }
        write_atomic(&path, bytes, bytes.starts_with(b"#!"))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}

/// Writes `bytes` to `path` through a temporary file beside it.
fn write_atomic(path: &Path, bytes: &[u8], executable: bool) -> std::io::Result<()> {
    static N: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let parent = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(parent)?;
    let n = N.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let tmp = parent.join(format!(".{name}.tmp-{}-{n}", std::process::id()));
    let done = std::fs::write(&tmp, bytes).and_then(|()| {
        #[cfg(unix)]
        if executable {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&tmp, std::fs::Permissions::from_mode(0o755))?;
        }
        #[cfg(not(unix))]
        let _ = executable;
        std::fs::rename(&tmp, path)
    });
    if done.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    done
}

/// An install command as the catalog gives it (`bash harness/adapters/install node`),
/// with the install script's path made the cache folder's copy outside a checkout.
pub fn install_hint(command: &str) -> String {
    const SCRIPT: &str = "harness/adapters/install";
    if !command.contains(SCRIPT) || checkout().is_some() {
        return command.to_string();
    }
    let script = cache_dir().join("adapters/install");
    command.replace(SCRIPT, &script.to_string_lossy())
}

/// One line saying where the adapter programs and their dependencies are looked for,
/// for `urlcert adapters`.
pub fn describe() -> String {
    let (deps, why) = deps();
    let (programs, install) = match checkout_abs() {
        Some(root) => (
            format!("{} (the checkout)", root.join("harness/adapters").display()),
            String::new(),
        ),
        None => {
            let dir = cache_dir().join("adapters");
            (
                format!("{} (written from the built-in copies)", dir.display()),
                format!(
                    "; the install command is bash {} [RUNTIME]",
                    dir.join("install").display()
                ),
            )
        }
    };
    format!(
        "adapter programs: {programs}; compiled adapters: {}; installed dependencies: {} ({why}){install}",
        build_dir().display(),
        deps.display()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_paths() {
        assert_eq!(
            embedded_rest(&embedded_path("cases")),
            Some(Path::new("cases"))
        );
        assert_eq!(embedded_rest(Path::new("cases")), None);
        assert_eq!(
            beside_cases(&embedded_path("cases"), "reports"),
            Path::new("reports")
        );
        assert_eq!(
            beside_cases(Path::new("x/cases"), "reports"),
            Path::new("x/reports")
        );
        assert!(embedded_text(&embedded_path("harness/expected/curl.txt")).is_some());
        assert!(embedded_text(&embedded_path("harness/expected/nope.txt")).is_none());
        assert!(embedded_text(Path::new("harness/expected/curl.txt")).is_none());
    }

    #[test]
    fn the_built_in_files_are_all_there() {
        assert!(files(&CASES).iter().any(|(p, _)| p.ends_with("README.md")));
        assert!(files(&CASES)
            .iter()
            .any(|(p, _)| p.extension().is_some_and(|x| x == "yaml")));
        for want in [
            "uriparser.c",
            "json.h",
            "go_url.go",
            "_protocol.py",
            "install",
        ] {
            assert!(ADAPTERS.get_file(want).is_some(), "{want}");
        }
        assert!(RECORDINGS
            .entries()
            .iter()
            .any(|e| e.path().extension().is_some_and(|x| x == "jsonl")));
    }

    #[test]
    fn writes_the_tree_and_rewrites_what_differs() {
        let tmp = std::env::temp_dir().join(format!("urlcert-assets-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&tmp);
        write_tree(&ADAPTERS, &tmp).unwrap();
        let c = tmp.join("uriparser.c");
        assert_eq!(
            std::fs::read(&c).unwrap(),
            ADAPTERS.get_file("uriparser.c").unwrap().contents()
        );
        std::fs::write(&c, "changed").unwrap();
        write_tree(&ADAPTERS, &tmp).unwrap();
        assert_eq!(
            std::fs::read(&c).unwrap(),
            ADAPTERS.get_file("uriparser.c").unwrap().contents()
        );
        assert!(!tmp.join("__pycache__").exists());
        let _ = std::fs::remove_dir_all(&tmp);
    }
}
