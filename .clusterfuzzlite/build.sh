#!/bin/bash -eu
# ClusterFuzzLite / OSS-Fuzz build: builds the cargo-fuzz targets in fuzz/ and puts each
# binary in $OUT, with the committed seeds of corpus/<target> as <target>_seed_corpus.zip.
# In the builder image `cargo` is nightly and adds the sanitizer flags itself. To try the
# steps locally: SRC=$(mktemp -d) OUT=$(mktemp -d), the checkout at $SRC/urlcert, and
# RUSTUP_TOOLCHAIN=nightly (see README, "Nightly fuzzing").
cd "$SRC/urlcert"

# Release build with debug assertions and overflow checks, as the nightly script runs them.
cargo fuzz build -O --debug-assertions

# anchor_url is a yardstick (`url::Url::parse` alone, for comparing exec/s; see
# BENCHMARKS.md): it checks nothing, so it is built with the rest but not shipped, and
# the service spends no fuzzing time on it.
YARDSTICKS=" anchor_url "

FUZZ_TARGET_OUTPUT_DIR="${CARGO_TARGET_DIR:-fuzz/target}/x86_64-unknown-linux-gnu/release"
for f in fuzz/fuzz_targets/*.rs; do
  name=$(basename "${f%.*}")
  case "$YARDSTICKS" in *" $name "*) continue ;; esac
  cp "$FUZZ_TARGET_OUTPUT_DIR/$name" "$OUT/"
  if [ -d "corpus/$name" ] && [ -n "$(ls -A "corpus/$name")" ]; then
    rm -f "$OUT/${name}_seed_corpus.zip"
    (cd "corpus/$name" && zip -q -r "$OUT/${name}_seed_corpus.zip" .)
  fi
done
