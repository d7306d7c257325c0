// Named axes (ngraph's Axes) and labeled tensors (Einstein notation): alignment
// by name against explicit transposes and broadcasts, reductions and einsum by
// name, names through views, errors naming the axis, and labeled products and
// traces against nested loops.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wt, WtError, throwsWt } from './helpers.mjs';

const same = (a, b, label) => {
  assert.deepEqual([...a.shape], [...b.shape], `${label}: shape`);
  assert.deepEqual(a.toArray(), b.toArray(), label);
};

test('a named handle shares storage; unnamed tensors behave as before', () => {
  const t = wt.arange(6).reshape([2, 3]);
  const n = t.named(['row', 'col']);
  assert.deepEqual(n.names, ['row', 'col']);
  assert.equal(t.names, null);
  n.assign(7);
  assert.deepEqual(t.toArray(), [
    [7, 7, 7],
    [7, 7, 7],
  ]); // the same storage
  assert.equal(n.named(null).names, null);
  assert.match(n.toString(), /names=\(row, col\)\)$/);
  // unnamed operands: NumPy broadcasting by position, untouched by names
  assert.deepEqual(wt.add(t, wt.arange(3)).toArray(), [
    [7, 8, 9],
    [7, 8, 9],
  ]);
  throwsWt(() => t.named(['a']), 'WT_EINVAL', /1 names given for a 2-d tensor/);
  throwsWt(() => t.named(['a', 'a']), 'WT_EINVAL', /'a' is given twice/);
  throwsWt(() => t.named(['a', 'b c']), 'WT_EINVAL', /without spaces/);
  throwsWt(() => t.named('ab'), 'WT_EINVAL', /must be an array/);
  wt.dispose([t, n]);
});

test("binary ops align axes by name: ngraph's (C,H,W,N) - (W,H)", () => {
  const A = wt.tidy(() => wt.arange(2 * 3 * 4 * 5, null, 1, 'float32').reshape([2, 3, 4, 5]));
  const B = wt.tidy(() => wt.arange(12, null, 1, 'float32').reshape([4, 3]).mul(10));
  const a = A.named(['C', 'H', 'W', 'N']),
    b = B.named(['W', 'H']);
  const d = a.sub(b);
  assert.deepEqual(d.names, ['C', 'H', 'W', 'N']);
  // by hand: b transposed to (H, W) and given a trailing axis for N
  same(d, wt.sub(A, B.T.expandDims(-1)), '(C,H,W,N) - (W,H)');
  // reversed operand order: the result takes the first operand's order
  const r = b.sub(a);
  assert.deepEqual(r.names, ['W', 'H', 'C', 'N']);
  same(r, wt.sub(B.reshape([4, 3, 1, 1]), A.transpose([2, 1, 0, 3])), '(W,H) - (C,H,W,N)');
  // a name only in the second operand is appended; size-1 axes broadcast by name
  const x = wt.ones([3, 1], 'float32').named(['H', 'W']),
    k = wt.arange(4, null, 1, 'float32').named(['K']);
  const xk = x.mul(k);
  assert.deepEqual(
    [xk.names, [...xk.shape]],
    [
      ['H', 'W', 'K'],
      [3, 1, 4],
    ],
  );
  // ternary ops and scalars
  const w = wt.where(b.greater(50), b, a.mean({ axis: ['C', 'N'] }));
  assert.deepEqual(w.names, ['W', 'H']);
  same(w, wt.where(B.greater(50), B, A.mean({ axis: [0, 3] }).T), 'where by name');
  assert.deepEqual(a.mul(2).names, ['C', 'H', 'W', 'N']);
  assert.deepEqual(wt.neg(b).names, ['W', 'H']);
  // out must carry the result's names
  const out = wt.zeros([2, 3, 4, 5], 'float32').named(['C', 'H', 'W', 'N']);
  assert.equal(wt.sub(a, b, { out }), out);
  same(out, d, 'into out');
  throwsWt(
    () => wt.sub(a, b, { out: wt.zeros([2, 3, 4, 5], 'float32').named(['N', 'H', 'W', 'C']) }),
    'WT_ESHAPE',
    /out is named \(N,H,W,C\) but the result's axes are \(C,H,W,N\)/,
  );
  wt.dispose([A, B, a, b, d, r, x, k, xk, w, out]);
});

