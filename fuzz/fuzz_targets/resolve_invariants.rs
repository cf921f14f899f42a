//! One document's resolution per execution: no panic; the result is absolute under the
//! same document, and resolving it again against anything leaves it unchanged
//! (`urlcert_reference::invariants::check_resolve`).
//!
//! Input: one document byte, then base NUL reference. The byte picks the document and
//! reading, `byte % n` into every document and reading of the reference
//! (`urlcert::run::fuzzinput::FuzzTarget::docs`), so coverage feedback is per document.
#![no_main]
use libfuzzer_sys::fuzz_target;
use urlcert::run::fuzzinput;
use urlcert_reference::invariants::check_resolve;

fuzz_target!(|data: &[u8]| {
    let docs = fuzzinput::FuzzTarget::ResolveInvariants.docs().expect("a document list");
    let Some((i, pair)) = fuzzinput::split(data, docs.len()) else {
        return;
    };
    let Some(nul) = pair.iter().position(|&b| b == 0) else {
        return;
    };
    let (base, reference) = (&pair[..nul], &pair[nul + 1..]);
    if let Err(e) = check_resolve(docs[i], base, reference) {
        panic!("{e}");
    }
});
