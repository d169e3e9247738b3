#!/usr/bin/env bash
# Installs what posenc needs and is missing, on Debian: `setup.sh build` for the toolchain
# (g++, CMake, Emscripten); `setup.sh blogs` for that plus the blog engines of npm run
# test:blogs, Chromium and poppler; `setup.sh test` for the toolchain plus Catch2, clang with its
# fuzzer runtime, poppler and the three browser engines of the tests, Debian's, never a
# downloaded browser: Chromium (driven by playwright-core), Firefox ESR (puppeteer-core) and
# WebKitGTK's MiniBrowser with WebKitWebDriver (selenium-webdriver) under Xvfb; then the npm
# dependencies.
# As root it uses apt-get; otherwise it says what to install and stops.
# `setup.sh test system` installs the system's packages only, `setup.sh npm` the npm
# dependencies only (scripts/test.sh starts the native tests between the two).
set -euo pipefail
cd "$(dirname "$0")/.."
want=${1:-test}
part=all
[ "$want" = test ] && part=${2:-all}
[ "$want" = npm ] && want=none part=npm

missing=()
command -v g++ >/dev/null || missing+=(g++)
command -v cmake >/dev/null || missing+=(cmake)
command -v em++ >/dev/null || missing+=(emscripten)
if [ "$want" = test ]; then
  [ -f /usr/include/catch2/catch.hpp ] || missing+=(catch2)
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  [ -x /usr/bin/firefox-esr ] || missing+=(firefox-esr)
  command -v WebKitWebDriver >/dev/null || missing+=(webkit2gtk-driver)  # pulls in libwebkit2gtk-4.1-0 (MiniBrowser)
  command -v Xvfb >/dev/null || missing+=(xvfb)                           # MiniBrowser has no headless mode
  command -v clang++ >/dev/null || missing+=(clang)                       # libFuzzer harness
  command -v pdftotext >/dev/null || missing+=(poppler-utils)            # printed posts (PDF) read back
  dpkg -s libclang-rt-14-dev >/dev/null 2>&1 || missing+=(libclang-rt-14-dev)
fi
# `setup.sh blogs [SETUP …]` (npm run test:blogs): Chromium, poppler and the engines of those
# setups (all without arguments).
if [ "$want" = blogs ]; then
  shift
  setups=" ${*:-jekyll hugo mkdocs pandoc nbconvert} "
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  command -v pdftotext >/dev/null || missing+=(poppler-utils)
  case $setups in *" hugo"*) command -v hugo >/dev/null || missing+=(hugo) ;; esac
  case $setups in *" jekyll "*)
    command -v jekyll >/dev/null || missing+=(jekyll)
    dpkg -s ruby-jekyll-feed >/dev/null 2>&1 || missing+=(ruby-jekyll-feed)
    dpkg -s jekyll-theme-minima >/dev/null 2>&1 || missing+=(jekyll-theme-minima)  # the theme of jekyll new
    dpkg -s ruby-jekyll-seo-tag >/dev/null 2>&1 || missing+=(ruby-jekyll-seo-tag) ;; esac
  case $setups in *" mkdocs "*)
    command -v mkdocs >/dev/null || missing+=(mkdocs)
    dpkg -s mkdocs-material >/dev/null 2>&1 || missing+=(mkdocs-material) ;; esac
  case $setups in *" pandoc "*) command -v pandoc >/dev/null || missing+=(pandoc) ;; esac
  case $setups in *" nbconvert"*)
    /usr/bin/python3 -c 'import nbconvert' 2>/dev/null || missing+=(python3-nbconvert)
    /usr/bin/python3 -c 'import ipykernel' 2>/dev/null || missing+=(python3-ipykernel) ;; esac
fi

if [ ${#missing[@]} -gt 0 ] && [ "$part" != npm ]; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    echo "posenc setup: installing ${missing[*]} with apt-get"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "posenc setup: missing ${missing[*]}." >&2
    echo "Install them (Debian/Ubuntu): sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

[ "$part" = system ] && exit 0
# npm dependencies, when package-lock.json changed since the last install.
installed=node_modules/.package-lock.json
if [ -f package-lock.json ] && { [ ! -f $installed ] || [ package-lock.json -nt $installed ]; }; then
  npm ci --no-audit --no-fund --loglevel=error
fi
