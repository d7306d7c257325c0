// spectrogram: frames of a signal (a zero-copy sliding-window view, every
// hop-th window) times a window function, wt.fft.rfft along the last axis,
// power in dB drawn as an image; the peak frequency at three times shows
// what the picture does.  A synthesized signal's settings live in the URL
// (?signal=&seed=&n=&hop=&window=&range=); a chosen audio file is decoded
// by the browser at 16 kHz (its first channel, up to 30 s).
import { init } from '../bindings/index.js';
import { $, header, showError, rerender } from './common.js';

const FS = 8000,
  SECONDS = 2,
  DECODE_RATE = 16000; /* an audio file is resampled to this by the browser's decoder */
const WINDOWS = {
  hann: (wt, n) => wt.sub(0.5, wt.mul(0.5, wt.cos(wt.mul(wt.arange(n), (2 * Math.PI) / Math.max(n - 1, 1))))),
  hamming: (wt, n) => wt.sub(0.54, wt.mul(0.46, wt.cos(wt.mul(wt.arange(n), (2 * Math.PI) / Math.max(n - 1, 1))))),
  rect: (wt, n) => wt.ones([n]),
};
const NUMPY_WINDOW = { hann: 'np.hanning(n)', hamming: 'np.hamming(n)', rect: 'np.ones(n)' };

header();
const wt = await init();
let audio = null; // { samples: Float32Array, rate, name } of a chosen file

function params() {
  const q = new URLSearchParams(location.search);
  const int = (name, dflt, min, max, label = name) => {
    const v = q.get(name) ?? String(dflt);
    if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max)
      throw new Error(`${label} must be an integer from ${min} to ${max}, got '${v}'`);
    return Number(v);
  };
  const pick = (name, dflt, allowed) => {
    const v = q.get(name) ?? dflt;
    if (!allowed.includes(v)) throw new Error(`${name} must be ${allowed.join(', ')}, got '${v}'`);
    return v;
  };
  const n = int('n', 512, 16, 8192, 'window length');
  return {
    signal: pick('signal', 'chirp', ['chirp', 'tones']),
    seed: int('seed', 1, 0, Number.MAX_SAFE_INTEGER),
    n,
    hop: int('hop', 128, 1, n, 'hop'),
    window: pick('window', 'hann', Object.keys(WINDOWS)),
    range: int('range', 80, 10, 200, 'range dB'),
  };
}

// the synthesized signal, float32: a linear chirp 200 -> 3800 Hz or two tones, plus 0.05 N(0, 1) noise (NumPy's stream)
function synth(signal, seed) {
  const t = wt.div(wt.arange(FS * SECONDS), FS),
    rng = wt.random.defaultRng(seed);
  const clean =
    signal === 'chirp'
      ? wt.sin(wt.mul(2 * Math.PI, wt.add(wt.mul(200, t), wt.mul(3600 / (2 * SECONDS), wt.square(t)))))
      : wt.add(wt.sin(wt.mul(2 * Math.PI * 440, t)), wt.mul(0.5, wt.sin(wt.mul(2 * Math.PI * 1250, t))));
  const x = wt.add(clean, wt.mul(0.05, rng.standardNormal(FS * SECONDS))).astype('float32');
  rng.bitGenerator.dispose();
  return x;
}

// frames × window -> rfft -> dB, clipped to range below the peak; and each frame's loudest frequency
function spectrogram(x, rate, { n, hop, window, range }) {
  if (x.size < n) throw new Error(`the signal has ${x.size} samples, fewer than the window length ${n}`);
  const frames = wt.slidingWindowView(x, n).slice(`::${hop}`);
  const spec = wt.fft.rfft(wt.mul(frames, WINDOWS[window](wt, n).astype('float32')));
  const power = wt.add(wt.square(wt.real(spec)), wt.square(wt.imag(spec)));
  const db = wt.mul(10, wt.log10(wt.add(power, 1e-20))),
    top = wt.max(db).item();
  return {
    db: wt.clip(db, top - range, top),
    top,
    freqs: wt.fft.rfftfreq(n, 1 / rate).toTypedArray(),
    peaks: wt.argmax(db, { axis: 1 }).toTypedArray(),
  };
}

// a perceptual dark-blue -> yellow ramp
function color(v) {
  const stops = [
    [13, 8, 135],
    [126, 3, 168],
    [204, 71, 120],
    [248, 149, 64],
    [240, 249, 33],
  ];
  const p = Math.min(Math.max(v, 0), 1) * (stops.length - 1),
    i = Math.min(Math.floor(p), stops.length - 2),
    f = p - i;
  return stops[i].map((c, k) => Math.round(c + (stops[i + 1][k] - c) * f));
}

