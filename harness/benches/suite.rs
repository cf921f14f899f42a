//! `cargo bench -p urlcert --bench suite`: the whole case suite, wall time, against the
//! reference and against each in-process adapter (asked and judged as `urlcert run`
//! does). See BENCHMARKS.md.

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use std::time::Duration;
use urlcert::ask::inproc;
use urlcert::{bench, judge, run::certify, run::runner};

fn suite(c: &mut Criterion) {
    let cases =
        bench::load_cases(&urlcert::assets::repo_root().join("cases")).expect("the cases load");
    let mut g = c.benchmark_group("case_suite");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(5));
    g.bench_function("reference", |b| {
        b.iter(|| black_box(runner::run_cases(black_box(&cases))))
    });
    for mut adapter in inproc::all() {
        let name = adapter.info().name.clone();
        g.bench_function(name.as_str(), |b| {
            b.iter(|| {
                black_box(certify::adapter_records(
                    &cases,
                    None,
                    adapter.as_mut(),
                    &judge::judge,
                ))
            })
        });
    }
    g.finish();
}

criterion_group!(benches, suite);
criterion_main!(benches);
