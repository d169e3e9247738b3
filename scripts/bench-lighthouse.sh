#!/usr/bin/env bash
# npm run bench:lighthouse: Lighthouse's mobile performance score of the example blog post, of
# the demo's two pages and of the Jekyll and Hugo recipes' post (bench/lighthouse.js: each site
# served with gzip on 127.0.0.1, five runs each, the median printed as a table and written to
# bench/lighthouse-results.json). Installs
# what is missing first: the toolchain, Chromium and the npm dependencies (scripts/setup.sh),
# then Lighthouse into bench/lighthouse/ from its own package-lock.json (npm test never needs it).
# Run it alone on the machine: Lighthouse's simulated 4× slower CPU multiplies what the tasks
# took here, so another process's load shows up as a worse score.
# Usage: npm run bench:lighthouse [-- --runs N] [-- --page PATH] [-- --no-blogs]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh test
bash scripts/build-wasm.sh
installed=bench/lighthouse/node_modules/.package-lock.json
if [ ! -f $installed ] || [ bench/lighthouse/package-lock.json -nt $installed ]; then
  npm ci --prefix bench/lighthouse --no-audit --no-fund --loglevel=error
fi
# The Jekyll and Hugo recipes' post (docs/blogging.md), built and checked by test:blogs; measured
# from where it leaves them (not with --page or --no-blogs).
case " $* " in *" --page "*|*" --no-blogs "*) ;; *) bash scripts/test-blogs.sh jekyll hugo ;; esac
CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium} node bench/lighthouse.js "$@"
