import { init } from '../bindings/index.js';
import { $, header, showError } from './common.js';

header();
try {
  const wt = await init();
  const info = wt.info();
  $('info').textContent =
    `wtensor ${info.version} · kernels: ${info.kernels} · threads: ${info.threads} (${info.threadsReason})\n` +
    `crossOriginIsolated: ${globalThis.crossOriginIsolated === true} · wasm memory: ${(info.memoryBytes / 2 ** 20).toFixed(0)} MiB`;
} catch (e) {
  showError($('info'), e);
}
