// `node:test` for the browser suite page (mapped by its import map): test()
// registers, runTests() runs them in order, as `node --test` does per file.
const registered = [];
let currentFile = '';

export function setFile(name) {
  currentFile = name;
}

export function test(name, options, fn) {
  if (typeof options === 'function') [options, fn] = [{}, options];
  if (typeof fn !== 'function') throw new TypeError(`test "${name}": no test function`);
  registered.push({ file: currentFile, name, fn, skip: !!options?.skip });
}
export { test as it };
export default test;

// [{ file, name, ok, skipped, error, ms }]
export async function runTests(onResult = () => {}) {
  const results = [];
  for (const t of registered) {
    const t0 = performance.now();
    const r = { file: t.file, name: t.name, ok: true, skipped: t.skip, error: null };
    if (!t.skip) {
      try {
        await t.fn({ name: t.name });
      } catch (e) {
        r.ok = false;
        r.error = `${e?.name ?? 'Error'}: ${e?.message ?? e}`;
      }
    }
    r.ms = performance.now() - t0;
    results.push(r);
    onResult(r);
  }
  return results;
}
