// Totals the runners' reports in reports/ into one closing line, `N passed, N failed`
// (stack-notes trap 13: CI reads that line, not vitest's own summary).
//
// Usage: node scripts/summarize.mjs check:lint check:typecheck vitest:domain ...
//   check:<name>   one test: reports/<name>.exit holds the runner's exit status
//   vitest:<name>  reports/<name>.json is vitest's JSON report, reports/<name>.exit its status
// A runner named here whose report is missing counts as one failure: it should have run.
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { stripVTControlCharacters } from "node:util";

const reportsDir = "reports";

function exitStatus(name) {
  const file = join(reportsDir, `${name}.exit`);
  if (!existsSync(file)) return undefined;
  return Number.parseInt(readFileSync(file, "utf8").trim(), 10);
}

function countCheck(name) {
  const status = exitStatus(name);
  if (status === undefined) return { passed: 0, failed: 1, note: "did not run" };
  return status === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
}

/** The first line of a failure's message, without the colours a terminal reporter adds. */
const firstLine = (text = "") =>
  stripVTControlCharacters(text)
    .split("\n")
    .find((line) => line.trim() !== "")
    ?.trim()
    .slice(0, 200) ?? "";

function countVitest(name) {
  const file = join(reportsDir, `${name}.json`);
  if (!existsSync(file)) return { passed: 0, failed: 1, note: "no report" };
  const report = JSON.parse(readFileSync(file, "utf8"));
  const failures = [];
  for (const result of report.testResults) {
    const path = relative(process.cwd(), result.name);
    const failedTests = result.assertionResults.filter((test) => test.status === "failed");
    for (const test of failedTests) {
      failures.push(`${path} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
    // A file that failed without a failing test (import error, failing hook) is one failure.
    if (result.status === "failed" && failedTests.length === 0) {
      failures.push(`${path}: ${firstLine(result.message)}`);
    }
  }
  let failed = failures.length;
  // A run that failed for a reason outside any file (no test files, unhandled error) is one more.
  if (failed === 0 && (exitStatus(name) ?? 1) !== 0) failed = 1;
  return { passed: report.numPassedTests, failed, failures };
}

const counters = { check: countCheck, vitest: countVitest };
let passed = 0;
let failed = 0;
for (const arg of process.argv.slice(2)) {
  const [kind, name] = arg.split(":");
  const count = counters[kind]?.(name);
  if (!count) throw new Error(`Unknown runner "${arg}": use check:<name> or vitest:<name>`);
  passed += count.passed;
  failed += count.failed;
  const note = count.note ? ` (${count.note})` : "";
  console.log(`  ${name}: ${count.passed} passed, ${count.failed} failed${note}`);
  // Named here, at the end of the log, where a reader of only its last lines still sees them.
  for (const failure of count.failures ?? []) console.log(`    failed: ${failure}`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
