//! Every adapter urlcert knows by name, and whether it can run here.
//!
//! In-process adapters come first (`url`, `fluent-uri`), then the external programs in
//! `harness/adapters/` and their profiles (`NAME@SETTING`, which passes `--SETTING` to
//! the program). An external adapter whose runtime, package, library or program is
//! missing is [`Found::Unavailable`], with the reason and the command that would
//! install what is missing; it never fails a build or a run. The C programs are
//! compiled on first use into `target/urlcert-adapters/` (under `CARGO_TARGET_DIR` when
//! that is set), and again only when their source is newer than the binary. Outside a
//! checkout the programs are the built-in copies, written to the cache folder and
//! compiled there (`crate::assets`).

use super::process::{describe, Limits, OneShot, Persistent};
use super::{inproc, Engine, Fault};
use crate::Error;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant, SystemTime};

pub use super::Found;

/// The in-process adapters urlcert is meant to carry, whether or not this build has
/// them.
const IN_PROCESS: &[&str] = &["url", "fluent-uri", "iri-string", "oxiri"];

pub use super::catalog::{AdapterKind, External};

/// Every external adapter and profile, runtime after runtime.
fn external() -> impl Iterator<Item = &'static External> {
    super::catalog::ALL
        .iter()
        .flat_map(|entries| entries.iter())
}

/// The recorded clients' adapter names (`recorded-NAME`).
pub fn recorded_names() -> Vec<String> {
    super::recorded::names()
}

/// Every known adapter and profile, in-process first.
pub fn names() -> Vec<String> {
    let mut names: Vec<String> = IN_PROCESS.iter().map(|s| s.to_string()).collect();
    for a in inproc::every() {
        if !names.contains(&a.info().name) {
            names.push(a.info().name.clone());
        }
    }
    names.extend(external().map(|e| e.name.to_string()));
    names.extend(super::recorded::names());
    names
}

/// "; did you mean `NAME`?" for the known adapter or profile most like a misspelt
/// `name`, when one is like enough (at most a quarter of its letters
/// transposed, replaced, added or removed); otherwise nothing.
pub fn did_you_mean(name: &str) -> String {
    names()
        .into_iter()
        .map(|known| (strsim::normalized_damerau_levenshtein(name, &known), known))
        .filter(|(similarity, _)| *similarity >= 0.75)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map_or_else(String::new, |(_, known)| {
            format!("; did you mean `{}`?", crate::report::text::visible(&known))
        })
}

/// The adapter `name`, started (persistent mode for an external one), or why it cannot
/// run here. `None` for a name urlcert does not know.
pub fn by_name(name: &str, limits: Limits) -> Option<Found> {
    open(name, false, limits)
}

/// As [`by_name`], in one-shot mode when `one_shot` (in-process adapters have one mode).
pub fn open(name: &str, one_shot: bool, limits: Limits) -> Option<Found> {
    if let Some(a) = inproc::every().into_iter().find(|a| a.info().name == name) {
        return Some(Found::Ready(a));
    }
    if IN_PROCESS.contains(&name) {
        return Some(not_built(name));
    }
    if name.starts_with(super::recorded::PREFIX) {
        return super::recorded::open(name);
    }
    let external = external().find(|e| e.name == name)?;
    Some(external.open(one_shot, limits))
}

/// Every known adapter, in the order of [`names`], each started or unavailable.
pub fn all(limits: Limits) -> Vec<Found> {
    let mut found: Vec<Found> = inproc::every().into_iter().map(Found::Ready).collect();
    for name in IN_PROCESS {
        if !found.iter().any(|f| f.name() == *name) {
            found.push(not_built(name));
        }
    }
    // Keep the fixed in-process names first, in their order.
    found.sort_by_key(|f| {
        IN_PROCESS
            .iter()
            .position(|n| *n == f.name())
            .unwrap_or(IN_PROCESS.len())
    });
    found.extend(external().map(|e| e.open(false, limits)));
    found.extend(super::recorded::all());
    found
}

/// An external command given on the command line, started in either mode. Its name is
/// the one its hello gives.
pub fn command(
    argv: Vec<String>,
    one_shot: bool,
    limits: Limits,
) -> Result<Box<dyn Engine>, Fault> {
    if one_shot {
        Ok(Box::new(OneShot::new(argv, limits)?))
    } else {
        Ok(Box::new(Persistent::start(argv, limits)?))
    }
}

