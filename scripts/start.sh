#!/usr/bin/env bash
# `npm start`: from a fresh clone to a running marketplace (README "npm start").
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ]; then
  echo "Installing dependencies (npm ci)..."
  npm ci
fi

if bash scripts/lib/web-build-stale.sh; then
  echo "Building the storefront..."
  npm run build --workspace apps/web
fi

# The first start migrates and seeds the catalogue in DATA_DIR; later starts reuse it.
export DATA_DIR="${DATA_DIR:-./data}"
exec npx tsx apps/api/src/main.ts
