//! The external adapter programs in harness/adapters/, spoken to directly over the
//! protocol v1 (JSON lines on stdin/stdout, see ADAPTERS.md): hello, a valid and an
//! invalid input, resolutions, hostile inputs, and one-shot use.
//!
//! Each program's runtime or library is optional. When it is missing the test prints
//! "skipped: ..." with the install command and returns. The C programs are compiled
//! here with `cc` into `<target>/urlcert-adapters/tests/`.
//!
//! Expectations come from the documents and the parsers' own documentation: RFC 3986
//! (Sections 1.1.2, 3 and 5.4), the WHATWG URL Standard's examples, the Python
//! `urllib.parse` documentation and libcurl's `curl_url_set` / `curl_url_get` pages.

use serde_json::{json, Value};
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use crate::common::engines::RFC3986_SECTION_3;
use crate::common::programs::{adapter_file, output_of, repo_root};

// ---- finding and building the programs ------------------------------------------------

fn skip(reason: String) -> Option<Vec<String>> {
    println!("skipped: {reason}");
    None
}

fn python() -> Result<(), String> {
    output_of("python3", &["--version"])
        .map(|_| ())
        .ok_or_else(|| "python3 is not installed (apt-get install python3)".to_string())
}

fn python_script(script: &str) -> Result<Vec<String>, String> {
    python()?;
    Ok(vec![
        "python3".into(),
        adapter_file(script).to_string_lossy().into_owned(),
    ])
}

fn rfc3986_script() -> Result<Vec<String>, String> {
    python()?;
    output_of("python3", &["-c", "import rfc3986"]).ok_or_else(|| {
        "the Python package rfc3986 is not installed (pip install rfc3986)".to_string()
    })?;
    python_script("python_rfc3986.py")
}

fn node_script() -> Result<Vec<String>, String> {
    output_of("node", &["--version"])
        .ok_or_else(|| "node is not installed (apt-get install nodejs)".to_string())?;
    Ok(vec![
        "node".into(),
        adapter_file("node_url.js").to_string_lossy().into_owned(),
    ])
}

struct CProgram {
    source: &'static str,
    out: &'static str,
    pkg: &'static str,
    headers: &'static [&'static str],
    link: &'static str,
    install: &'static str,
}

const URIPARSER: CProgram = CProgram {
    source: "uriparser.c",
    out: "uriparser",
    pkg: "liburiparser",
    headers: &["/usr/include/uriparser/Uri.h"],
    link: "-luriparser",
    install: "apt-get install liburiparser-dev",
};

const CURL: CProgram = CProgram {
    source: "curl_url.c",
    out: "curl",
    pkg: "libcurl",
    headers: &[
        "/usr/include/curl/curl.h",
        "/usr/include/x86_64-linux-gnu/curl/curl.h",
        "/usr/include/aarch64-linux-gnu/curl/curl.h",
    ],
    link: "-lcurl",
    install: "apt-get install libcurl4-openssl-dev",
};

fn library_present(c: &CProgram) -> bool {
    match Command::new("pkg-config")
        .args(["--exists", c.pkg])
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .status()
    {
        Ok(status) => status.success(),
        // No pkg-config: look for the header where Debian puts it.
        Err(_) => c.headers.iter().any(|h| Path::new(h).exists()),
    }
}

fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo_root().join("target"))
}

/// Compiles a C adapter once per test process. A missing compiler or library is a
/// skip; a compile error with both present is a failure of the program.
fn c_program(c: &CProgram) -> Result<Vec<String>, String> {
    static BUILT: OnceLock<Mutex<HashMap<&'static str, Result<PathBuf, String>>>> = OnceLock::new();
    output_of("cc", &["--version"])
        .ok_or_else(|| format!("no C compiler `cc` for {} (apt-get install gcc)", c.source))?;
    if !library_present(c) {
        return Err(format!("{} is not installed ({})", c.pkg, c.install));
    }
    let mut built = BUILT
        .get_or_init(|| Mutex::new(HashMap::new()))
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    let result = built.entry(c.out).or_insert_with(|| {
        let dir = target_dir().join("urlcert-adapters").join("tests");
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let out = dir.join(c.out);
        let tmp = dir.join(format!("{}.{}.tmp", c.out, std::process::id()));
        let compiled = Command::new("cc")
            .arg("-O2")
            .arg("-Wall")
            .arg("-o")
            .arg(&tmp)
            .arg(adapter_file(c.source))
            .arg(c.link)
            .output()
            .map_err(|e| format!("cc: {e}"))?;
        if !compiled.status.success() {
            return Err(format!(
                "cc failed on {}:\n{}",
                c.source,
                String::from_utf8_lossy(&compiled.stderr)
            ));
        }
        std::fs::rename(&tmp, &out).map_err(|e| format!("{}: {e}", out.display()))?;
        Ok(out)
    });
    match result {
        Ok(path) => Ok(vec![path.to_string_lossy().into_owned()]),
        Err(e) => panic!("{e}"),
    }
}

// ---- the adapters under test ----------------------------------------------------------

type Expected = &'static [(&'static str, Option<&'static str>)];

