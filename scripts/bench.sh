#!/usr/bin/env bash
# `npm run bench [suite...]`: throughput against a bare-route baseline (bench/run.ts).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ]; then
  echo "Installing dependencies (npm ci)..."
  npm ci
fi

# The homepage render suite serves the storefront build.
if bash scripts/lib/web-build-stale.sh; then
  echo "Building the storefront..."
  npm run build --workspace apps/web
fi

exec npx tsx bench/run.ts "$@"
