# Toolchain for the WASI build: clang-14 + Debian's wasi-libc (see
# docs/ARCHITECTURE.md).  Executables are WASI commands run by node:wasi.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR wasm32)
set(CMAKE_C_COMPILER clang-14)
set(CMAKE_C_COMPILER_TARGET wasm32-wasi)
set(CMAKE_SYSROOT /usr)
set(CMAKE_AR llvm-ar-14)
set(CMAKE_RANLIB llvm-ranlib-14)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
# --strip-debug: Debian's wasi-libc carries DWARF; never --strip-all with -O
# (clang's automatic wasm-opt then drops the SIMD feature section).
# A fixed 128 MiB memory: Node 20's node:wasi keeps the memory's original
# backing store after memory.grow, so any WASI call after growth touches
# freed memory (a segfault at exit, or lost output).  Without growth, an
# allocation beyond it is a clean WT_ENOMEM.
set(CMAKE_EXE_LINKER_FLAGS_INIT
    "-Wl,--strip-debug -Wl,-z,stack-size=1048576 -Wl,--initial-memory=134217728 -Wl,--max-memory=134217728")
set(WT_WASI ON CACHE BOOL "" FORCE)
get_filename_component(_wt_root "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)
# --no-turbo-fast-api-calls: WASI calls go through V8's fast API path once
# TurboFan compiles their callers, and that path can crash Node (Node's open
# issue 53087); the C tests died once that way, between two writes to stdout,
# in about fifteen runs
set(CMAKE_CROSSCOMPILING_EMULATOR
    node;--disable-warning=ExperimentalWarning;--no-turbo-fast-api-calls;${_wt_root}/scripts/run-wasi.mjs)
