// .npy in the browser: NumPy-written fixtures fetched over HTTP load with
// their values (Fortran order as a strided view) and write back byte for byte.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wt, valuesByFormula, fixtureValue } from '../../js/helpers.mjs';

const fetchNpy = async (name) =>
  new Uint8Array(await (await fetch(new URL(`../../fixtures/npy/${name}.npy`, import.meta.url))).arrayBuffer());

test('browser: fetched .npy fixtures load with their values and save back as NumPy does', async () => {
  for (const name of [
    'float32_c',
    'float32_f',
    'float32_be',
    'float64_0d',
    'int16_c',
    'uint32_f',
    'bool_c',
    'uint8_be',
  ]) {
    const bytes = await fetchNpy(name);
    wt.tidy(() => {
      const t = wt.fromNpy(bytes);
      const dtype = name.split('_')[0];
      assert.equal(t.dtype, dtype, name);
      valuesByFormula(t)
        .map(Number)
        .forEach((v, i) => {
          const want = dtype === 'float32' ? Math.fround(fixtureValue(dtype, i)) : fixtureValue(dtype, i);
          assert.ok(Object.is(v, want), `${name}[${i}] = ${v}, want ${want}`);
        });
      if (name.endsWith('_f')) assert.deepEqual(t.strides, [1, 2, 6], `${name}: Fortran strides`);
      if (!name.endsWith('_be')) assert.deepEqual(t.toNpy(), bytes, `${name}: written bytes`);
    });
  }
});

test("browser: NumPy's .npz archives load through the browser's DecompressionStream and round-trip", async () => {
  for (const name of ['stored', 'compressed']) {
    const bytes = new Uint8Array(
      await (await fetch(new URL(`../../fixtures/npz/${name}.npz`, import.meta.url))).arrayBuffer(),
    );
    const got = await wt.fromNpz(bytes);
    assert.deepEqual(
      Object.keys(got),
      ['float32_c', 'int16_f', 'bool_c', 'float64_0d', 'float32_empty', 'uint32_be'],
      name,
    );
    valuesByFormula(got.float32_c).forEach((v, i) =>
      assert.ok(Object.is(v, Math.fround(fixtureValue('float32', i))), `${name} float32_c[${i}]`),
    );
    assert.deepEqual(got.int16_f.strides, [1, 2, 6]);
    const back = await wt.fromNpz(await wt.toNpz(got, { compress: true }));
    for (const k of Object.keys(got)) assert.deepEqual(back[k].toArray(), got[k].toArray(), `${name} ${k}`);
    wt.dispose([got, back]);
  }
});
