#!/usr/bin/env python3
"""Runs a WASI command module under Wasmtime (PyPI's wasmtime, in .venv) with only the current
directory preopened (as '.') and stdio inherited; exits with the module's exit code.

  .venv/bin/python scripts/run-wasmtime.py [--max-memory BYTES] MODULE.wasm [ARGS...]

--max-memory caps the module's linear memory (Wasmtime's store limits): growth beyond it fails
inside the module, which must then report a clean error.
"""
import sys

from wasmtime import Engine, ExitTrap, Linker, Module, Store, WasiConfig


def main(argv):
    limit = None
    if argv[:1] == ['--max-memory']:
        limit, argv = int(argv[1]), argv[2:]
    if not argv:
        print('usage: run-wasmtime.py [--max-memory BYTES] MODULE.wasm [ARGS...]', file=sys.stderr)
        return 2
    engine = Engine()
    store = Store(engine)
    if limit is not None:
        store.set_limits(memory_size=limit)
    wasi = WasiConfig()
    wasi.argv = argv
    wasi.preopen_dir('.', '.')
    wasi.inherit_stdin()
    wasi.inherit_stdout()
    wasi.inherit_stderr()
    store.set_wasi(wasi)
    linker = Linker(engine)
    linker.define_wasi()
    instance = linker.instantiate(store, Module.from_file(engine, argv[0]))
    try:
        instance.exports(store)['_start'](store)
    except ExitTrap as e:
        return e.code
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
