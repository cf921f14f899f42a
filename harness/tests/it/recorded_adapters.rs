//! Recorded answers (`harness/recordings/*.jsonl`, `adapter::recorded`): a recorded
//! answer is returned for its request, an unrecorded request is `unsupported`, a
//! malformed file is an error naming the file and the line.
//!
//! The shipped recordings are Roy T. Fielding's relative-URL test pages as
//! libwww-perl's URI distribution has them (t/roytest1.html at commit
//! e5edc02fc363e5e42a7731e866d99559c736ee1f): the answers checked here are the ones
//! those pages publish.

use std::path::PathBuf;

use crate::common::engines::assert_listed;
use urlcert::ask::process::Limits;
use urlcert::ask::recorded::{self, Recorded};
use urlcert::ask::registry::{self, Found};
use urlcert::ask::{Answer, Ask, Engine, Model, Operation};

const HEADER: &str = r#"{"recording": "demo", "version": "Demo 1.0", "model": "rfc3986", "operations": ["resolve", "parse"], "source": "a test"}"#;

fn demo(lines: &[&str]) -> Result<Recorded, urlcert::Error> {
    let mut text = String::from(HEADER);
    for l in lines {
        text.push('\n');
        text.push_str(l);
    }
    Recorded::from_text("recorded-demo", "demo.jsonl", &text)
}

fn resolved(s: &str) -> Answer {
    Answer::Resolved {
        result: s.to_string(),
    }
}

#[test]
fn a_recorded_answer_is_returned_for_its_request() {
    let mut r = demo(&[
        r#"{"op": "resolve", "base": "http://a/b/c/d;p?q", "input": "../g", "answer": {"resolved": {"result": "http://a/b/g"}}, "source": "p, line 1"}"#,
        r#"{"op": "resolve", "base": "http://a/b/c/d;p?q", "input": "x", "answer": {"rejected": {"message": "no"}}, "source": "p, line 2"}"#,
        r#"{"op": "parse", "input": "http://h/", "answer": {"parsed": {"components": {"scheme": "http", "query": null}}}, "source": "p, line 3"}"#,
    ])
    .expect("a well-formed recording");
    assert_eq!(r.info().name, "recorded-demo");
    assert_eq!(r.info().version, "Demo 1.0");
    assert_eq!(r.info().model, Model::Rfc3986);
    assert_eq!(
        r.info().operations,
        vec![Operation::Resolve, Operation::Parse]
    );
    assert_eq!(
        r.resolve(b"http://a/b/c/d;p?q", b"../g"),
        resolved("http://a/b/g")
    );
    assert_eq!(
        r.resolve(b"http://a/b/c/d;p?q", b"x"),
        Answer::Rejected {
            message: "no".into()
        }
    );
    match r.parse(b"http://h/") {
        Answer::Parsed { components } => {
            assert_eq!(components["scheme"], Some("http".into()));
            assert_eq!(components["query"], None);
        }
        other => panic!("expected parsed, got {other:?}"),
    }
}

#[test]
fn an_unrecorded_request_is_unsupported() {
    let mut r = demo(&[
        r#"{"op": "resolve", "base": "http://a/b/c/d;p?q", "input": "../g", "answer": {"resolved": {"result": "http://a/b/g"}}, "source": "p, line 1"}"#,
    ])
    .unwrap();
    let unsupported = Answer::Unsupported {
        why: "not in the recording".into(),
    };
    // Another reference, the same reference against another base, a parse, bytes that
    // are not UTF-8: none is recorded.
    assert_eq!(r.resolve(b"http://a/b/c/d;p?q", b"g"), unsupported);
    assert_eq!(r.resolve(b"http://a/b/c/d", b"../g"), unsupported);
    assert_eq!(r.parse(b"../g"), unsupported);
    assert_eq!(r.resolve(b"http://a/\xff", b"../g"), unsupported);
}

