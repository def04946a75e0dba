import { describe, expect, it } from "vitest";
import { searchTextProblem } from "./search.server.ts";

describe("searchTextProblem", () => {
  it("lets ordinary searches through, SQL and markup included (they are only text)", () => {
    for (const text of ["spa day", "'; DROP TABLE deals; --", "<script>alert(1)</script>", "café"]) {
      expect(searchTextProblem(text)).toBeNull();
    }
  });

  it("explains a search that is too long without repeating it", () => {
    const problem = searchTextProblem("a".repeat(10_000));
    expect(problem).toBe("Your search is too long. Please use 200 characters or fewer.");
  });

  it("refuses control characters", () => {
    expect(searchTextProblem("spa\u0000day")).toMatch(/cannot search for/);
  });
});
