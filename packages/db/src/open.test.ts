import { describe, expect, it } from "vitest";
import { createPglite } from "./open.ts";

describe("createPglite", () => {
  it("sends the client no notices (a notice while planning once stalled PGlite)", async () => {
    const client = await createPglite();
    try {
      const notices: string[] = [];
      const { rows } = await client.query<{ q: string }>(
        "select websearch_to_tsquery('english', $1)::text as q",
        ["the"],
        { onNotice: (notice) => notices.push(notice.message ?? "") },
      );
      expect(rows).toEqual([{ q: "" }]);
      expect(notices).toEqual([]);
    } finally {
      await client.close();
    }
  });
});
