#!/usr/bin/env bash
# npm test: set up the toolchain, build every configuration, run every suite.
set -euo pipefail
cd "$(dirname "$0")/.."
# Chromium for the browser tests; NumPy 2 and the Wasmtime engine (.venv); the
# wasmtime command (.tools/bin, built from crates.io once per machine)
WT_NEED_BROWSER=1 WT_NEED_NUMPY=1 WT_NEED_WASMTIME=1 bash scripts/setup.sh
# Deno, from npm at this exact version, beside the lockfile: the registry these
# machines reach holds only its linux-x64 package, so a lockfile could not list
# the other platforms' packages and npm ci would refuse it (tests/js/runtimes.test.mjs)
DENO_VERSION=2.9.6
if [ "$(node_modules/.bin/deno --version 2>/dev/null | head -1 | cut -d' ' -f2)" != "$DENO_VERSION" ]; then
  npm install --no-save --no-audit --no-fund --loglevel=error "deno@$DENO_VERSION"
fi
echo "== lint: clang-format, prettier, eslint (npm run format fixes the first two)"
npm run --silent lint
bash scripts/build.sh

export ASAN_OPTIONS=allocator_may_return_null=1:detect_leaks=1
export UBSAN_OPTIONS=print_stacktrace=1
for name in gcc clang asan wasi; do
  echo "== C tests: $name"
  ctest --test-dir "build/$name" --output-on-failure
done

echo "== fuzzing: every target for 20 s from its committed corpus (npm run fuzz for longer)"
bash scripts/fuzz.sh 20

echo "== JS tests: Node, and Chromium (/usr/bin/chromium through playwright-core)"
# one file at a time on any machine: two files run npm pack, whose prepack rebuilds the wasm.
# The suite runs on the threaded build (init's default here), then its engine
# tests again on the single-threaded one (the browser suite does both too).
node --test --test-concurrency=1 tests/js/ tests/browser/
echo "== JS tests again on the single-threaded build (WT_THREADS=1)"
WT_THREADS=1 node --test --test-concurrency=1 tests/js/{tensor,views,assign,ops,linalg,linalg_np,linalg_api,poly,fft,einsum_random,memory,hostile,reliability,files,npz,lazy,names,exchange,numpy2,complex,join,select,sort,shape,strict,keywords}.test.mjs