fn not_built(name: &str) -> Found {
    Found::Unavailable {
        name: name.to_string(),
        why: "this build of urlcert does not include the in-process adapter".into(),
        install: "cargo install --path harness (from a checkout that includes it)".into(),
    }
}

impl External {
    fn unavailable(&self, why: String) -> Found {
        Found::Unavailable {
            name: self.name.to_string(),
            why,
            install: crate::assets::install_hint(self.install),
        }
    }

    fn open(&self, one_shot: bool, limits: Limits) -> Found {
        let mut argv = match self.argv() {
            Ok(argv) => argv,
            Err(why) => return self.unavailable(why.to_string()),
        };
        argv.extend(self.profile.map(String::from));
        let started: Result<Box<dyn Engine>, Fault> = if one_shot {
            OneShot::new(argv, limits).map(|mut a| {
                a.rename(self.name);
                Box::new(a) as Box<dyn Engine>
            })
        } else {
            Persistent::start(argv, limits).map(|mut a| {
                a.rename(self.name);
                Box::new(a) as Box<dyn Engine>
            })
        };
        match started {
            Ok(a) => Found::Ready(a),
            Err(fault) => self.unavailable(format!(
                "the adapter program did not start: {}",
                describe(&fault)
            )),
        }
    }

    /// The command that runs this adapter, or why it cannot run here.
    fn argv(&self) -> Result<Vec<String>, Error> {
        match self.kind {
            AdapterKind::Script {
                runtime,
                script,
                module,
            } => {
                let script_path = adapter_source(script)?;
                let runtime = runtime_path(runtime)
                    .ok_or_else(|| format!("{runtime} is not on PATH"))?
                    .to_string_lossy()
                    .into_owned();
                let runtime = runtime.as_str();
                if let Some(module) = module {
                    let check = module_check(runtime, module);
                    match run(&check, Duration::from_secs(20)) {
                        Ok(out) if out.ok => {}
                        Ok(_) => {
                            return Err(
                                format!("the {runtime} module {module} is not installed").into()
                            )
                        }
                        Err(e) => return Err(format!("cannot check for {module}: {e}").into()),
                    }
                }
                Ok(vec![
                    runtime.to_string(),
                    script_path.to_string_lossy().into_owned(),
                ])
            }
            AdapterKind::C {
                source,
                pkg,
                binary,
            } => {
                let source_path = adapter_source(source)?;
                let out = adapters_dir().join(binary);
                compile(&source_path, pkg, &out)?;
                Ok(vec![out.to_string_lossy().into_owned()])
            }
            AdapterKind::Java { source, class } => {
                let source_path = adapter_source(source)?;
                let java = on_path("java").ok_or("java is not on PATH")?;
                let dir = adapters_dir().join("java");
                compile_other(&source_path, &dir.join(format!("{class}.class")), |tmp| {
                    let javac = on_path("javac").ok_or("javac (a JDK) is not on PATH")?;
                    std::fs::create_dir_all(tmp).map_err(|e| e.to_string())?;
                    Ok(vec![
                        javac.to_string_lossy().into_owned(),
                        "-encoding".into(),
                        "UTF-8".into(),
                        "-d".into(),
                        tmp.to_string_lossy().into_owned(),
                    ])
                })?;
                Ok(vec![
                    java.to_string_lossy().into_owned(),
                    // A small, quick-starting JVM: one thread answers line after line.
                    "-Xss8m".into(),
                    "-XX:+UseSerialGC".into(),
                    "-XX:TieredStopAtLevel=1".into(),
                    "-cp".into(),
                    dir.to_string_lossy().into_owned(),
                    class.to_string(),
                ])
            }
            AdapterKind::Go { source, binary } => {
                let source_path = adapter_source(source)?;
                let out = adapters_dir().join(binary);
                compile_other(&source_path, &out, |tmp| {
                    let go = on_path("go").ok_or("go is not on PATH")?;
                    let cache = adapters_dir().join("go-cache");
                    // Standard library only: no module downloads, no toolchain switch.
                    Ok(vec![
                        "env".into(),
                        format!("GOCACHE={}", cache.to_string_lossy()),
                        "GOPROXY=off".into(),
                        "GOTOOLCHAIN=local".into(),
                        "GOFLAGS=".into(),
                        "GO111MODULE=off".into(),
                        go.to_string_lossy().into_owned(),
                        "build".into(),
                        "-o".into(),
                        tmp.to_string_lossy().into_owned(),
                    ])
                })?;
                Ok(vec![out.to_string_lossy().into_owned()])
            }
        }
    }
}

