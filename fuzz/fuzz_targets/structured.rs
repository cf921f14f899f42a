//! Structure-aware: the fuzzer's bytes, read through `arbitrary::Unstructured`, choose
//! a 1996-draft `generic-URL` or an RFC 1738 `httpurl` / `ftpurl` production by
//! production (`urlcert::run::fuzzcheck::build`); the reference must say valid, by that
//! production, with exactly the generated components.
#![no_main]
use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use urlcert::run::fuzzcheck::{build, check_built, Choices};

struct Arb<'a, 'b>(&'b mut Unstructured<'a>);

impl Choices for Arb<'_, '_> {
    fn pick(&mut self, n: usize) -> usize {
        self.0.choose_index(n.max(1)).unwrap_or(0)
    }
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let built = build(&mut Arb(&mut u));
    if let Err(e) = check_built(&built) {
        panic!("{e}");
    }
});
