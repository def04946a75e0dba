/**
 * The travel availability calendar (issue "Travel": the calendar API's req/s and p99 under
 * 50 connections): GET /v1/availability/deal/{id} of a hotel deal, every night from today
 * with its rooms left, answered at the origin (never cached: holds change it).
 */
import { fetchOnce, measureLoad } from "../lib/load.ts";
import { brandHeaders, row, type Suite } from "../lib/suite.ts";

/** The first deal of the travel listing that answers with a calendar. */
async function calendarDealId(appUrl: string, headers: Record<string, string>): Promise<number> {
  const listing = JSON.parse(
    await fetchOnce({ url: `${appUrl}/v1/deals/travel?page=0&pageSize=100`, headers }),
  );
  for (const deal of listing.deals as { id: number }[]) {
    const response = await fetch(`${appUrl}/v1/availability/deal/${deal.id}`, { headers });
    if (response.ok) return deal.id;
  }
  throw new Error("No calendar deal in the travel listing");
}

export const calendar: Suite = {
  name: "calendar",
  responseCache: false,
  async run(context) {
    const headers = brandHeaders("main-uk");
    const dealId = await calendarDealId(context.appUrl, headers);
    const result = await measureLoad({
      url: `${context.appUrl}/v1/availability/deal/${dealId}?guests=2`,
      headers,
    });
    return [row("calendar", "GET /v1/availability/deal/{id}, 120 nights", result, context)];
  },
};
