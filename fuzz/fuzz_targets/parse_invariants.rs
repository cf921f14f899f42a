//! The reference's parse under every document and reading: no panic, and the checks of
//! `urlcert_reference::invariants::check_parse` (components rebuild the input where the
//! document says how).
#![no_main]
use libfuzzer_sys::fuzz_target;
use urlcert_reference::invariants::{check_parse, every_doc_reading};

fuzz_target!(|data: &[u8]| {
    for doc in every_doc_reading() {
        if let Err(e) = check_parse(doc, data) {
            panic!("{e}");
        }
    }
});
