//! The reference's parse under one document and reading per execution: no panic, and
//! the checks of `urlcert_reference::invariants::check_parse` (components rebuild the
//! input where the document says how).
//!
//! Input: one document byte, then the URL. The byte picks the document and reading,
//! `byte % n` into every document and reading of the reference
//! (`urlcert::run::fuzzinput::FuzzTarget::docs`), so each execution is one parse and coverage feedback is
//! per document.
#![no_main]
use libfuzzer_sys::fuzz_target;
use urlcert::run::fuzzinput;
use urlcert_reference::invariants::check_parse;

fuzz_target!(|data: &[u8]| {
    let docs = fuzzinput::FuzzTarget::ParseInvariants.docs().expect("a document list");
    let Some((i, url)) = fuzzinput::split(data, docs.len()) else {
        return;
    };
    if let Err(e) = check_parse(docs[i], url) {
        panic!("{e}");
    }
});
