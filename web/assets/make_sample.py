#!/usr/bin/python3
"""Draws web/assets/sample.png, the image demo's bundled picture: a procedural
landscape (sky, sun, ridges, lake with a reflection), so the repository holds
no third-party image.  Deterministic: the same bytes every run.
Run with Debian's python3-numpy:  /usr/bin/python3 web/assets/make_sample.py"""
import struct
import zlib
from pathlib import Path

import numpy as np

W, H = 480, 320
rng = np.random.default_rng(7)
y, x = np.mgrid[0:H, 0:W].astype(np.float64)


def smooth_noise(n, octaves=5):
    """1-D fractal noise of length n in [-1, 1]."""
    out = np.zeros(n)
    for o in range(octaves):
        k = 4 * 2 ** o
        pts = rng.uniform(-1, 1, k + 1)
        out += np.interp(np.linspace(0, k, n), np.arange(k + 1), pts) / 2 ** o
    return out / 2


horizon = 0.62 * H
img = np.zeros((H, W, 3))
# sky: deep blue at the top to warm near the horizon
t = np.clip(y / horizon, 0, 1)[..., None]
img[:] = (1 - t) * np.array([0.16, 0.32, 0.62]) + t * np.array([0.98, 0.72, 0.46])
# sun with a soft glow
d = np.hypot(x - 0.7 * W, y - 0.42 * H)
img += (np.exp(-(d / 70) ** 2) * 0.45)[..., None] * np.array([1.0, 0.8, 0.5])
img[d < 24] = [1.0, 0.95, 0.8]
# two ridges of mountains, far (hazy) then near (dark)
for base, amp, col, seed_shift in [(0.50, 60, [0.45, 0.42, 0.55], 0), (0.58, 45, [0.18, 0.24, 0.22], 1)]:
    ridge = base * H - amp * (0.5 + smooth_noise(W))
    mask = y >= ridge[None, :]
    shade = np.clip((y - ridge[None, :]) / 120, 0, 1)[..., None]
    img = np.where(mask[..., None], np.array(col) * (1 - 0.35 * shade), img)
# lake: the scene mirrored about the horizon, darkened, with ripples
lake = y >= horizon
src_y = np.clip((2 * horizon - y).astype(int) + (2 * np.sin(x / 6 + y / 3)).astype(int), 0, H - 1)
reflect = img[src_y, x.astype(int)] * 0.7 + np.array([0.02, 0.06, 0.1])
img = np.where(lake[..., None], reflect, img)
# a shore of grass in the foreground
shore = H - 38 - 14 * (0.5 + smooth_noise(W, 4))
grass = y >= shore[None, :]
tex = rng.uniform(0.8, 1.1, (H, W))[..., None]
img = np.where(grass[..., None], np.array([0.2, 0.42, 0.16]) * tex, img)
# film grain, then 8 bits
img = np.clip(img + rng.normal(0, 0.012, img.shape), 0, 1)
rgb = (img * 255 + 0.5).astype(np.uint8)


def png(pixels):
    h, w, _ = pixels.shape
    raw = b''.join(b'\x00' + pixels[r].tobytes() for r in range(h))

    def chunk(tag, data):
        return struct.pack('>I', len(data)) + tag + data + struct.pack('>I', zlib.crc32(tag + data) & 0xffffffff)
    return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
            + chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b''))


Path(__file__).with_name('sample.png').write_bytes(png(rgb))
