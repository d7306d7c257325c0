// A module worker that loads wtensor the way an app's worker does: by the
// default URL, from a WebAssembly.Module the page posts, or on the page's
// own memory to attach a tensor the page shares.
import { init } from '../../../bindings/index.js';

self.onmessage = async ({ data }) => {
  try {
    if (data.share) {
      const wt = await init({ share: data.share });
      const x = wt.attach(data.share);
      x.slice('0').assign(x.slice('1').mul(10)); // the page sees this write
      const sum = x.sum().item();
      x.dispose();
      self.postMessage({ ok: true, sum, names: x.isDisposed && data.share.names, threads: wt.info().threads });
      return;
    }
    const wt = await init(data.module ? { wasm: data.module } : {});
    const a = wt.arange(6, null, 1, 'float32').reshape([2, 3]);
    const r = wt.einsum(data.eq, a, wt.ones([3, 2], 'float32'));
    self.postMessage({ ok: true, result: r.toArray(), simd: wt.info().simd });
  } catch (e) {
    self.postMessage({ ok: false, code: e?.code, message: e?.message });
  }
};