struct Spec {
    /// The adapter's name, profile included, as its hello must say it.
    name: &'static str,
    model: &'static str,
    launch: fn() -> Result<Vec<String>, String>,
    /// Profile arguments after the program's argv.
    args: &'static [&'static str],
    /// An independent source of the parser's version, which hello must contain.
    version: fn() -> Option<String>,
    /// Inputs the parser accepts, with components it must report.
    valid: &'static [(&'static str, Expected)],
    /// Components a profile must not report at all.
    absent_keys: &'static [&'static str],
    invalid: &'static [&'static str],
    /// (base, reference, result)
    resolutions: &'static [(&'static str, &'static str, &'static str)],
}

fn model_keys(model: &str) -> &'static [&'static str] {
    // The component names of each model, from `Model` in harness/src/ask/mod.rs.
    match model {
        "whatwg" => &[
            "protocol", "username", "password", "hostname", "port", "pathname", "search", "hash",
        ],
        "rfc3986" => &[
            "scheme", "userinfo", "host", "port", "path", "query", "fragment",
        ],
        "urlparse" => &[
            "scheme", "netloc", "path", "params", "query", "fragment", "username", "password",
            "hostname", "port",
        ],
        "curl" => &[
            "scheme", "user", "password", "host", "port", "path", "query", "fragment",
        ],
        other => panic!("unknown model {other}"),
    }
}

fn python_version() -> Option<String> {
    output_of("python3", &["--version"]) // "Python 3.11.7"
}

fn rfc3986_version() -> Option<String> {
    // The installed distribution's metadata, not the module's own attribute.
    output_of(
        "python3",
        &[
            "-c",
            "import importlib.metadata as m; print(m.version('rfc3986'))",
        ],
    )
}

fn node_version() -> Option<String> {
    output_of("node", &["--version"]) // "v20.20.2"
}

fn uriparser_version() -> Option<String> {
    output_of("pkg-config", &["--modversion", "liburiparser"])
}

fn curl_version() -> Option<String> {
    output_of("pkg-config", &["--modversion", "libcurl"])
}

// Python documentation, urllib.parse.urlparse and its examples.
const URLLIB_VALID: &[(&str, Expected)] = &[
    // The documentation's own example: "scheme" is not among the schemes whose last
    // segment has ;parameters (`uses_params`), so they stay in the path.
    (
        "scheme://netloc/path;parameters?query#fragment",
        &[
            ("scheme", Some("scheme")),
            ("netloc", Some("netloc")),
            ("path", Some("/path;parameters")),
            ("params", Some("")),
            ("query", Some("query")),
            ("fragment", Some("fragment")),
        ],
    ),
    // http is: "params: Parameters for last path element".
    (
        "http://netloc/path;parameters?query",
        &[
            ("path", Some("/path")),
            ("params", Some("parameters")),
            ("query", Some("query")),
        ],
    ),
    (
        "http://docs.python.org:80/3/library/urllib.parse.html?highlight=params#url-parsing",
        &[
            ("scheme", Some("http")),
            ("netloc", Some("docs.python.org:80")),
            ("path", Some("/3/library/urllib.parse.html")),
            ("params", Some("")),
            ("query", Some("highlight=params")),
            ("fragment", Some("url-parsing")),
            ("hostname", Some("docs.python.org")),
            ("port", Some("80")),
            ("username", None),
            ("password", None),
        ],
    ),
    (
        "//www.cwi.nl:80/%7Eguido/Python.html",
        &[
            ("scheme", Some("")),
            ("netloc", Some("www.cwi.nl:80")),
            ("path", Some("/%7Eguido/Python.html")),
        ],
    ),
    (
        "www.cwi.nl/%7Eguido/Python.html",
        &[
            ("scheme", Some("")),
            ("netloc", Some("")),
            ("path", Some("www.cwi.nl/%7Eguido/Python.html")),
        ],
    ),
    // "hostname: Host name (lower case)".
    (
        "http://user:pw@Host.Example/",
        &[
            ("username", Some("user")),
            ("password", Some("pw")),
            ("hostname", Some("host.example")),
        ],
    ),
];

const URLSPLIT_VALID: &[(&str, Expected)] = &[
    // urlsplit "does not split the params from the URL", even for http.
    (
        "http://netloc/path;parameters?query#fragment",
        &[
            ("scheme", Some("http")),
            ("netloc", Some("netloc")),
            ("path", Some("/path;parameters")),
            ("query", Some("query")),
            ("fragment", Some("fragment")),
        ],
    ),
];

// "Unmatched square brackets in the netloc attribute will raise a ValueError", and
// "Reading the port attribute will raise a ValueError if an invalid port is specified".
const URLLIB_INVALID: &[&str] = &["http://[::1/", "http://h:99999/", "http://h:port/"];

const URLLIB_RESOLUTIONS: &[(&str, &str, &str)] = &[
    (
        "http://www.cwi.nl/%7Eguido/Python.html",
        "FAQ.html",
        "http://www.cwi.nl/%7Eguido/FAQ.html",
    ),
    (
        "http://www.cwi.nl/%7Eguido/Python.html",
        "//www.python.org/%7Eguido",
        "http://www.python.org/%7Eguido",
    ),
    // Since Python 3.5 urljoin follows RFC 3986 (Section 5.4.1).
    ("http://a/b/c/d;p?q", "../g", "http://a/b/g"),
    ("http://a/b/c/d;p?q", "?y", "http://a/b/c/d;p?y"),
    ("http://a/b/c/d;p?q", "../../../g", "http://a/g"),
];

