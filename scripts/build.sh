#!/usr/bin/env bash
# Builds wtensor's configurations into build/<name>:
#   gcc    native, gcc, SSE2 kernels (+ Valgrind), the CLI  asan   clang-14, ASan+UBSan
#   clang  native, clang-14, generic vectors    wasi   the C tests, CLI and embedding reactor for WASI
#   wasm   the Emscripten reactor, copied to dist/wtensor.wasm for the npm package
#   relaxed  its relaxed-SIMD variants, dist/wtensor*-relaxed.wasm
#   (both: Emscripten with clang-19 behind it, then npm's binaryen; CMakeLists.txt says why)
#   fuzz   the libFuzzer targets of tests/fuzz (clang-14, ASan+UBSan; run by scripts/fuzz.sh)
# usage: scripts/build.sh [name ...]   (default: all but fuzz)
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)

configure() {   # name, cmake args...
  local name=$1; shift
  if [ ! -f "build/$name/CMakeCache.txt" ]; then
    # a failed configure leaves a cache behind, and the next run would build from it
    "$@" > "build/$name.configure.log" 2>&1 || { cat "build/$name.configure.log"; rm -f "build/$name/CMakeCache.txt"; return 1; }
  fi
}

# Emscripten 3.1.6 with clang-19: it runs "$LLVM_ROOT/clang-14" and friends,
# so build/llvm19 names clang-19 and its wasm-ld so (the archive tools stay 14's)
emcc_llvm19() {
  local d=build/llvm19
  mkdir -p "$d"
  for t in clang clang++ wasm-ld; do ln -sf "/usr/lib/llvm-19/bin/$t" "$d/$t-14"; ln -sf "/usr/lib/llvm-19/bin/$t" "$d/$t"; done
  for t in llvm-ar llvm-nm llvm-ranlib llvm-objcopy llvm-dwarfdump; do
    ln -sf "/usr/lib/llvm-14/bin/$t" "$d/$t-14"; ln -sf "/usr/lib/llvm-14/bin/$t" "$d/$t"
  done
  export EM_LLVM_ROOT=$PWD/$d
}

build_one() {
  local name=$1
  mkdir -p build
  case $name in
    gcc)   configure gcc cmake -S . -B build/gcc -DCMAKE_C_COMPILER=gcc -DWT_VALGRIND=ON ;;
    clang) configure clang cmake -S . -B build/clang -DCMAKE_C_COMPILER=clang-14 -DWT_FORCE_GENERIC_SIMD=ON ;;
    asan)  configure asan cmake -S . -B build/asan -DCMAKE_C_COMPILER=clang-14 -DWT_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug ;;
    wasi)  configure wasi cmake -S . -B build/wasi -DCMAKE_TOOLCHAIN_FILE=cmake/wasi.cmake ;;
    wasm)  emcc_llvm19
           configure wasm emcmake cmake -S . -B build/wasm ;;
    relaxed) emcc_llvm19
           configure relaxed emcmake cmake -S . -B build/relaxed -DWT_RELAXED=ON ;;
    fuzz)  configure fuzz cmake -S . -B build/fuzz -DCMAKE_C_COMPILER=clang-14 -DWT_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo ;;
    *) echo "build: unknown configuration '$name'" >&2; return 2 ;;
  esac
  cmake --build "build/$name" -j "$jobs" > "build/$name.build.log" 2>&1 || { cat "build/$name.build.log"; return 1; }
  unset EM_LLVM_ROOT # emcc_llvm19's, for this configuration only
  # what the npm package ships: the reactor JS loads, the WASI command behind
  # `npx wtensor`, and the embedding reactor for wasm hosts
  mkdir -p dist
  case $name in
    wasm) cp build/wasm/wtensor.wasm build/wasm/wtensor-mt.wasm dist/ ;;
    relaxed) cp build/relaxed/wtensor-relaxed.wasm build/relaxed/wtensor-mt-relaxed.wasm dist/ ;;
    wasi) cp build/wasi/wtensor.wasm dist/wtensor-cli.wasm
          cp build/wasi/wtensor_reactor.wasm dist/wtensor-reactor.wasm ;;
  esac
  echo "build: $name ok" >&2
}

# bindings/abi.js: the numbers JS shares with C, generated from the header
node scripts/gen-abi.mjs
for name in "${@:-gcc clang asan wasi wasm relaxed}"; do
  for n in $name; do build_one "$n"; done
done
