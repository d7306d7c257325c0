"""Signal processing: a noisy two-tone signal of 2^18 samples low-passed in the frequency
domain (rfft, zero above 1 kHz, irfft), then a Hann-windowed spectrogram of 512-sample frames."""


def run(np):
    rng = np.random.default_rng(9)
    n, fs = 1 << 18, 8000
    t = np.arange(n) / fs
    s = np.sin(2 * np.pi * 440 * t) + 0.5 * np.sin(2 * np.pi * 2000 * t) + 0.3 * rng.standard_normal(n)
    S = np.fft.rfft(s)
    S[np.fft.rfftfreq(n, 1 / fs) > 1000] = 0
    clean = np.fft.irfft(S, n)
    frames = clean.reshape(-1, 512) * np.hanning(512)
    spec = np.abs(np.fft.rfft(frames, axis=1))
    return clean, spec