/// Where compiled adapter programs go: inside a checkout
/// `$CARGO_TARGET_DIR/urlcert-adapters` or `target/urlcert-adapters`, else the cache
/// folder's `build/` ([`crate::assets::build_dir`]).
/// An adapter's file among the shipped ones (its script or its source), or why not.
fn adapter_source(name: &str) -> Result<PathBuf, Error> {
    let path = crate::assets::adapter_file(name)?;
    if !path.is_file() {
        return Err(format!("{} is missing", path.display()).into());
    }
    Ok(path)
}

pub fn adapters_dir() -> PathBuf {
    crate::assets::build_dir()
}

/// Where the install command (`harness/adapters/install`) puts what it installs:
/// `$URLCERT_DEPS`, or `.deps/` in the checkout (ignored by git), or outside a checkout
/// the cache folder's `deps/` ([`crate::assets::deps`]). `venv/` holds a Python virtual
/// environment, `node_modules/` the npm packages.
pub fn deps_dir() -> PathBuf {
    crate::assets::deps().0
}

/// A script's runtime: Python from the install command's virtual environment when it
/// is there (its packages are installed there), anything else from PATH.
fn runtime_path(runtime: &str) -> Option<PathBuf> {
    let venv = deps_dir().join("venv/bin").join(runtime);
    if runtime.starts_with("python") && is_executable(&venv) {
        return Some(venv);
    }
    on_path(runtime)
}

/// The command that succeeds when `runtime` can load `module`: Python imports it; Node
/// resolves it from the install command's `node_modules` or its own paths.
fn module_check(runtime: &str, module: &str) -> Vec<String> {
    let node = Path::new(runtime)
        .file_name()
        .is_some_and(|n| n.to_string_lossy().starts_with("node"));
    if node {
        let paths = deps_dir().join("node_modules");
        let script = format!(
            "require.resolve({module:?}, {{paths: [{:?}, ...module.paths]}})",
            paths.to_string_lossy()
        );
        vec![runtime.to_string(), "-e".into(), script]
    } else {
        vec![runtime.to_string(), "-c".into(), format!("import {module}")]
    }
}

/// `program` found on PATH.
fn on_path(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|p| is_executable(p))
}

fn is_executable(p: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        p.metadata()
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    }
    #[cfg(not(unix))]
    {
        p.is_file()
    }
}

fn modified(p: &Path) -> Option<SystemTime> {
    p.metadata().and_then(|m| m.modified()).ok()
}

/// Compiles `source` (with any `.h` beside it counting as source) into `out` when `out`
/// is missing or older.
fn compile(source: &Path, pkg: &str, out: &Path) -> Result<(), Error> {
    let name = source.file_name().unwrap_or_default().to_string_lossy();
    let newest_source = std::fs::read_dir(source.parent().unwrap_or(Path::new(".")))
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p == source || p.extension().is_some_and(|x| x == "h"))
        .filter_map(|p| modified(&p))
        .max();
    if let (Some(src), Some(bin)) = (newest_source, modified(out)) {
        if bin >= src {
            return Ok(());
        }
    }
    if on_path("cc").is_none() {
        return Err("cc (a C compiler) is not on PATH".into());
    }
    if on_path("pkg-config").is_none() {
        return Err("pkg-config is not on PATH".into());
    }
    let flags = match run(
        &["pkg-config", "--cflags", "--libs", pkg].map(String::from),
        Duration::from_secs(20),
    ) {
        Ok(r) if r.ok => String::from_utf8_lossy(&r.stdout).into_owned(),
        Ok(_) => {
            return Err(
                format!("the library {pkg} is not installed (pkg-config cannot find it)").into(),
            )
        }
        Err(e) => return Err(format!("cannot run pkg-config: {e}").into()),
    };
    let dir = out.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    // A name of its own, so that two compilations at once (tests in parallel) do not
    // write one file.
    static COMPILES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = COMPILES.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let tmp = out.with_extension(format!("tmp-{}-{n}", std::process::id()));
    let mut argv: Vec<String> = vec![
        "cc".into(),
        "-O2".into(),
        "-o".into(),
        tmp.to_string_lossy().into_owned(),
        source.to_string_lossy().into_owned(),
    ];
    argv.extend(flags.split_whitespace().map(String::from));
    match run(&argv, Duration::from_secs(120)) {
        Ok(r) if r.ok => std::fs::rename(&tmp, out)
            .map_err(|e| Error::new(format!("cannot move the compiled {name} into place: {e}"))),
        Ok(r) => {
            let _ = std::fs::remove_file(&tmp);
            Err(Error::new(compile_failure(&name, &r.stderr)))
        }
        Err(e) => {
            let _ = std::fs::remove_file(&tmp);
            Err(format!("cannot run cc: {e}").into())
        }
    }
}

