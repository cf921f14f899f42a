//! The reference's draft-1996 answer against one in-process adapter, `url` or
//! `fluent-uri`. Each documented divergence is a named classifier in
//! `urlcert::judge::known::DIVERGENCES` citing a case; anything unclassified is a finding.
//!
//! Input: one adapter byte, then the URL. The byte picks the adapter, `byte % n` into
//! `urlcert::run::fuzzinput::adapters` (the in-process adapters, in order), so each execution
//! is one reference parse and one adapter's parse, judged as `urlcert run` judges, and
//! coverage feedback is per adapter. The seeds (`corpus/adapters_diff/`) hold every
//! case URL once per adapter. The adapters are made before the first input
//! (libFuzzer's init hook).
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::cell::RefCell;
use urlcert::ask::Engine;

thread_local! {
    static ADAPTERS: RefCell<Vec<Box<dyn Engine>>> = RefCell::new(urlcert::run::fuzzinput::adapters());
}

fuzz_target!(init: ADAPTERS.with(|_| ()), |data: &[u8]| {
    ADAPTERS.with(|a| {
        if let Err(e) = urlcert::run::fuzzcheck::adapters_diff(&mut a.borrow_mut(), data) {
            panic!("unclassified divergence: {e}");
        }
    });
});
