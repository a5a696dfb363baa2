#!/usr/bin/env bash
# The whole test suite: `npm test`. Starts what it needs (a throwaway PostgreSQL from the
# machine's installation, Debian's Chromium when missing) and stops it afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."

# npm puts node_modules/.bin first on PATH: the project's own Node (package.json, decision 026),
# not the machine's. Said first so that a log shows which Node ran the checks.
echo "node $(node -v) ($(command -v node))"

step() { printf '\n== %s\n' "$1"; }

step 'type-check and lint (at once: each is mostly one core)'
pids=()
npx tsc --noEmit & pids+=($!)
npx eslint . & pids+=($!)
npx prettier --check . --log-level warn & pids+=($!)
failed=0
for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
[ "$failed" = 0 ] || { echo 'type-check or lint failed (above)' >&2; exit 1; }

step 'unit and integration tests (PGlite and PostgreSQL 15)'
npx vitest run

step 'production build (npm ci --omit=dev, compiled server)'
bash scripts/test-production-build.sh

step 'end-to-end tests (Chromium)'
npm run --silent test:e2e

step "no personal data or token in the e2e servers' logs"
node --import tsx tests/e2e/support/check-server-log-scans.ts