// RFC 3986 Section 3 and Section 1.1.2.
const RFC3986_VALID: &[(&str, Expected)] = &[
    RFC3986_SECTION_3,
    (
        "urn:example:animal:ferret:nose",
        &[
            ("scheme", Some("urn")),
            ("host", None),
            ("path", Some("example:animal:ferret:nose")),
            ("query", None),
            ("fragment", None),
        ],
    ),
    (
        "ldap://[2001:db8::7]/c=GB?objectClass?one",
        &[
            ("scheme", Some("ldap")),
            ("host", Some("[2001:db8::7]")),
            ("path", Some("/c=GB")),
            ("query", Some("objectClass?one")),
        ],
    ),
    (
        "mailto:John.Doe@example.com",
        &[
            ("scheme", Some("mailto")),
            ("userinfo", None),
            ("host", None),
            ("path", Some("John.Doe@example.com")),
        ],
    ),
    (
        "http://user:pw@example.com/",
        &[("userinfo", Some("user:pw")), ("host", Some("example.com"))],
    ),
    // A relative reference (Section 4.2) is a URI reference too.
    (
        "../g?y#s",
        &[
            ("scheme", None),
            ("host", None),
            ("path", Some("../g")),
            ("query", Some("y")),
            ("fragment", Some("s")),
        ],
    ),
];

// uriparser reports absent and empty apart, as RFC 3986 does (Section 5.3: a component
// is "defined" or not): "?" and "#" with nothing after them are empty, not absent, and
// "file:///x" has an authority with an empty host (Section 3.2.2).
const URIPARSER_VALID_EXTRA: &[(&str, Expected)] = &[
    (
        "http://h/?#",
        &[
            ("userinfo", None),
            ("port", None),
            ("path", Some("/")),
            ("query", Some("")),
            ("fragment", Some("")),
        ],
    ),
    (
        "http://h",
        &[("path", Some("")), ("query", None), ("fragment", None)],
    ),
    ("file:///x", &[("host", Some("")), ("path", Some("/x"))]),
    ("http://h:/", &[("host", Some("h")), ("port", Some(""))]),
    ("http://@h/", &[("userinfo", Some("")), ("host", Some("h"))]),
    (
        "/",
        &[("scheme", None), ("host", None), ("path", Some("/"))],
    ),
    ("", &[("scheme", None), ("host", None), ("path", Some(""))]),
];

fn uriparser_valid() -> &'static [(&'static str, Expected)] {
    static ALL: OnceLock<Vec<(&'static str, Expected)>> = OnceLock::new();
    ALL.get_or_init(|| {
        RFC3986_VALID
            .iter()
            .chain(URIPARSER_VALID_EXTRA)
            .copied()
            .collect()
    })
}

// Not URI references under RFC 3986: a space in a reg-name, an unclosed IP literal.
const RFC3986_INVALID: &[&str] = &["http://a b/", "http://[::1/"];

const BASE: &str = "http://a/b/c/d;p?q";

/// RFC 3986 Section 5.4.1 (normal) and 5.4.2 (abnormal) examples, except "http:g",
/// whose answer depends on strict or backward-compatible resolution.
const RFC3986_RESOLUTIONS: &[(&str, &str, &str)] = &[
    (BASE, "g:h", "g:h"),
    (BASE, "g", "http://a/b/c/g"),
    (BASE, "./g", "http://a/b/c/g"),
    (BASE, "g/", "http://a/b/c/g/"),
    (BASE, "/g", "http://a/g"),
    (BASE, "//g", "http://g"),
    (BASE, "?y", "http://a/b/c/d;p?y"),
    (BASE, "g?y", "http://a/b/c/g?y"),
    (BASE, "#s", "http://a/b/c/d;p?q#s"),
    (BASE, "g#s", "http://a/b/c/g#s"),
    (BASE, "g?y#s", "http://a/b/c/g?y#s"),
    (BASE, ";x", "http://a/b/c/;x"),
    (BASE, "g;x", "http://a/b/c/g;x"),
    (BASE, "g;x?y#s", "http://a/b/c/g;x?y#s"),
    (BASE, "", "http://a/b/c/d;p?q"),
    (BASE, ".", "http://a/b/c/"),
    (BASE, "./", "http://a/b/c/"),
    (BASE, "..", "http://a/b/"),
    (BASE, "../", "http://a/b/"),
    (BASE, "../g", "http://a/b/g"),
    (BASE, "../..", "http://a/"),
    (BASE, "../../", "http://a/"),
    (BASE, "../../g", "http://a/g"),
    (BASE, "../../../g", "http://a/g"),
    (BASE, "../../../../g", "http://a/g"),
    (BASE, "/./g", "http://a/g"),
    (BASE, "/../g", "http://a/g"),
    (BASE, "g.", "http://a/b/c/g."),
    (BASE, ".g", "http://a/b/c/.g"),
    (BASE, "g..", "http://a/b/c/g.."),
    (BASE, "..g", "http://a/b/c/..g"),
    (BASE, "./../g", "http://a/b/g"),
    (BASE, "./g/.", "http://a/b/c/g/"),
    (BASE, "g/./h", "http://a/b/c/g/h"),
    (BASE, "g/../h", "http://a/b/c/h"),
    (BASE, "g;x=1/./y", "http://a/b/c/g;x=1/y"),
    (BASE, "g;x=1/../y", "http://a/b/c/y"),
    (BASE, "g?y/./x", "http://a/b/c/g?y/./x"),
    (BASE, "g?y/../x", "http://a/b/c/g?y/../x"),
    (BASE, "g#s/./x", "http://a/b/c/g#s/./x"),
    (BASE, "g#s/../x", "http://a/b/c/g#s/../x"),
];

/// Section 5.4.2: "http:g" is "http:g" for strict parsers ...
const STRICT_HTTP_G: &[(&str, &str, &str)] = &[(BASE, "http:g", "http:g")];
/// ... and "http://a/b/c/g" for backward compatibility.
const COMPAT_HTTP_G: &[(&str, &str, &str)] = &[(BASE, "http:g", "http://a/b/c/g")];

fn with(
    a: &'static [(&'static str, &'static str, &'static str)],
    b: &'static [(&'static str, &'static str, &'static str)],
) -> &'static [(&'static str, &'static str, &'static str)] {
    Box::leak(
        a.iter()
            .chain(b)
            .copied()
            .collect::<Vec<_>>()
            .into_boxed_slice(),
    )
}

