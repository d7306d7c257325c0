// Signal processing: a noisy two-tone signal of 2^18 samples low-passed in the frequency
// domain (rfft, zero above 1 kHz, irfft), then a Hann-windowed spectrogram of 512-sample frames.
export const about = 'signal: rfft low-pass by a mask, irfft, windowed frames, a spectrogram by rfft over rows';
export const compare = { rtol: 1e-9, atol: 1e-9 }; // FFT round-off differs from pocketfft's

export function run(wt) {
  const rng = wt.random.defaultRng(9);
  const [n, fs] = [2 ** 18, 8000];
  return wt.tidy(() => {
    const t = wt.arange(n).div(fs);
    const tone = (f) => wt.sin(t.mul(2 * Math.PI * f));
    const s = tone(440).add(tone(2000).mul(0.5)).add(rng.standardNormal(n).mul(0.3));
    const S = wt.fft.rfft(s);
    S.set([wt.fft.rfftfreq(n, 1 / fs).greater(1000)], 0);
    const clean = wt.fft.irfft(S, n);
    const frames = clean.reshape([-1, 512]).mul(wt.hanning(512));
    return [clean, wt.abs(wt.fft.rfft(frames, { axis: 1 }))];
  });
}
