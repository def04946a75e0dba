import { it } from "vitest";
import { brandHeaders, startTestApp } from "./testing.ts";
it("dbg", async () => {
  const t = await startTestApp();
  const urls = ["/v1/search?q=massge", "/v1/search?q=thai%20masage", "/v1/socialcue/deal/100013", "/v1/deals/london?recentViewedDeal=100013", "/v1/reviews/5", "/v1/search?q=%3Cscript%3E"];
  for (const url of urls) {
    const r = await t.app.inject({ method: "GET", url, headers: brandHeaders() });
    console.log(r.statusCode, url, r.body.slice(0, 200).replace(/\n/g, " "), r.body.length);
  }
  await t.close();
});