function draw(db, lo, hi) {
  const [frames, bins] = db.shape,
    v = db.toTypedArray(),
    c = $('plot');
  c.width = 900; // frames and bins stretched to the canvas
  c.height = 400;
  const ctx = c.getContext('2d'),
    img = ctx.createImageData(c.width, c.height);
  for (let px = 0; px < c.width; px++) {
    const f = Math.min(frames - 1, Math.floor((px * frames) / c.width));
    for (let py = 0; py < c.height; py++) {
      const b = Math.min(bins - 1, Math.floor(((c.height - 1 - py) * bins) / c.height)),
        rgb = color((v[f * bins + b] - lo) / (hi - lo)),
        o = 4 * (py * c.width + px);
      (img.data.set(rgb, o), (img.data[o + 3] = 255));
    }
  }
  ctx.putImageData(img, 0, 0);
}

function python(p) {
  const sig =
    p.signal === 'chirp'
      ? 'np.sin(2 * np.pi * (200 * t + 900 * t**2))'
      : 'np.sin(2 * np.pi * 440 * t) + 0.5 * np.sin(2 * np.pi * 1250 * t)';
  return [
    'import numpy as np',
    'from numpy.lib.stride_tricks import sliding_window_view',
    `fs, n, hop = ${FS}, ${p.n}, ${p.hop}`,
    `t = np.arange(${FS * SECONDS}) / fs`,
    `x = (${sig} + 0.05 * np.random.default_rng(${p.seed}).standard_normal(t.size)).astype(np.float32)`,
    `frames = sliding_window_view(x, n)[::hop] * ${NUMPY_WINDOW[p.window]}.astype(np.float32)`,
    'db = 10 * np.log10(np.abs(np.fft.rfft(frames)) ** 2 + 1e-20)',
    'np.fft.rfftfreq(n, 1 / fs)[db.argmax(axis=1)]',
  ].join('\n');
}

function render() {
  const p = params();
  for (const k of ['signal', 'seed', 'n', 'hop', 'window', 'range']) $(k).value = p[k];
  wt.tidy(() => {
    const x = audio ? wt.tensor(audio.samples, { dtype: 'float32' }) : synth(p.signal, p.seed),
      rate = audio ? audio.rate : FS;
    const t0 = performance.now(),
      s = spectrogram(x, rate, p),
      ms = performance.now() - t0;
    draw(s.db, s.top - p.range, s.top);
    const [frames, bins] = s.db.shape,
      at = [0.25, 0.5, 0.75].map((q) => Math.floor(q * (frames - 1)));
    $('stats').textContent =
      `${audio ? audio.name : p.signal}: ${x.size} samples at ${rate} Hz -> ${frames} frames × ${bins} bins ` +
      `(window ${p.n}, hop ${p.hop}, ${p.window}); peak ${s.top.toFixed(1)} dB (${ms.toFixed(1)} ms)`;
    $('peaks').textContent = `loudest frequency at 25%, 50%, 75% of the time: ${at
      .map((f) => `${s.freqs[s.peaks[f]].toFixed(1)} Hz`)
      .join(', ')}`;
  });
  $('python').textContent = audio ? '(an audio file: x is its first channel)\n' + python(p) : python(p);
}

const go = (next) => rerender(render, next);

const current = () =>
  Object.fromEntries(['signal', 'seed', 'n', 'hop', 'window', 'range'].map((k) => [k, $(k).value.trim()]));
$('form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  go(current());
});
for (const k of ['signal', 'window'])
  $(k).addEventListener('change', () => {
    if (k === 'signal') audio = null;
    go(current());
  });
$('file').addEventListener('change', async () => {
  const f = $('file').files[0];
  if (!f) return;
  try {
    const ctx = new OfflineAudioContext(1, 1, DECODE_RATE),
      buf = await ctx.decodeAudioData(await f.arrayBuffer());
    audio = { samples: buf.getChannelData(0).slice(0, buf.sampleRate * 30), rate: buf.sampleRate, name: f.name };
    go(current());
  } catch (e) {
    showError($('status'), new Error(`${f.name}: the browser could not decode it as audio (${e.message ?? e})`));
  }
});
rerender(render);
document.body.dataset.ready = 'true';
