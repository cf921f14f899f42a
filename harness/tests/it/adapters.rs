//! The process client against adapters that misbehave on purpose (`fake-adapter`): each
//! fault is recorded as that request's outcome, the adapter is started again, the next
//! request is answered normally, and nothing answered before is lost. Also: one-shot
//! and persistent mode agree, `urlcert adapters` lists every name, `urlcert ask` works
//! on an external command.

use crate::common::cli::{first_json_line, json_lines, urlcert};
use crate::common::engines::assert_listed;
use std::time::Duration;
use urlcert::ask::process::{Limits, OneShot, Persistent};
use urlcert::ask::process::{WINDOW, WINDOW_BYTES};
use urlcert::ask::registry::{self, Found};
use urlcert::ask::{
    ask, ask_many, Answer, Ask, Engine, Fault, LinkAnswer, Model, Operation, Request,
};
use urlcert::judge::Class;
use urlcert::run::certify;

const FAKE: &str = env!("CARGO_BIN_EXE_fake-adapter");

/// Short limits: a hang is cut after 300 ms; the fake's 10 MiB line and 4 MiB of
/// standard error are far beyond these.
fn limits() -> Limits {
    Limits {
        timeout: Duration::from_millis(300),
        max_line: 64 * 1024,
        max_stderr: 256 * 1024,
        ..Limits::default()
    }
}

fn fake(mode: &str) -> Vec<String> {
    vec![FAKE.to_string(), mode.to_string()]
}

fn whole(input: &str) -> Answer {
    Answer::Parsed {
        components: [("whole".to_string(), Some(input.to_string()))].into(),
    }
}

fn kind(answer: &Answer) -> &'static str {
    match answer {
        Answer::Fault { fault } => match fault {
            Fault::Spawn { .. } => "spawn",
            Fault::Crash { .. } => "crash",
            Fault::Timeout { .. } => "timeout",
            Fault::EarlyExit { .. } => "early-exit",
            Fault::Garbage { .. } => "garbage",
            Fault::Oversized { .. } => "oversized",
            Fault::StderrFlood { .. } => "stderr-flood",
        },
        _ => "answer",
    }
}

/// Each misbehaviour, triggered by the input "x", and the fault it must become.
const FAULTS: &[(&str, &str)] = &[
    ("crash-on:x", "crash"),
    ("exit-1-on:x", "crash"),
    ("hang-on:x", "timeout"),
    ("garbage-on:x", "garbage"),
    ("wrong-id-on:x", "garbage"),
    ("huge-on:x", "oversized"),
    ("exit-early-on:x", "early-exit"),
    ("stderr-flood-on:x", "stderr-flood"),
];

/// a, x (the fault), b, c: the answers before and after the fault are the normal ones.
fn fault_then_recover(adapter: &mut dyn Engine, mode: &str, expected: &str) {
    let answers: Vec<Answer> = [&b"a"[..], b"x", b"b", b"c"]
        .into_iter()
        .map(|input| adapter.parse(input))
        .collect();
    assert_eq!(answers[0], whole("a"), "{mode}: before the fault");
    assert_eq!(kind(&answers[1]), expected, "{mode}: {:?}", answers[1]);
    assert_eq!(
        answers[2],
        whole("b"),
        "{mode}: the request after the fault"
    );
    assert_eq!(answers[3], whole("c"), "{mode}");
}

#[test]
fn each_fault_is_recorded_and_the_persistent_adapter_restarts() {
    for (mode, expected) in FAULTS {
        let mut adapter = Persistent::start(fake(mode), limits()).unwrap();
        fault_then_recover(&mut adapter, mode, expected);
        assert_eq!(adapter.restarts(), 1, "{mode}: one restart after the fault");
    }
}

#[test]
fn each_fault_is_recorded_in_one_shot_mode_too() {
    for (mode, expected) in FAULTS {
        let mut adapter = OneShot::new(fake(mode), limits()).unwrap();
        fault_then_recover(&mut adapter, mode, expected);
    }
}

