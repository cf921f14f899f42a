//! The reference's draft-1996 answer against the in-process adapters `url` and
//! `fluent-uri`. Each documented divergence is a named classifier in
//! `urlcert::fuzzcheck::DIVERGENCES` citing a case; anything unclassified is a finding.
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::cell::RefCell;
use urlcert::adapter::{inproc, Adapter};

thread_local! {
    static ADAPTERS: RefCell<Vec<Box<dyn Adapter>>> = RefCell::new(inproc::all());
}

fuzz_target!(|data: &[u8]| {
    ADAPTERS.with(|a| {
        if let Err(e) = urlcert::fuzzcheck::adapters_diff(&mut a.borrow_mut(), data) {
            panic!("unclassified divergence: {e}");
        }
    });
});
