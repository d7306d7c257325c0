"""Writes src/ziggurat.h: the ziggurat tables NumPy's Generator draws normals and
exponentials from (Marsaglia and Tsang, 256 layers), as NumPy's own binaries hold them.

The tables cannot be recomputed bit for bit: NumPy's were computed once, years ago, on a
libm whose rounding differs from today's, and a recomputation (in float64 on glibc, or
exactly with decimal) differs from them in about forty entries by a few ulps, enough to
change one normal draw in seven by an ulp.  So this script reads them from the NumPy the
project's environment pins (scripts/requirements.txt): the static library NumPy ships for
Cython users, numpy/random/lib/libnpyrandom.a, holds them as symbols of its distributions
object.  tests/js/random.test.mjs checks the streams against NumPy; tests/js/abi.test.mjs
that this file is what the script makes.
    .venv/bin/python scripts/gen-ziggurat.py           write src/ziggurat.h, tests/c/fixtures_ziggurat.h
    .venv/bin/python scripts/gen-ziggurat.py --check   exit 1 if either is stale
"""
import pathlib
import struct
import sys

import numpy

LAYERS = 256
# NumPy's constants: the tail start r, 1/r for the normal, and the exponential's r
NOR_R = 3.6541528853610087963519472518
NOR_INV_R = 0.27366123732975827203338247596
EXP_R = 7.6971174701310497140446280481
TABLES = {  # name: (struct code, C type)
    "ki_double": ("Q", "uint64_t"), "wi_double": ("d", "double"), "fi_double": ("d", "double"),
    "ki_float": ("I", "uint32_t"), "wi_float": ("f", "float"), "fi_float": ("f", "float"),
    "ke_double": ("Q", "uint64_t"), "we_double": ("d", "double"), "fe_double": ("d", "double"),
    "ke_float": ("I", "uint32_t"), "we_float": ("f", "float"), "fe_float": ("f", "float"),
}


def archive_members(data):
    """The members of a GNU ar archive: (name, bytes); long names live in the "//" member."""
    assert data[:8] == b"!<arch>\n", "libnpyrandom.a is not an ar archive"
    at, longnames = 8, b""
    while at + 60 <= len(data):
        name, size = data[at : at + 16].decode().strip(), int(data[at + 48 : at + 58].decode())
        body = data[at + 60 : at + 60 + size]
        at += 60 + size + (size & 1)
        if name == "//":
            longnames = body
        elif name[:1] == "/" and name[1:].isdigit():
            start = int(name[1:])
            yield longnames[start : longnames.index(b"/\n", start)].decode(), body
        else:
            yield name.rstrip("/"), body


