// .npy against files NumPy wrote (tests/fixtures/gen_npy.py) and TensorProto
// against protobufjs, a reference encoder and decoder of the wire format.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import protobuf from 'protobufjs';
import { wt, throwsWt, valuesByFormula, fixtureValue } from './helpers.mjs';

const dir = new URL('../fixtures/npy/', import.meta.url);
const file = (name) => new Uint8Array(readFileSync(new URL(`${name}.npy`, dir)));

test('every NumPy fixture loads with its values; Fortran order as a strided view; written back byte for byte', () => {
  const names = readdirSync(dir).map((f) => f.replace(/\.npy$/, ''));
  assert.ok(names.length >= 30);
  for (const name of names) {
    wt.tidy(() => {
      const t = wt.fromNpy(file(name));
      const dtype = name.split('_')[0];
      assert.equal(t.dtype, dtype, name);
      const got = valuesByFormula(t); // bigints for 64-bit integers, as fixtureValue
      const same = (v, w, f32) => Object.is(v, f32 ? Math.fround(w) : w);
      got.forEach((v, i) => {
        const w = fixtureValue(dtype, i);
        const ok = dtype.startsWith('complex')
          ? same(v.re, w.re, dtype === 'complex64') && same(v.im, w.im, false)
          : same(v, w, dtype === 'float32');
        assert.ok(ok, `${name}[${i}] = ${typeof v === 'object' ? JSON.stringify(v) : v}`);
      });
      if (name.endsWith('_f')) assert.deepEqual(t.strides, [1, 2, 6], `${name}: Fortran strides`);
      const back = t.toNpy();
      // big-endian and version 2/3 files are written as NumPy saves them: little-endian 1.0
      const like = name.endsWith('_be') ? file(name.replace('_be', '_c')) : /_v[23]$/.test(name) ? null : file(name);
      if (like) assert.deepEqual(back, like, `${name}: written bytes`);
      assert.deepEqual(valuesByFormula(wt.fromNpy(back)), got);
    });
  }
});

