//! The self-contradiction checks, search and report (`urlcert contradictions --search`):
//! the checks on inputs whose answer the documents' texts give, the search's
//! determinism, minimality, budget and bounds, the recorded cases, and the case format.

use std::path::Path;
use std::time::Duration;
use urlcert::case::{load_dir, load_file, LoadedCase};
use urlcert::study::self_contradiction::causes;
use urlcert::study::self_contradiction::checks::{
    closure, grammar_split, printed, Outcome, MAX_WITNESS,
};
use urlcert::study::self_contradiction::known::Known;
use urlcert::study::self_contradiction::places::Grammar;
use urlcert::study::self_contradiction::report;
use urlcert::study::self_contradiction::search::{self, minimal, recheck, Config, Limit, Stop};
use urlcert::study::self_contradiction::target::{self, Target};
use urlcert_reference::{DocReading, Document};

fn grammar(doc: Document) -> Grammar {
    Grammar::new(doc.into()).expect("the grammar compiles")
}

fn grammar_of(doc: DocReading) -> Grammar {
    Grammar::new(doc).expect("the grammar compiles")
}

fn shape(o: &Outcome) -> Option<&str> {
    match o {
        Outcome::Contradiction(f) => Some(&f.shape),
        _ => None,
    }
}

fn cases_at(text: &str) -> (tempfile::TempDir, Vec<LoadedCase>) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("t.yaml"), text).unwrap();
    let suite = load_dir(dir.path()).expect("the test cases load");
    (dir, suite.cases)
}

fn real_cases() -> Vec<LoadedCase> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cases");
    load_dir(&root).expect("the cases load").cases
}

// ------------------------------------------------------------------ the checks

/// RFC 1808 Step 6c removes "x/../" from "x/..//g", leaving "/g" under a base with no
/// net_loc; Step 7 writes "foo://g"; §2.4.3: "If the parse string begins with a
/// double-slash "//", then the substring of characters after the double-slash and up to
/// ... the next slash ... is the network location/login (<net_loc>)". RFC 3986: rule C
/// leaves "//g", Appendix B reads the authority "g".
#[test]
fn a_merged_path_that_reads_back_as_a_server_is_a_contradiction() {
    let o = closure(&grammar(Document::Rfc1808), b"foo:/x/y", b"..//g");
    assert_eq!(shape(&o), Some("net_loc: absent, read back present"));
    let Outcome::Contradiction(f) = o else {
        unreachable!()
    };
    assert_eq!(f.result.as_deref(), Some(&b"foo://g"[..]));
    assert!(f.sides[1].gives.contains("\"g\""), "{:?}", f.sides);
    let o = closure(&grammar(Document::Rfc3986), b"foo:/x/y", b"..//g");
    assert_eq!(shape(&o), Some("authority: absent, read back present"));
}

/// RFC 1808 §5.1: "../g = <URL:http://a/b/g>"; RFC 3986 §5.4.1: ""../g" =
/// "http://a/b/g""; both read back as they were made, and both grammars derive them.
#[test]
fn a_printed_example_is_no_contradiction_of_the_closure_check() {
    for doc in [Document::Rfc1808, Document::Draft1996, Document::Rfc3986] {
        let o = closure(&grammar(doc), b"http://a/b/c/d;p?q", b"../g");
        assert_eq!(o, Outcome::Holds, "{doc}");
    }
}

