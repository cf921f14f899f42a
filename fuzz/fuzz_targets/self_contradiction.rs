//! A document against itself, per execution: the URL taken apart by the document's own
//! parsing rules against its grammar, and, for a base and a reference, the resolution's
//! result read back by those rules and judged by that grammar
//! (`urlcert::self_contradiction::target`). Panics only on a contradiction whose cause
//! no case records: the known ones (`reports/contradictions.md`) are expected.
//!
//! Input: one document byte, then base NUL reference, or one URL. The byte picks the
//! document and reading, `byte % n` into the documents with both a grammar and a
//! resolution algorithm (`urlcert::fuzzinput::docs`).
#![no_main]
use libfuzzer_sys::fuzz_target;
use urlcert::fuzzinput;
use urlcert::self_contradiction::target::unknown;

fuzz_target!(|data: &[u8]| {
    let docs = fuzzinput::docs("self_contradiction").expect("a document list");
    let Some((i, rest)) = fuzzinput::split(data, docs.len()) else {
        return;
    };
    if let Some(new) = unknown(docs[i], rest) {
        panic!("a contradiction no case records: {new}");
    }
});
