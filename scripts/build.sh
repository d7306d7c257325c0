#!/usr/bin/env bash
# Builds wtensor's configurations into build/<name>:
#   gcc    native, gcc, SSE2 kernels (+ Valgrind), the CLI  asan   clang-14, ASan+UBSan
#   clang  native, clang-14, generic vectors    wasi   the C tests, CLI and embedding reactor for WASI
#   wasm   the Emscripten reactor, copied to dist/wtensor.wasm for the npm package
#   fuzz   the libFuzzer targets of tests/fuzz (clang-14, ASan+UBSan; run by scripts/fuzz.sh)
# usage: scripts/build.sh [name ...]   (default: all but fuzz)
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)

configure() {   # name, cmake args...
  local name=$1; shift
  if [ ! -f "build/$name/CMakeCache.txt" ]; then
    "$@" > "build/$name.configure.log" 2>&1 || { cat "build/$name.configure.log"; return 1; }
  fi
}

build_one() {
  local name=$1
  mkdir -p build
  case $name in
    gcc)   configure gcc cmake -S . -B build/gcc -DCMAKE_C_COMPILER=gcc -DWT_VALGRIND=ON ;;
    clang) configure clang cmake -S . -B build/clang -DCMAKE_C_COMPILER=clang-14 -DWT_FORCE_GENERIC_SIMD=ON ;;
    asan)  configure asan cmake -S . -B build/asan -DCMAKE_C_COMPILER=clang-14 -DWT_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug ;;
    wasi)  configure wasi cmake -S . -B build/wasi -DCMAKE_TOOLCHAIN_FILE=cmake/wasi.cmake ;;
    wasm)  configure wasm emcmake cmake -S . -B build/wasm ;;
    fuzz)  configure fuzz cmake -S . -B build/fuzz -DCMAKE_C_COMPILER=clang-14 -DWT_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo ;;
    *) echo "build: unknown configuration '$name'" >&2; return 2 ;;
  esac
  cmake --build "build/$name" -j "$jobs" > "build/$name.build.log" 2>&1 || { cat "build/$name.build.log"; return 1; }
  # what the npm package ships: the reactor JS loads, the WASI command behind
  # `npx wtensor`, and the embedding reactor for wasm hosts
  mkdir -p dist
  case $name in
    wasm) cp build/wasm/wtensor.wasm build/wasm/wtensor-mt.wasm dist/ ;;
    wasi) cp build/wasi/wtensor.wasm dist/wtensor-cli.wasm
          cp build/wasi/wtensor_reactor.wasm dist/wtensor-reactor.wasm ;;
  esac
  echo "build: $name ok" >&2
}

# bindings/abi.js: the numbers JS shares with C, generated from the header
node scripts/gen-abi.mjs
for name in "${@:-gcc clang asan wasi wasm}"; do
  for n in $name; do build_one "$n"; done
done