// The WHATWG URL Standard, Section 4.3 (URL parsing), its examples.
const WHATWG_VALID: &[(&str, Expected)] = &[
    (
        "https://EXAMPLE.com/../x",
        &[
            ("protocol", Some("https:")),
            ("username", Some("")),
            ("password", Some("")),
            ("hostname", Some("example.com")),
            ("port", Some("")),
            ("pathname", Some("/x")),
            ("search", Some("")),
            ("hash", Some("")),
        ],
    ),
    (
        "https://user:password@example.org/",
        &[
            ("username", Some("user")),
            ("password", Some("password")),
            ("hostname", Some("example.org")),
        ],
    ),
    (
        "https://example.org/foo bar",
        &[("pathname", Some("/foo%20bar"))],
    ),
    ("https://example.com/././foo", &[("pathname", Some("/foo"))]),
    (
        "https:example.org",
        &[("hostname", Some("example.org")), ("pathname", Some("/"))],
    ),
];

const WHATWG_INVALID: &[&str] = &[
    "https://ex ample.org/",
    "example",
    "https://example.com:demo",
    "http://[www.example.com]/",
];

const WHATWG_RESOLUTIONS: &[(&str, &str, &str)] = &[
    ("https://example.com/", "hello:world", "hello:world"),
    (
        "https://example.com/",
        "https:example.org",
        "https://example.com/example.org",
    ),
    (
        "https://example.com/",
        "\\example\\..\\demo/.\\",
        "https://example.com/demo/",
    ),
    (
        "https://example.com/demo",
        "example",
        "https://example.com/example",
    ),
    ("file:///C:/demo", "..", "file:///C:/"),
];

// curl_url_get(3)'s example URL; absent parts answer CURLUE_NO_*.
const CURL_VALID: &[(&str, Expected)] = &[
    (
        "https://example.com:449/foo/bar?name=moo",
        &[
            ("scheme", Some("https")),
            ("user", None),
            ("password", None),
            ("host", Some("example.com")),
            ("port", Some("449")),
            ("path", Some("/foo/bar")),
            ("query", Some("name=moo")),
            ("fragment", None),
        ],
    ),
    (
        "http://user:pw@example.com/#f",
        &[
            ("user", Some("user")),
            ("password", Some("pw")),
            ("port", None),
            ("fragment", Some("f")),
        ],
    ),
];

// curl_url_set(3): a scheme libcurl does not support needs CURLU_NON_SUPPORT_SCHEME, a URL
// without a scheme needs CURLU_GUESS_SCHEME, and "the URL syntax does normally not allow
// spaces anywhere" (CURLU_ALLOW_SPACE).
const CURL_INVALID: &[&str] = &[
    "foo://example.com/",
    "example.com/x",
    "http://example.com/a b",
];

const CURL_RESOLUTIONS: &[(&str, &str, &str)] = &[
    (BASE, "g", "http://a/b/c/g"),
    (BASE, "./g", "http://a/b/c/g"),
    (BASE, "/g", "http://a/g"),
    (BASE, "g?y", "http://a/b/c/g?y"),
    (BASE, "g;x?y#s", "http://a/b/c/g;x?y#s"),
    (BASE, "../g", "http://a/b/g"),
    (BASE, "../../../g", "http://a/g"),
    (BASE, "https://other.example/x", "https://other.example/x"),
];

fn python_urllib() -> Spec {
    Spec {
        name: "python-urllib",
        model: "urlparse",
        launch: || python_script("python_urllib.py"),
        args: &[],
        version: python_version,
        valid: URLLIB_VALID,
        absent_keys: &[],
        invalid: URLLIB_INVALID,
        resolutions: URLLIB_RESOLUTIONS,
    }
}

fn python_urllib_urlsplit() -> Spec {
    Spec {
        name: "python-urllib@urlsplit",
        args: &["--urlsplit"],
        valid: URLSPLIT_VALID,
        absent_keys: &["params"],
        ..python_urllib()
    }
}

