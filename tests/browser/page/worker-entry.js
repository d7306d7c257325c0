// A module worker that loads wtensor the way an app's worker does: by the
// default URL, or from a WebAssembly.Module the page posts.
import { init } from '../../../bindings/index.js';

self.onmessage = async ({ data }) => {
  try {
    const wt = await init(data.module ? { wasm: data.module } : {});
    const a = wt.arange(6, null, 1, 'float32').reshape([2, 3]);
    const r = wt.einsum(data.eq, a, wt.ones([3, 2], 'float32'));
    self.postMessage({ ok: true, result: r.toArray(), simd: wt.info().simd });
  } catch (e) {
    self.postMessage({ ok: false, code: e?.code, message: e?.message });
  }
};
