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

/// Parses `input` and checks the listed components (`None`: absent).
fn parses(adapter: &mut dyn Engine, input: &str, expected: &[(&str, Option<&str>)]) {
    let name = adapter.info().name.clone();
    match adapter.parse(input.as_bytes()) {
        Answer::Parsed { components } => {
            for (key, want) in expected {
                let got = components.get(*key).cloned().flatten();
                assert_eq!(
                    got.as_deref(),
                    *want,
                    "{name}: {input:?}: component {key} in {components:?}"
                );
            }
        }
        other => panic!("{name}: {input:?} should parse: {other:?}"),
    }
}

fn rejects(adapter: &mut dyn Engine, input: &str) {
    let name = adapter.info().name.clone();
    match adapter.parse(input.as_bytes()) {
        Answer::Rejected { message } => assert!(!message.is_empty(), "{name}: {input:?}"),
        other => panic!("{name}: {input:?} should be rejected: {other:?}"),
    }
}

fn resolves(adapter: &mut dyn Engine, base: &str, reference: &str, want: &str) {
    let name = adapter.info().name.clone();
    match adapter.resolve(base.as_bytes(), reference.as_bytes()) {
        Answer::Resolved { result } => {
            assert_eq!(result, want, "{name}: {reference:?} against {base:?}")
        }
        other => panic!("{name}: {reference:?} against {base:?}: {other:?}"),
    }
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
    let Some(mut a) = open("java-uri") else {
        return;
    };
    // java.net.URI Javadoc, "URI syntax and components": a hierarchical URI, and
    // "mailto:java-net@www.example.com" as an opaque URI (its scheme-specific part is
    // not parsed further; the adapter gives it as the path).
    parses(
        a.as_mut(),
        "http://java.sun.com/j2se/1.3/",
        &[
            ("scheme", Some("http")),
            ("host", Some("java.sun.com")),
            ("port", None), // getPort: "-1 if the port is undefined"
            ("path", Some("/j2se/1.3/")),
            ("query", None),
            ("fragment", None),
        ],
    );
    parses(
        a.as_mut(),
        "mailto:java-net@www.example.com",
        &[
            ("scheme", Some("mailto")),
            ("host", None),
            ("path", Some("java-net@www.example.com")),
        ],
    );
    // new URI(String): "URISyntaxException - If the given string violates RFC 2396".
    rejects(a.as_mut(), "http://www.example.com/a b");
    // Javadoc, "Resolution": its two examples.
    resolves(
        a.as_mut(),
        "http://java.sun.com/j2se/1.3/",
        "docs/guide/collections/designfaq.html#28",
        "http://java.sun.com/j2se/1.3/docs/guide/collections/designfaq.html#28",
    );
    resolves(
        a.as_mut(),
        "http://java.sun.com/j2se/1.3/docs/guide/collections/designfaq.html#28",
        "../../../demo/jfc/SwingSet2/src/SwingSet2.java",
        "http://java.sun.com/j2se/1.3/demo/jfc/SwingSet2/src/SwingSet2.java",
    );
}

#[test]
fn java_url_documented() {
    let Some(mut a) = open("java-url") else {
        return;
    };
    // java.net.URL Javadoc: in "http://java.sun.com/index.html#chapter1" the fragment
    // ("ref") is "chapter1"; getPort is -1 when the port is not set.
    parses(
        a.as_mut(),
        "http://java.sun.com/index.html#chapter1",
        &[
            ("scheme", Some("http")),
            ("host", Some("java.sun.com")),
            ("port", None),
            ("path", Some("/index.html")),
            ("fragment", Some("chapter1")),
        ],
    );
    // new URL(String): MalformedURLException "if no protocol is specified, or an
    // unknown protocol is found".
    rejects(a.as_mut(), "no-protocol/index.html");
    rejects(a.as_mut(), "nosuchprotocol://example.com/");
    // URL(URL context, String spec) resolves as RFC 2396 says.
    resolves(
        a.as_mut(),
        "http://java.sun.com/index.html",
        "FAQ.html",
        "http://java.sun.com/FAQ.html",
    );
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
    let Some(mut a) = open("go-net-url") else {
        return;
    };
    // net/url, ExampleParse and ExampleURL_Port.
    parses(
        a.as_mut(),
        "http://bing.com/search?q=dotnet",
        &[
            ("scheme", Some("http")),
            ("host", Some("bing.com")),
            ("port", None),
            ("path", Some("/search")),
            ("query", Some("q=dotnet")),
            ("fragment", None),
        ],
    );
    parses(
        a.as_mut(),
        "https://example.org:8080",
        &[("host", Some("example.org")), ("port", Some("8080"))],
    );
    // ExampleParseRequestURI / the url.Parse error: a leading space makes the first
    // segment "contain colon" ("first path segment in URL cannot contain colon").
    rejects(a.as_mut(), " http://foo.com");
    // ExampleURL_ResolveReference.
    resolves(
        a.as_mut(),
        "http://example.com/directory/",
        "../../..//search?q=dotnet",
        "http://example.com/search?q=dotnet",
    );
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
    let Some(mut a) = open("perl-uri") else {
        return;
    };
    // perldoc URI, "PARSING URIs WITH REGEXP": the example's components; ->query is
    // undef when there is no query.
    parses(
        a.as_mut(),
        "http://www.ics.uci.edu/pub/ietf/uri/#Related",
        &[
            ("scheme", Some("http")),
            ("host", Some("www.ics.uci.edu")),
            ("port", None),
            ("path", Some("/pub/ietf/uri/")),
            ("query", None),
            ("fragment", Some("Related")),
        ],
    );
    // perldoc URI, SYNOPSIS: "foo" made absolute against "http://www.example.com".
    resolves(
        a.as_mut(),
        "http://www.example.com",
        "foo",
        "http://www.example.com/foo",
    );
    // RFC 3986 Section 5.4.1, which URI's abs follows.
    resolves(a.as_mut(), "http://a/b/c/d;p?q", "../g", "http://a/b/g");
}

