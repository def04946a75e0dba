/**
 * An integration test fails when an answer it received is not declared by /openapi.json
 * (apps/api/src/testing.ts checks every injected answer); the failure names each one.
 */
import { afterAll, afterEach } from "vitest";
import { takeContractProblems } from "../../apps/api/src/testing.ts";

function failOnUndeclaredAnswers() {
  const problems = takeContractProblems();
  if (problems.length > 0)
    throw new Error(`Answers /openapi.json does not declare:\n${[...new Set(problems)].join("\n")}`);
}

afterEach(failOnUndeclaredAnswers);
// Answers received while setting up a file (beforeAll) or tearing it down.
afterAll(failOnUndeclaredAnswers);
