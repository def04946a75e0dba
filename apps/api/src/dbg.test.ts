import { it } from "vitest";
import { startTestApp } from "./testing.ts";
import { BRANDS } from "@deals/domain/brand";
import { TEST_NOW } from "@deals/db/testing";
import { sql } from "@deals/db";
it("dbg", async () => {
  const t = await startTestApp();
  const { getSocialCue } = await import("./modules/deals/activity.ts");
  const { getReviews } = await import("./modules/reviews/service.ts");
  try { console.log(await getSocialCue(t.database.db, BRANDS["main-uk"], 100013, TEST_NOW)); } catch (e) { console.log(String(e), (e as any).cause?.message); }
  try { console.log(await getReviews(t.database.db, BRANDS["main-uk"], 5, { filterByDeal: false, page: 0, size: 10, sortBy: "newest" })); } catch (e) { console.log(String(e).slice(0, 1500), (e as any).cause?.message); }
  const r = await t.database.db.execute(sql`select word_similarity('massge', 'Full-Body Massage') as a, word_similarity('massge', 'massage') as b`);
  console.log(r.rows);
  await t.close();
});
