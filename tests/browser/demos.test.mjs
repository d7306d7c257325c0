// (2) Each demo page in Chromium, served as `npm start` serves it: it loads
// under its Content Security Policy with no console error or failed request,
// a scripted interaction gives the expected text (or pixels), and a
// screenshot is saved (test-results/screenshots/, or WT_SCREENSHOT_DIR).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withBrowser, openPage, screenshot } from './browser.mjs';
import { DEMO_CSP, DEMO_DIRS } from '../../scripts/serve.mjs';
import { WORKLOADS, SHAPES_WORKLOADS } from '../../bench/workloads.mjs';

// the workloads the benchmark page also runs as compiled graphs (engines.mjs wt-lazy)
const LAZY_IDS = new Set(['sqdiff', 'chain', ...SHAPES_WORKLOADS.filter((w) => !w.small).map((w) => w.id)]);

async function demo(browser, url, name) {
  const { page, response } = await openPage(browser, `${url}/web/${name}.html`);
  assert.equal(response.headers()['content-security-policy'], DEMO_CSP, `${name}: CSP header`);
  await page.waitForSelector('body[data-ready]', { timeout: 30_000 });
  return page;
}
const text = (page, sel) => page.textContent(sel);

test('the demos work in Chromium', { timeout: 240_000 }, async (t) => {
  await withBrowser(
    async ({ browser, url }) => {
      await t.test(
        'index: wtensor loads with SIMD, cross-origin isolated, under a CSP that blocks inline script',
        async () => {
          const { page } = await openPage(browser, `${url}/web/`);
          await page.waitForFunction(() => !document.getElementById('info').textContent.startsWith('loading'));
          assert.match(
            await text(page, '#info'),
            /^wtensor 0\.1\.0 · kernels: wasm_relaxed_simd · threads: 2 \(2 threads: the threaded build \(wtensor-mt-relaxed\.wasm\) with 1 workers\)\ncrossOriginIsolated: true/,
          );
          await screenshot(page, 'index');
          assert.deepEqual(page.problems, []);
          // the CSP is enforced: an injected inline script does not run
          await page.evaluate(() =>
            document.head.append(
              Object.assign(document.createElement('script'), { textContent: 'window.inlineRan = true' }),
            ),
          );
          assert.equal(await page.evaluate(() => window.inlineRan), undefined);
          assert.match(page.problems.join('\n'), /Content Security Policy/);
        },
      );

      await t.test('einsum playground: path, result and inline errors', async () => {
        const page = await demo(browser, url, 'playground');
        assert.match(await text(page, '#result-meta'), /^shape \(256, 64\) · float32 · strides \(64, 1\)$/);
        assert.match(await text(page, '#path-table'), /ij,jk->ikGEMM/);
        await page.fill('#eq', 'ij,jk,kl->il');
        await page.fill('#shapes', '10,20; 20,30; 30,5');
        await page.click('#run');
        const rows = await page.$$eval('#path-table tr', (trs) =>
          trs.slice(1).map((tr) => [...tr.cells].map((c) => c.textContent)),
        );
        assert.deepEqual(rows, [
          ['1', 'jk,kl->jl', 'GEMM', '(2, 1)', '6,000', '100'],
          ['2', 'ij,jl->il', 'GEMM', '(1, 0)', '2,000', '50'],
        ]);
        assert.match(await text(page, '#path'), /naive FLOPs 90,000 · optimized 8,001/);
        assert.match(await text(page, '#result-meta'), /^shape \(10, 5\) · float32/);
        assert.match(await text(page, '#result-time'), /^einsum: [\d.]+ (µs|ms) per call \(median of \d+\)/);
        await page.selectOption('#example', 'diagonal (a view)');
        assert.match(
          await text(page, '#result-meta'),
          /^shape \(6\) · float32 · strides \(7\) · a view of an operand, no copy$/,
        );
        await page.fill('#eq', 'ij,jk->iz');
        await page.fill('#shapes', '2,3; 3,4');
        await page.click('#run');
        assert.equal(
          await text(page, '#status'),
          "WT_EINVAL: einsum: output label 'z' does not appear in the inputs of 'ij,jk->iz'",
        );
        await page.fill('#eq', 'ij,jk->ik');
        await page.fill('#shapes', '2,3; 4,5');
        await page.click('#run');
        assert.equal(
          await text(page, '#status'),
          "WT_ESHAPE: einsum: label 'j' has size 4 in operand 2 but 3 in an earlier operand",
        );
        await page.selectOption('#example', 'tensor contraction chain');
        await screenshot(page, 'playground');
        assert.deepEqual(page.problems, []);
      });

      await t.test('views explorer: descriptors, touched storage cells, writes through views', async () => {
        const page = await demo(browser, url, 'views');
        const touched = () =>
          page.$$eval('#storage-grid .cell:not(.off)', (cs) => cs.map((c) => Number(c.dataset.offset)));
        const d = await text(page, '#descriptor');
        assert.match(d, /shape {3}\(4, 3\)\nstrides \(-6, 2\)/);
        assert.match(
          d,
          /offset {2}19\n.*not contiguous · writable\na view: shares a's storage, touches 12 of its 24 cells/,
        );
        assert.deepEqual(await touched(), [1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23]);
        await page.selectOption('#op', 'transpose');
        await page.fill('#arg', '');
        await page.click('#apply');
        assert.match(await text(page, '#descriptor'), /shape {3}\(3, 4\)\nstrides \(2, -6\)/);
        await page.click('#undo');
        await page.click('#undo');
        await page.selectOption('#op', 'slice');
        await page.fill('#arg', ':, 0');
        await page.click('#apply');
        await page.fill('#assign-value', '-7');
        await page.click('#assign-form button');
        const values = await page.$$eval('#storage-grid .cell', (cs) => cs.map((c) => c.firstChild.textContent));
        assert.deepEqual(
          values.map(Number),
          Array.from({ length: 24 }, (_, i) => (i % 6 === 0 ? -7 : i)),
        );
        await page.click('text=a row broadcast');
        assert.match(
          await text(page, '#descriptor'),
          /shape {3}\(3, 6\)\nstrides \(0, 1\) .*\noffset {2}6\n.*read-only/,
        );
        await page.click('#assign-form button');
        assert.match(await text(page, '#status'), /^WT_EREADONLY: /);
        await page.click('text=reshape of a transpose (copies)');
        assert.match(await text(page, '#descriptor'), /a copy: its own storage of 24 elements/);
        await page.selectOption('#op', 'slice');
        await page.fill('#arg', '::0');
        await page.click('#apply');
        assert.match(await text(page, '#status'), /^WT_\w+: .*step/);
        await page.click('text=3-D: every other plane');
        await page.hover('#view-grid .cell >> nth=0');
        await screenshot(page, 'views');
        assert.deepEqual(page.problems, []);
      });

      await t.test(
        "seeded randomness: NumPy's numbers for the URL's seed, walks drawn, a new seed in the URL",
        async () => {
          const { page } = await openPage(browser, `${url}/web/random.html?seed=12345&walks=8&steps=400`);
          await page.waitForSelector('body[data-ready]', { timeout: 30_000 });
          // np.random.default_rng(12345).standard_normal((8, 400))[0, :3], and π from the next 200,000 points
          assert.equal(await text(page, '#first'), 'first steps: -1.42382504, 1.26372846, -0.87066174');
          assert.match(await text(page, '#pi'), /^π ≈ 3\.14188 from 200,000 points/);
          assert.match(await text(page, '#python'), /default_rng\(12345\)/);
          const colored = await page.evaluate(() => {
            const c = document.getElementById('walks-canvas');
            const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
            let n = 0;
            for (let p = 0; p < d.length; p += 4) n += d[p + 3] > 0 && (d[p] !== d[p + 1] || d[p + 1] !== d[p + 2]);
            return n;
          });
          assert.ok(colored > 2000, `the walks are drawn (${colored} coloured pixels)`);
          await screenshot(page, 'random');
          await page.fill('#seed', '7');
          await page.click('#draw');
          assert.match(page.url(), /[?&]seed=7(&|$)/);
          assert.equal(await text(page, '#first'), 'first steps: 0.00123015, 0.29874554, -0.27413786');
          await page.fill('#steps', 'many');
          await page.click('#draw');
          assert.match(await text(page, '#status'), /steps must be an integer/);
          assert.deepEqual(page.problems, []);
        },
      );

      await t.test(
        "least squares: NumPy's fits for the URL's points, a clicked point refits, bad input inline",
        async () => {
          const { page } = await openPage(browser, `${url}/web/fit.html?seed=3&deg=3&basis=power`);
          await page.waitForSelector('body[data-ready]', { timeout: 30_000 });
          // x = np.linspace(-1, 1, 25); y = np.sin(3 * x) + 0.1 * np.random.default_rng(3).standard_normal(25)
          // np.polyfit(x, y, 3, full=True): the coefficients, residuals [0.27726301], rank 4, s[0]/s[-1] 4.8209
          assert.equal(await text(page, '#coef'), 'coefficients: -2.660915, 0.014541, 2.683183, -0.010133');
          assert.match(
            await text(page, '#stats'),
            /^25 points, degree 3: residual sum of squares 0\.277263, rank 4, condition number 4\.821/,
          );
          assert.match(await text(page, '#python'), /np\.polyfit\(x, y, 3\)/);
          const drawn = await page.evaluate(() => {
            const c = document.getElementById('plot');
            const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
            let red = 0,
              blue = 0;
            for (let p = 0; p < d.length; p += 4) {
              if (d[p + 3] && d[p] > 150 && d[p + 2] < 100) red++;
              if (d[p + 3] && d[p + 2] > 200 && d[p] < 100) blue++;
            }
            return [red, blue];
          });
          assert.ok(drawn[0] > 1000 && drawn[1] > 25 * 20, `the curve and the points are drawn (${drawn})`);
          await screenshot(page, 'fit');
          // a click at (0.5, 1.5) in plot coordinates adds that point: np.polyfit of the 26 points
          // (history.replaceState reaches page.url() asynchronously: the page's own location is read)
          const box = await page.locator('#plot').boundingBox();
          await page
            .locator('#plot')
            .click({ position: { x: ((0.5 + 1.1) / 2.2) * box.width, y: ((2 - 1.5) / 4) * box.height } });
          assert.match(await page.evaluate(() => location.search), /add=0\.50%2C1\.50(&|$)/);
          assert.equal(await text(page, '#coef'), 'coefficients: -2.784064, -0.004339, 2.787485, 0.014326');
          await page.click('#clear');
          await page.fill('#deg', '5');
          await page.selectOption('#basis', 'chebyshev');
          // np.polynomial.Chebyshev.fit(x, y, 5).coef
          assert.equal(
            await text(page, '#coef'),
            'coefficients: -0.001552, 0.689247, 0.011274, -0.659438, 0.013101, 0.025016',
          );
          await page.fill('#deg', 'five');
          await page.click('#fit');
          assert.match(await text(page, '#status'), /degree must be an integer/);
          assert.deepEqual(page.problems, []);
        },
      );

      await t.test(
        "spectrogram: NumPy's peak frequencies for the URL's signal, other settings redraw, a WAV file decodes",
        async () => {
          const { page } = await openPage(
            browser,
            `${url}/web/spectrogram.html?signal=chirp&seed=1&n=512&hop=128&window=hann&range=80`,
          );
          await page.waitForSelector('body[data-ready]', { timeout: 30_000 });
          // tests/../web/spectrogram.js's NumPy snippet: np.fft.rfftfreq(n, 1 / fs)[db.argmax(axis=1)] at
          // frames 30, 60, 90 of 122 (a chirp 200 -> 3800 Hz over 2 s passes 1100, 2000, 2900 Hz there)
          assert.equal(
            await text(page, '#peaks'),
            'loudest frequency at 25%, 50%, 75% of the time: 1125.0 Hz, 1984.4 Hz, 2843.8 Hz',
          );
          assert.match(
            await text(page, '#stats'),
            /^chirp: 16000 samples at 8000 Hz -> 122 frames × 257 bins \(window 512, hop 128, hann\); peak 39\.5 dB/,
          );
          assert.match(await text(page, '#python'), /sliding_window_view\(x, n\)\[::hop\] \* np\.hanning\(n\)/);
          const [hot, opaque, total] = await page.evaluate(() => {
            const c = document.getElementById('plot');
            const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
            let h = 0,
              o = 0;
            for (let p = 0; p < d.length; p += 4) {
              if (d[p] > 200 && d[p + 1] > 150) h++;
              if (d[p + 3] === 255) o++;
            }
            return [h, o, d.length / 4];
          });
          assert.equal(opaque, total, 'every pixel is drawn');
          assert.ok(
            hot > 500 && hot < total / 5,
            `the chirp is a bright line over a darker floor (${hot} of ${total})`,
          );
          await screenshot(page, 'spectrogram');
          await page.selectOption('#signal', 'tones');
          await page.fill('#seed', '4');
          await page.fill('#n', '256');
          await page.fill('#hop', '64');
          await page.selectOption('#window', 'hamming');
          await page.click('#draw');
          assert.equal(
            await text(page, '#peaks'),
            'loudest frequency at 25%, 50%, 75% of the time: 437.5 Hz, 437.5 Hz, 437.5 Hz',
          );
          assert.match(await page.evaluate(() => location.search), /signal=tones&seed=4&n=256&hop=64&window=hamming/);
          await page.fill('#hop', '0');
          await page.click('#draw');
          assert.match(await text(page, '#status'), /hop must be an integer from 1 to 256/);
          // a 1 s, 1 kHz sine as 16-bit PCM WAV at 8 kHz, decoded at 16 kHz: every frame's peak is bin 16 of 256
          const rate = 8000,
            pcm = Buffer.alloc(44 + 2 * rate);
          (pcm.write('RIFF', 0), pcm.writeUInt32LE(36 + 2 * rate, 4), pcm.write('WAVEfmt ', 8));
          (pcm.writeUInt32LE(16, 16), pcm.writeUInt16LE(1, 20), pcm.writeUInt16LE(1, 22));
          (pcm.writeUInt32LE(rate, 24), pcm.writeUInt32LE(2 * rate, 28), pcm.writeUInt16LE(2, 32));
          (pcm.writeUInt16LE(16, 34), pcm.write('data', 36), pcm.writeUInt32LE(2 * rate, 40));
          for (let i = 0; i < rate; i++)
            pcm.writeInt16LE(Math.round(16000 * Math.sin((2 * Math.PI * 1000 * i) / rate)), 44 + 2 * i);
          await page.fill('#hop', '64');
          await page.setInputFiles('#file', { name: 'tone.wav', mimeType: 'audio/wav', buffer: pcm });
          await page.waitForFunction(() => document.getElementById('stats').textContent.startsWith('tone.wav'));
          assert.equal(
            await text(page, '#peaks'),
            'loudest frequency at 25%, 50%, 75% of the time: 1000.0 Hz, 1000.0 Hz, 1000.0 Hz',
          );
          assert.deepEqual(page.problems, []);
        },
      );

      await t.test('image: grayscale gives equal channels; a box blur matches a JS reference', async () => {
        const page = await demo(browser, url, 'image');
        const pixels = (id) =>
          page.evaluate((i) => {
            const c = document.getElementById(i);
            return Array.from(c.getContext('2d').getImageData(0, 0, c.width, c.height).data);
          }, id);
        const [w, h] = await page.evaluate(() => [
          document.getElementById('src').width,
          document.getElementById('src').height,
        ]);
        assert.deepEqual([w, h], [480, 320]);
        const src = await pixels('src');
        assert.deepEqual(await pixels('dst'), src, 'the identity settings reproduce the image');
        await page.selectOption('#matrix', 'grayscale');
        const gray = await pixels('dst');
        for (let p = 0; p < gray.length; p += 4) {
          assert.ok(gray[p] === gray[p + 1] && gray[p] === gray[p + 2] && gray[p + 3] === 255, `pixel ${p / 4}`);
          const want = 0.299 * src[p] + 0.587 * src[p + 1] + 0.114 * src[p + 2];
          assert.ok(Math.abs(gray[p] - want) <= 1, `pixel ${p / 4}: ${gray[p]} vs ${want}`);
        }
        await page.selectOption('#matrix', 'identity');
        await page.locator('#radius').fill('2');
        assert.match(await text(page, '#timings'), /box blur, radius 2: 10 adds of shifted views: [\d.]+ (µs|ms)/);
        const blur = await pixels('dst');
        const at = (x, y, c) => src[4 * (Math.min(h - 1, Math.max(0, y)) * w + Math.min(w - 1, Math.max(0, x))) + c];
        let worst = 0,
          changed = 0;
        for (let y = 0; y < h; y++) {
          for (let x = 0; x < w; x++) {
            for (let c = 0; c < 3; c++) {
              let s = 0;
              for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) s += at(x + dx, y + dy, c);
              const want = Math.min(255, Math.max(0, s / 25));
              const got = blur[4 * (y * w + x) + c];
              worst = Math.max(worst, Math.abs(got - want));
              if (got !== src[4 * (y * w + x) + c]) changed++;
            }
          }
        }
        assert.ok(worst <= 0.5 + 1e-3, `blur differs from the reference by ${worst}`);
        assert.ok(changed > w * h, `the blur changed ${changed} values`);
        await page.selectOption('#matrix', 'sepia');
        await page.locator('#vignette').fill('0.6');
        await page.locator('#warmth').fill('0.1');
        assert.match(await text(page, '#timings'), /vignette: .*warmth|warmth: .*vignette/s);
        await screenshot(page, 'image');
        assert.deepEqual(page.problems, []);
      });

      await t.test("benchmarks: the harness's workloads run in a worker and are charted", async () => {
        const page = await demo(browser, url, 'bench');
        await page.selectOption('#mode', process.env.WT_BENCH_FULL ? 'full' : 'quick'); // full: npm run screenshots
        await page.click('#run');
        await page.waitForSelector('body[data-done]', { timeout: 120_000 });
        assert.match(
          await text(page, '#status'),
          new RegExp(`^done: ${WORKLOADS.length} workloads · limits: peak [\\d.]+ GFLOPS, copy [\\d.]+ GB/s$`),
        );
        const rows = await page.$$eval('#results tr[data-id]', (trs) =>
          trs.map((tr) => [tr.dataset.id, tr.cells[1].textContent, tr.cells[5].textContent]),
        );
        assert.equal(rows.length, WORKLOADS.length);
        for (const [id, ms, lazy] of rows) {
          assert.match(ms, /^[\d.]+ (µs|ms)$/, id);
          assert.match(lazy, LAZY_IDS.has(id) ? /^×[\d.]+$/ : /^$/, `${id}: lazy speed-up`); // only these run lazily
        }
        assert.equal(await page.locator('#charts svg').count(), 4);
        assert.equal(await page.locator('#download').isVisible(), true);
        await screenshot(page, 'bench');
        assert.deepEqual(page.problems, []);
      });
    },
    { dirs: DEMO_DIRS },
  );
});