/// Why compiling `name` failed: the first three lines the compiler wrote that are not
/// blank, enough to recognise the error without flooding a one-line reason.
fn compile_failure(name: &str, stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr);
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    format!(
        "compiling {name} failed: {}",
        lines[..lines.len().min(3)].join(" | ")
    )
}

/// Builds `source` into `out` (a program, or a class file in `out`'s folder) when
/// `out` is missing or older than `source`: `command(tmp)` gives the compiler's argv
/// writing to `tmp` (the source is appended); `tmp` then replaces `out` (a folder's
/// files are moved into `out`'s folder), so builds at once do not share a file.
fn compile_other(
    source: &Path,
    out: &Path,
    command: impl FnOnce(&Path) -> Result<Vec<String>, Error>,
) -> Result<(), Error> {
    if let (Some(src), Some(bin)) = (modified(source), modified(out)) {
        if bin >= src {
            return Ok(());
        }
    }
    let name = source.file_name().unwrap_or_default().to_string_lossy();
    let dir = out.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    static BUILDS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = BUILDS.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let tmp = dir.join(format!(".tmp-{}-{n}", std::process::id()));
    let mut argv = command(&tmp)?;
    argv.push(source.to_string_lossy().into_owned());
    let cleanup = |tmp: &Path| {
        let _ = std::fs::remove_dir_all(tmp);
        let _ = std::fs::remove_file(tmp);
    };
    match run(&argv, Duration::from_secs(300)) {
        Ok(r) if r.ok => {
            let moved = if tmp.is_dir() {
                std::fs::read_dir(&tmp)
                    .and_then(|entries| {
                        for entry in entries.flatten() {
                            std::fs::rename(entry.path(), dir.join(entry.file_name()))?;
                        }
                        Ok(())
                    })
                    .map_err(|e| format!("cannot move the compiled {name} into place: {e}"))
            } else {
                std::fs::rename(&tmp, out)
                    .map_err(|e| format!("cannot move the compiled {name} into place: {e}"))
            };
            cleanup(&tmp);
            Ok(moved?)
        }
        Ok(r) => {
            cleanup(&tmp);
            Err(Error::new(compile_failure(&name, &r.stderr)))
        }
        Err(e) => {
            cleanup(&tmp);
            Err(format!("cannot run the compiler for {name}: {e}").into())
        }
    }
}

struct Ran {
    ok: bool,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

/// Runs a helper command (no shell) with a time limit, capturing both streams (each cut
/// at 64 KiB).
fn run(argv: &[String], limit: Duration) -> Result<Ran, Error> {
    let (program, args) = argv.split_first().ok_or("empty command")?;
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("{program}: {e}"))?;
    let collect = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut kept = Vec::new();
            if let Some(mut pipe) = pipe {
                let mut buf = [0u8; 8192];
                while let Ok(n) = pipe.read(&mut buf) {
                    if n == 0 {
                        break;
                    }
                    let room = (64 * 1024usize).saturating_sub(kept.len());
                    kept.extend_from_slice(&buf[..n.min(room)]);
                }
            }
            kept
        })
    };
    let stdout = collect(
        child
            .stdout
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let stderr = collect(
        child
            .stderr
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let deadline = Instant::now() + limit;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(10)),
            Ok(None) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("{program} took longer than {} s", limit.as_secs()).into());
            }
            Err(e) => return Err(format!("{program}: {e}").into()),
        }
    };
    Ok(Ran {
        ok: status.success(),
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
    })
}
