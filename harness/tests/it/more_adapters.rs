//! The adapters for the JVM (`java-uri`, `java-url`), Go (`go-net-url`), Perl
//! (`perl-uri`), Ruby (`ruby-uri`, `ruby-addressable`) and PHP (`php-parse-url`),
//! opened through the registry as `urlcert` opens them (compiled on first use for Java
//! and Go), each asked a few things its own documentation answers.
//!
//! Every runtime is optional: when the registry says an adapter is unavailable the
//! test prints "skipped: ..." with the reason and the install command, and returns.
//! `bash harness/adapters/install jvm` (or go, perl, ruby, php) installs them.

use std::process::{Command, Stdio};
use urlcert::ask::process::Limits;
use urlcert::ask::registry::{by_name, Found};
use urlcert::ask::{Answer, Ask, Engine};

use crate::common::documented::documented;

/// The adapter `name`, started, or `None` after printing why it is unavailable.
fn open(name: &str) -> Option<Box<dyn Engine>> {
    match by_name(name, Limits::default()).expect("a name the registry knows") {
        Found::Ready(adapter) => Some(adapter),
        Found::Unavailable { why, install, .. } => {
            println!("skipped: {name} is unavailable here: {why} (install: {install})");
            None
        }
    }
}

/// The adapter `name`, where it is available, gives the answers its documentation
/// gives (documented.yaml, with the documentation cited).
fn documented_answers(name: &str) -> Option<Box<dyn Engine>> {
    let mut adapter = open(name)?;
    documented(name).check_engine(adapter.as_mut());
    Some(adapter)
}

/// Standard output (or standard error, for `java -XshowSettings`) of a command that
/// exits 0, trimmed.
fn output_of(argv: &[&str], stderr: bool) -> Option<String> {
    let out = Command::new(argv[0])
        .args(&argv[1..])
        .stdin(Stdio::null())
        .output()
        .ok()?;
    let text = if stderr { &out.stderr } else { &out.stdout };
    out.status
        .success()
        .then(|| String::from_utf8_lossy(text).trim().to_string())
}

/// The hello's version holds what the runtime itself says.
fn version_from_runtime(name: &str, real: Option<String>) {
    let Some(adapter) = open(name) else { return };
    let version = adapter.info().version.clone();
    let Some(real) = real.filter(|r| !r.is_empty()) else {
        println!("{name}: no independent version source; hello says {version}");
        return;
    };
    assert!(
        version.contains(&real),
        "{name}: hello says {version:?}, the runtime says {real:?}"
    );
}

// ---- JVM ----------------------------------------------------------------------------

#[test]
fn java_uri_documented() {
    documented_answers("java-uri");
}

#[test]
fn java_url_documented() {
    documented_answers("java-url");
}

#[test]
fn java_versions_come_from_the_runtime() {
    // `java -XshowSettings:properties` prints the java.version property on stderr.
    let real = output_of(&["java", "-XshowSettings:properties", "-version"], true).and_then(|t| {
        t.lines()
            .find_map(|l| l.trim().strip_prefix("java.version = ").map(str::to_string))
    });
    version_from_runtime("java-uri", real.clone());
    version_from_runtime("java-url", real);
}

// ---- Go -----------------------------------------------------------------------------

#[test]
fn go_net_url_documented() {
    documented_answers("go-net-url");
}

#[test]
fn go_version_comes_from_the_runtime() {
    // "go version go1.19.8 linux/amd64": runtime.Version() is the third word.
    let real = output_of(&["go", "version"], false)
        .and_then(|t| t.split_whitespace().nth(2).map(str::to_string));
    version_from_runtime("go-net-url", real);
}

// ---- Perl ---------------------------------------------------------------------------

#[test]
fn perl_uri_documented() {
    documented_answers("perl-uri");
}

#[test]
fn perl_version_comes_from_the_module() {
    let real = output_of(&["perl", "-MURI", "-e", "print $URI::VERSION"], false);
    version_from_runtime("perl-uri", real);
}

// ---- Ruby ---------------------------------------------------------------------------

#[test]
fn ruby_uri_documented() {
    documented_answers("ruby-uri");
}

#[test]
fn ruby_addressable_documented() {
    documented_answers("ruby-addressable");
}

#[test]
fn ruby_versions_come_from_the_libraries() {
    let ruby = output_of(&["ruby", "-e", "print RUBY_VERSION"], false);
    let uri = output_of(&["ruby", "-ruri", "-e", "print URI::VERSION"], false);
    version_from_runtime("ruby-uri", uri);
    version_from_runtime("ruby-uri", ruby.clone());
    let addressable = output_of(
        &[
            "ruby",
            "-raddressable/version",
            "-e",
            "print Addressable::VERSION::STRING",
        ],
        false,
    );
    version_from_runtime("ruby-addressable", addressable);
    version_from_runtime("ruby-addressable", ruby);
}

// ---- PHP ----------------------------------------------------------------------------

#[test]
fn php_parse_url_documented() {
    let Some(mut a) = documented_answers("php-parse-url") else {
        return;
    };
    // No resolution in PHP: the hello lists parse only, so urlcert answers unsupported.
    assert!(matches!(
        a.resolve(b"http://a/b", b"c"),
        Answer::Unsupported { .. }
    ));
}

#[test]
fn php_version_comes_from_the_runtime() {
    let real = output_of(&["php", "-r", "echo PHP_VERSION;"], false);
    version_from_runtime("php-parse-url", real);
}

/// The programs are where the catalog (harness/src/ask/catalog/) looks, and each
/// install step is there.
#[test]
fn the_programs_are_in_place() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("adapters");
    for file in [
        "UrlcertJava.java",
        "go_url.go",
        "perl_uri.pl",
        "ruby_uri.rb",
        "php_parse_url.php",
        "install.d/40-jvm.sh",
        "install.d/50-go.sh",
        "install.d/60-perl.sh",
        "install.d/70-ruby.sh",
        "install.d/80-php.sh",
    ] {
        assert!(
            root.join(file).is_file(),
            "harness/adapters/{file} is missing"
        );
    }
}