def elf_symbols(obj):
    """Each defined symbol of a little-endian ELF64 object: name -> its bytes."""
    assert obj[:4] == b"\x7fELF" and obj[4] == 2 and obj[5] == 1, "not a little-endian ELF64 object"
    shoff, = struct.unpack_from("<Q", obj, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", obj, 0x3A)
    sections = [struct.unpack_from("<IIQQQQIIQQ", obj, shoff + i * shentsize) for i in range(shnum)]
    out = {}
    for symtab in (s for s in sections if s[1] == 2):  # SHT_SYMTAB
        names = sections[symtab[6]][4]
        for i in range(symtab[5] // 24):
            name, _, _, shndx, value, size = struct.unpack_from("<IBBHQQ", obj, symtab[4] + 24 * i)
            if 0 < shndx < len(sections) and size:
                start = names + name
                key = obj[start : obj.index(b"\0", start)].decode()
                out[key] = obj[sections[shndx][4] + value : sections[shndx][4] + value + size]
    return out


def numpy_tables():
    lib = pathlib.Path(numpy.__file__).parent / "random" / "lib" / "libnpyrandom.a"
    for name, obj in archive_members(lib.read_bytes()):
        if name.endswith("distributions.c.o"):
            syms = elf_symbols(obj)
            return {k: struct.unpack(f"<{LAYERS}{code}", syms[k]) for k, (code, _) in TABLES.items()}
    raise SystemExit(f"gen-ziggurat: no distributions object in {lib}")


# The float64 widths and densities are stored whole.  Every other table is a
# prediction from them by exactly rounded operations (so every platform makes
# the same one) plus a small stored residual: 2 KB a table becomes 256 bytes
# of mostly zeros.  The rules, which src/distributions.c's zig_derive follows:
#   k{i,e}_double[n] = (uint64)(w[n-1] / w[n] * 2^B) + res (n >= 2; k[0] stored, k[1] = 0)
#   k{i,e}_float[n]  = (k_double[n] >> (B - 23)) + res
#   w{i,e}_float[n]  = (float)(w[n] * 2^(B - 23)), res ulps further
#   f{i,e}_float[n]  = (float)f[n], res ulps further
# with B = 52 for the normal, 53 for the exponential.
KIND_BITS = {"i": 52, "e": 53}
DERIVED = ["k%s_double", "k%s_float", "w%s_float", "f%s_float"]


def f32(v):
    return struct.unpack("<f", struct.pack("<f", v))[0]


def ulps(v, n):
    return struct.unpack("<f", struct.pack("<i", struct.unpack("<i", struct.pack("<f", v))[0] + n))[0]


def f32_bits(v):
    return struct.unpack("<i", struct.pack("<f", v))[0]


def residuals(tables, kind):
    """NumPy's derived tables of one ziggurat as residuals from the rules above, checked to decode"""
    bits = KIND_BITS[kind]
    w, f = tables[f"w{kind}_double"], tables[f"f{kind}_double"]
    k, kf, wf, ff = (tables[n % kind] for n in DERIVED)
    assert k[1] == 0, f"k{kind}_double[1] is {k[1]}, not 0"
    pk = [0, 0] + [int(w[n - 1] / w[n] * 2.0**bits) for n in range(2, LAYERS)]
    res = {
        "k": [0, 0] + [k[n] - pk[n] for n in range(2, LAYERS)],
        "kf": [kf[n] - (k[n] >> (bits - 23)) for n in range(LAYERS)],
        "wf": [f32_bits(wf[n]) - f32_bits(f32(w[n] * 2.0 ** (bits - 23))) for n in range(LAYERS)],
        "ff": [f32_bits(ff[n]) - f32_bits(f32(f[n])) for n in range(LAYERS)],
    }
    for name, r in res.items():
        assert all(-128 <= v < 128 for v in r), f"{name} of {kind}: a residual beyond int8"
    # decode as the C does, and compare with NumPy's bits
    dk = [k[0], 0] + [pk[n] + res["k"][n] for n in range(2, LAYERS)]
    assert dk == list(k)
    assert [(dk[n] >> (bits - 23)) + res["kf"][n] for n in range(LAYERS)] == list(kf)
    assert [ulps(f32(w[n] * 2.0 ** (bits - 23)), res["wf"][n]) for n in range(LAYERS)] == list(wf)
    assert [ulps(f32(f[n]), res["ff"][n]) for n in range(LAYERS)] == list(ff)
    return k[0], [res[key] for key in ("k", "kf", "wf", "ff")]


def fnv(data):
    h = 0x811C9DC5
    for b in data:
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return h


def rows(vals, per):
    return ",\n    ".join(", ".join(vals[i : i + per]) for i in range(0, len(vals), per))


def render():
    tables = numpy_tables()
    out = [
        "/* Generated by scripts/gen-ziggurat.py from NumPy's own tables; do not edit.  The",
        " * ziggurats of NumPy's Generator: k (acceptance bounds), w (widths), f (densities at the",
        " * edges) of the normal (i) and exponential (e) distributions.  The float64 w and f are",
        " * stored whole; the rest are made from them at start-up (distributions.c, zig_derive)",
        " * plus these residuals, the script's rules say how. */",
        "#ifndef WT_ZIGGURAT_H",
        "#define WT_ZIGGURAT_H",
        "#include <stdint.h>",
        "",
        f"#define WT_ZIG_NOR_R {NOR_R.hex()}",
        f"#define WT_ZIG_NOR_INV_R {NOR_INV_R.hex()}",
        f"#define WT_ZIG_EXP_R {EXP_R.hex()}",
        f"#define WT_ZIG_NOR_R_F {float(numpy.float32(NOR_R)).hex()}f",
        f"#define WT_ZIG_NOR_INV_R_F {float(numpy.float32(NOR_INV_R)).hex()}f",
        f"#define WT_ZIG_EXP_R_F {float(numpy.float32(EXP_R)).hex()}f",
        "",
    ]
    for kind in KIND_BITS:
        for name in (f"w{kind}_double", f"f{kind}_double"):
            vals = [v.hex() for v in tables[name]]
            out.append(f"static const double {name}[{LAYERS}] = {{\n    {rows(vals, 4)}}};\n")
    for kind in KIND_BITS:
        k0, res = residuals(tables, kind)
        out.append(f"#define WT_ZIG_K{kind.upper()}0 {k0}ull")
        body = "},\n    {".join(rows([str(v) for v in r], 32) for r in res)
        out.append(f"static const int8_t zig_res_{kind}[4][{LAYERS}] = {{\n    {{{body}}}}};\n")
    out.append("#endif\n")
    return "\n".join(out)


def render_fixture():
    tables = numpy_tables()
    out = [
        "/* Generated by scripts/gen-ziggurat.py; do not edit.  The FNV-1a hash of each of NumPy's",
        " * ziggurat tables as its libnpyrandom.a holds them (test_random.c holds the tables",
        " * distributions.c uses to these). */",
        "static const struct {",
        "    const char *name;",
        "    uint32_t hash;",
        "} ZIGGURAT_NUMPY[] = {",
    ]
    for name, (code, _) in TABLES.items():
        out.append(f'    {{"{name}", {fnv(struct.pack(f"<{LAYERS}{code}", *tables[name]))}u}},')
    out.append("};\n")
    return "\n".join(out)


if __name__ == "__main__":
    root = pathlib.Path(__file__).resolve().parent.parent
    outputs = {root / "src" / "ziggurat.h": render(), root / "tests" / "c" / "fixtures_ziggurat.h": render_fixture()}
    if "--check" in sys.argv:
        sys.exit(0 if all(p.read_text() == text for p, text in outputs.items()) else 1)
    for p, text in outputs.items():
        p.write_text(text)