fn python_rfc3986() -> Spec {
    Spec {
        name: "python-rfc3986",
        model: "rfc3986",
        launch: rfc3986_script,
        args: &[],
        version: rfc3986_version,
        valid: RFC3986_VALID,
        absent_keys: &[],
        invalid: RFC3986_INVALID,
        // The package resolves non-strictly by default (`resolve_with(strict=False)`).
        resolutions: with(RFC3986_RESOLUTIONS, COMPAT_HTTP_G),
    }
}

fn python_rfc3986_strict() -> Spec {
    Spec {
        name: "python-rfc3986@strict",
        args: &["--strict"],
        resolutions: with(RFC3986_RESOLUTIONS, STRICT_HTTP_G),
        ..python_rfc3986()
    }
}

fn python_rfc3986_require_scheme() -> Spec {
    Spec {
        name: "python-rfc3986@require-scheme",
        args: &["--require-scheme"],
        valid: &RFC3986_VALID[..5],
        // A relative reference has no scheme.
        invalid: &["../g?y#s", "g", "http://a b/"],
        ..python_rfc3986()
    }
}

fn node_url() -> Spec {
    Spec {
        name: "node-url",
        model: "whatwg",
        launch: node_script,
        args: &[],
        version: node_version,
        valid: WHATWG_VALID,
        absent_keys: &[],
        invalid: WHATWG_INVALID,
        resolutions: WHATWG_RESOLUTIONS,
    }
}

fn uriparser() -> Spec {
    Spec {
        name: "uriparser",
        model: "rfc3986",
        launch: || c_program(&URIPARSER),
        args: &[],
        version: uriparser_version,
        valid: uriparser_valid(),
        absent_keys: &[],
        invalid: RFC3986_INVALID,
        // uriparser resolves strictly unless told otherwise (URI_RESOLVE_STRICTLY).
        resolutions: with(RFC3986_RESOLUTIONS, STRICT_HTTP_G),
    }
}

fn uriparser_compat() -> Spec {
    Spec {
        name: "uriparser@identical-scheme-compat",
        args: &["--identical-scheme-compat"],
        resolutions: with(RFC3986_RESOLUTIONS, COMPAT_HTTP_G),
        ..uriparser()
    }
}

fn curl() -> Spec {
    Spec {
        name: "curl",
        model: "curl",
        launch: || c_program(&CURL),
        args: &[],
        version: curl_version,
        valid: CURL_VALID,
        absent_keys: &[],
        invalid: CURL_INVALID,
        resolutions: CURL_RESOLUTIONS,
    }
}

fn curl_non_support_scheme() -> Spec {
    Spec {
        name: "curl@non-support-scheme",
        args: &["--non-support-scheme"],
        valid: &[(
            "foo://example.com/",
            &[
                ("scheme", Some("foo")),
                ("host", Some("example.com")),
                ("path", Some("/")),
            ],
        )],
        invalid: &["example.com/x", "http://example.com/a b"],
        ..curl()
    }
}

fn curl_allow_space() -> Spec {
    Spec {
        name: "curl@allow-space",
        args: &["--allow-space"],
        // "When space is used and allowed in a URL, it is stored as-is unless
        // CURLU_URLENCODE is also set".
        valid: &[(
            "http://example.com/a b",
            &[("host", Some("example.com")), ("path", Some("/a b"))],
        )],
        invalid: &["foo://example.com/", "example.com/x"],
        ..curl()
    }
}

fn curl_guess_scheme() -> Spec {
    Spec {
        name: "curl@guess-scheme",
        args: &["--guess-scheme"],
        // "If the outermost sub-domain name matches DICT, FTP, IMAP, LDAP, POP3 or SMTP
        // then that scheme will be used, otherwise it picks HTTP."
        valid: &[
            (
                "ftp.example.com/x",
                &[
                    ("scheme", Some("ftp")),
                    ("host", Some("ftp.example.com")),
                    ("path", Some("/x")),
                ],
            ),
            (
                "example.com/x",
                &[("scheme", Some("http")), ("host", Some("example.com"))],
            ),
        ],
        invalid: &["foo://example.com/", "http://example.com/a b"],
        ..curl()
    }
}

impl Spec {
    /// The full argv, or `None` (after printing why) when the runtime is missing.
    fn argv(&self) -> Option<Vec<String>> {
        match (self.launch)() {
            Ok(mut argv) => {
                argv.extend(self.args.iter().map(|a| a.to_string()));
                Some(argv)
            }
            Err(why) => skip(format!("{}: {why}", self.name)),
        }
    }
}

// ---- talking to a program -------------------------------------------------------------

/// Long enough never to matter for a working program; it only turns a hang into a
/// failure instead of a stuck test run.
const PATIENCE: Duration = Duration::from_secs(60);

struct Session {
    argv: Vec<String>,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Option<Vec<u8>>>,
    stderr: Arc<Mutex<Vec<u8>>>,
}

