//! The JVM: `java.net.URI` (RFC 2396 with RFC 2732) and `java.net.URL`, one program
//! compiled with `javac` on first use; `--url` chooses `java.net.URL`.

use super::entry::{AdapterKind, External};

const JAVA: AdapterKind = AdapterKind::Java {
    source: "harness/adapters/UrlcertJava.java",
    class: "UrlcertJava",
};

pub const ENTRIES: &[External] = &[
    External {
        name: "java-uri",
        kind: JAVA,
        profile: None,
        install: "apt-get install default-jdk-headless",
    },
    External {
        name: "java-url",
        kind: JAVA,
        profile: Some("--url"),
        install: "apt-get install default-jdk-headless",
    },
];
