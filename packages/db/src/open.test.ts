import { describe, expect, it } from "vitest";
import { createPglite } from "./open.ts";

describe("createPglite", () => {
  it("reports errors only: no notices or warnings (reporting them once stalled PGlite)", async () => {
    const client = await createPglite();
    try {
      const notices: string[] = [];
      const { rows } = await client.query<{ q: string }>(
        "select websearch_to_tsquery('english', $1)::text as q",
        ["the"],
        { onNotice: (notice) => notices.push(notice.message ?? "") },
      );
      expect(rows).toEqual([{ q: "" }]);
      // COMMIT outside a transaction warns "there is no transaction in progress".
      await client.query("commit", [], { onNotice: (notice) => notices.push(notice.message ?? "") });
      expect(notices).toEqual([]);
      await expect(client.query("select 1/0")).rejects.toThrow("division by zero");
    } finally {
      await client.close();
    }
  });
});
