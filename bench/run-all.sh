#!/usr/bin/env bash
# Runs every benchmark and prints its figures (`npm run bench`). Benchmarks are not tests:
# they measure, and say whether a target is met, without failing the run.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== Building the web app (vite build)"
npx vite build --logLevel warn

echo
echo "== Bundle size"
npx tsx bench/bundle-size.ts

echo
echo "== Start time"
npx tsx bench/start-time.ts

echo
echo "== CSV import (50 MB generated into bench/out/, parsed in Chromium)"
npx tsx bench/csv-import.ts

echo
echo "== CSV import review in the app (the same file: review, scrolling, export)"
npx tsx bench/csv-import-review.ts
