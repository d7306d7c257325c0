// Printing: t.toString(), `${t}` and console.log give NumPy's array_repr with
// `tensor(` for `array(` (NumPy itself prints a subclass named tensor for the
// fixtures), under NumPy's default print options and others set with
// wt.setPrintOptions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { wt, loadFixtures, fixtureTensor } from './helpers.mjs';

const fx = await loadFixtures('print');

test("tensors print as NumPy's repr, under every print option", () => {
  const failed = [];
  try {
    for (const c of fx.cases) {
      wt.setPrintOptions({ precision: 8, threshold: 1000, edgeitems: 3, linewidth: 75, suppress: false, ...c.options });
      for (const reversed of [false, true])
        wt.tidy(() => {
          const got = fixtureTensor(c, reversed).toString(); // views print their values
          if (got !== c.repr) failed.push(`${JSON.stringify(c.options)}\n${got}\n--- NumPy:\n${c.repr}`);
        });
    }
  } finally {
    wt.setPrintOptions({ precision: 8, threshold: 1000, edgeitems: 3, linewidth: 75, suppress: false });
  }
  assert.ok(fx.cases.length >= 500);
  assert.deepEqual(failed.slice(0, 5), [], `${failed.length} of ${2 * fx.cases.length} differ`);
});

test('console.log, util.inspect and template strings print the repr; options are checked', () => {
  const t = wt.tensor(
    [
      [1, 2],
      [3, 4],
    ],
    { dtype: 'int32' },
  );
  const want = 'tensor([[1, 2],\n        [3, 4]], dtype=int32)';
  assert.equal(`${t}`, want);
  assert.equal(inspect(t), want);
  assert.equal(String(t.named(['row', 'col'])), want.slice(0, -1) + ', names=(row, col))');
  t.dispose();
  assert.equal(String(t), 'tensor(disposed)');
  assert.throws(() => wt.setPrintOptions({ precision: -1 }), /precision must be a non-negative integer/);
  assert.throws(() => wt.setPrintOptions({ colour: true }), /'colour' is not an option of setPrintOptions/);
  assert.equal(wt.getPrintOptions().linewidth, 75);
});
