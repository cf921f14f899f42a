//! One workload of `urlcert bench` in a loop, for a profiler:
//! `perf record -g target/release/examples/bench_profile parse 200` (or `resolve`,
//! `large`, `rfc3986`, `url-standard`). See BENCHMARKS.md.

use std::hint::black_box;
use urlcert::bench;
use urlcert_reference::{parse, resolve, DocReading};

/// Parses every input of `corpus` under `doc`, `times` times over.
fn parse_each(doc: DocReading, corpus: &[Vec<u8>], times: usize) {
    for _ in 0..times {
        for i in corpus {
            black_box(parse(doc, black_box(i)));
        }
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let what = args.next().unwrap_or_else(|| "parse".into());
    let times: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(100);
    let dir = urlcert::assets::repo_root().join("cases");
    let cases = bench::load_cases(&dir).expect("the cases load");
    match what.as_str() {
        "parse" => parse_each(bench::PARSE_DOC.into(), &bench::corpus(&cases), times),
        "resolve" => {
            let pairs = bench::pairs(&cases);
            for _ in 0..times {
                for (b, r) in &pairs {
                    let _ = black_box(resolve(
                        bench::RESOLVE_DOC.into(),
                        b.as_bytes(),
                        r.as_bytes(),
                        false,
                    ));
                }
            }
        }
        "rfc3986" => parse_each(
            bench::RFC3986_DOC.into(),
            &bench::corpus_3986(&cases),
            times,
        ),
        "url-standard" => {
            let corpus = bench::corpus_url_standard(&cases);
            for _ in 0..times {
                for s in &corpus {
                    black_box(urlcert_reference::whatwg::basic_url_parse(
                        black_box(s),
                        None,
                    ));
                }
            }
        }
        "large" => {
            let input = bench::input_of_size(1 << 20);
            for _ in 0..times {
                black_box(parse(bench::PARSE_DOC.into(), black_box(&input)));
            }
        }
        other => {
            eprintln!("bench_profile: unknown workload {other} (parse, resolve, large, rfc3986, url-standard)");
            std::process::exit(2);
        }
    }
}
