#!/usr/bin/env bash
# The whole fault run (docs/reliability.md), `npm run faults`: the 10-minute soak on two
# processes, 20,000 generated bad requests, 1,000 checkouts with 20 SIGKILLs and gateway faults,
# 1,000 refunds and 300 gift-card redemptions with 20 SIGKILLs and gateway faults, PostgreSQL,
# Redis and the payment gateway failing, and 100 randomised races over one and two processes.
# The suites run in three lanes side by side (the soak; bad input, then the dependency faults,
# then the crash during refunds; the crash during checkout, then the races) to fit the run in
# about 20 minutes on a 2-core machine (docs/reliability.md has the figures): no suite depends
# on another's timing, each has its own scratch database and servers. Each suite's own output is kept in a folder; the closing summary has one line per
# suite. Exits non-zero if any suite failed.
#
#   npm run faults                       (DATABASE_URL defaults to the local PostgreSQL)
#   SOAK_SECONDS=120 npm run faults      (a shorter soak)
set -u
cd "$(dirname "$0")/.."
export DATABASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
SOAK_SECONDS="${SOAK_SECONDS:-600}"
out="$(mktemp -d "${TMPDIR:-/tmp}/faults.XXXXXX")"
started=$(date +%s)

run() {
  local name=$1
  shift
  local from
  from=$(date +%s)
  if "$@" >"$out/$name.log" 2>&1; then result=PASS; else result=FAIL; fi
  echo "$name $result $(($(date +%s) - from))" >>"$out/results"
}

run soak npx tsx scripts/soak.ts "$SOAK_SECONDS" &
lanes=($!)
(
  run bad-input npx tsx scripts/bad-input.ts 20000
  run dependency-faults npx tsx scripts/dependency-faults.ts
  run crash-refunds npx tsx scripts/crash-refunds.ts 1000 300 20
) &
lanes+=($!)
(
  run crash-checkout npx tsx scripts/crash-checkout.ts 1000 20
  run races npx tsx scripts/races.ts 100
) &
lanes+=($!)
wait "${lanes[@]}"

echo
echo "Fault run: $(($(date +%s) - started)) s, output in $out"
failed=0
while read -r name result seconds; do
  printf '%-18s %s in %4d s\n' "$name" "$result" "$seconds"
  [ "$result" = PASS ] || failed=$((failed + 1))
done <"$out/results"
echo
echo "--- soak";               grep -E '"(errors|p50|p99|growthPercent)"' "$out/soak.log" | tr -s ' '
echo "--- bad input";          tail -n 3 "$out/bad-input.log"
echo "--- crash during checkout"; grep -E '"(checkouts|kills|payCallsAnswered503|pending|capturedWithoutPaid|chargedTwice)"' "$out/crash-checkout.log" | tr -s ' '
echo "--- crash during refunds"; grep -E '"(refunds|redemptions|kills|callsAnswered503|pending|providerWithoutOneRecorded|notTheirEntries|creditedOtherThanOnce|answersDisagreeing)"' "$out/crash-refunds.log" | tr -s ' '
echo "--- dependency faults";  tail -n 2 "$out/dependency-faults.log"
echo "--- races";              grep -E '"(races|checkouts|orders|unitsSold|failedRaces)"' "$out/races.log" | tr -s ' '
echo
passed=$(($(wc -l <"$out/results") - failed))
echo "faults: $passed passed, $failed failed"
exit $((failed > 0))
