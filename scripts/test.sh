#!/usr/bin/env bash
# `npm test`: every check the project has, ending with one line `N passed, N failed`
# (scripts/summarize.mjs). Runners keep going after a failure so the summary covers them all.
set -uo pipefail
cd "$(dirname "$0")/.."

section() { printf '\n== %s (%s) ==\n' "$*" "$(date +%T)"; }

if [ ! -d node_modules ]; then
  section "Installing dependencies (npm ci)"
  npm ci
fi

# The end-to-end journeys drive Debian's Chromium (stack-notes trap 10), and the voucher tests
# read the PDF's QR code back from poppler's rendering of it (tests/support/pdf-qr.ts).
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v pdftoppm >/dev/null || missing+=(poppler-utils)
if [ ${#missing[@]} -gt 0 ]; then
  section "Installing ${missing[*]}"
  apt-get update && apt-get install -y "${missing[@]}"
fi

rm -rf reports
mkdir -p reports
runners=()

# A runner that hangs is stopped, with every process it started (timeout signals its whole
# process group), and counts as failed (no report). Ctrl-C reaches the runner the same way.
RUNNER_TIMEOUT=${RUNNER_TIMEOUT:-10m}
# The journeys drive Chromium through every screen: 7 minutes on a quiet 2-core machine, twice
# that on a slower one. Their limit is there for a hang, not a slow machine.
E2E_TIMEOUT=${E2E_TIMEOUT:-30m}
trap 'pkill -TERM -P $$; exit 130' INT TERM

# run_check NAME COMMAND...: one test that passes when COMMAND exits 0.
run_check() {
  local name=$1
  shift
  runners+=("check:$name")
  timeout --kill-after=30s "$RUNNER_TIMEOUT" "$@"
  echo $? >"reports/$name.exit"
}

# run_vitest NAME PROJECT [DATABASE_URL]: a vitest project with a JSON report beside the console
# output, on PostgreSQL when a URL is given, else on PGlite (the default database).
run_vitest() {
  local name=$1 project=$2 database=(env -u DATABASE_URL)
  if [ -n "${3:-}" ]; then database=(env "DATABASE_URL=$3"); fi
  runners+=("vitest:$name")
  timeout --kill-after=30s "$RUNNER_TIMEOUT" "${database[@]}" npx vitest run --project "$project" \
    --reporter=default --reporter=json --outputFile.json="reports/$name.json"
  echo $? >"reports/$name.exit"
}

section "Lint (biome ci)"
run_check lint npx biome ci .

section "Type check (tsc)"
run_check typecheck npx tsc -p tsconfig.json --noEmit

section "Type check: storefront (route types, then tsc)"
run_check typecheck-web npm run typecheck --silent --workspace apps/web

for project in domain web integration; do
  section "Tests: $project (PGlite)"
  run_vitest "$project" "$project"
done

if [ -n "${DATABASE_URL:-}" ]; then
  section "Tests: integration (PostgreSQL)"
  run_vitest integration-postgres integration "$DATABASE_URL"

  # The fast part of the fault run (docs/reliability.md; `npm run faults` is the whole): a short
  # soak that must meet no error, and checkouts on a server killed with SIGKILL twice.
  section "Fault run, fast part: a 25-second soak (PostgreSQL)"
  run_check soak-short npx tsx scripts/soak.ts 25 20 5 1
  section "Fault run, fast part: 40 checkouts, 2 SIGKILLs, gateway faults (PostgreSQL)"
  run_check crash-checkout-short npx tsx scripts/crash-checkout.ts 40 2
fi

section "Building the storefront"
if npm run build --workspace apps/web; then
  section "Tests: end to end (Chromium)"
  RUNNER_TIMEOUT=$E2E_TIMEOUT run_vitest e2e e2e
else
  # Without a build there is nothing to drive: the e2e runner counts as not run.
  runners+=("vitest:e2e")
  echo "The storefront build failed; the end-to-end journeys cannot run."
fi

section "Summary"
node scripts/summarize.mjs "${runners[@]}"
