#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets into tests/fuzz/corpus/NAME/
(seed-*.bin; libFuzzer's own finds are kept beside them under their hashes).
Each seed is a valid input in its target's byte format, so fuzzing starts
deep in the parsers instead of at their first character.
Run: /usr/bin/python3 tests/fuzz/make_seeds.py"""
import glob
import os
import random
import struct

HERE = os.path.dirname(os.path.abspath(__file__))


def write(target, seeds):
    d = os.path.join(HERE, 'corpus', target)
    os.makedirs(d, exist_ok=True)
    for f in os.listdir(d):
        if f.startswith('seed-'):
            os.remove(os.path.join(d, f))
    for i, data in enumerate(seeds):
        with open(os.path.join(d, 'seed-%03d.bin' % i), 'wb') as f:
            f.write(data)


# fuzz_einsum.c: byte 0 -> operand count 1 + b % 4; per operand a rank byte
# (b % 5) and that many size bytes (b % 4); the rest is the equation.
def einsum_seed(shapes, eq):
    out = bytearray([len(shapes) - 1])
    for s in shapes:
        out.append(len(s))
        out.extend(s)
    return bytes(out) + eq.encode()


EINSUM = [
    ([[2, 3], [3, 2]], 'ij,jk->ik'), ([[3, 3]], 'ii->'), ([[3, 3]], 'ii->i'), ([[2, 3]], 'ij->ji'),
    ([[2, 2, 3], [3, 2]], '...ij,...jk->...ik'), ([[2, 3], [2, 3]], 'ij,ij->'), ([[2], [3]], 'i,j->ij'),
    ([[2, 2, 3], [2, 3, 2]], 'bij,bjk->bik'), ([[2, 2, 3], [2, 1]], 'ijk,jl->ikl'), ([[2, 3], [3, 2]], 'ij,jk'),
    ([[2, 2, 3]], 'iij->j'), ([[2], [2], [3], [3]], 'a,a,b,b->'), ([[], [2]], ',i->i'), ([[1, 3], [2, 3]], 'ij,ij->ij'),
    ([[2, 3, 3]], 'i...->...'), ([[2, 3], [3, 3], [3, 2]], 'ij,jk,kl->il'), ([[2, 3, 2, 3]], 'ijij->ij'),
    ([[2, 3]], 'i j -> j i'), ([[0, 3], [3, 2]], 'ij,jk->ik'), ([[2, 2, 2, 2]], 'abcd->dcba'),
    ([[2, 3]], 'AB->BA'), ([[2, 3], [3, 2]], 'ij,jk->ikk'), ([[2, 3]], 'i..,j'), ([[2, 3]], 'ij->k'),
    ([[2, 3], [2, 2]], 'ij,ij->'), ([[3, 3]], '...->'), ([[2, 3], [3, 2], [2, 2], [2, 3]], 'ab,bc,cd,de->ae'),
]

# fuzz_slice.c: byte 0 -> rank b % 5; that many size bytes (b % 7); the rest is the spec.
SLICE = [
    ([5], '1:5:2'), ([3, 4], '::-1, ...'), ([3, 4], 'None, 0'), ([2, 3, 4], '...,None'), ([4], '-1'),
    ([3, 4], ':'), ([3, 4], ''), ([3, 4], '1:2, ::3'), ([2, 2, 2], '0,0,0'), ([6], '-100:100:-3'),
    ([3, 4], '1, ..., None, ::-2'), ([0, 3], ':, 1'), ([4, 4], '::2,::2'), ([5], '  3  '), ([5], '2::'),
    ([3], '4'), ([3], '::0'), ([3], '...,...'), ([2, 2], '0,0,0'), ([6], '9223372036854775807:-9223372036854775808:-1'),
]


def slice_seed(shape, spec):
    return bytes([len(shape)] + list(shape)) + spec.encode()


# TensorProto seeds, encoded here from the wire format (independent of proto.c)
def varint(v):
    v &= (1 << 64) - 1
    out = bytearray()
    while True:
        out.append((v & 0x7f) | (0x80 if v > 0x7f else 0))
        v >>= 7
        if not v:
            return bytes(out)


def field(num, wire, payload):
    key = varint(num << 3 | wire)
    if wire == 0:
        return key + varint(payload)
    return key + varint(len(payload)) + payload


def tensor_proto(tf_dtype, shape, content=None, values=None):
    shp = b''.join(field(2, 2, field(1, 0, d) if d else b'') for d in shape)
    out = field(1, 0, tf_dtype) + field(2, 2, shp)
    if content is not None:
        out += field(4, 2, content)
    if values is not None:
        num, packed = values
        out += field(num, 2, packed)
    return out


PROTO = [
    tensor_proto(1, [2, 3], content=struct.pack('<6f', 1, 2, 3, 4, 5, float('nan'))),
    tensor_proto(1, [2, 2], values=(5, struct.pack('<4f', 1.5, -2, 0, float('inf')))),
    tensor_proto(2, [3], values=(6, struct.pack('<3d', 0.1, 0.2, 0.3))),
    tensor_proto(3, [2, 3], values=(7, varint(-1))),
    tensor_proto(4, [4], values=(7, b''.join(varint(v) for v in [1, 2, 255, 300]))),
    tensor_proto(5, [2], content=struct.pack('<2h', -5, 7)),
    tensor_proto(6, [1, 2], values=(7, varint(-128) + varint(127))),
    tensor_proto(10, [3], values=(11, b'\x01\x00\x01')),
    tensor_proto(17, [2], values=(7, varint(65535) + varint(1))),
    tensor_proto(22, [2], values=(16, varint(4294967295) + varint(0))),
    tensor_proto(1, []),
    tensor_proto(1, [0, 4]),
    tensor_proto(9, [2], values=(10, varint(1) + varint(2))),
    field(1, 0, 1) + field(2, 2, field(3, 0, 1)),
]


# fuzz_decimal.c: the bytes are the text; the hard cases of decimal-to-binary
DECIMAL = ['3.14159', '1e23', '2.2250738585072011e-308', '4.9406564584124654e-324', '1.7976931348623159e308',
           '9007199254740993', '0.500000000000000166533453693773481063544750213623046875', '-inf', 'Infinity',
           'nan', '  +.5e-3', '123456789012345678901234567890e-40', '0.' + '0' * 400 + '1e400', '1e']


def main():
    write('decimal', [t.encode() for t in DECIMAL])
    write('einsum', [einsum_seed(s, e) for s, e in EINSUM])
    write('slice', [slice_seed(s, p) for s, p in SLICE])
    rnd = random.Random(20261123)
    # fuzz_views.c reads its bytes as a program of view operations: any bytes are valid
    fixtures = sorted(glob.glob(os.path.join(HERE, '..', 'fixtures', 'npy', '*.npy')))
    write('npy', [open(f, 'rb').read() for f in fixtures])   # NumPy's own files (gen_npy.py)
    write('proto', PROTO)
    write('views', [bytes(rnd.randrange(256) for _ in range(rnd.randrange(8, 64))) for _ in range(24)])


if __name__ == '__main__':
    main()
