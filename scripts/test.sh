#!/usr/bin/env bash
# npm test: set up the toolchain, build every configuration, run every suite.
set -euo pipefail
cd "$(dirname "$0")/.."
# Chromium for the browser tests; NumPy 2 and the Wasmtime engine (.venv); the
# wasmtime command (.tools/bin, built from crates.io once per machine); the
# Node versions of scripts/node-versions.mjs (.tools/bin/node24 ..., from npm)
WT_NEED_BROWSER=1 WT_NEED_NUMPY=1 WT_NEED_WASMTIME=1 WT_NEED_NODES=1 bash scripts/setup.sh
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

# Node 24 (LTS) runs every JS suite; 22 and 26 the engine's suites on the
# single-threaded build and those whose behaviour depends on the version
# (relaxed SIMD, Float16Array, `using`); the machine's own Node (20 here, past
# its end of life) only the loading checks, the one place its fallback to the
# SIMD128 build without relaxed SIMD is seen.
read -r -a versions <<< "$(node scripts/node-versions.mjs)"
main=scripts/node.sh
ENGINE=(tensor views assign ops linalg linalg_np linalg_api poly fft einsum_random memory hostile reliability
  files npz lazy names exchange numpy2 complex join select sort shape strict keywords)
files() { for f in "$@"; do printf 'tests/js/%s.test.mjs\n' "$f"; done; }

echo "== JS tests: Node $("$main" --version), and Chromium (/usr/bin/chromium through playwright-core)"
# one file at a time on any machine: two files run npm pack, whose prepack rebuilds the wasm.
# The suite runs on the threaded build (init's default here), then its engine
# tests again on the single-threaded one (the browser suite does both too).
"$main" --test --test-concurrency=1 tests/js/*.test.mjs tests/browser/*.test.mjs
echo "== JS tests again on the single-threaded build (WT_THREADS=1), Node $("$main" --version)"
mapfile -t engine < <(files "${ENGINE[@]}")
WT_THREADS=1 "$main" --test --test-concurrency=1 "${engine[@]}"
for v in "${versions[@]:1}"; do
  n=".tools/bin/node${v%%.*}"
  echo "== JS tests on Node $("$n" --version): the engine's, single-threaded, and the version-dependent ones"
  mapfile -t some < <(files "${ENGINE[@]}" loading relaxed random stats inplace threads)
  WT_THREADS=1 "$n" --test --test-concurrency=1 "${some[@]}"
done
echo "== JS tests on the machine's Node $(node --version): loading, relaxed SIMD's fallback"
mapfile -t few < <(files loading relaxed)
node --test --test-concurrency=1 "${few[@]}"