#[test]
fn an_operation_the_header_does_not_list_is_not_offered() {
    // A recording offers what its header lists, as every engine does: a parse of a
    // resolve-only recording is not asked, even for an input it might hold.
    let header = HEADER.replace(r#"["resolve", "parse"]"#, r#"["resolve"]"#);
    let mut r = Recorded::from_text("recorded-demo", "demo.jsonl", &header).unwrap();
    assert_eq!(
        r.parse(b"http://h/"),
        Answer::Unsupported {
            why: "recorded-demo does not offer parse".into()
        }
    );
    assert_eq!(
        r.links(b"<a href=g>", &[]),
        Answer::Unsupported {
            why: "recorded-demo does not offer links".into()
        }
    );
}

#[test]
fn a_malformed_line_names_the_file_and_the_line() {
    let good = r#"{"op": "resolve", "base": "b:/", "input": "g", "answer": {"resolved": {"result": "b:/g"}}, "source": "p"}"#;
    let cases: &[(&str, &str)] = &[
        ("{not json", "not JSON"),
        ("[1]", "not a JSON object"),
        (
            r#"{"op": "resolve", "input": "g", "answer": {"resolved": {"result": "x"}}, "source": "p"}"#,
            "no \"base\"",
        ),
        (
            r#"{"op": "resolve", "base": "b:/", "input": "g", "answer": {"resolved": {"result": "x"}, "rejected": {"message": "m"}}, "source": "p"}"#,
            "exactly one key",
        ),
        (
            r#"{"op": "resolve", "base": "b:/", "input": "g", "answer": {"parsed": {"components": {}}}, "source": "p"}"#,
            "to a Resolve",
        ),
        (
            r#"{"op": "resolve", "base": "b:/", "input": "g", "answer": {"resolved": {"result": "x"}}}"#,
            "no \"source\"",
        ),
        (
            r#"{"op": "fetch", "base": "b:/", "input": "g", "answer": {"resolved": {"result": "x"}}, "source": "p"}"#,
            "unknown op",
        ),
        (good, "a second answer"),
    ];
    for (line, why) in cases {
        let err = match demo(&[good, "", line]) {
            Err(e) => e,
            Ok(_) => panic!("{line} was accepted"),
        };
        // The header is line 1, the good line 2, a blank line 3: the bad one is line 4.
        assert!(err.message().starts_with("demo.jsonl, line 4: "), "{err}");
        assert!(err.message().contains(why), "{err} (wanted {why})");
    }
    let err = Recorded::from_text("recorded-demo", "demo.jsonl", r#"{"recording": "other", "version": "1", "model": "rfc3986", "operations": [], "source": "s"}"#)
        .err()
        .expect("a header naming another recording");
    assert!(
        err.message().starts_with("demo.jsonl, line 1: header"),
        "{err}"
    );
    let err = Recorded::from_text("recorded-demo", "demo.jsonl", r#"{"recording": "demo", "version": "1", "model": "netscape", "operations": [], "source": "s"}"#)
        .err()
        .expect("an unknown model");
    assert!(
        err.message().contains("line 1") && err.message().contains("model"),
        "{err}"
    );
}

#[test]
fn a_malformed_file_on_disk_is_named_in_the_error() {
    let dir = std::env::temp_dir().join(format!("urlcert-recorded-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file: PathBuf = dir.join("demo.jsonl");
    std::fs::write(&file, format!("{HEADER}\n{{\"op\": \"resolve\"\n")).unwrap();
    let err = Recorded::load(&file).err().expect("a malformed line");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        err.message()
            .starts_with(&format!("{}, line 2: ", file.display())),
        "{err}"
    );
}

/// The shipped recordings all load, and answer as Fielding's pages publish.
#[test]
fn the_shipped_recordings_load_and_answer_as_the_pages_publish() {
    let shipped = [
        "recorded-mozilla-4.03",
        "recorded-lynx-2.7.1",
        "recorded-msie-3.01",
        "recorded-mosaic-2.6",
        "recorded-libwww-perl-5.14",
    ];
    let names = recorded::names();
    assert_listed(&names, &shipped, "the recordings");
    assert_listed(&registry::names(), &shipped, "the registry");
    let open = |name: &str| match registry::open(name, false, Limits::default()) {
        Some(Found::Ready(a)) => a,
        Some(Found::Unavailable { why, .. }) => panic!("{name} unavailable: {why}"),
        None => panic!("{name} unknown"),
    };
    let base: &[u8] = b"http://a/b/c/d;p?q";
    // roytest1.html: `../g = http://a/b/g [R,X,1,2,3,4,5]` (every client).
    for name in &names {
        assert_eq!(open(name).resolve(base, b"../g"), resolved("http://a/b/g"));
    }
    // roytest1.html: `.. = http://a/b/ [R,X,2,5]`, `http://a/b [1,3,4]`.
    assert_eq!(
        open("recorded-lynx-2.7.1").resolve(base, b".."),
        resolved("http://a/b/")
    );
    assert_eq!(
        open("recorded-mozilla-4.03").resolve(base, b".."),
        resolved("http://a/b")
    );
    // roytest1.html: `g:h = g:h [R,X,2,3,4,5]`, `http://a/b/c/g:h [1]`.
    assert_eq!(
        open("recorded-mozilla-4.03").resolve(base, b"g:h"),
        resolved("http://a/b/c/g:h")
    );
    // roytest2.html lists no libwww-perl result: not recorded.
    assert!(matches!(
        open("recorded-libwww-perl-5.14").resolve(b"http://a/b/c/d;p?q=1/2", b"g"),
        Answer::Unsupported { .. }
    ));
    // Every shipped adapter is available (`urlcert adapters` lists it so).
    let all = registry::all(Limits::default());
    for name in &names {
        let f = all.iter().find(|f| f.name() == name).expect("listed");
        assert!(matches!(f, Found::Ready(_)), "{name} unavailable");
    }
}
