#!/usr/bin/env bash
# `npm run bench [suite...]`: throughput against a bare-route baseline (bench/run.ts).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ]; then
  echo "Installing dependencies (npm ci)..."
  npm ci
fi

# The Lighthouse suite drives Debian's Chromium, installed as `npm test` does (scripts/test.sh);
# without it that suite says so and the others still run.
if [ ! -x /usr/bin/chromium ] && [ -z "${CHROME_PATH:-}" ]; then
  echo "Installing Chromium..."
  (apt-get update && apt-get install -y chromium) || echo "Chromium could not be installed; Lighthouse will be skipped."
fi

# The homepage render suite serves the storefront build.
if bash scripts/lib/web-build-stale.sh; then
  echo "Building the storefront..."
  npm run build --workspace apps/web
fi

exec npx tsx bench/run.ts "$@"