test('mismatched names and sizes are WtErrors naming the axis', () => {
  const a = wt.zeros([2, 3]).named(['C', 'H']);
  throwsWt(
    () => a.add(wt.zeros([4]).named(['H'])),
    'WT_ESHAPE',
    /axis 'H' has length 3 in operand 1 and 4 in operand 2/,
  );
  throwsWt(() => a.add(wt.zeros([3])), 'WT_EINVAL', /operand 2 has no axis names/);
  throwsWt(() => a.sum({ axis: 'W' }), 'WT_EINVAL', /no axis named 'W' in \(C,H\)/);
  throwsWt(() => wt.zeros([2]).sum({ axis: 'C' }), 'WT_EINVAL', /is a name but the tensor has no axis names/);
  throwsWt(
    () => wt.binary('add', a, a, { out: wt.zeros([3]), reduce: 'sum' }),
    'WT_EINVAL',
    /reduce the result by name/,
  );
  assert.deepEqual(a.add(wt.tensor(5)).names, ['C', 'H']); // a 0-d tensor needs no names
});

test('reductions by name keep the names of the axes that remain', () => {
  const T = wt.arange(24, null, 1, 'float64').reshape([2, 3, 4]),
    t = T.named(['B', 'S', 'D']);
  for (const [axis, nums] of [
    ['S', 1],
    [
      ['B', 'D'],
      [0, 2],
    ],
    [
      ['D', -3],
      [2, 0],
    ],
  ]) {
    for (const keepdims of [false, true]) {
      for (const op of ['sum', 'max', 'mean', 'any']) {
        const got = wt[op](t, { axis, keepdims }),
          want = wt[op](T, { axis: nums, keepdims });
        same(got, want, `${op} over ${axis}`);
        const gone = [nums].flat().map((a) => (a < 0 ? a + 3 : a));
        assert.deepEqual(got.names, keepdims ? ['B', 'S', 'D'] : ['B', 'S', 'D'].filter((_, i) => !gone.includes(i)));
      }
    }
  }
  same(t.argmax('D'), T.argmax({ axis: 2 }), 'argmax by name');
  assert.deepEqual(t.argmax('D').names, ['B', 'S']);
  assert.deepEqual(t.sum().names, []);
  assert.deepEqual(t.sum('S').names, ['B', 'D']); // the shorthand: an axis name alone
});

test('names follow their axes through transpose, swapaxes, squeeze, copies and casts; other views drop them', () => {
  const t = wt.zeros([2, 1, 3]).named(['a', 'b', 'c']);
  assert.deepEqual(t.T.names, ['c', 'b', 'a']);
  assert.deepEqual(t.transpose([1, 2, 0]).names, ['b', 'c', 'a']);
  assert.deepEqual(t.swapaxes(0, -1).names, ['c', 'b', 'a']);
  assert.deepEqual(t.squeeze().names, ['a', 'c']);
  assert.deepEqual(t.squeeze(1).names, ['a', 'c']);
  assert.deepEqual(
    [t.copy().names, t.contiguous().names, t.astype('int8').names],
    [
      ['a', 'b', 'c'],
      ['a', 'b', 'c'],
      ['a', 'b', 'c'],
    ],
  );
  assert.equal(t.reshape([6]).names, null);
  assert.equal(t.slice('0').names, null);
});

test('einsumNamed equals einsum with letters; operands align to their terms by name', () => {
  const A = wt.tidy(() =>
    wt
      .arange(2 * 3 * 4 * 5, null, 1, 'float64')
      .reshape([2, 3, 4, 5])
      .div(7),
  );
  const K = wt.tidy(() => wt.arange(4 * 6, null, 1, 'float64').reshape([4, 6]));
  const got = wt.einsumNamed('C H W N, W K -> C H K N', A, K);
  same(got, wt.einsum('chwn,wk->chkn', A, K), 'named equation on unnamed operands');
  assert.equal(got.names, null, 'no operand was named: neither is the result');
  // a named operand stored in another axis order is transposed to its term
  const stored = A.transpose([3, 1, 0, 2]).contiguous().named(['N', 'H', 'C', 'W']);
  const aligned = wt.einsumNamed('C H W N, W K -> C H K N', stored, K.named(['W', 'K']));
  same(aligned, got, 'operands aligned by name');
  assert.deepEqual(aligned.names, ['C', 'H', 'K', 'N']);
  // multi-letter names, implicit output (NumPy's rule: names used once, sorted), ellipsis
  const q = wt.ones([2, 3, 4]).named(['batch', 'q', 'd']);
  const att = wt.einsumNamed('batch q d, batch k d -> batch q k', q, wt.ones([2, 5, 4]));
  assert.deepEqual(
    [att.names, [...att.shape]],
    [
      ['batch', 'q', 'k'],
      [2, 3, 5],
    ],
  );
  same(wt.einsumNamed('j i, i k', K.T, K), wt.einsum('ji,ik', K.T, K), 'implicit output');
  const e = wt.einsumNamed('...row col, col out -> ... out', wt.ones([2, 3, 4]), K.named(['col', 'out']));
  assert.deepEqual([e.names, [...e.shape]], [null, [2, 6]]); // '...' in the output: unnamed
  const kn = K.named(['r', 'c']);
  const tr = wt.einsumNamed('r c, r c ->', kn, kn); // a 0-d result has no names
  assert.deepEqual([tr.names, tr.item()], [null, wt.sum(wt.mul(K, K)).item()]);
  throwsWt(() => wt.einsumNamed('r r', kn), 'WT_EINVAL', /operand 1 is named \(r,c\) but its term is 'r r'/);
  // C's own checks, restated with the equation as written
  throwsWt(
    () => wt.einsumNamed('C H, H K -> C K', A, K),
    'WT_EINVAL',
    /^einsumNamed 'C H, H K -> C K' \(as 'ab,bc->ac'\): .*operand 1 has 4 dimensions/,
  );
  throwsWt(() => wt.einsumNamed('C H W N, W K -> C Q', A, K), 'WT_EINVAL', /output name 'Q' appears in no operand/);
  throwsWt(
    () => wt.einsumNamed('C H W X, W K -> C K', A.named(['C', 'H', 'W', 'N']), K),
    'WT_EINVAL',
    /operand 1 is named \(C,H,W,N\) but its term is 'C H W X'/,
  );
  throwsWt(() => wt.einsumNamed(3, A), 'WT_EINVAL', /the equation must be a string, got the number 3/);
  // lazy graphs read named equations through einsumNamed too
  const g = wt.graph(),
    a = g.placeholder([2, 3, 4, 5], 'float64', 'a');
  same(g.compile(wt.einsumNamed('C H W N, W K -> C H K N', a, K)).run({ a: A }), got, 'lazy named einsum');
  g.dispose();
  wt.dispose([A, K, got, stored, aligned, q, att, e, kn, tr]);
});