#[test]
fn perl_version_comes_from_the_module() {
    let real = output_of(&["perl", "-MURI", "-e", "print $URI::VERSION"], false);
    version_from_runtime("perl-uri", real);
}

// ---- Ruby ---------------------------------------------------------------------------

#[test]
fn ruby_uri_documented() {
    let Some(mut a) = open("ruby-uri") else {
        return;
    };
    // Ruby's URI documentation, URI.parse: "http://www.ruby-lang.org/" is a URI::HTTP
    // with host "www.ruby-lang.org" and path "/" (no port was written).
    parses(
        a.as_mut(),
        "http://www.ruby-lang.org/",
        &[
            ("scheme", Some("http")),
            ("host", Some("www.ruby-lang.org")),
            ("port", None),
            ("path", Some("/")),
            ("query", None),
        ],
    );
    // URI.parse raises URI::InvalidURIError for what is not a URI.
    rejects(a.as_mut(), "http://a b/");
    // URI.join's documentation: URI.join("http://example.com/","main.rbx") and
    // URI.join('http://example.com/foo', 'bar').
    resolves(
        a.as_mut(),
        "http://example.com/",
        "main.rbx",
        "http://example.com/main.rbx",
    );
    resolves(
        a.as_mut(),
        "http://example.com/foo",
        "bar",
        "http://example.com/bar",
    );
}

#[test]
fn ruby_addressable_documented() {
    let Some(mut a) = open("ruby-addressable") else {
        return;
    };
    // addressable's README: Addressable::URI.parse("http://example.com/path/to/resource/")
    // has scheme "http", host "example.com", path "/path/to/resource/".
    parses(
        a.as_mut(),
        "http://example.com/path/to/resource/",
        &[
            ("scheme", Some("http")),
            ("host", Some("example.com")),
            ("port", None),
            ("path", Some("/path/to/resource/")),
        ],
    );
    // Addressable::URI raises InvalidURIError for "Invalid character in host".
    rejects(a.as_mut(), "http://exa mple.com/");
    // Addressable::URI.join "joins several URIs together" (RFC 3986 Section 5.2).
    resolves(a.as_mut(), "http://a/b/c/d;p?q", "../g", "http://a/b/g");
    resolves(
        a.as_mut(),
        "http://a/b/c/d;p?q",
        "g?y#s",
        "http://a/b/c/g?y#s",
    );
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
    let Some(mut a) = open("php-parse-url") else {
        return;
    };
    // PHP manual, parse_url, Example #1.
    parses(
        a.as_mut(),
        "http://username:password@hostname:9090/path?arg=value#anchor",
        &[
            ("scheme", Some("http")),
            ("user", Some("username")),
            ("password", Some("password")),
            ("host", Some("hostname")),
            ("port", Some("9090")),
            ("path", Some("/path")),
            ("query", Some("arg=value")),
            ("fragment", Some("anchor")),
        ],
    );
    // Example #3: a network-path reference; no scheme key.
    parses(
        a.as_mut(),
        "//www.example.com/path?googleguy=googley",
        &[
            ("scheme", None),
            ("host", Some("www.example.com")),
            ("path", Some("/path")),
            ("query", Some("googleguy=googley")),
        ],
    );
    // "On seriously malformed URLs, parse_url() may return false": the manual's
    // "http:///example.com".
    rejects(a.as_mut(), "http:///example.com");
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
