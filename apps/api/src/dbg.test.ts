import { it } from "vitest";
import { brandHeaders, startTestApp } from "./testing.ts";
it("dbg", async () => {
  const t = await startTestApp();
  t.app.log.level = "error";
  const r = await t.app.inject({ method: "GET", url: "/v1/deal/999999", headers: brandHeaders() });
  console.log(r.statusCode, r.body);
  try {
    const { getDeal } = await import("./modules/deals/detail.ts");
    const { BRANDS } = await import("@deals/domain/brand");
    await getDeal(t.database.db, BRANDS["main-uk"], 100001, new Date());
  } catch (e) { console.log(e); }
  await t.close();
});