test('einsum is NumPy grammar exactly: every space ignored, never names', () => {
  const a = wt.tidy(() => wt.arange(6, null, 1, 'float64').reshape([2, 3]));
  const b = wt.tidy(() => wt.arange(12, null, 1, 'float64').reshape([3, 4]));
  const ref = wt.einsum('ij,jk->ik', a, b);
  for (const eq of ['ij, jk -> i k', 'i j, j k -> i k', ' ij , jk->ik ', 'ij,jk - > ik', 'i j,j k'])
    same(wt.einsum(eq, a, b), ref, `'${eq}'`);
  const t = wt.einsum('i j - > j i', a);
  same(t, a.T, 'spaced arrow');
  const tr = wt.einsum('i i', wt.eye(3));
  assert.deepEqual([tr.names, tr.item()], [null, 3]);
  // named operands: the letters decide, the result is unnamed and adds to anything
  const named = a.named(['r', 'c']);
  const r = wt.einsum('i j, j k -> i k', named, b);
  assert.equal(r.names, null);
  same(wt.add(r, ref), wt.mul(ref, 2), 'adds to an unnamed tensor');
  same(
    wt.einsum('... ij, ... jk', wt.ones([2, 3, 4]), wt.ones([2, 4, 5])),
    wt.einsum('...ij,...jk', wt.ones([2, 3, 4]), wt.ones([2, 4, 5])),
    'spaced ellipsis',
  );
  throwsWt(() => wt.einsum('C H W N, W K -> C H K N', a, b), 'WT_EINVAL', /.+/); // letters C, H, W, N: 4 axes
  wt.dispose([a, b, ref, t, tr, named, r]);
});

// a nested-loop reference for Einstein products: sum over repeated labels
function einsteinLoops(specs, out) {
  const size = {};
  for (const { t, labels } of specs)
    labels.forEach((l, i) => {
      size[l] = t.shape[i];
    });
  const all = Object.keys(size),
    arrays = specs.map(({ t }) => t.toArray());
  const outShape = out.map((l) => size[l]),
    result = new Float64Array(outShape.reduce((a, b) => a * b, 1));
  const idx = {};
  const at = (arr, labels) => labels.reduce((v, l) => v[idx[l]], arr);
  const walk = (k) => {
    if (k === all.length) {
      let p = 1;
      specs.forEach(({ labels }, s) => {
        p *= at(arrays[s], labels);
      });
      result[out.reduce((o, l) => o * size[l] + idx[l], 0)] += p;
      return;
    }
    for (idx[all[k]] = 0; idx[all[k]] < size[all[k]]; idx[all[k]]++) walk(k + 1);
  };
  walk(0);
  return Array.from(result);
}

