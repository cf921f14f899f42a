//! `cargo bench -p urlcert --bench parse`: the reference against the url crate on the
//! workloads `urlcert bench` uses (harness/src/bench/mod.rs), parse time against input
//! length, and python-urllib persistent against one-shot. See BENCHMARKS.md.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use std::time::Duration;
use urlcert::ask::process::Limits;
use urlcert::ask::registry::{self, Found};
use urlcert::ask::Ask;
use urlcert::bench;
use urlcert_reference::{parse, resolve, DocReading};

fn cases() -> Vec<urlcert::case::LoadedCase> {
    bench::load_cases(&urlcert::assets::repo_root().join("cases")).expect("the cases load")
}

/// Reference RFC 1738 parse against `url::Url::parse`, on the same corpus, in bytes/s.
fn parse_corpus(c: &mut Criterion) {
    let corpus = bench::corpus(&cases());
    let bytes: usize = corpus.iter().map(Vec::len).sum();
    let strs: Vec<&str> = corpus
        .iter()
        .map(|i| std::str::from_utf8(i).unwrap_or_default())
        .collect();
    let doc: DocReading = bench::PARSE_DOC.into();
    let mut g = c.benchmark_group("parse_corpus");
    g.throughput(Throughput::Bytes(bytes as u64));
    g.bench_function("reference_rfc1738", |b| {
        b.iter(|| {
            for i in &corpus {
                black_box(parse(doc, black_box(i)));
            }
        })
    });
    g.bench_function("url_crate", |b| {
        b.iter(|| {
            for s in &strs {
                let _ = black_box(url::Url::parse(black_box(s)));
            }
        })
    });
    g.finish();
}

/// The 1996 draft's resolution against `Url::join` (base parsed each time, as the
/// reference parses it), on the same pairs, in pairs/s.
fn resolve_pairs(c: &mut Criterion) {
    let pairs = bench::pairs(&cases());
    let doc: DocReading = bench::RESOLVE_DOC.into();
    against_url_join(c, "resolve_pairs", "reference_draft1996", doc, &pairs);
}

/// The group `group`: the reference's resolution under `doc` (as `reference`) against
/// `Url::join`, on the same `(base, reference)` pairs, in pairs/s.
fn against_url_join(
    c: &mut Criterion,
    group: &str,
    reference: &str,
    doc: DocReading,
    pairs: &[(String, String)],
) {
    let mut g = c.benchmark_group(group);
    g.throughput(Throughput::Elements(pairs.len() as u64));
    g.bench_function(reference, |b| {
        b.iter(|| {
            for (base, r) in pairs {
                let _ = black_box(resolve(doc, base.as_bytes(), r.as_bytes(), false));
            }
        })
    });
    g.bench_function("url_crate_join", |b| {
        b.iter(|| {
            for (base, r) in pairs {
                black_box(bench::url_join(base, r));
            }
        })
    });
    g.finish();
}

/// RFC 3986: the reference's parse against fluent-uri's, and its resolution against
/// `Url::join`, each on its own corpus of inputs both sides accept.
fn rfc3986(c: &mut Criterion) {
    let cases = cases();
    let doc: DocReading = bench::RFC3986_DOC.into();
    let corpus = bench::corpus_3986(&cases);
    let strs: Vec<&str> = corpus
        .iter()
        .map(|i| std::str::from_utf8(i).unwrap_or_default())
        .collect();
    let mut g = c.benchmark_group("parse_rfc3986");
    g.throughput(Throughput::Bytes(
        corpus.iter().map(Vec::len).sum::<usize>() as u64,
    ));
    g.bench_function("reference_rfc3986", |b| {
        b.iter(|| {
            for i in &corpus {
                black_box(parse(doc, black_box(i)));
            }
        })
    });
    g.bench_function("fluent_uri", |b| {
        b.iter(|| {
            for s in &strs {
                let _ = black_box(fluent_uri::UriRef::parse(black_box(*s)));
            }
        })
    });
    g.finish();
    let pairs = bench::pairs_for(&cases, bench::RFC3986_DOC);
    against_url_join(c, "resolve_rfc3986", "reference_rfc3986", doc, &pairs);
}

/// Parse time against input length, 1 KiB to 1 MiB: linear when bytes/s is flat.
fn parse_scaling(c: &mut Criterion) {
    let doc: DocReading = bench::PARSE_DOC.into();
    let mut g = c.benchmark_group("parse_scaling");
    g.sample_size(10);
    for kib in [1usize, 4, 16, 64, 256, 1024] {
        let input = bench::input_of_size(kib << 10);
        g.throughput(Throughput::Bytes(input.len() as u64));
        g.bench_with_input(
            BenchmarkId::new("reference_rfc1738", kib),
            &input,
            |b, i| b.iter(|| black_box(parse(doc, black_box(i)))),
        );
    }
    g.finish();
}

/// python-urllib over the persistent protocol against one process per request; skipped
/// (with a line on standard error) when python3 is missing.
fn adapter_protocol(c: &mut Criterion) {
    let corpus = bench::corpus(&cases());
    let mut g = c.benchmark_group("python_urllib_parse");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(5));
    for (label, one_shot) in [("persistent", false), ("one_shot", true)] {
        match registry::open("python-urllib", one_shot, Limits::default()) {
            Some(Found::Ready(mut a)) => {
                let mut k = 0usize;
                g.bench_function(label, |b| {
                    b.iter(|| {
                        k = (k + 1) % corpus.len();
                        black_box(a.parse(&corpus[k]))
                    })
                });
            }
            Some(Found::Unavailable { why, .. }) => {
                eprintln!("python_urllib_parse/{label}: skipped: {why}")
            }
            None => eprintln!("python_urllib_parse/{label}: skipped: unknown adapter"),
        }
    }
    g.finish();
}

criterion_group!(
    benches,
    parse_corpus,
    resolve_pairs,
    rfc3986,
    parse_scaling,
    adapter_protocol
);
criterion_main!(benches);
