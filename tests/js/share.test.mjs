// t.share() / wt.attach(): a second wtensor instance on the same memory (the
// threaded build) uses the main instance's tensors without copying — in a
// worker, and on the same thread — with its own error state, while both
// allocate at once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import { init, WtError } from '../../bindings/index.js';

const wt = await init({ threads: 2 });
const worker = new Worker(new URL('./share-worker.mjs', import.meta.url));
worker.unref();
// runs a scenario in the worker; onStart runs when the worker says it has started its loop
const ask = (scenario, handle, args, onStart) =>
  new Promise((resolve, reject) => {
    const listen = (m) => {
      if (m.started) return onStart();
      worker.off('message', listen);
      if (m.error) reject(new Error(m.error));
      else resolve(m);
    };
    worker.on('message', listen);
    worker.postMessage({ scenario, handle, args });
  });
const throwsWt = (fn, code, pattern) =>
  assert.throws(fn, (e) => e instanceof WtError && e.code === code && pattern.test(e.message));

test('the main instance is the threaded build', () => {
  assert.equal(wt.info().threads, 2, wt.info().threadsReason);
});

test('memory grown by an attached instance: the main instance reads it (the growth counter)', async () => {
  const x = wt.zeros([4]),
    e = x._e;
  const before = e.dv.byteLength, // the engine's views of the memory as it is now
    grown = e._grown[0],
    n = before / 4 + (4 << 20); // more float32s than the memory holds
  const { result: h } = await ask('grow', x.share(), { n });
  assert.ok(e._grown[0] > grown, "the worker's instance counted its growth");
  assert.ok(e.dv.byteLength > before, 'the main engine sees the memory grown');
  assert.equal(e.dv.byteLength, e.memory.buffer.byteLength);
  const t = wt.attach(h);
  assert.deepEqual(
    wt.tidy(() => t.slice(`${n - 3}:`).toArray()),
    [7, 7, 7],
  ); // the end, in memory the worker grew
  t.dispose();
  x.dispose();
});

