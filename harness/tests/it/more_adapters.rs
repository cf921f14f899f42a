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
use urlcert::ask::{Answer, Ask, Engine, Parts};

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

/// java.net.URI asked directly: for each argument, one line of tab-separated
/// `NAME=VALUE` (or `NAME` alone for null) from its getters, in the order of the
/// adapter's parts, or `rejected` when `new URI` throws.
const URI_PROBE: &str = r#"
import java.net.URI;
public final class UriProbe {
    public static void main(String[] args) {
        for (String s : args) {
            try {
                URI u = new URI(s);
                String port = u.getPort() == -1 ? null : Integer.toString(u.getPort());
                String[][] parts = {
                    {"scheme", u.getScheme()}, {"authority", u.getRawAuthority()},
                    {"userinfo", u.getRawUserInfo()}, {"host", u.getHost()}, {"port", port},
                    {"path", u.getRawPath()}, {"query", u.getRawQuery()},
                    {"fragment", u.getRawFragment()}};
                StringBuilder line = new StringBuilder();
                for (String[] p : parts) {
                    if (line.length() > 0) line.append('\t');
                    line.append(p[0]);
                    if (p[1] != null) line.append('=').append(p[1]);
                }
                System.out.println(line);
            } catch (Exception e) {
                System.out.println("rejected");
            }
        }
    }
}
"#;

/// What java.net.URI's getters say of each input, from [`URI_PROBE`] compiled and run
/// here; `None` (after printing why) without javac and java.
fn java_uri_getters(inputs: &[&str]) -> Option<Vec<Option<Parts>>> {
    if output_of(&["javac", "-version"], false).is_none()
        || output_of(&["java", "-version"], true).is_none()
    {
        println!("skipped: java-uri: javac and java (a JDK) are not installed (apt-get install default-jdk-headless)");
        return None;
    }
    let dir = std::env::temp_dir().join(format!("urlcert-uri-probe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let source = dir.join("UriProbe.java");
    std::fs::write(&source, URI_PROBE).unwrap();
    let javac = Command::new("javac")
        .args(["-encoding", "UTF-8", "-d"])
        .arg(&dir)
        .arg(&source)
        .output()
        .unwrap();
    assert!(
        javac.status.success(),
        "javac UriProbe.java: {}",
        String::from_utf8_lossy(&javac.stderr)
    );
    let out = Command::new("java")
        .arg("-cp")
        .arg(&dir)
        .arg("UriProbe")
        .args(inputs)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(out.status.success(), "java UriProbe: {out:?}");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let lines: Vec<Option<Parts>> = text
        .lines()
        .map(|line| {
            (line != "rejected").then(|| {
                line.split('\t')
                    .map(|f| match f.split_once('=') {
                        Some((name, value)) => (name.to_string(), Some(value.to_string())),
                        None => (f.to_string(), None),
                    })
                    .collect()
            })
        })
        .collect();
    assert_eq!(lines.len(), inputs.len(), "java UriProbe: {text}");
    Some(lines)
}

/// java-uri answers what java.net.URI's own getters say, a registry-based authority
/// (RFC 2396 §3.2: one that does not parse as a server) included: that one has no host
/// (getHost is null), so the adapter gives it only whole, as `authority`, and not as
/// the host it is not. The inputs' kinds of authority are checked on the direct call
/// itself, so the test cannot pass without one of each.
#[test]
fn java_uri_answers_what_java_net_uri_says() {
    // Registry-based: "_" is no hostname character, ";" neither, and port "x" is not
    // digits, so the server alternative fails and the authority is a reg_name.
    let registry = ["http://a_b/", "foo://reg;name/x", "http://u@h:x/"];
    // Server-based: a hostname, an IP literal with userinfo and port, and no authority.
    let server = [
        "http://example.com:8080/p?q#f",
        "http://u:p@[::1]:8/",
        "file:///x",
    ];
    let inputs: Vec<&str> = registry.iter().chain(&server).copied().collect();
    let Some(mut adapter) = open("java-uri") else {
        return;
    };
    let Some(getters) = java_uri_getters(&inputs) else {
        return;
    };
    for (input, direct) in inputs.iter().zip(getters) {
        let direct = direct.unwrap_or_else(|| panic!("java.net.URI rejects {input}"));
        let host = direct["host"].as_deref();
        let authority = direct["authority"].as_deref();
        if registry.contains(input) {
            assert!(
                host.is_none() && authority.is_some(),
                "java.net.URI does not read {input} as registry-based: {direct:?}"
            );
        } else {
            assert!(
                host.is_some() || authority.is_none(),
                "java.net.URI reads {input} as registry-based: {direct:?}"
            );
        }
        match adapter.parse(input.as_bytes()) {
            Answer::Parsed { components } => {
                assert_eq!(components, direct, "java-uri against java.net.URI: {input}")
            }
            other => panic!("java-uri: {input}: {other:?}"),
        }
    }
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
