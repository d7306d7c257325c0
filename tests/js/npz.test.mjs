// .npz: archives NumPy wrote (tests/fixtures/gen_npy.py) load with their
// values; what toNpz writes, Python's zipfile and NumPy's np.load read back;
// malformed archives are WtErrors that leave no tensor behind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { wt, WtError, valuesByFormula, fixtureValue } from './helpers.mjs';

const npz = (name) => new Uint8Array(readFileSync(new URL(`../fixtures/npz/${name}.npz`, import.meta.url)));
const MEMBERS = {
  float32_c: [2, 3, 4],
  int16_f: [2, 3, 4],
  bool_c: [2, 3, 4],
  float64_0d: [],
  float32_empty: [0, 3],
  uint32_be: [2, 3, 4],
};

function checkMember(name, t, shape) {
  const dtype = name.split('_')[0];
  assert.equal(t.dtype, dtype, name);
  assert.deepEqual([...t.shape], shape, name);
  valuesByFormula(t)
    .map(Number)
    .forEach((v, i) => {
      const want = dtype === 'float32' ? Math.fround(fixtureValue(dtype, i)) : fixtureValue(dtype, i);
      assert.ok(Object.is(v, want), `${name}[${i}] = ${v}, want ${want}`);
    });
}

async function rejectsNpz(bytes, pattern) {
  const before = wt.memory();
  await assert.rejects(wt.fromNpz(bytes), (e) => {
    assert.ok(e instanceof WtError, `expected a WtError, got ${e?.constructor?.name}: ${e?.message}`);
    assert.match(e.message, pattern);
    return true;
  });
  assert.equal(wt.memory().tensors, before.tensors, 'a failed load leaves no tensor');
}

test("NumPy's stored and compressed archives load with every member's values", async () => {
  for (const archive of ['stored', 'compressed']) {
    const got = await wt.fromNpz(npz(archive));
    assert.deepEqual(Object.keys(got), Object.keys(MEMBERS), archive);
    for (const [name, shape] of Object.entries(MEMBERS)) checkMember(name, got[name], shape);
    assert.deepEqual([...got.int16_f.strides], [1, 2, 6], 'Fortran order stays a strided view');
    wt.dispose(got);
  }
  const pos = await wt.fromNpz(npz('positional'));
  assert.deepEqual(Object.keys(pos), ['arr_0', 'arr_1']);
  checkMember('int8', pos.arr_0, [5]);
  checkMember('float64', pos.arr_1, [2, 2]);
  wt.dispose(pos);
});

// what Python makes of an archive: zipfile's CRC check, then np.load's view of every member
function pythonReads(bytes) {
  const script = `
import io, json, sys, zipfile
import numpy as np
data = sys.stdin.buffer.read()
bad = zipfile.ZipFile(io.BytesIO(data)).testzip()
z = np.load(io.BytesIO(data))
print(json.dumps({'bad': bad, 'members': {k: [str(z[k].dtype), list(z[k].shape), [float(x) for x in z[k].ravel()]] for k in z.files}}))
`;
  // NumPy 2, in the project's environment (scripts/setup.sh)
  const python = fileURLToPath(new URL('../../.venv/bin/python', import.meta.url));
  return JSON.parse(execFileSync(python, ['-c', script], { input: bytes, encoding: 'utf8' }));
}

test('toNpz writes archives that zipfile verifies and np.load reads, stored and compressed', async () => {
  const tensors = wt.tidy(() => {
    // tidy: no intermediate is left for the GC to free mid-test
    const a = wt.arange(12, null, 1, 'float32').reshape([3, 4]);
    return {
      a,
      t: a.T,
      flags: wt.tensor([true, false, true]),
      scalar: wt.tensor(2.5),
      'with space': wt.zeros([0, 2], 'int16'),
    };
  });
  const { a } = tensors;
  for (const compress of [false, true]) {
    const bytes = await wt.toNpz(tensors, { compress });
    const py = pythonReads(bytes);
    assert.equal(py.bad, null, 'zipfile.testzip() finds no bad CRC');
    assert.deepEqual(py.members, {
      a: ['float32', [3, 4], [...Array(12).keys()]],
      t: ['float32', [4, 3], [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11]],
      flags: ['bool', [3], [1, 0, 1]],
      scalar: ['float64', [], [2.5]],
      'with space': ['int16', [0, 2], []],
    });
    const back = await wt.fromNpz(bytes);
    for (const [k, t] of Object.entries(tensors)) assert.deepEqual(back[k].toArray(), t.toArray(), k);
    assert.ok(compress ? bytes.length < 1200 : bytes.length > 1000, `${bytes.length} bytes`);
    wt.dispose(back);
  }
  const positional = await wt.fromNpz(await wt.toNpz([a, tensors.t]));
  assert.deepEqual(Object.keys(positional), ['arr_0', 'arr_1']);
  wt.dispose([positional, tensors]);
});

// member i of a stored archive: [local header offset, data offset, data length]
function storedMember(bytes, i) {
  const dv = new DataView(bytes.buffer, bytes.byteOffset);
  let at = 0;
  for (let k = 0; ; k++) {
    const nlen = dv.getUint16(at + 26, true),
      xlen = dv.getUint16(at + 28, true),
      size = dv.getUint32(at + 18, true);
    if (k === i) return [at, at + 30 + nlen + xlen, size];
    at += 30 + nlen + xlen + size;
  }
}

