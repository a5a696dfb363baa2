#!/usr/bin/env bash
# The whole test suite: `npm test`. Starts what it needs (a throwaway PostgreSQL from the
# machine's installation, Debian's Chromium when missing) and stops it afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$1"; }

step 'type-check'
npx tsc --noEmit

step 'lint'
npx eslint .
npx prettier --check . --log-level warn

step 'unit and integration tests (PGlite and PostgreSQL 15)'
npx vitest run

step 'production build (npm ci --omit=dev, compiled server)'
bash scripts/test-production-build.sh

step 'end-to-end tests (Chromium)'
npm run --silent test:e2e