#[test]
fn fault_details_say_what_happened() {
    // abort() is SIGABRT.
    match fault_on_x("crash-on:x") {
        Fault::Crash { detail } => assert!(detail.contains("SIGABRT"), "{detail}"),
        other => panic!("{other:?}"),
    }
    match fault_on_x("exit-1-on:x") {
        Fault::Crash { detail } => {
            assert!(detail.contains("status 1"), "{detail}");
            // The end of standard error is kept for the message.
            assert!(detail.contains("on purpose"), "{detail}");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(fault_on_x("hang-on:x"), Fault::Timeout { after_ms: 300 });
    match fault_on_x("huge-on:x") {
        Fault::Oversized { bytes } => assert!(bytes > 64 * 1024),
        other => panic!("{other:?}"),
    }
    match fault_on_x("stderr-flood-on:x") {
        Fault::StderrFlood { bytes } => assert!(bytes > 256 * 1024),
        other => panic!("{other:?}"),
    }
}

/// The fault of the fake adapter in `mode` asked to parse "x".
fn fault_on_x(mode: &str) -> Fault {
    let mut a = Persistent::start(fake(mode), limits()).unwrap();
    match a.parse(b"x") {
        Answer::Fault { fault } => fault,
        other => panic!("{mode}: {other:?}"),
    }
}

#[test]
fn an_adapter_that_always_misbehaves_gives_a_fault_every_time() {
    for (mode, expected) in [("wrong-id", "garbage"), ("stderr-flood", "stderr-flood")] {
        let mut a = Persistent::start(fake(mode), limits()).unwrap();
        for input in ["a", "b", "c"] {
            assert_eq!(kind(&a.parse(input.as_bytes())), expected, "{mode}");
        }
    }
}

#[test]
fn a_start_that_fails_is_a_fault() {
    match Persistent::start(vec!["/nonexistent/urlcert-adapter".into()], limits()) {
        Err(Fault::Spawn { detail }) => assert!(detail.contains("nonexistent"), "{detail}"),
        other => panic!("{:?}", other.err()),
    }
    // A hello answered with something else is not the protocol.
    assert!(matches!(
        Persistent::start(fake("no-hello"), limits()),
        Err(Fault::Garbage { .. })
    ));
    assert!(matches!(
        OneShot::new(fake("no-hello"), limits()),
        Err(Fault::Garbage { .. })
    ));
    // A hello that never comes.
    assert!(matches!(
        Persistent::start(vec!["sleep".into(), "10".into()], limits()),
        Err(Fault::Timeout { .. }) | Err(Fault::Spawn { .. })
    ));
    assert!(matches!(
        Persistent::start(Vec::new(), limits()),
        Err(Fault::Spawn { .. })
    ));
}

#[test]
fn a_failed_restart_makes_every_later_answer_a_spawn_fault() {
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("fake-adapter");
    std::fs::copy(FAKE, &copy).unwrap();
    let argv = vec![copy.to_string_lossy().into_owned(), "crash-on:x".into()];
    // Another test's fork may briefly hold the fresh copy open for writing, and Linux
    // refuses to run a file in that state ("Text file busy"): try again then.
    let mut a = (0..50)
        .find_map(|_| match Persistent::start(argv.clone(), limits()) {
            Ok(a) => Some(a),
            Err(Fault::Spawn { detail }) if detail.contains("busy") => {
                std::thread::sleep(std::time::Duration::from_millis(20));
                None
            }
            Err(other) => panic!("{other:?}"),
        })
        .expect("the copy starts");
    assert_eq!(a.parse(b"a"), whole("a"));
    // The program is gone from disk: the restart after the crash cannot happen.
    std::fs::remove_file(&copy).unwrap();
    assert_eq!(kind(&a.parse(b"x")), "crash");
    assert_eq!(kind(&a.parse(b"b")), "spawn");
    assert_eq!(kind(&a.parse(b"c")), "spawn");
}

#[test]
fn hello_gives_the_info_and_operations_are_honoured() {
    let mut a = Persistent::start(fake("accept"), limits()).unwrap();
    let info = a.info().clone();
    assert_eq!(info.name, "fake-accept");
    assert_eq!(info.version, "fake-adapter 1");
    assert_eq!(info.model, Model::Rfc3986);
    assert_eq!(info.operations, vec![Operation::Parse]);
    assert_eq!(info.argv, Some(fake("accept")));
    // It did not offer resolve: the harness answers for it.
    assert!(matches!(
        a.resolve(b"http://a/b", b"c"),
        Answer::Unsupported { .. }
    ));
    let mut r = Persistent::start(fake("echo-resolve"), limits()).unwrap();
    assert_eq!(
        r.resolve(b"http://a/b", b"../g"),
        Answer::Resolved {
            result: "../g".into()
        }
    );
    r.rename("echo");
    assert_eq!(r.info().name, "echo");
}

#[test]
fn inputs_that_are_not_utf8_are_never_sent() {
    // The adapter would crash on any input that reached it as "\u{fffd}"; it is never asked.
    let mut a = Persistent::start(fake("crash-on:\u{fffd}"), limits()).unwrap();
    assert!(matches!(a.parse(b"\xff"), Answer::Unsupported { .. }));
    assert!(matches!(
        a.resolve(b"http://a/\xfe", b"g"),
        Answer::Unsupported { .. }
    ));
    assert!(matches!(
        a.resolve(b"http://a/", b"\xfe"),
        Answer::Unsupported { .. }
    ));
    assert_eq!(a.restarts(), 0);
    assert_eq!(a.parse(b"ok"), whole("ok"));
}

#[test]
fn links_requests_go_to_adapters_that_list_links() {
    let urls = [b"http://h.example/a/b".to_vec()];
    let mut a = Persistent::start(fake("links"), limits()).unwrap();
    assert_eq!(
        a.info().operations,
        vec![Operation::Parse, Operation::Resolve, Operation::Links]
    );
    // The document with quotes, a line break and markup travels as data; the request's
    // arrays (the retrieval URLs, the attribute table) do not upset the reader.
    let doc = "<a href=\"g\">x</a>\n<img src='i'>";
    let expected = Answer::Links {
        links: vec![LinkAnswer {
            href: doc.into(),
            result: None,
        }],
    };
    assert_eq!(a.links(doc.as_bytes(), &urls), expected);
    assert_eq!(a.links(doc.as_bytes(), &[]), expected);
    // Bytes that are not UTF-8 are never sent.
    assert!(matches!(
        a.links(b"<a href=\xff>", &urls),
        Answer::Unsupported { .. }
    ));
    assert!(matches!(
        a.links(b"<a>", &[b"http://h/\xfe".to_vec()]),
        Answer::Unsupported { .. }
    ));
    assert_eq!(a.restarts(), 0);
    // An adapter that does not list links is not asked: the harness answers for it.
    let mut r = Persistent::start(fake("echo-resolve"), limits()).unwrap();
    assert!(matches!(r.links(b"<a>", &urls), Answer::Unsupported { .. }));
    // So does an in-process adapter (the trait's default).
    let mut url = urlcert::ask::inproc::all().remove(0);
    assert!(matches!(url.links(b"<a>", &[]), Answer::Unsupported { .. }));
}

#[test]
fn certify_asks_links_cases_of_links_adapters_with_html_documents_only() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../cases/base");
    let suite = urlcert::case::load_dir(&dir).unwrap_or_else(|e| panic!("{e:?}"));
    let judge = &urlcert::judge::judge;
    let mut a = Persistent::start(fake("links"), limits()).unwrap();
    let records = certify::adapter_records(&suite.cases, None, &mut a, judge);
    assert!(!records.is_empty());
    let (mut asked, mut mime) = (0, 0);
    for r in &records {
        // Base cases are the reference's alone.
        assert_eq!(r.op, "links", "{}", r.case);
        let lc = suite.cases.iter().find(|c| c.case.id == r.case).unwrap();
        let case = &lc.case;
        let document = case.document();
        match urlcert::ask::html_document(
            &document,
            case.format.unwrap_or_default(),
            &case.context(),
        ) {
            // Asked: the fake's one link (the document as its href) is judged.
            Ok(_) => {
                asked += 1;
                assert!(
                    r.actual.starts_with("links [") || r.actual.contains("links["),
                    "{}: {}",
                    r.case,
                    r.actual
                );
            }
            Err(why) => {
                mime += 1;
                assert_eq!(r.class, Class::Unsupported, "{}", r.case);
                assert!(
                    r.actual.contains(&why.message()[..30]),
                    "{}: {}",
                    r.case,
                    r.actual
                );
            }
        }
    }
    assert!(asked > 0 && mime > 0, "{asked} asked, {mime} not");
    // An adapter that does not list links is not asked links cases at all.
    let mut r = Persistent::start(fake("echo-resolve"), limits()).unwrap();
    assert!(certify::adapter_records(&suite.cases, None, &mut r, judge).is_empty());
}

#[test]
fn a_malformed_links_answer_is_garbage() {
    for one_shot in [false, true] {
        let mut a: Box<dyn Engine> = if one_shot {
            Box::new(OneShot::new(fake("bad-links"), limits()).unwrap())
        } else {
            Box::new(Persistent::start(fake("bad-links"), limits()).unwrap())
        };
        let answer = a.links(b"<a href=g>", &[]);
        let Answer::Fault {
            fault: Fault::Garbage { detail },
        } = &answer
        else {
            panic!("one-shot {one_shot}: {answer:?}")
        };
        assert!(detail.contains("links.links[0]"), "{detail}");
        // The adapter goes on: the next request is answered.
        assert_eq!(a.parse(b"after"), whole("after"), "one-shot {one_shot}");
    }
}

#[test]
fn hostile_strings_round_trip() {
    let mut a = Persistent::start(fake("echo-resolve"), limits()).unwrap();
    for input in [
        "\"quoted\"",
        "back\\slash",
        "<script>alert(1)</script>",
        "nul\u{0}byte",
        "line\nbreak",
        "tab\tand\r",
        "é ü 日本 😀",
        "",
    ] {
        assert_eq!(a.parse(input.as_bytes()), whole(input), "{input:?}");
    }
    assert_eq!(a.restarts(), 0);
}

/// ~50 inputs, parsed and resolved, in both modes.
fn sample() -> Vec<String> {
    let mut inputs: Vec<String> = [
        "http://h/",
        "HTTP://EXAMPLE.com:80/a/../b",
        "ftp://myname@host.dom/%2Fetc/motd",
        "ftp://foo:@host.com/",
        "http://user:pass@host:8080/p;q?r#f",
        "mailto:timbl@info.cern.ch",
        "news:comp.infosystems.www",
        "gopher://spinaltap.micro.umn.edu/00/Weather",
        "wais://host/db?search",
        "file:///etc/motd",
        "file://vms.host.edu/disk$user/my/notes/note12345.txt",
        "telnet://user@host:23/",
        "prospero://host/path;field=value",
        "//net/path",
        "/abs/path",
        "rel/path",
        "?query",
        "#fragment",
        "",
        " ",
        "http://a b/",
        "http://[::1]:80/",
        "http://h:/",
        "http://h:99999/",
        "http://h/%zz",
        "http://h/%7e",
        "http://h/a~b?x+y",
        "urn:isbn:0451450523",
        "data:text/plain,hi",
        "javascript:alert(1)",
        "<script>",
        "http://h/\"q\"",
        "a:b:c",
        "1abc:x",
        "http:",
        "http:/",
        "http://",
        "http:///x",
        "http://h?x",
        "http://h#x",
        "HTTP://H/",
        "http://%41/",
        "http://h/./a/../b",
        "..",
        ".",
        "g;x=1/../y",
        "http://h/é",
        "http://日本.jp/",
        "x\ty",
        "x\u{1}y",
    ]
    .map(String::from)
    .into();
    inputs.dedup();
    inputs
}

fn both_modes(persistent: &mut dyn Engine, one_shot: &mut dyn Engine) {
    let base = b"http://a/b/c/d;p?q";
    // Every input parsed, the first 10 also resolved (a one-shot process per request
    // makes more slow under an interpreter).
    for (n, input) in sample().into_iter().enumerate() {
        assert_eq!(
            persistent.parse(input.as_bytes()),
            one_shot.parse(input.as_bytes()),
            "parse {input:?}"
        );
        if n < 10 && persistent.info().operations.contains(&Operation::Resolve) {
            assert_eq!(
                persistent.resolve(base, input.as_bytes()),
                one_shot.resolve(base, input.as_bytes()),
                "resolve {input:?}"
            );
        }
    }
}

#[test]
fn one_shot_and_persistent_give_the_same_answers() {
    let limits = Limits::default();
    match (
        registry::open("python-urllib", false, limits),
        registry::open("python-urllib", true, limits),
    ) {
        (Some(Found::Ready(mut p)), Some(Found::Ready(mut o))) => {
            println!("comparing modes on python-urllib");
            both_modes(p.as_mut(), o.as_mut());
        }
        (Some(Found::Unavailable { why, .. }), _) | (_, Some(Found::Unavailable { why, .. })) => {
            println!("python-urllib unavailable ({why}); comparing modes on fake-adapter");
        }
        _ => panic!("python-urllib is a known adapter"),
    }
    let mut p = Persistent::start(fake("echo-resolve"), limits).unwrap();
    let mut o = OneShot::new(fake("echo-resolve"), limits).unwrap();
    both_modes(&mut p, &mut o);
}

#[test]
fn the_registry_knows_every_name() {
    let names = registry::names();
    // The last is a profile: it passes its setting to the program.
    let listed = [
        "url",
        "fluent-uri",
        "python-urllib",
        "node-url",
        "python-rfc3986",
        "uriparser",
        "curl",
        "curl@allow-space",
    ];
    assert_listed(&names, &listed, "the registry");
    // In-process first.
    assert_eq!(&names[..2], ["url", "fluent-uri"]);
    assert!(registry::by_name("no-such-adapter", limits()).is_none());
}

#[test]
fn an_unavailable_adapter_says_why_and_how_to_install() {
    for found in registry::all(Limits::default()) {
        if let Found::Unavailable { name, why, install } = found {
            assert!(!why.is_empty(), "{name}");
            assert!(!install.is_empty(), "{name}");
        }
    }
}

#[test]
fn registry_command_starts_either_mode() {
    let mut p = registry::command(fake("echo-resolve"), false, limits()).unwrap();
    let mut o = registry::command(fake("echo-resolve"), true, limits()).unwrap();
    assert_eq!(p.parse(b"q"), whole("q"));
    assert_eq!(o.parse(b"q"), whole("q"));
    assert!(registry::command(vec!["/nonexistent".into()], true, limits()).is_err());
}

/// `urlcert ask --json` of `input` by the fake adapter in `mode`, with the options
/// `options`: the exit status and the answer.
fn ask_fake(options: &[&str], mode: &str, input: &str) -> (Option<i32>, serde_json::Value) {
    first_json_line(
        &[
            &["ask", "--json"],
            options,
            &["--command", FAKE, "--command", mode, input],
        ]
        .concat(),
    )
}

#[test]
fn adapters_lists_every_name() {
    let out = urlcert(&["adapters", "--json"], None);
    assert_eq!(out.status.code(), Some(0));
    let rows = json_lines(&out);
    let listed: Vec<&str> = rows.iter().map(|r| r["name"].as_str().unwrap()).collect();
    assert_eq!(listed, registry::names());
    for r in &rows {
        if r["available"] == true {
            assert!(r["version"].is_string(), "{r}");
            assert!(r["model"].is_string(), "{r}");
            assert!(r["operations"].is_array(), "{r}");
        } else {
            assert!(r["why"].is_string(), "{r}");
            assert!(r["install"].is_string(), "{r}");
        }
    }
    let human = urlcert(&["adapters"], None);
    let text = String::from_utf8(human.stdout).unwrap();
    for name in registry::names() {
        assert!(text.lines().any(|l| l.starts_with(&name)), "{name}");
    }
}

#[test]
fn ask_a_command_parses_and_resolves() {
    let (code, v) = ask_fake(&[], "echo-resolve", "<script>\"x\"");
    assert_eq!(code, Some(0));
    assert_eq!(v["adapter"], "fake-echo-resolve");
    assert_eq!(v["op"], "parse");
    assert_eq!(v["verdict"], "valid");
    // The adapter's own parts as it said them, and the same mapped onto the 1996
    // draft's names (the fake's one part, `whole`, is none of the RFC 3986 model's, so
    // every mapped component is absent).
    assert_eq!(v["adapter_components"]["whole"], "<script>\"x\"");
    assert_eq!(v["doc"], "draft-1996");
    assert!(v["components"]
        .as_object()
        .unwrap()
        .values()
        .all(|x| x.is_null()));
    assert_eq!(v["model"], "rfc3986");

    let (code, v) = ask_fake(
        &["--one-shot", "--base", "http://a/b/c/d;p?q"],
        "echo-resolve",
        "../g",
    );
    assert_eq!(code, Some(0));
    assert_eq!(v["op"], "resolve");
    assert_eq!(v["verdict"], "valid");
    assert_eq!(v["base"], "http://a/b/c/d;p?q");
    assert_eq!(v["result"], "../g");

    // Human output names the adapter and shows the components.
    let out = urlcert(
        &["ask", "--command", FAKE, "--command", "accept", "http://h/"],
        None,
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("fake-accept"), "{text}");
    assert!(
        text.contains("whole") && text.contains("\"http://h/\""),
        "{text}"
    );
}

#[test]
fn ask_reports_rejections_and_faults() {
    let (code, v) = ask_fake(&[], "reject", "x");
    assert_eq!(code, Some(1));
    assert_eq!(v["verdict"], "invalid");
    assert_eq!(v["message"], "fake rejects x");

    let (code, v) = ask_fake(&[], "crash-on:x", "x");
    assert_eq!(code, Some(3));
    assert_eq!(v["verdict"], "fault");
    assert_eq!(v["fault"]["kind"], "crash");

    // The fake lists no resolve.
    let (code, v) = ask_fake(&["--base", "http://a/"], "accept", "g");
    assert_eq!(code, Some(1));
    assert_eq!(v["verdict"], "unsupported");

    let out = urlcert(&["ask", "--adapter", "no-such-adapter", "x"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no-such-adapter"));
    let out = urlcert(&["ask", "--command", "/nonexistent/adapter", "x"], None);
    assert_eq!(out.status.code(), Some(2));
    let out = urlcert(&["ask", "x"], None);
    assert_eq!(
        out.status.code(),
        Some(2),
        "neither --adapter nor --command"
    );
}

/// `ask` maps the answer onto a document's names. The WHATWG URL Standard's parser
/// lower-cases the scheme and host, drops the default port and removes dot segments:
/// `HTTP://EXAMPLE.com:80/a/../b` has protocol "http:", hostname "example.com", port
/// "" and pathname "/b"; the 1996 draft's `path` starts after the "/".
#[test]
fn ask_maps_an_answer_onto_a_documents_names() {
    let (code, v) = first_json_line(&[
        "ask",
        "--json",
        "--adapter",
        "url",
        "HTTP://EXAMPLE.com:80/a/../b",
    ]);
    assert_eq!(code, Some(0));
    assert_eq!(v["adapter_components"]["protocol"], "http:");
    assert_eq!(v["adapter_components"]["pathname"], "/b");
    let c = &v["components"];
    assert_eq!(c["scheme"], "http");
    assert_eq!(c["host"], "example.com");
    assert_eq!(c["path"], "b");
    let (_, v) = first_json_line(&[
        "ask",
        "--json",
        "--doc",
        "rfc1738",
        "--adapter",
        "url",
        "http://h/p?q",
    ]);
    assert_eq!(v["doc"], "rfc1738");
    assert_eq!(v["components"]["hpath"], "p");
    assert_eq!(v["components"]["search"], "q");
}

/// Parse requests for `inputs`.
fn parses(inputs: &[String]) -> Vec<Request<'_>> {
    inputs
        .iter()
        .map(|i| Request::Parse {
            input: i.as_bytes(),
        })
        .collect()
}

/// The fake's answer in mode `waiting`: the input it parsed, and how many request lines
/// it had already read ahead when it took it.
fn waiting(answer: &Answer) -> (String, usize) {
    let Answer::Parsed { components } = answer else {
        panic!("not parsed: {answer:?}")
    };
    let field = |name: &str| components.get(name).cloned().flatten().unwrap_or_default();
    (field("whole"), field("waiting").parse().unwrap())
}

#[test]
fn requests_asked_together_are_answered_in_order_a_window_at_a_time() {
    let inputs: Vec<String> = (0..150).map(|i| format!("u{i}")).collect();
    let mut a = Persistent::start(fake("waiting"), limits()).unwrap();
    let answers = ask_many(&mut a, &parses(&inputs));
    assert_eq!(answers.len(), inputs.len());
    let (parsed, ahead): (Vec<String>, Vec<usize>) = answers.iter().map(waiting).unzip();
    assert_eq!(parsed, inputs);
    // Each window is written in one go before its answers are read: its first request
    // finds the rest of it waiting. 150 is two full windows and 22 requests.
    assert_eq!(ahead[0], WINDOW - 1, "{ahead:?}");
    assert_eq!(ahead[WINDOW], WINDOW - 1, "{ahead:?}");
    assert_eq!(ahead[2 * WINDOW], 150 - 2 * WINDOW - 1, "{ahead:?}");
    assert!(ahead.iter().all(|&n| n < WINDOW), "{ahead:?}");
    assert_eq!(a.restarts(), 0);
    // Asked one at a time, nothing is ever waiting.
    for input in ["p", "q"] {
        assert_eq!(waiting(&a.parse(input.as_bytes())), (input.to_string(), 0));
    }
    // One-shot mode answers one request per process, in order, however they are asked.
    let mut one = OneShot::new(fake("waiting"), limits()).unwrap();
    let answers = ask_many(&mut one, &parses(&inputs[..3]));
    let expected: Vec<(String, usize)> = inputs[..3].iter().map(|i| (i.clone(), 0)).collect();
    assert_eq!(answers.iter().map(waiting).collect::<Vec<_>>(), expected);
}

#[test]
fn a_window_holds_at_most_its_bytes_and_a_longer_request_goes_alone() {
    let inputs: Vec<String> = (0..30)
        .map(|i| format!("{i}{}", "a".repeat(3000)))
        .collect();
    let mut a = Persistent::start(fake("waiting"), limits()).unwrap();
    let answers = ask_many(&mut a, &parses(&inputs));
    let (parsed, ahead): (Vec<String>, Vec<usize>) = answers.iter().map(waiting).unzip();
    assert_eq!(parsed, inputs);
    // Request lines of a little over 3000 bytes: as many as the bound allows, and no
    // more.
    let most = *ahead.iter().max().unwrap() + 1;
    assert!(most * 3000 <= WINDOW_BYTES, "{ahead:?}");
    assert!((most + 1) * 3100 > WINDOW_BYTES, "{ahead:?}");
    // A request longer than the bound is written alone: the next is not written
    // before its answer came.
    let long = vec!["b".repeat(WINDOW_BYTES), "c".into(), "d".into()];
    let answers = ask_many(&mut a, &parses(&long));
    let ahead: Vec<usize> = answers.iter().map(|a| waiting(a).1).collect();
    assert_eq!(ahead, [0, 1, 0]);
}

#[test]
fn a_fault_in_a_window_is_its_requests_and_the_requests_after_it_are_answered() {
    // a, b, x (the fault), c, d asked together: the fault is x's answer, whatever the
    // process read ahead; the others get their normal answers.
    let inputs: Vec<String> = ["a", "b", "x", "c", "d"].map(String::from).into();
    for (mode, expected) in FAULTS {
        let mut adapter = Persistent::start(fake(mode), limits()).unwrap();
        let answers = ask_many(&mut adapter, &parses(&inputs));
        assert_eq!(answers.len(), inputs.len(), "{mode}: {answers:?}");
        for (i, input) in inputs.iter().enumerate() {
            if input == "x" {
                assert_eq!(kind(&answers[i]), *expected, "{mode}: {:?}", answers[i]);
            } else if mode.starts_with("stderr-flood") && i < 2 && kind(&answers[i]) == *expected {
                // Standard error is not a request's: a flood is charged to the request
                // whose answer is awaited when it passes the limit, and a process that
                // read ahead to x may flood while a or b is still open. That request
                // and the rest go to a new process, where x floods first in line.
            } else {
                assert_eq!(answers[i], whole(input), "{mode}: {input}");
            }
        }
        // The process that faulted is gone; the next request started a new one.
        assert!(adapter.restarts() >= 1, "{mode}");
    }
}

#[test]
fn each_answer_of_a_window_has_the_whole_time_limit() {
    // 60 ms an answer, 10 answers, a 300 ms limit: the window takes twice the limit,
    // each answer a fifth of it.
    let inputs: Vec<String> = (0..10).map(|i| format!("s{i}")).collect();
    let mut a = Persistent::start(fake("slow:60"), limits()).unwrap();
    let answers = ask_many(&mut a, &parses(&inputs));
    let expected: Vec<Answer> = inputs.iter().map(|i| whole(i)).collect();
    assert_eq!(answers, expected);
}

#[test]
fn asked_together_what_an_adapter_does_not_offer_or_cannot_be_sent_is_answered_by_the_harness() {
    // "accept" lists parse only.
    let mut a = Persistent::start(fake("accept"), limits()).unwrap();
    let requests = [
        Request::Parse { input: b"a" },
        Request::Resolve {
            base: b"http://a/b",
            reference: b"c",
        },
        Request::Parse { input: b"\xff" },
        Request::Extract {
            text: b"see http://h/",
        },
        Request::Parse { input: b"b" },
    ];
    let answers = ask_many(&mut a, &requests);
    assert_eq!(answers.len(), requests.len());
    assert_eq!(answers[0], whole("a"));
    assert_eq!(answers[4], whole("b"));
    for i in 1..4 {
        assert!(
            matches!(answers[i], Answer::Unsupported { .. }),
            "{:?}",
            answers[i]
        );
        // The same answer as each asked alone.
        assert_eq!(answers[i], ask(&mut a, &requests[i]));
    }
    assert_eq!(a.restarts(), 0);
}