impl Session {
    fn start(argv: &[String]) -> Session {
        let mut child = Command::new(&argv[0])
            .args(&argv[1..])
            .current_dir(repo_root())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {argv:?}: {e}"));
        let stdout = child.stdout.take().unwrap();
        let (send, lines) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut line = Vec::new();
                match reader.read_until(b'\n', &mut line) {
                    Ok(0) | Err(_) => {
                        let _ = send.send(None);
                        return;
                    }
                    Ok(_) => {
                        if send.send(Some(line)).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&stderr);
        let mut err = child.stderr.take().unwrap();
        std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            while let Ok(n) = err.read(&mut buf) {
                if n == 0 {
                    break;
                }
                sink.lock().unwrap().extend_from_slice(&buf[..n]);
            }
        });
        let stdin = child.stdin.take();
        Session {
            argv: argv.to_vec(),
            child,
            stdin,
            lines,
            stderr,
        }
    }

    fn stderr_text(&self) -> String {
        String::from_utf8_lossy(&self.stderr.lock().unwrap()).into_owned()
    }

    fn send_raw(&mut self, line: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        stdin
            .write_all(line)
            .and_then(|_| stdin.write_all(b"\n"))
            .and_then(|_| stdin.flush())
            .unwrap_or_else(|e| panic!("{:?}: cannot write a request: {e}", self.argv));
    }

    /// The next answer line, as JSON.
    fn next(&mut self) -> Value {
        let line = match self.lines.recv_timeout(PATIENCE) {
            Ok(Some(line)) => line,
            Ok(None) => panic!(
                "{:?}: standard output closed; stderr: {}",
                self.argv,
                self.stderr_text()
            ),
            Err(_) => panic!("{:?}: no answer in {PATIENCE:?}", self.argv),
        };
        assert!(
            line.ends_with(b"\n"),
            "{:?}: an answer without its newline",
            self.argv
        );
        let text = std::str::from_utf8(&line)
            .unwrap_or_else(|e| panic!("{:?}: an answer that is not UTF-8: {e}", self.argv));
        serde_json::from_str(text.trim_end_matches('\n')).unwrap_or_else(|e| {
            panic!(
                "{:?}: an answer that is not JSON ({e}): {}",
                self.argv,
                &text[..text.len().min(300)]
            )
        })
    }

    fn ask(&mut self, request: &Value) -> Value {
        self.send_raw(request.to_string().as_bytes());
        self.next()
    }

    /// Closes standard input: the program must then exit 0 with nothing more to say.
    fn finish(mut self) -> ExitStatus {
        drop(self.stdin.take());
        match self.lines.recv_timeout(PATIENCE) {
            Ok(None) => {}
            Ok(Some(line)) => panic!(
                "{:?}: output after EOF: {}",
                self.argv,
                String::from_utf8_lossy(&line)
            ),
            Err(_) => panic!("{:?}: still running {PATIENCE:?} after EOF", self.argv),
        }
        let status = self.child.wait().unwrap();
        assert!(
            status.success(),
            "{:?}: exit status {status} after EOF; stderr: {}",
            self.argv,
            self.stderr_text()
        );
        status
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        // A failed assertion leaves the child running: end it (ours, by handle).
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// The answer's kind: the one key besides "id".
fn kind(answer: &Value) -> &str {
    let object = answer.as_object().expect("an answer is an object");
    let kinds: Vec<&String> = object.keys().filter(|k| *k != "id").collect();
    assert_eq!(kinds.len(), 1, "one kind of answer per line: {answer}");
    kinds[0]
}

fn check_parsed(spec: &Spec, answer: &Value) {
    let components = answer["parsed"]["components"]
        .as_object()
        .unwrap_or_else(|| panic!("{}: parsed without components: {answer}", spec.name));
    let allowed = model_keys(spec.model);
    for (key, value) in components {
        assert!(
            allowed.contains(&key.as_str()),
            "{}: component {key} is not in the {} model",
            spec.name,
            spec.model
        );
        assert!(
            value.is_string() || value.is_null(),
            "{}: component {key} is neither a string nor null: {value}",
            spec.name
        );
    }
    for key in spec.absent_keys {
        assert!(
            !components.contains_key(*key),
            "{}: reports {key}, which it cannot have",
            spec.name
        );
    }
}

fn parse_request(id: u64, input: &str) -> Value {
    json!({"id": id, "op": "parse", "input": input})
}

fn resolve_request(id: u64, base: &str, reference: &str) -> Value {
    json!({"id": id, "op": "resolve", "base": base, "reference": reference})
}

// ---- the checks ----------------------------------------------------------------------

fn hello_is_well_formed(spec: Spec) {
    let Some(argv) = spec.argv() else { return };
    let mut session = Session::start(&argv);
    let answer = session.ask(&json!({"id": 0, "op": "hello", "protocol": 1}));
    assert_eq!(answer["id"], 0, "{answer}");
    assert_eq!(kind(&answer), "hello");
    let hello = &answer["hello"];
    assert_eq!(hello["name"], spec.name, "{answer}");
    assert_eq!(hello["model"], spec.model, "{answer}");
    assert_eq!(hello["operations"], json!(["parse", "resolve"]), "{answer}");
    let version = hello["version"].as_str().expect("a version string");
    assert!(!version.trim().is_empty(), "{answer}");
    match (spec.version)() {
        Some(real) => assert!(
            version.contains(&real),
            "{}: hello says version {version:?}, the installed parser is {real:?}",
            spec.name
        ),
        None => println!(
            "{}: no independent version source; hello says {version}",
            spec.name
        ),
    }
    session.finish();

    // An unknown argument is a usage error, said on stderr, not a silent default.
    let out = Command::new(&argv[0])
        .args(&argv[1..])
        .arg("--no-such-profile")
        .current_dir(repo_root())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}: {out:?}", spec.name);
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--no-such-profile"));
}

