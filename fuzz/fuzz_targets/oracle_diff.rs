//! The hand-written reference against the BNF-compiled oracle (`urlcert-oracle`), under
//! one document and reading per execution. They must agree on the verdict and rule, or
//! disagree exactly as one of the named prose classes of `urlcert::judge::oracle`
//! explains (the same classes the oracle's agreement test uses); anything else is a
//! finding.
//!
//! Input: one document byte, then the URL. The byte picks the document and reading,
//! `byte % n` into the ones the oracle covers (`urlcert::run::fuzzinput::FuzzTarget::docs`,
//! `oracle_classes::DOCS`), so each execution is one parse and one oracle judgement and
//! coverage feedback is per document. Every document's oracle is compiled before the
//! first input (libFuzzer's init hook), from the grammars compiled into `urlcert-oracle`
//! (nothing is read from disk), so no input pays for a compilation.
#![no_main]
use libfuzzer_sys::fuzz_target;
use regex::bytes::Regex;
use std::sync::OnceLock;
use urlcert::run::fuzzinput;
use urlcert::judge::oracle::{classes_for, same, server_rule, Ctx, DOCS};
use urlcert_oracle::Oracle;
use urlcert_reference::{parse, DocReading, Reading};

struct Doc {
    doc: DocReading,
    oracle: Oracle,
    server: Option<Regex>,
}

fn doc(i: usize, doc: DocReading) -> &'static Doc {
    static LOADED: [OnceLock<Doc>; DOCS.len()] = [const { OnceLock::new() }; DOCS.len()];
    LOADED[i].get_or_init(|| {
        let reading = (doc.reading != Reading::Strict).then(|| doc.reading.id());
        let oracle = Oracle::new(doc.doc.id(), reading).expect("grammar compiles");
        let server = server_rule(doc.doc.id(), &oracle);
        Doc {
            doc,
            oracle,
            server,
        }
    })
}

fn docs() -> &'static [DocReading] {
    fuzzinput::FuzzTarget::OracleDiff.docs().expect("a document list")
}

fuzz_target!(init: {
    for (i, &d) in docs().iter().enumerate() {
        doc(i, d);
    }
}, |data: &[u8]| {
    let docs = docs();
    let Some((i, url)) = fuzzinput::split(data, docs.len()) else {
        return;
    };
    let d = doc(i, docs[i]);
    let reference = parse(d.doc, url);
    let answer = d.oracle.judge(url);
    if same(&reference, &answer) {
        return;
    }
    let cx = Ctx {
        input: url,
        reference: &reference,
        oracle: &d.oracle,
        answer: &answer,
        server: &d.server,
    };
    if !classes_for(d.doc.doc.id(), d.doc.reading).any(|c| (c.explains)(&cx)) {
        panic!(
            "{}: {:?}: reference {} {:?}, oracle {} {:?}",
            d.doc,
            String::from_utf8_lossy(url),
            reference.verdict,
            reference.rule.map(|r| r.name()),
            answer.verdict,
            answer.chain
        );
    }
});
