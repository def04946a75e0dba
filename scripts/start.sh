#!/usr/bin/env bash
# `npm start`: from a fresh clone to a running marketplace (README "npm start"). Quiet: what it
# does goes to stderr as one line each, warnings and errors in full; stdout carries only the
# ready line.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ]; then
  echo "Installing dependencies (npm ci)..." >&2
  npm ci --no-audit --no-fund --loglevel=warn >&2
fi

# React Router 7's build starts Vite servers of its own with `envFile: false`, which Vite 8
# reports as deprecated on every build (React Router 8 passes `envDir: false` but needs
# Node 22): that one upstream notice is left out; everything else at warning level shows.
ENV_FILE_NOTICE='The `envFile` option is deprecated'
if bash scripts/lib/web-build-stale.sh; then
  echo "Building the storefront..." >&2
  (cd apps/web && npx react-router build --logLevel warn) 2>&1 | { grep -vF "$ENV_FILE_NOTICE" || true; } >&2
fi

# The first start migrates and seeds the catalogue in DATA_DIR; later starts reuse it.
export DATA_DIR="${DATA_DIR:-./data}"
exec npx tsx apps/api/src/main.ts
