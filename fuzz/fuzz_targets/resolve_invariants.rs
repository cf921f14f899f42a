//! Input: base NUL reference. Every document's resolution: no panic; the result is
//! absolute under the same document, and resolving it again against anything leaves it
//! unchanged (`urlcert_reference::invariants::check_resolve`).
#![no_main]
use libfuzzer_sys::fuzz_target;
use urlcert_reference::invariants::{check_resolve, every_doc_reading};

fuzz_target!(|data: &[u8]| {
    let Some(nul) = data.iter().position(|&b| b == 0) else {
        return;
    };
    let (base, reference) = (&data[..nul], &data[nul + 1..]);
    for doc in every_doc_reading() {
        if let Err(e) = check_resolve(doc, base, reference) {
            panic!("{e}");
        }
    }
});
