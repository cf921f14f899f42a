//! The hand-written reference against the BNF-compiled oracle (`urlcert-oracle`), under
//! every document and reading whose parse the oracle covers. They must agree on the
//! verdict and rule, or disagree exactly as one of the named prose classes of
//! `urlcert::oracle_classes` explains (the same classes the oracle's agreement test
//! uses); anything else is a finding.
#![no_main]
use libfuzzer_sys::fuzz_target;
use regex::bytes::Regex;
use std::sync::OnceLock;
use urlcert::oracle_classes::{classes_for, same, server_rule, Ctx, DOCS};
use urlcert_oracle::Oracle;
use urlcert_reference::{parse, DocReading, Reading};

struct Doc {
    doc: DocReading,
    oracle: Oracle,
    server: Option<Regex>,
}

fn docs() -> &'static [Doc] {
    static LOADED: OnceLock<Vec<Doc>> = OnceLock::new();
    LOADED.get_or_init(|| {
        let dir = urlcert_oracle::grammar_dir();
        DOCS.iter()
            .map(|id| {
                let doc: DocReading = id.parse().expect("known document");
                let reading = (doc.reading != Reading::Strict).then(|| doc.reading.id());
                let oracle = Oracle::load(doc.doc.id(), reading, &dir).expect("grammar loads");
                let server = server_rule(doc.doc.id(), &oracle);
                Doc {
                    doc,
                    oracle,
                    server,
                }
            })
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    for d in docs() {
        let reference = parse(d.doc, data);
        let answer = d.oracle.judge(data);
        if same(&reference, &answer) {
            continue;
        }
        let cx = Ctx {
            input: data,
            reference: &reference,
            oracle: &d.oracle,
            answer: &answer,
            server: &d.server,
        };
        if !classes_for(d.doc.doc.id(), d.doc.reading).any(|c| (c.explains)(&cx)) {
            panic!(
                "{}: {:?}: reference {} {:?}, oracle {} {:?}",
                d.doc,
                String::from_utf8_lossy(data),
                reference.verdict,
                reference.rule.map(|r| r.name()),
                answer.verdict,
                answer.chain
            );
        }
    }
});