fn valid_and_invalid(spec: Spec) {
    let Some(argv) = spec.argv() else { return };
    let mut session = Session::start(&argv);
    let mut id = 1;
    for (input, expected) in spec.valid {
        let answer = session.ask(&parse_request(id, input));
        assert_eq!(answer["id"], id, "{answer}");
        assert_eq!(
            kind(&answer),
            "parsed",
            "{}: {input:?} -> {answer}",
            spec.name
        );
        check_parsed(&spec, &answer);
        for (component, value) in *expected {
            let got = &answer["parsed"]["components"][*component];
            let want = value.map_or(Value::Null, |v| json!(v));
            assert_eq!(
                got, &want,
                "{}: {input:?}: component {component}: {answer}",
                spec.name
            );
        }
        id += 1;
    }
    for input in spec.invalid {
        let answer = session.ask(&parse_request(id, input));
        assert_eq!(answer["id"], id, "{answer}");
        assert_eq!(
            kind(&answer),
            "rejected",
            "{}: {input:?} -> {answer}",
            spec.name
        );
        let message = answer["rejected"]["message"].as_str().expect("a message");
        assert!(
            !message.is_empty(),
            "{}: an empty rejection message",
            spec.name
        );
        id += 1;
    }
    session.finish();
}

fn resolutions(spec: Spec) {
    let Some(argv) = spec.argv() else { return };
    let mut session = Session::start(&argv);
    for (id, (base, reference, result)) in (1u64..).zip(spec.resolutions) {
        let answer = session.ask(&resolve_request(id, base, reference));
        assert_eq!(answer["id"], id, "{answer}");
        assert_eq!(
            answer,
            json!({"id": id, "resolved": {"result": result}}),
            "{}: {reference:?} against {base:?}",
            spec.name
        );
    }
    session.finish();
}

/// Reads answers until the one with `id` (at most `extra` others before it): a broken
/// request line may be answered (under a null id) or skipped, never fatal.
fn answer_for(session: &mut Session, id: u64, extra: usize) -> Value {
    for _ in 0..=extra {
        let answer = session.next();
        if answer["id"] == id {
            return answer;
        }
        assert!(
            answer["id"].is_null() && kind(&answer) == "unsupported",
            "an answer to a broken line must be unsupported under a null id: {answer}"
        );
    }
    panic!("no answer with id {id}");
}