test('malformed .npy input is a WtError naming the problem', () => {
  const good = file('float32_c');
  throwsWt(() => wt.fromNpy(good.subarray(0, 148)), 'WT_ESHAPE', /needs 96 bytes of data, the file has 20/);
  throwsWt(() => wt.fromNpy(new TextEncoder().encode('<!DOCTYPE html>')), 'WT_ESYNTAX', /not a \.npy file/);
  throwsWt(() => wt.fromNpy(file('float32_c').map((b, i) => (i === 20 ? 0x3f : b))), 'WT_ESYNTAX', /expected/);
  throwsWt(() => wt.fromNpy('x'), 'WT_EINVAL', /expected the file's bytes/);
  throwsWt(() => wt.fromNpy(new Uint8Array(0)), 'WT_ESYNTAX', /not a \.npy file \(0 bytes/);
  const v = wt.arange(12).reshape([3, 4]).slice('::-1, 1::2'); // any view writes in C order
  assert.deepEqual(wt.fromNpy(v.toNpy()).toArray(), v.toArray());
});

// TensorFlow's tensor.proto, as protobufjs JSON (the fields wtensor reads and writes)
const root = protobuf.Root.fromJSON({
  nested: {
    TensorShapeProto: {
      fields: { dim: { rule: 'repeated', type: 'Dim', id: 2 }, unknownRank: { type: 'bool', id: 3 } },
      nested: { Dim: { fields: { size: { type: 'int64', id: 1 }, name: { type: 'string', id: 2 } } } },
    },
    TensorProto: {
      fields: {
        dtype: { type: 'int32', id: 1 },
        tensorShape: { type: 'TensorShapeProto', id: 2 },
        versionNumber: { type: 'int32', id: 3 },
        tensorContent: { type: 'bytes', id: 4 },
        floatVal: { rule: 'repeated', type: 'float', id: 5 },
        doubleVal: { rule: 'repeated', type: 'double', id: 6 },
        intVal: { rule: 'repeated', type: 'int32', id: 7 },
        scomplexVal: { rule: 'repeated', type: 'float', id: 9 },
        boolVal: { rule: 'repeated', type: 'bool', id: 11 },
        dcomplexVal: { rule: 'repeated', type: 'double', id: 12 },
        uint32Val: { rule: 'repeated', type: 'uint32', id: 16 },
      },
    },
  },
});
const TensorProto = root.lookupType('TensorProto');
const TF = {
  bool: [10, 'boolVal'],
  int8: [6, 'intVal'],
  uint8: [4, 'intVal'],
  int16: [5, 'intVal'],
  uint16: [17, 'intVal'],
  int32: [3, 'intVal'],
  uint32: [22, 'uint32Val'],
  float32: [1, 'floatVal'],
  float64: [2, 'doubleVal'],
  complex64: [8, 'scomplexVal'], // each complex as its (re, im)
  complex128: [18, 'dcomplexVal'],
};

test('TensorProto: wtensor and protobufjs write the same bytes and read each other', () => {
  for (const [dtype, [code, field]] of Object.entries(TF)) {
    wt.tidy(() => {
      const t = wt
        .arange(-3, 9, 1, 'int8') // NumPy refuses -3 as a uint8 start
        .astype(dtype)
        .reshape([3, 4]).T; // a strided view
      const cx = dtype.startsWith('complex');
      if (cx) t.imag.assign(wt.neg(t.real)); // imaginary parts of their own
      const values = t
        .copy()
        .toArray()
        .flat()
        .flatMap((v) => (cx ? [v.re, v.im] : [Number(v)]));
      const shape = { dim: t.shape.map((size) => (size ? { size } : {})) };
      const c = t.copy(); // C order, offset 0: its storage is tensor_content
      const itemsize = c.data.BYTES_PER_ELEMENT * (cx ? 2 : 1);
      const raw = new Uint8Array(c.data.buffer, c.data.byteOffset, c.size * itemsize).slice();
      // protobufjs gives a Buffer in Node: compare as plain Uint8Arrays
      const content = new Uint8Array(
        TensorProto.encode({ dtype: code, tensorShape: shape, tensorContent: raw }).finish(),
      );
      const fields = new Uint8Array(
        TensorProto.encode({
          dtype: code,
          tensorShape: shape,
          [field]: dtype === 'bool' ? values.map(Boolean) : values,
        }).finish(),
      );
      assert.deepEqual(t.toTensorProto(), content, `${dtype}: content form`);
      assert.deepEqual(t.toTensorProto({ form: 'fields' }), fields, `${dtype}: fields form`);
      for (const bytes of [content, fields]) assert.deepEqual(wt.fromTensorProto(bytes).toArray(), t.toArray(), dtype);
      const decoded = TensorProto.decode(t.toTensorProto({ form: 'fields' }));
      assert.deepEqual(decoded[field].map(Number), values, `${dtype}: protobufjs reads wtensor's fields`);
    });
  }
});

test('TensorProto: the last value fills the shape; no values give zeros; errors are WtErrors', () => {
  const one = TensorProto.encode({
    dtype: 1,
    tensorShape: { dim: [{ size: 2 }, { size: 3 }] },
    floatVal: [2.5],
  }).finish();
  assert.deepEqual(wt.fromTensorProto(one).toArray(), [
    [2.5, 2.5, 2.5],
    [2.5, 2.5, 2.5],
  ]);
  const none = TensorProto.encode({ dtype: 3, tensorShape: { dim: [{ size: 4 }] } }).finish();
  assert.deepEqual(wt.fromTensorProto(none).toArray(), [0, 0, 0, 0]);
  throwsWt(() => wt.fromTensorProto(TensorProto.encode({ dtype: 7 }).finish()), 'WT_EDTYPE', /DT_STRING/);
  throwsWt(
    () =>
      wt.fromTensorProto(
        TensorProto.encode({ dtype: 1, tensorShape: { dim: [{ size: 2 }] }, floatVal: [1, 2, 3] }).finish(),
      ),
    'WT_ESHAPE',
    /more than 2 values for 2 elements/,
  );
  throwsWt(() => wt.fromTensorProto(one.subarray(0, one.length - 2)), 'WT_ESYNTAX', /runs past the end/);
  throwsWt(() => wt.zeros([2]).toTensorProto({ form: 'json' }), 'WT_EINVAL', /form must be 'content' or 'fields'/);
  throwsWt(() => wt.zeros([2]).toTensorProto(5), 'WT_EINVAL', /form/); // the second positional is form
});
