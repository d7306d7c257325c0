// The worker side of share.test.mjs: a second wtensor instance on the main
// instance's memory, started from the handle it is sent, running one
// scenario and posting what it saw.
import { parentPort } from 'node:worker_threads';
import { init } from '../../bindings/index.js';

const scenarios = {
  // attach, read, write, and attach again (refused)
  async write(wt, h) {
    const x = wt.attach(h);
    const seen = { dtype: x.dtype, shape: x.shape, names: x.names, values: x.toArray() };
    wt.tidy(() => {
      x.slice('1').assign(wt.sum(x, { axis: 'r' })); // by name: the names came along
    });
    try {
      wt.attach(h);
    } catch (e) {
      seen.again = `${e.code}: ${e.message}`;
    }
    x.dispose();
    return seen;
  },
  // a failure here leaves the main instance's error message alone
  async fail(wt) {
    const z = wt.zeros([2, 3]);
    try {
      z.reshape([4]);
    } catch (e) {
      return e.message;
    } finally {
      z.dispose();
    }
  },
  // instances started and detached again and again, each leaving tensors
  // behind for detach to free; then a detached instance's use
  async detach(wt, h, { rounds }) {
    const stacks = new Set(); // where each instance's stack is: one place if each gave it back
    for (let i = 0; i < rounds; i++) {
      const w = await init({ share: h });
      stacks.add(w.ones([1000])._e.ex.stackSave());
      w.detach();
    }
    const w = await init({ share: h });
    const x = w.attach(h),
      y = x.add(1);
    w.detach();
    w.detach(); // once is enough; again is nothing
    const failure = (fn) => {
      try {
        fn();
      } catch (e) {
        return `${e.constructor.name} ${e.code}: ${e.message}`;
      }
    };
    return {
      stacks: stacks.size,
      disposed: x.isDisposed && y.isDisposed,
      use: failure(() => y.sum()),
      call: failure(() => w.zeros([2])),
      attachAgain: failure(() => wt.attach(h)), // the detached instance had taken the ticket
    };
  },
  // a tensor larger than the memory was: the memory grows from this instance
  async grow(wt, h, { n }) {
    wt.attach(h).dispose(); // the ticket this instance started with
    const t = wt.full([n], 7, 'float32');
    const shared = t.share();
    t.dispose();
    return shared;
  },
  // allocate, compute, and take and drop views of a shared tensor, while the
  // main instance does the same
  async churn(wt, h, { rounds }) {
    const s = wt.attach(h);
    let sum = 0;
    parentPort.postMessage({ started: true }); // the main instance starts its loop now
    for (let i = 0; i < rounds; i++) {
      sum += wt.tidy(
        () => wt.sum(wt.arange(200 + (i % 37), null, 1, 'float32').mul(2)).item() + s.slice(`${i % 8}:`).size,
      );
    }
    s.dispose();
    return sum;
  },
};

parentPort.on('message', async ({ scenario, handle, args }) => {
  try {
    const wt = await init({ share: handle });
    const reason = wt.info().threadsReason;
    const result = await scenarios[scenario](wt, handle, args);
    wt.detach(); // this instance's stack and thread state go back to the heap
    parentPort.postMessage({ result, reason });
  } catch (e) {
    parentPort.postMessage({ error: `${e.code ?? e.constructor.name}: ${e.message}` });
  }
});