fn hostile_inputs(spec: Spec) {
    let Some(argv) = spec.argv() else { return };
    let mut session = Session::start(&argv);
    let huge = format!("http://example.com/{}", "a".repeat(1 << 20));
    let hostile = [
        "http://example.com/a\u{0}b".to_string(),
        "\u{0}".to_string(),
        huge.clone(),
        "http://example.com/\"'<script>alert(1)</script>\\".to_string(),
        "http://example.com/\u{1}\u{1f}\u{7f}\t\r\n".to_string(),
        "http://ex\u{0}ample.com/".to_string(),
        "\u{feff}http://example.com/\u{202e}\u{1f600}".to_string(),
        String::new(),
    ];
    let mut id = 1;
    for input in &hostile {
        let answer = session.ask(&parse_request(id, input));
        assert_eq!(answer["id"], id, "{}: {answer}", spec.name);
        match kind(&answer) {
            "parsed" => check_parsed(&spec, &answer),
            "rejected" | "unsupported" => {}
            other => panic!("{}: answered {other} to a parse: {answer}", spec.name),
        }
        id += 1;
    }
    for (base, reference) in [
        ("http://a/b/c/d;p?q", "g\u{0}h"),
        ("http://a/b/\u{0}/d", "../g"),
        ("http://a/b/c/d;p?q", huge.as_str()),
        ("\"<>", "\u{7}"),
    ] {
        let answer = session.ask(&resolve_request(id, base, reference));
        assert_eq!(answer["id"], id, "{}: {answer}", spec.name);
        match kind(&answer) {
            "resolved" => assert!(answer["resolved"]["result"].is_string()),
            "rejected" | "unsupported" => {}
            other => panic!("{}: answered {other} to a resolve: {answer}", spec.name),
        }
        id += 1;
    }
    // Lines that are not protocol requests: answered under a null id, or skipped.
    let broken: [&[u8]; 7] = [
        b"{\"id\": 99, \"op\": \"parse\", \"input\": ",
        b"not json at all",
        b"\xff\xfe\x00 not UTF-8",
        b"[1, 2, 3]",
        b"\"a string\"",
        b"",
        b"{\"id\": 98, \"op\": \"parse\", \"input\": \"x\"} trailing",
    ];
    for line in broken {
        session.send_raw(line);
    }
    // A lone surrogate is JSON but not UTF-8 (the harness never sends one): answered
    // under its id, as the parser sees it or as unsupported.
    session.send_raw(br#"{"id": 40, "op": "parse", "input": "\ud800"}"#);
    let surrogate = answer_for(&mut session, 40, broken.len());
    assert!(
        ["parsed", "rejected", "unsupported"].contains(&kind(&surrogate)),
        "{}: {surrogate}",
        spec.name
    );
    // A request with an unknown op or a missing field is answered, under its id.
    session.send_raw(br#"{"id": 50, "op": "frobnicate"}"#);
    session.send_raw(br#"{"id": 51, "op": "parse"}"#);
    session.send_raw(br#"{"id": 52, "op": "resolve", "base": "http://a/"}"#);
    let unknown = session.next();
    assert_eq!(unknown["id"], 50, "{}: {unknown}", spec.name);
    assert_eq!(kind(&unknown), "unsupported", "{}: {unknown}", spec.name);
    for id in [51, 52] {
        let answer = session.next();
        assert_eq!(answer["id"], id, "{}: {answer}", spec.name);
        assert_eq!(kind(&answer), "unsupported", "{}: {answer}", spec.name);
    }
    // Still alive and still itself.
    let hello = session.ask(&json!({"id": 60, "op": "hello", "protocol": 1}));
    assert_eq!(hello["id"], 60);
    assert_eq!(hello["hello"]["name"], spec.name);
    let again = session.ask(&parse_request(61, spec.valid[0].0));
    assert_eq!(kind(&again), "parsed", "{}: {again}", spec.name);
    let stderr = session.stderr_text();
    assert!(
        stderr.len() < 64 * 1024,
        "{}: {} bytes on stderr",
        spec.name,
        stderr.len()
    );
    session.finish();
}

/// One process per request: one line in, then EOF; exactly one answer line out, exit 0,
/// and the same answer a persistent session gives.
fn one_shot(spec: Spec) {
    let Some(argv) = spec.argv() else { return };
    let (base, reference, _) = spec.resolutions[0];
    let requests = [
        json!({"id": 0, "op": "hello", "protocol": 1}),
        parse_request(7, spec.valid[0].0),
        parse_request(8, spec.invalid[0]),
        resolve_request(9, base, reference),
    ];
    let mut persistent = Session::start(&argv);
    for request in &requests {
        let expected = persistent.ask(request);
        let mut child = Command::new(&argv[0])
            .args(&argv[1..])
            .current_dir(repo_root())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        {
            let mut stdin = child.stdin.take().unwrap();
            stdin.write_all(request.to_string().as_bytes()).unwrap();
            stdin.write_all(b"\n").unwrap();
        }
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{}: {out:?}", spec.name);
        let text = String::from_utf8(out.stdout).expect("UTF-8 answers");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines.len(),
            1,
            "{}: one answer for one request: {text}",
            spec.name
        );
        let answer: Value = serde_json::from_str(lines[0]).expect("a JSON answer");
        assert_eq!(
            answer, expected,
            "{}: one-shot and persistent differ",
            spec.name
        );
    }
    persistent.finish();
}

macro_rules! adapter_tests {
    ($($module:ident => $spec:expr;)*) => {$(
        mod $module {
            use super::*;
            #[test]
            fn hello_is_well_formed() { super::hello_is_well_formed($spec) }
            #[test]
            fn valid_and_invalid() { super::valid_and_invalid($spec) }
            #[test]
            fn resolutions() { super::resolutions($spec) }
            #[test]
            fn hostile_inputs() { super::hostile_inputs($spec) }
            #[test]
            fn one_shot() { super::one_shot($spec) }
        }
    )*};
}

adapter_tests! {
    python_urllib => python_urllib();
    python_urllib_urlsplit => python_urllib_urlsplit();
    python_rfc3986 => python_rfc3986();
    python_rfc3986_strict => python_rfc3986_strict();
    python_rfc3986_require_scheme => python_rfc3986_require_scheme();
    node_url => node_url();
    uriparser => uriparser();
    uriparser_identical_scheme_compat => uriparser_compat();
    curl => curl();
    curl_non_support_scheme => curl_non_support_scheme();
    curl_allow_space => curl_allow_space();
    curl_guess_scheme => curl_guess_scheme();
}

/// Without the rfc3986 package the program says so on stderr, with the install
/// command, and exits 3 before answering anything (ADAPTERS.md, "unavailable").
#[test]
fn python_rfc3986_without_the_package_exits_3() {
    if let Err(why) = python() {
        println!("skipped: python-rfc3986: {why}");
        return;
    }
    // -S leaves site-packages (where pip and apt put rfc3986) off the path.
    let out = Command::new("python3")
        .arg("-S")
        .arg(adapter_file("python_rfc3986.py"))
        .env_remove("PYTHONPATH")
        .current_dir(repo_root())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    if out.status.success() {
        println!("skipped: rfc3986 is importable even without site-packages");
        return;
    }
    assert_eq!(out.status.code(), Some(3), "{out:?}");
    assert!(out.stdout.is_empty(), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("pip install rfc3986"), "{stderr}");
}

/// The program files are where the registry (harness/src/ask/registry.rs) looks.
#[test]
fn the_programs_are_in_place() {
    for file in [
        "python_urllib.py",
        "python_rfc3986.py",
        "node_url.js",
        "uriparser.c",
        "curl_url.c",
        "json.h",
        "_protocol.py",
        "README.md",
    ] {
        assert!(
            adapter_file(file).is_file(),
            "harness/adapters/{file} is missing"
        );
    }
}
