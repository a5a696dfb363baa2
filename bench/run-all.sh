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
npx tsx bench/bundle-floor.ts

echo
echo "== Start time"
npx tsx bench/start-time.ts

echo
echo "== CSV import (50 MB generated into bench/out/, parsed in Chromium)"
npx tsx bench/csv-import.ts
node --expose-gc --import tsx bench/csv-import-memory.ts

echo
echo "== CSV import review in the app (the same file: review, scrolling, export)"
npx tsx bench/csv-import-review.ts

echo
echo "== Saved properties under load (PGlite and PostgreSQL 15), and /saved with 10,000 properties"
npx tsx bench/saved-properties-load.ts

echo
echo "== The API's framework tax: save and list against a bare Hono + pg server (PostgreSQL 15; npm start and the production build)"
npm run --silent build
npx tsx bench/api-overhead.ts

echo
echo "== Row-level security's per-transaction setting: its cost a transaction (PGlite and PostgreSQL 15; decision 030)"
npx tsx bench/workspace-setting-cost.ts

echo
echo "== Leads inbox: /leads with 10,000 leads (PGlite and PostgreSQL 15)"
npx tsx bench/leads-inbox.ts

echo
echo "== Leads for a team: /leads with 10 members and 50,000 leads (PGlite and PostgreSQL 15)"
npx tsx bench/leads-team.ts

echo
echo "== The Today list: GET /api/tasks for a member with 5,000 open tasks (PGlite and PostgreSQL 15)"
npx tsx bench/today-list.ts

echo
echo "== Live change latency: a save reaching the user's open /api/events stream (PGlite and PostgreSQL 15)"
npx tsx bench/live-change-latency.ts

echo
echo "== Health latency during a sign-in flood (bounded password hashing)"
npx tsx bench/sign-in-flood.ts

echo
echo "== Lighthouse (mobile profile, median of 3) on the public pages and, signed in, /saved and /leads"
npx tsx bench/lighthouse.ts
npx tsx bench/main-thread.ts

echo
echo "== Failed sign-in times: unknown e-mail against wrong password"
npx tsx bench/sign-in-timing.ts

echo
echo "== Oversized request bodies refused (64 KB API limit)"
npx tsx bench/body-limit.ts

echo
echo "== Bulk sending fairness (1-item job behind a 20,000-item job) and /api/health while storing 20,000 items"
npx tsx bench/bulk-queue-fairness.ts

echo
echo "== A 50,000-row bulk send stored with its prospects, and the same owners again"
npx tsx bench/bulk-send-prospects.ts

echo
echo "== ARV from comparable sales: accuracy on King County sales (leave-one-out from earlier sales) against a naive baseline"
npx tsx bench/arv-accuracy.ts

echo
echo "== ARV estimates under load: /api/health while bursts of 60 estimates of 500 comps run (issue 37, finding 14)"
npx tsx bench/arv-under-load.ts

echo
echo "== Print them yourself: 10,000 mailed offer letters streamed into one PDF (time, peak memory)"
node --expose-gc --import tsx bench/mail-letters.ts

echo
echo "== Matching buyers: 10,000 buy boxes against a deal, the scoring alone and the whole request on PGlite (issue 39; target 200 ms)"
npx tsx bench/buyer-matching.ts
