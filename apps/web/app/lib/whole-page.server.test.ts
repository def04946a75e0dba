import { describe, expect, it } from "vitest";
import { WholePage } from "./whole-page.server.ts";

const init = { status: 200, headers: { "content-type": "text/html; charset=utf-8" } };

describe("WholePage", () => {
  for (const [name, html] of [
    ["a page-sized page", `<!DOCTYPE html><p>Spa day for two · £49 ${"x".repeat(150_000)}</p>`],
    ["a page small enough to share Node's pool", "<!DOCTYPE html><p>Café £5</p>"],
  ] as const) {
    it(`reads ${name} the same as text, bytes and a stream`, async () => {
      const bytes = Buffer.from(html);
      const page = () => new WholePage(Buffer.from(html), init);
      expect(await page().text()).toBe(html);
      expect(Buffer.from(await page().arrayBuffer()).equals(bytes)).toBe(true);
      expect(await new Response(page().body).text()).toBe(html);
      const answer = page();
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
    });
  }
});
