#!/usr/bin/env bash
# npm run bench:lighthouse: Lighthouse's mobile performance score of the example blog post and
# of the demo page (bench/lighthouse.js: built site, served with gzip on 127.0.0.1, three runs
# each, the median printed as a table and written to bench/lighthouse-results.json). Installs
# what is missing first: the toolchain, Chromium and the npm dependencies (scripts/setup.sh),
# then Lighthouse into bench/lighthouse/ from its own package-lock.json (npm test never needs it).
# Run it alone on the machine: Lighthouse's simulated 4× slower CPU multiplies what the tasks
# took here, so another process's load shows up as a worse score.
# Usage: npm run bench:lighthouse [-- --runs N] [-- --page PATH]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh test
bash scripts/build-wasm.sh
installed=bench/lighthouse/node_modules/.package-lock.json
if [ ! -f $installed ] || [ bench/lighthouse/package-lock.json -nt $installed ]; then
  npm ci --prefix bench/lighthouse --no-audit --no-fund --loglevel=error
fi
CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium} node bench/lighthouse.js "$@"
