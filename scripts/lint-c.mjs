// The C half of `npm run lint` (--fix: of `npm run format`): clang-format over the C sources, and
// no function in src/ longer than 80 lines.  A function is a definition
// starting in column 0 and ending at the next `}` in column 0 (clang-format's
// layout); macro templates, whose lines continue with `\`, are not counted.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const MAX = 80;
const root = new URL('..', import.meta.url).pathname;
const files = (dir, re) =>
  readdirSync(`${root}${dir}`)
    .filter((f) => re.test(f))
    .map((f) => `${dir}/${f}`);
const sources = [
  ...files('src', /\.[ch]$/),
  'include/wtensor.h',
  ...files('tests/c', /\.[ch]$/),
  ...files('tests/fuzz', /\.c$/),
];

let failed = false;
if (process.argv.includes('--fix'))
  execFileSync('clang-format-14', ['-i', ...sources], { cwd: root, stdio: 'inherit' });
try {
  execFileSync('clang-format-14', ['--dry-run', '--Werror', ...sources], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'pipe'],
  });
} catch (e) {
  process.stderr.write(e.stderr?.toString().split('\n').slice(0, 40).join('\n') ?? String(e));
  console.error('lint-c: not formatted as .clang-format says; run npm run format');
  failed = true;
}

for (const file of files('src', /\.c$/)) {
  const lines = readFileSync(`${root}${file}`, 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^(?:static\s+)?(?:inline\s+)?[\w\s*]+?\b(\w+)\(.*\)\s*\{$/.exec(lines[i]);
    if (!m || lines[i].endsWith('\\')) continue;
    let end = i + 1;
    while (end < lines.length && lines[end] !== '}') end++;
    const n = end - i + 1;
    if (n > MAX) {
      console.error(`lint-c: ${file}:${i + 1}: ${m[1]} is ${n} lines (at most ${MAX})`);
      failed = true;
    }
  }
}
process.exitCode = failed ? 1 : 0;