test('a worker attaches a shared tensor: the same bytes, written through both sides, names kept', async () => {
  const m0 = wt.memory();
  const x = wt.tidy(() => wt.arange(12, null, 1, 'float32').reshape([3, 4]).named(['r', 'c']));
  const h = x.share();
  assert.equal(h.wtensor, 'shared tensor');
  const { result, reason } = await ask('write', h);
  assert.equal(result.dtype, 'float32');
  assert.deepEqual(result.shape, [3, 4]);
  assert.deepEqual(result.names, ['r', 'c']);
  assert.deepEqual(result.values, [
    [0, 1, 2, 3],
    [4, 5, 6, 7],
    [8, 9, 10, 11],
  ]);
  // the worker's write shows here: no copy was made
  assert.deepEqual(x.toArray(), [
    [0, 1, 2, 3],
    [12, 15, 18, 21],
    [8, 9, 10, 11],
  ]);
  assert.match(
    result.again,
    /^WT_EINVAL: wt_tensor_attach: 0x[0-9a-f]+ is not a shared tensor waiting to be attached \(never shared, or attached already\)$/,
  );
  assert.match(reason, /attached to another's memory/);
  // the counters are the memory's: the worker's handles are gone again
  x.dispose();
  assert.equal(wt.memory().tensors, m0.tensors);
});

// the last failure's message as the instance's C state holds it (successes leave it)
const messageOf = (w) => {
  const t = w.zeros([1]);
  try {
    return t._e.cstr(t._e.ex.wt_error_message());
  } finally {
    t.dispose();
  }
};

test("a failure in the worker leaves the main instance's error message alone", async () => {
  throwsWt(() => wt.tidy(() => wt.zeros([5]).reshape([7])), 'WT_ESHAPE', /size 5 into shape \(7,\)/);
  const { result } = await ask('fail', wt.share());
  assert.match(result, /size 6 into shape \(4,\)/);
  assert.match(messageOf(wt), /size 5 into shape \(7,\)/);
});

test('an instance on the same thread shares tensors too, and its failures are its own', async () => {
  const other = await init({ share: wt.share() });
  const a = wt.tensor(
    [
      [1, 2],
      [3, 4],
    ],
    { dtype: 'float64' },
  );
  const b = other.attach(a.share());
  assert.deepEqual(
    other.tidy(() => other.matmul(b, b).toArray()),
    [
      [7, 10],
      [15, 22],
    ],
  );
  throwsWt(() => other.tidy(() => other.ones([2]).reshape([3])), 'WT_ESHAPE', /size 2 into shape \(3,\)/);
  throwsWt(() => wt.tidy(() => wt.ones([4]).reshape([5])), 'WT_ESHAPE', /size 4 into shape \(5,\)/);
  assert.match(messageOf(other), /size 2 into shape \(3,\)/);
  assert.match(messageOf(wt), /size 4 into shape \(5,\)/);
  b.dispose();
  a.dispose();
});

test('both instances allocate, compute and take views of one buffer at once', async () => {
  // the counts below are exact: earlier tests forget no tensor a collection during this one could free
  const m0 = wt.memory();
  const s = wt.arange(64, null, 1, 'float64');
  const rounds = 3000;
  let ours = 0,
    overlapped = false;
  const theirs = ask('churn', s.share(), { rounds }, () => {
    // the worker loops now: so do we, both allocating from one heap
    for (let i = 0; i < rounds; i++) {
      ours += wt.tidy(
        () => wt.sum(wt.arange(300 + (i % 41), null, 1, 'float32').mul(3)).item() + s.slice(`${i % 16}:`).size,
      );
    }
    overlapped = true;
  });
  const { result } = await theirs;
  assert.ok(overlapped);
  const expect = (n, base, mod, k, views) => {
    let t = 0;
    for (let i = 0; i < n; i++) {
      const len = base + (i % mod);
      t += (k * len * (len - 1)) / 2 + (64 - (i % views));
    }
    return t;
  };
  assert.equal(ours, expect(rounds, 300, 41, 3, 16));
  assert.equal(result, expect(rounds, 200, 37, 2, 8));
  s.dispose();
  assert.equal(wt.memory().tensors, m0.tensors);
  assert.equal(wt.memory().bytesInUse, m0.bytesInUse);
});

test('a detached instance gives back its stack, thread state and tensors; using it is a WtError', async () => {
  // one instance first: where its stack goes depends on the heap's layout before (it may grow the
  // memory by its 256 KiB, or by a page more where the tail's free bytes cannot hold the
  // allocator's header), so the 101 instances after it are measured from here
  const w0 = wt.ones([4]);
  await ask('detach', w0.share(), { rounds: 0 });
  w0.dispose();
  const m0 = wt.memory(),
    bytes0 = wt.info().memoryBytes;
  const x = wt.ones([4]);
  const { result } = await ask('detach', x.share(), { rounds: 100 });
  // each instance's stack where the one before it had given its back
  assert.equal(result.stacks, 1, `100 instances' stacks in ${result.stacks} places`);
  assert.equal(result.disposed, true);
  assert.match(result.use, /^WtError WT_EDISPOSED: .*detached \(wt\.detach\(\)\)$/);
  assert.equal(result.call, 'WtError WT_EDISPOSED: this wtensor instance was detached (wt.detach())');
  assert.match(result.attachAgain, /^WtError WT_EINVAL: .*not a shared tensor waiting to be attached/);
  // 101 instances' 256 KiB stacks and their tensors: all returned, so the memory grew by less than
  // one stack (a page for an allocation the heap had no hole for, not a leak)
  const grown = wt.info().memoryBytes - bytes0;
  assert.ok(grown <= 256 * 1024, `memory grew by ${grown} bytes over 101 instances`);
  // x, and no more: the count may be lower, the FinalizationRegistry freeing an earlier test's
  // forgotten tensor meanwhile (it did once under CI's load)
  assert.ok(wt.memory().tensors <= m0.tensors + 1, `${wt.memory().tensors} tensors, ${m0.tensors} + 1 before`);
  x.dispose();
  throwsWt(() => wt.detach(), 'WT_EINVAL', /only an instance started with init\(\{ share \}\) can be detached/);
});

test('what cannot be shared or attached is a WtError that says why', async () => {
  const single = await init({ threads: 1 });
  const t = single.ones([2]);
  throwsWt(() => t.share(), 'WT_EINVAL', /memory is not shared: start it with the threaded build/);
  throwsWt(() => single.share(), 'WT_EINVAL', /memory is not shared/);
  const x = wt.ones([2]);
  const h = x.share();
  throwsWt(() => single.attach(h), 'WT_EINVAL', /shared on another memory/);
  const elsewhere = await init({ threads: 2 });
  throwsWt(() => elsewhere.attach(h), 'WT_EINVAL', /shared on another memory/);
  throwsWt(() => wt.attach(wt.share()), 'WT_EINVAL', /what t\.share\(\) returned, not wt\.share\(\)'s handle/);
  for (const bad of [undefined, null, 3, {}, x, { ...h, memory: null }, { ...h, memoryId: 1 }]) {
    throwsWt(() => wt.attach(bad), 'WT_EINVAL', /attach: handle must be what t\.share\(\) or wt\.share\(\) returned/);
  }
  // a forged ticket is looked up, never followed
  throwsWt(
    () => wt.attach({ ...h, ticket: h.ticket + 8 }),
    'WT_EINVAL',
    /is not a shared tensor waiting to be attached/,
  );
  throwsWt(() => wt.attach({ ...h, ticket: -1 }), 'WT_EINVAL', /the ticket must be a pointer/);
  await assert.rejects(
    init({ share: wt.share(), threads: 2 }),
    (e) => e instanceof WtError && /threads: 2 cannot go with it/.test(e.message),
  );
  for (const bad of [{}, { wtensor: 'shared memory' }, 5]) {
    await assert.rejects(
      init({ share: bad }),
      (e) =>
        e instanceof WtError &&
        /init: options\.share must be what t\.share\(\) or wt\.share\(\) returned/.test(e.message),
    );
  }
  wt.attach(h).dispose(); // the one attach the ticket allows
  x.dispose();
  t.dispose();
});