test('malformed archives are WtErrors naming the problem, and leave no tensor', async () => {
  const good = npz('stored');
  await rejectsNpz(new Uint8Array(0), /not a zip archive: no end-of-central-directory record in its 0 bytes/);
  await rejectsNpz(good.subarray(0, good.length - 30), /no end-of-central-directory record/);
  await rejectsNpz(good.subarray(200), /central directory entry 1 of 6 is missing or out of range|local header/);
  const [, data] = storedMember(good, 1);
  const crc = good.slice();
  crc[data + 100] ^= 0xff;
  await rejectsNpz(crc, /^fromNpz: member 'int16_f\.npy' fails its CRC-32 check$/);
  const notNpy = good.slice();
  notNpy[data] = 0x20; // the member's magic
  // a CRC mismatch is found first; then, with a matching CRC, the C reader names the member
  await rejectsNpz(notNpy, /CRC-32/);
  const z = good.slice();
  const cd = z.length - 22 - new DataView(z.buffer).getUint32(z.length - 22 + 12, true);
  new DataView(z.buffer).setUint16(cd + 10, 12, true); // method 12 (bzip2) in the central directory
  await rejectsNpz(
    z,
    /member 'float32_c\.npy' uses compression method 12; \.npz members are stored \(0\) or deflated \(8\)/,
  );
  const enc = good.slice();
  new DataView(enc.buffer).setUint16(cd + 8, 1, true);
  await rejectsNpz(enc, /member 'float32_c\.npy' is encrypted/);
  const two = wt.zeros([2]);
  const zipped = await wt.toNpz({ x: two }, { compress: true });
  two.dispose();
  const corrupt = zipped.slice();
  corrupt[40] ^= 0x55;
  await rejectsNpz(corrupt, /member 'x\.npy'.*(deflate data is corrupt|CRC-32|holds \d+ bytes|inflates past)/);
});

test('a deflate bomb stops at the size the archive declares', async () => {
  // a real .npy of 64 MiB of zeros, deflated to ~64 KiB, declared as 128 bytes
  const big = wt.zeros([16 * 2 ** 20], 'float32');
  const npy = big.toNpy();
  big.dispose();
  const two = wt.zeros([2]);
  const archive = await wt.toNpz({ x: two });
  two.dispose();
  const body = deflateRawSync(npy);
  const name = new TextEncoder().encode('x.npy');
  const local = new Uint8Array(30 + name.length + body.length);
  local.set(archive.subarray(0, 30));
  const dv = new DataView(local.buffer);
  dv.setUint16(8, 8, true);
  dv.setUint32(18, body.length, true);
  dv.setUint32(22, 128, true);
  local.set(name, 30);
  local.set(body, 30 + name.length);
  const cdAt = new DataView(archive.buffer).getUint32(archive.length - 22 + 16, true);
  const central = archive.slice(cdAt, archive.length);
  const cv = new DataView(central.buffer);
  cv.setUint16(10, 8, true);
  cv.setUint32(20, body.length, true);
  cv.setUint32(24, 128, true);
  cv.setUint32(central.length - 22 + 16, local.length, true); // the directory now starts after the bigger member
  const bomb = new Uint8Array(local.length + central.length);
  bomb.set(local);
  bomb.set(central, local.length);
  const t0 = performance.now();
  await rejectsNpz(bomb, /^fromNpz: member 'x\.npy' inflates past the 128 bytes the archive declares$/);
  assert.ok(performance.now() - t0 < 2000, 'stopped early');
});

test('randomly mutated archives load or fail with a WtError, never anything else', async () => {
  const seeds = [npz('stored'), npz('compressed'), npz('positional')];
  let s = 7;
  const rnd = (n) => (s = (s * 1103515245 + 12345) >>> 0) % n;
  const m0 = wt.memory();
  for (let i = 0; i < 600; i++) {
    const b = seeds[i % 3].slice(0, i % 5 === 0 ? rnd(seeds[i % 3].length) : undefined);
    for (let k = 1 + rnd(4); k > 0 && b.length; k--) b[rnd(b.length)] = rnd(256);
    try {
      wt.dispose(await wt.fromNpz(b));
    } catch (e) {
      assert.ok(e instanceof WtError, `mutation ${i}: ${e?.constructor?.name}: ${e?.message}`);
    }
  }
  assert.equal(wt.memory().tensors, m0.tensors);
  assert.equal(wt.memory().bytesInUse, m0.bytesInUse);
});

test('toNpz checks its arguments before writing anything', async () => {
  const dead = wt.ones([2]);
  dead.dispose();
  const one = wt.ones([1]);
  for (const [args, pattern] of [
    [[null], /expected an object or array of tensors, got null/],
    [[{ a: 3 }], /toNpz: 'a'/],
    [[{ a: dead }], /disposed/],
    [[{ '': one }], /member name must not be empty/],
    [[{ a: one }, 'fast'], /compress must be a boolean/],
    [[{ a: one }, { compres: true }], /'compres' is not an option of toNpz; did you mean 'compress'/],
  ]) {
    await assert.rejects(wt.toNpz(...args), (e) => e instanceof WtError && pattern.test(e.message));
  }
  one.dispose();
});
