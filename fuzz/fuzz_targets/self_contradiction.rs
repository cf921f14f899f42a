//! A document against itself, per execution: the URL taken apart by the document's own
//! parsing rules against its grammar, and, for a base and a reference, the resolution's
//! result read back by those rules and judged by that grammar
//! (`urlcert::study::self_contradiction::target`). Panics only on a contradiction whose cause
//! no case records: the known ones (`reports/contradictions.md`) are expected.
//!
//! Input: one document byte, then base NUL reference, or one URL. The byte picks the
//! document and reading, `byte % n` into the documents with both a grammar and a
//! resolution algorithm (`urlcert::run::fuzzinput::FuzzTarget::docs`).
//!
//! Set-up, once per process before the first input (libFuzzer's init hook): every
//! document reading's grammar and the known causes, compiled in
//! (`urlcert::study::self_contradiction::causes`); no case is loaded.
#![no_main]
use libfuzzer_sys::fuzz_target;
use urlcert::study::self_contradiction::target::Target;

thread_local! {
    static TARGET: Target = Target::new()
        .unwrap_or_else(|e| panic!("self_contradiction cannot start: {e}"));
}

fuzz_target!(init: TARGET.with(|_| ()), |data: &[u8]| {
    if let Some(new) = TARGET.with(|t| t.unknown(data)) {
        panic!("a contradiction no case records: {new}");
    }
});
