//! A yardstick, not a check: only `url::Url::parse` on the input, so every target's
//! exec/s can be compared with it in the same build (BENCHMARKS.md, "Fuzz targets:
//! exec/s"). Input that is not UTF-8 is skipped (returns at once), as `adapters_diff`
//! skips it: `Url::parse` takes `&str`. It checks nothing, so it is not a campaign
//! target: `.ci/nightly` should leave it out, and `.clusterfuzzlite/build.sh` does not
//! ship it.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(s) = std::str::from_utf8(data) {
        let _ = std::hint::black_box(url::Url::parse(s));
    }
});
