#!/usr/bin/env bash
# npm run test:blogs: the post of tests/blogs/post.md built by every blog engine (Jekyll, Hugo
# twice, MkDocs + Material, Eleventy, Astro .md and .mdx, Docusaurus, Jupyter nbconvert twice,
# pandoc) and checked in Chromium (tests/blogs/run.js). Installs what is missing first, on
# Debian: the engines and poppler-utils with apt-get when root (else says what to install and
# stops), the root npm dependencies, posenc's dist/ build, and the npm engines (Eleventy, Astro,
# Docusaurus) of tests/blogs/package.json with `npm ci`, in $POSENC_BLOGS_WORK
# (~/.cache/posenc-blogs), outside the repository, where the sites are built.
# Arguments are setup ids to run only those: bash scripts/test-blogs.sh hugo pandoc
set -euo pipefail
cd "$(dirname "$0")/.."
export POSENC_BLOGS_WORK=${POSENC_BLOGS_WORK:-$HOME/.cache/posenc-blogs}
work=$POSENC_BLOGS_WORK

# The engines (apt-get when root, else it says what to install) and posenc's npm dependencies.
bash scripts/setup.sh blogs "$@"

# dist/: the wasm once (Emscripten), the package's entry points from js/ every time.
if [ ! -f dist/posenc-wasm.wasm ]; then
  bash scripts/build-wasm.sh
else
  node scripts/build-package.js
fi

# The engines' npm project (Eleventy, Astro, Docusaurus; not needed for the other setups): npm
# ci when tests/blogs/package-lock.json changed (npm install the first time, which writes the
# lock back into tests/blogs/).
case " ${*:-eleventy} " in *" eleventy "*|*" astro"*|*" docusaurus "*) ;; *) exec node tests/blogs/run.js "$@" ;; esac
mkdir -p "$work"
cp tests/blogs/package.json "$work/package.json"
if [ -f tests/blogs/package-lock.json ]; then
  if ! cmp -s tests/blogs/package-lock.json "$work/.installed-lock.json" || [ ! -d "$work/node_modules" ]; then
    cp tests/blogs/package-lock.json "$work/package-lock.json"
    (cd "$work" && npm ci --no-audit --no-fund --loglevel=error)
    cp tests/blogs/package-lock.json "$work/.installed-lock.json"
  fi
else
  (cd "$work" && npm install --no-audit --no-fund --loglevel=error)
  cp "$work/package-lock.json" tests/blogs/package-lock.json
  cp tests/blogs/package-lock.json "$work/.installed-lock.json"
fi

node tests/blogs/run.js "$@"
