// wt.loadtxt, wt.genfromtxt and wt.savetxt against NumPy's: what NumPy reads
// from each text (or that it raises), and the text NumPy writes; then round
// trips and what the fixtures cannot say.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wt, loadFixtures, fixtureTensor, sameAsNumpy, throwsWt } from './helpers.mjs';

const fx = await loadFixtures('text');
const CODES = {
  ValueError: ['WT_EINVAL', 'WT_ESHAPE', 'WT_EINDEX'],
  TypeError: ['WT_EDTYPE', 'WT_EINVAL'],
  IndexError: ['WT_EINDEX'],
};

test("loadtxt and genfromtxt read what NumPy's read, from strings and bytes", () => {
  for (const c of fx.reads)
    for (const bytes of [false, true])
      wt.tidy(() => {
        const text = bytes ? new TextEncoder().encode(c.text) : c.text;
        const label = `${c.fn}(${JSON.stringify(c.text)}, ${JSON.stringify(c.opts)})`;
        if (c.error)
          return void assert.throws(
            () => wt[c.fn](text, c.opts),
            (e) => CODES[c.error].includes(e.code),
            label,
          );
        sameAsNumpy(wt[c.fn](text, c.opts), c.want, label);
      });
});

test("savetxt writes NumPy's text, and loadtxt reads it back", () => {
  for (const c of fx.writes)
    wt.tidy(() => {
      const t = fixtureTensor(c.array);
      const label = `savetxt(${c.array.dtype} ${JSON.stringify(c.array.shape)}, ${JSON.stringify(c.opts)})`;
      if (c.error)
        return void assert.throws(
          () => wt.savetxt(t, c.opts),
          (e) => CODES[c.error].includes(e.code),
          label,
        );
      assert.equal(wt.savetxt(t, c.opts), c.want, label);
      assert.equal(wt.savetxt(fixtureTensor(c.array, true), c.opts), c.want, `${label} reversed`);
    });
  wt.tidy(() => {
    const x = wt.tensor([
      [0.1, -2.5e-300, Math.PI],
      [NaN, Infinity, -0],
    ]);
    const back = wt.loadtxt(wt.savetxt(x));
    assert.deepEqual(back.toArray(), x.toArray()); // %.18e round-trips every double
  });
});

test('text errors name the line and column, and bad options are refused', () => {
  throwsWt(() => wt.loadtxt('1 2\n3 x\n'), 'WT_EINVAL', /'x' to float64 at line 2, column 2/);
  throwsWt(() => wt.loadtxt('1,2', { delimiter: ',,' }), 'WT_EINVAL', /one ASCII character/);
  throwsWt(() => wt.loadtxt('1', { ndmin: 3 }), 'WT_EINVAL', /ndmin/);
  throwsWt(() => wt.savetxt([1], { fmt: '%n' }), 'WT_EINVAL', /not a conversion/);
  throwsWt(() => wt.savetxt([1], { fmt: '%*d' }), 'WT_EINVAL', /not a conversion/);
  throwsWt(() => wt.savetxt([1], { fmt: '%1000d' }), 'WT_EINVAL', /not a conversion/);
  throwsWt(() => wt.loadtxt(`${'1 '.repeat(2000)}\n`), 'WT_EINVAL', /at most 1024/);
});