/// What the grammar-split check makes of inputs whose answer the documents' texts give:
/// a contradiction by its shape, or that it holds, or that the grammar does not derive
/// the input (the check does not apply). Every row is checked and every failure listed.
#[test]
fn the_grammar_split_check_on_inputs_the_texts_decide() {
    use Outcome::{Holds, NotGrammatical};
    let contradiction = |shape: &'static str| Err::<Outcome, _>(shape);
    #[rustfmt::skip]
    let rows: [(Document, &[u8], Result<Outcome, &str>); 9] = [
        // The 1996 draft: `abs_path = "/" rel_path` and `segment = *pchar` derive "//@"
        // (an empty segment, "/", the segment "@"); §4.3.1 takes "@" as the server, and
        // `server = [ [ user [ ":" password ] "@" ] hostport ]` needs a hostport after it.
        (Document::Draft1996, b"//@", contradiction("server: does not derive `server`")),
        (Document::Draft1996, b"http://a/b/c/d;p?q", Ok(Holds)),
        // RFC 3986: "@" is an authority (empty userinfo, empty reg-name).
        (Document::Rfc3986, b"//@", Ok(Holds)),
        // The October 1993 draft: `httpaddress h t t p : / / hostport [ / path ] [ ?
        // search ]` and no xalpha is "?"; "Internet protocol parts" run "until the
        // following slash".
        (Document::Draft02, b"http://h?x", contradiction("login: does not derive the login of its production")),
        (Document::Draft02, b"http://h/p?s", Ok(Holds)),
        // Not a URL the BNF derives ("[" is in no class): the check does not apply.
        (Document::Draft02, b"http://h/[", Ok(NotGrammatical)),
        // RFC 2396 Appendix A: after `scheme ":"` without "/" only `opaque_part`, which
        // holds "?"; Appendix B: `query = $7`.
        (Document::Rfc2396, b"a:?", contradiction("query: no place in the grammar")),
        (Document::Rfc2396, b"mailto:a@b", Ok(Holds)),
        (Document::Rfc2396, b"http://h/p?q", Ok(Holds)),
    ];
    let mut failures = Vec::new();
    for (doc, input, want) in rows {
        let got = grammar_split(&grammar(doc), input);
        let held = match &want {
            Ok(outcome) => got == *outcome,
            Err(want_shape) => shape(&got) == Some(*want_shape),
        };
        if !held {
            failures.push(format!(
                "{doc} {:?}: want {want:?}, got {got:?}",
                String::from_utf8_lossy(input)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The 1996 draft's Appendix C.1: "?y = http://a/b/c/?y"; Step 5 gives
/// "http://a/b/c/d;p?y". C.1's "g = http://a/b/c/g" agrees.
#[test]
fn printed_examples_are_checked_against_the_algorithm() {
    let cases = real_cases();
    let case = |id: &str| &cases.iter().find(|c| c.case.id == id).unwrap().case;
    let doc = DocReading::from(Document::Draft1996);
    assert_eq!(
        shape(&printed(doc, case("res.f01c.normal.query-only"))),
        Some("printed: res.f01c.normal.query-only")
    );
    let agreeing = cases
        .iter()
        .find(|c| {
            c.case.input == "g"
                && c.case
                    .expect
                    .iter()
                    .any(|(k, e)| k.0 == doc && e.printed.is_some())
        })
        .expect("C.1's g");
    assert_eq!(printed(doc, &agreeing.case), Outcome::Holds);
}

#[test]
fn a_megabyte_witness_is_skipped_not_checked() {
    let big = vec![b'a'; 1 << 20];
    let mut url = b"http://h/".to_vec();
    url.extend_from_slice(&big);
    for doc in search::DOCS {
        let g = grammar(*doc);
        assert_eq!(grammar_split(&g, &url), Outcome::TooLong, "{doc}");
        assert_eq!(closure(&g, b"http://h/", &url), Outcome::TooLong, "{doc}");
        assert_eq!(closure(&g, &url, b"g"), Outcome::TooLong, "{doc}");
    }
    let mut pair = b"http://h/\0".to_vec();
    pair.extend_from_slice(&big);
    assert!(target::findings(&grammar(Document::Rfc1808), &pair).is_empty());
}

// ------------------------------------------------------------------ the search

const SEARCH_CASES: &str = include_str!("case_sets/self_contradiction.search-cases.yaml");

fn config(seed: u64, limit: Limit) -> Config {
    Config {
        docs: vec![Document::Rfc1808.into(), Document::Draft1996.into()],
        seed,
        limit,
    }
}

/// (key, base, input) of every cause.
fn causes(s: &search::Search) -> Vec<(String, Option<Vec<u8>>, Vec<u8>)> {
    s.causes
        .iter()
        .map(|(k, c)| {
            (
                format!("{k:?}"),
                c.finding.base.clone(),
                c.finding.input.clone(),
            )
        })
        .collect()
}

#[test]
fn the_same_seed_and_executions_give_the_same_causes_and_witnesses() {
    let (_dir, cases) = cases_at(SEARCH_CASES);
    let run = |seed| search::run(&config(seed, Limit::Iterations(4000)), &cases, &mut |_| {});
    let (a, b) = (run(3), run(3));
    assert_eq!(a.stop, Stop::Executions);
    assert_eq!(a.executions, 4000);
    assert!(!a.causes.is_empty());
    assert_eq!(causes(&a), causes(&b));
    assert_eq!(a.counts, b.counts);
}

/// The search's first find, "../..//g" against "foo:/x/y/z", is minimised: removing any
/// one byte of its base or its reference loses the cause.
#[test]
fn a_found_witness_is_minimal() {
    let (_dir, cases) = cases_at(SEARCH_CASES);
    let s = search::run(&config(1, Limit::Iterations(50)), &cases, &mut |_| {});
    let key = (
        Document::Rfc1808,
        urlcert::study::self_contradiction::checks::Check::Closure,
        "net_loc: absent, read back present".to_string(),
    );
    let cause = s.causes.get(&key).expect("the case's cause is found");
    let f = &cause.finding;
    let base = f.base.clone().unwrap();
    assert!(base.len() + f.input.len() < cause.original_len, "{f:?}");
    let g = grammar(Document::Rfc1808);
    let same = |b: &[u8], i: &[u8]| shape(&recheck(&g, f.check, Some(b), i)) == Some(&f.shape);
    assert!(same(&base, &f.input));
    for at in 0..f.input.len() {
        let mut i = f.input.clone();
        i.remove(at);
        assert!(!same(&base, &i), "{:?} without byte {at}", f.input);
    }
    for at in 0..base.len() {
        let mut b = base.clone();
        b.remove(at);
        assert!(!same(&b, &f.input), "{base:?} without byte {at}");
    }
}

#[test]
fn minimising_shrinks_a_long_witness() {
    let g = grammar(Document::Draft1996);
    let Outcome::Contradiction(f) = closure(&g, b"foo:/x/yy/zzz?q", b"aa/../../..//gg?r#s") else {
        panic!("a contradiction")
    };
    let m = minimal(&g, *f.clone());
    assert_eq!(m.shape, f.shape);
    assert!(m.input.len() < f.input.len() && m.base.as_ref().unwrap().len() < 15);
}

#[test]
fn a_budget_is_honoured_and_what_it_left_out_is_said() {
    let (_dir, cases) = cases_at(SEARCH_CASES);
    let cfg = config(1, Limit::Time(Duration::ZERO));
    let s = search::run(&cfg, &cases, &mut |_| {});
    assert_eq!(s.stop, Stop::Budget);
    assert!(s.skipped.unreached > 0, "{:?}", s.skipped);
    let known = Known::default();
    let page = report::Page {
        sections: report::searched(&s, &known, &cfg),
        ..Default::default()
    };
    let md = report::markdown(&page);
    assert!(md.contains("stopped because the budget ran out"), "{md}");
    assert!(
        md.contains(&format!(
            "- {} checks of printed examples and case inputs the budget left no time for.",
            s.skipped.unreached
        )),
        "{md}"
    );
}

#[test]
fn a_megabyte_case_input_is_skipped_with_a_message() {
    let text = format!(
        "cases:\n- id: t.big\n  op: parse\n  input: \"http://h/{}\"\n  cite: [{{doc: rfc1808, section: \"2.2\"}}]\n  expect:\n    rfc1808: {{verdict: valid}}\n",
        "a".repeat(1 << 20)
    );
    let (_dir, cases) = cases_at(&text);
    let cfg = config(1, Limit::Iterations(10));
    let s = search::run(&cfg, &cases, &mut |_| {});
    assert!(s.skipped.too_long >= 1, "{:?}", s.skipped);
    let page = report::Page {
        sections: report::searched(&s, &Known::default(), &cfg),
        ..Default::default()
    };
    let md = report::markdown(&page);
    assert!(
        md.contains(&format!(
            "- {} inputs longer than {MAX_WITNESS} bytes",
            s.skipped.too_long
        )),
        "{md}"
    );
}

/// The printed contradictions are still listed by the search's report, beside the
/// found ones, each marked with the case that records it.
#[test]
fn the_search_report_lists_the_printed_contradictions() {
    let cases = real_cases();
    let cfg = Config {
        docs: vec![DocReading::from(Document::Draft1996)],
        seed: 1,
        limit: Limit::Iterations(2000),
    };
    let s = search::run(&cfg, &cases, &mut |_| {});
    let known = Known::from_cases(&cases);
    let md = report::markdown(&report::Page {
        sections: report::searched(&s, &known, &cfg),
        ..Default::default()
    });
    for id in [
        "res.f01c.normal.query-only",
        "res.f01c.abnormal.query-dot",
        "res.f01c.abnormal.query-dotdot",
    ] {
        assert!(md.contains(&format!("printed: {id}")), "{id}: {md}");
    }
    assert!(md.contains("`f01.split.double-slash-server`"), "{md}");
    let html = report::html_page(&report::Page {
        sections: report::searched(&s, &known, &cfg),
        ..Default::default()
    });
    assert!(html.contains("<td>printed: res.f01c.normal.query-only</td>"));
}

// ------------------------------------------------------------------ the recorded causes

/// Every contradiction a case records is one its check still finds, and the known
/// merged-path case is among them under every resolving document after 1993.
#[test]
fn every_recorded_contradiction_is_found_by_its_check() {
    let cases = real_cases();
    let known = Known::from_cases(&cases);
    assert!(known.stale.is_empty(), "{:?}", known.stale);
    for doc in [
        Document::Rfc1808,
        Document::Draft1996,
        Document::Rfc2396,
        Document::Rfc3986,
    ] {
        assert!(
            known
                .causes
                .iter()
                .any(|((d, _, _), id)| *d == doc && id == "res.div.merged-path-two-slashes"),
            "{doc}"
        );
    }
    let list = urlcert::study::contradictions::render(&cases);
    assert!(list.contains("res.div.merged-path-two-slashes"), "{list}");
}

/// The fuzz target stops only on what no case records.
#[test]
fn the_fuzz_target_reports_only_unrecorded_causes() {
    let cases = real_cases();
    let known = Known::from_cases(&cases);
    let g = grammar(Document::Draft02);
    let found = target::findings(&g, b"http://h?x");
    assert_eq!(found.len(), 1);
    assert_eq!(target::first_unknown(&known, found.clone()), None);
    let new = target::first_unknown(&Known::default(), found).expect("unknown to no case");
    assert!(new.contains("login"), "{new}");
    let pair = b"foo:/x/y\0..//g";
    let g = grammar(Document::Rfc3986);
    assert!(!target::findings(&g, pair).is_empty());
    assert_the_target_knows_the_rfc3986_cause_of(pair);
}

/// The fuzz target, started, finds no unrecorded cause in the seed that puts `pair`
/// (base NUL reference) to RFC 3986.
fn assert_the_target_knows_the_rfc3986_cause_of(pair: &[u8]) {
    let docs = urlcert::run::fuzzinput::FuzzTarget::SelfContradiction
        .docs()
        .unwrap();
    let i = urlcert::run::fuzzinput::index_of(docs, Document::Rfc3986.into()).unwrap();
    let t = Target::new().expect("the target starts");
    assert_eq!(t.unknown(&urlcert::run::fuzzinput::seed(i, pair)), None);
}

/// Set in the child process of the test below.
const STARTS_WITHOUT_CASES: &str = "URLCERT_TEST_TARGET_WITHOUT_CASES";

/// The fuzz target's set-up loads no case: in a checkout whose case set does not load
/// (so nothing can be worked out from it), the target starts and still knows the
/// recorded cause of a seed, from the compiled-in table. Run in a child process, as
/// the case folder comes from the working directory.
#[test]
fn the_fuzz_target_starts_without_the_case_set() {
    let pair = b"foo:/x/y\0..//g";
    if std::env::var_os(STARTS_WITHOUT_CASES).is_some() {
        assert!(
            load_dir(Path::new("cases")).is_err(),
            "the cases must not load"
        );
        assert_the_target_knows_the_rfc3986_cause_of(pair);
        return;
    }
    // A checkout as `urlcert::assets::is_checkout` knows one, with a case file that
    // does not parse.
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("cases")).unwrap();
    std::fs::create_dir_all(dir.path().join("harness/adapters")).unwrap();
    std::fs::write(
        dir.path().join("Cargo.toml"),
        "[workspace]\nmembers = [\"harness\"]\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("cases/broken.yaml"), "id: [\n").unwrap();
    // libtest names a test by its path below the crate: this module's, then the function.
    let module = module_path!().split_once("::").map_or("", |(_, m)| m);
    let name = format!("{module}::the_fuzz_target_starts_without_the_case_set");
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["--exact", &name, "--test-threads=1"])
        .env(STARTS_WITHOUT_CASES, "1")
        .env_remove(urlcert::assets::NO_CHECKOUT_ENV)
        .current_dir(dir.path())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout) + String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("1 passed"), "the child ran the test: {text}");
}

/// The table the fuzz target compiles in holds exactly the causes the cases record
/// (regenerate with `urlcert corpus`).
#[test]
fn the_compiled_in_causes_are_those_the_cases_record() {
    let from_cases = Known::from_cases(&real_cases());
    let committed = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../corpus")
        .join(causes::FILE);
    let text = std::fs::read_to_string(&committed).unwrap();
    assert_eq!(
        text,
        causes::table(&from_cases),
        "corpus/{} is stale; regenerate with: cargo run -p urlcert -- corpus",
        causes::FILE
    );
    assert_eq!(
        causes::COMPILED,
        text,
        "the harness was built with this table"
    );
    assert_eq!(causes::compiled().unwrap().causes, from_cases.causes);
}

// ------------------------------------------------------------------ the case format

fn errors(text: &str) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.yaml");
    std::fs::write(&p, text).unwrap();
    load_file(&p)
        .expect_err("the file should not load")
        .iter()
        .map(|e| e.to_string())
        .collect()
}

const SPLIT_CASE: &str = include_str!("case_sets/self_contradiction.split-case.yaml");

#[test]
fn a_split_needs_its_contradiction_and_names_the_documents_components() {
    let case =
        |tags: &str, fields: &str| SPLIT_CASE.replace("TAGS", tags).replace("FIELDS", fields);
    let e = errors(&case("contradiction", "split: {server: \"@\"}"));
    assert!(
        e.iter().any(|t| t.contains("say how in `contradiction`")),
        "{e:?}"
    );
    let e = errors(&case("contradiction", "contradiction: \"x\""));
    assert!(e.iter().any(|t| t.contains("with `split`")), "{e:?}");
    let e = errors(&case(
        "contradiction",
        "split: {net_loc: \"@\"}, contradiction: \"x\"",
    ));
    assert!(
        e.iter()
            .any(|t| t.contains("unknown component `net_loc` of draft-1996's split")),
        "{e:?}"
    );
    let e = errors(&case("x", "split: {server: \"@\"}, contradiction: \"x\""));
    assert!(
        e.iter().any(|t| t.contains("tag the case `contradiction`")),
        "{e:?}"
    );
}

#[test]
fn reads_back_and_result_verdict_need_a_contradiction() {
    let case = |fields: &str| {
        format!(
            "cases:\n- id: t.res\n  op: resolve\n  base: \"foo:/x/y\"\n  input: \"..//g\"\n  cite: [{{doc: rfc1808, section: \"4\"}}]\n  expect:\n    rfc1808: {{result: \"foo://g\", {fields}}}\n"
        )
    };
    for fields in ["reads_back: {net_loc: \"g\"}", "result_verdict: invalid"] {
        let e = errors(&case(fields));
        assert!(
            e.iter().any(|t| t.contains("say how in `contradiction`")),
            "{fields}: {e:?}"
        );
    }
    let e = errors(&case("result_verdict: wrong, contradiction: \"x\""));
    assert!(
        e.iter().any(|t| t.contains("unknown verdict `wrong`")),
        "{e:?}"
    );
}

/// `reads_back` is checked against the document's split of the result: a wrong value is
/// a failure of the case.
#[test]
fn a_wrong_reads_back_fails_the_case() {
    let text = "cases:\n- id: t.res\n  op: resolve\n  base: \"foo:/x/y\"\n  input: \"..//g\"\n  cite: [{doc: rfc1808, section: \"4\"}]\n  tags: [contradiction]\n  expect:\n    rfc1808: {result: \"foo://g\", reads_back: {net_loc: \"h\"}, contradiction: \"x\"}\n";
    let (_dir, cases) = cases_at(text);
    let e = &cases[0].case.expect.values().next().unwrap();
    let r = urlcert_reference::resolve(Document::Rfc1808.into(), b"foo:/x/y", b"..//g", false);
    let m = urlcert::judge::exact::compare_resolution(e, &r);
    assert_eq!(m.len(), 1, "{m:?}");
    assert_eq!(m[0].at, "reads_back.net_loc");
    assert_eq!(m[0].actual, "\"g\"");
}

/// The fuzz target's committed seeds hold no contradiction a case does not record: a
/// run over them (ClusterFuzzLite's first) is clean.
#[test]
fn the_fuzz_targets_seeds_pass_it() {
    let cases = real_cases();
    let seeds = urlcert::run::corpus::seeds(&cases);
    let seeds = &seeds[&urlcert::run::fuzzinput::FuzzTarget::SelfContradiction];
    assert!(seeds.len() > 1000, "{}", seeds.len());
    let t = Target::new().expect("the target starts");
    for seed in seeds.values() {
        assert_eq!(t.unknown(seed), None, "{seed:?}");
    }
}

/// Whatever a case or a witness holds is shown escaped, and a long value is cut, in
/// both the Markdown and the HTML.
#[test]
fn the_report_escapes_and_bounds_what_it_shows() {
    use report::{Entry, Page, Section};
    let long = "<b>|".repeat(5000);
    let page = Page {
        title: "t".into(),
        intro: "i".into(),
        sections: vec![Section {
            title: "s".into(),
            level: 2,
            headers: vec!["a".into()],
            rows: vec![
                vec![Entry::Code(long.clone())],
                vec![Entry::Text("\u{202e}exe".into())],
            ],
            ..Section::default()
        }],
    };
    let html = report::html_page(&page);
    assert!(!html.contains("<b>") && html.contains("&lt;b&gt;"));
    assert!(!html.contains('\u{202e}') && html.contains("\\u{202e}exe"));
    assert!(html.contains("bytes more)"), "a 20,000-byte value is cut");
    let md = report::markdown(&page);
    assert!(!md.contains('\u{202e}'));
    assert!(md.contains("bytes more)"));
    assert!(md.lines().all(|l| l.len() < 10_000), "no cell runs on");
}

/// A case whose resolution the closure check finds a contradiction in (a grammatical
/// reference against a grammatical base giving a result the grammar rejects, or one the
/// document's split misreads) must record it, as the rows 6.* cases do
/// (`result_verdict` or `reads_back`, with `contradiction`): no case may show such a
/// result silently.
#[test]
fn every_resolution_the_closure_check_objects_to_is_recorded() {
    let mut grammars = std::collections::BTreeMap::new();
    let mut silent = Vec::new();
    for c in real_cases() {
        if c.case.op != urlcert::case::Operation::Resolve {
            continue;
        }
        let base = c.case.base.as_deref().unwrap_or_default();
        for (key, e) in &c.case.expect {
            let doc = key.0;
            // The closure check needs a grammar: the URL Standard has none.
            let grammatical = urlcert::study::self_contradiction::search::DOCS.contains(&doc.doc);
            if !grammatical || e.result.is_none() || e.contradiction.is_some() {
                continue;
            }
            let g = grammars.entry(doc).or_insert_with(|| grammar_of(doc));
            if let Outcome::Contradiction(f) = closure(g, base.as_bytes(), c.case.input.as_bytes())
            {
                silent.push(format!("{} [{doc}]: {}", c.case.id, f.shape));
            }
        }
    }
    assert!(
        silent.is_empty(),
        "resolutions the closure check finds contradictions in, not recorded:\n{}",
        silent.join("\n")
    );
}
