// npm start: builds the wasm if needed, then shows wtensor's views in action.
// (The web demos take over this command once they exist.)
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
if (!existsSync(`${root}dist/wtensor.wasm`)) {
  execFileSync('bash', ['scripts/setup.sh'], { cwd: root, stdio: 'inherit' });
  execFileSync('bash', ['scripts/build.sh', 'wasm'], { cwd: root, stdio: 'inherit' });
}
const { init } = await import('../bindings/index.js');
const wt = await init();
const show = (label, t) => console.log(`${label.padEnd(34)} shape=(${t.shape}) strides=(${t.strides}) offset=${t.offset}` +
  `${t.readOnly ? ' read-only' : ''}\n${' '.repeat(4)}${JSON.stringify(t.toArray())}`);

const info = wt.info();
console.log(`wtensor ${info.version} — kernels: ${info.kernels}, threads: ${info.threads}\n`);
const a = wt.arange(12).reshape([3, 4]);
show("a = arange(12).reshape([3, 4])", a);
show("a.T (a view: strides swap)", a.T);
show("a.slice('::-1, 1::2')", a.slice('::-1, 1::2'));
show("a.diagonal(1)", a.diagonal(1));
show("a.slice('1').broadcastTo([2, 4])", a.slice('1').broadcastTo([2, 4]));
a.slice(':, 0').assign(-1);
show("after a.slice(':, 0').assign(-1)", a);
const m = wt.memory();
console.log(`\nmemory: ${m.tensors} tensor handles share ${m.bytesInUse} bytes of storage; wasm memory ${m.wasmBytes} bytes`);
try {
  a.reshape([5, -1]);
} catch (e) {
  console.log(`errors are WtErrors: ${e.code}: ${e.message}`);
}