test('labeled tensors: products sum repeated labels, traces sum within one, equal to nested loops and einsum', () => {
  const a = wt.tidy(() => wt.arange(12, null, 1, 'float64').reshape([3, 4]).sub(5));
  const b = wt.tidy(() => wt.arange(20, null, 1, 'float64').reshape([4, 5]).mul(0.5));
  const sq = wt.tidy(() => wt.arange(16, null, 1, 'float64').reshape([4, 4]));
  const v = wt.tidy(() => wt.arange(5, null, 1, 'float64'));
  const cases = [
    [
      [
        [a, ['i', 'j']],
        [b, ['j', 'k']],
      ],
      ['i', 'k'],
      'ij,jk->ik',
    ],
    [
      [
        [a, ['i', 'j']],
        [b, ['j', 'k']],
        [v, ['k']],
      ],
      ['i'],
      'ij,jk,k->i',
    ],
    [
      [
        [a, ['row', 'col']],
        [a, ['row', 'col']],
      ],
      [],
      'ij,ij->',
    ],
    [
      [
        [a, ['i', 'j']],
        [v, ['k']],
      ],
      ['i', 'j', 'k'],
      'ij,k->ijk',
    ],
  ];
  for (const [specs, free, eq] of cases) {
    const [first, ...rest] = specs.map(([t, labels]) => t.label(...labels));
    const got = first.mul(...rest);
    assert.deepEqual(got.labels, free, `${eq}: free labels in order of appearance`);
    const want = wt.einsum(eq, ...specs.map(([t]) => t));
    same(got.tensor, want, eq);
    // values compared as numbers: a plain product gives -0 where the loops' sum from +0 gives 0
    const zeroed = (xs) => Array.from(xs, (x) => x + 0);
    assert.deepEqual(
      zeroed(got.tensor.contiguous().toTypedArray()),
      zeroed(
        einsteinLoops(
          specs.map(([t, labels]) => ({ t, labels })),
          free,
        ),
      ),
      `${eq}: loops`,
    );
  }
  // traces: a_ii, and a repeated label inside a product
  assert.equal(sq.label('i', 'i').trace().tensor.item(), 0 + 5 + 10 + 15);
  same(sq.label('i', 'i').trace().tensor, wt.einsum('ii', sq), 'trace');
  const diagTimes = sq.label('i', 'i').mul(b.label('i', 'k')); // sum_i a_ii b_ik
  same(diagTimes.tensor, wt.einsum('ii,ik->k', sq, b), 'a_ii b_ik');
  assert.deepEqual(diagTimes.labels, ['k']);
  // reordering by label, and the tagged template
  same(a.label('i', 'j').mul(b.label('j', 'k')).to('k', 'i').tensor, wt.einsum('ij,jk->ki', a, b), 'to(k, i)');
  same(wt.ein`ij,jk->ik`(a, b), wt.einsum('ij,jk->ik', a, b), 'ein template');
  const rhs = 'ik';
  assert.equal(wt.ein`ij,jk->${rhs}`.equation, 'ij,jk->ik');
  assert.deepEqual(wt.ein`ij,jk->ik`.path([3, 4], [4, 5]).shape, [3, 5]);
  // labeled tensors ignore axis names: labels are what count
  same(a.named(['x', 'y']).label('i', 'j').mul(b.label('j', 'k')).tensor, wt.matmul(a, b), 'named operand, labeled');
  throwsWt(() => a.label('i'), 'WT_EINVAL', /1 names given for a 2-d tensor/);
  throwsWt(() => a.label('i', 'j').mul(b), 'WT_EINVAL', /must be a labeled tensor/);
  throwsWt(() => a.label('i', 'j').mul(b.label('i', 'k')), 'WT_ESHAPE'); // i is 3 in a, 4 in b: einsum says so
  throwsWt(() => a.label('i', 'j').to('i', 'q'), 'WT_EINVAL', /'q' is not one of the labels/);
  throwsWt(() => wt.ein(42), 'WT_EINVAL', /template tag/);
  throwsWt(() => wt.ein`ij->${{}}`, 'WT_EINVAL', /template value/);
  assert.ok(a.label('i', 'j') instanceof wt.Labeled);
  wt.dispose([a, b, sq, v]);
});

test('names and labels with hostile arguments: WtErrors only', () => {
  const t = wt.zeros([2, 3]).named(['a', 'b']);
  for (const g of [
    undefined,
    null,
    NaN,
    1,
    'a',
    [],
    ['a'],
    [1, 2],
    [null, 'b'],
    ['', 'b'],
    {},
    Symbol('s'),
    () => 1,
    10n,
    [Symbol('s'), 'b'],
  ]) {
    for (const fn of [
      () => t.named(g),
      () => t.label(g, g),
      () => t.sum({ axis: g }),
      () => t.add(g),
      () => wt.ein(g),
      () => wt.einsum(g, t),
    ]) {
      try {
        const r = fn();
        if (r instanceof wt.Tensor && r !== t) r.dispose();
      } catch (e) {
        if (!(e instanceof WtError)) assert.fail(`threw ${e?.constructor?.name}: ${e?.message}`);
      }
    }
  }
  t.dispose();
});
