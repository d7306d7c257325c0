// The registry's entry for wt.fft (fft.js; C: src/fft.c's wt_fft).
import { buildFft } from '../fft.js';

export const FFT_ENTRIES = [
  { name: 'fft', kind: 'fft', c: 'wt_fft', method: false, namespace: true, impl: (api) => buildFft(api) },
];
