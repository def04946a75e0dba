/** Travel deals the journeys book: found through the API as a shopper's browser would see them. */
import type { BrandId } from "@deals/domain/brand";
import { apiGet } from "./site.ts";

export interface CalendarDeal {
  id: number;
  urlPath: string;
  /** A check-in that allows a stay of 2 nights, with its check-out. */
  checkIn: string;
  checkOut: string;
}

/** A hotel deal (calendar, no flights) of the brand whose calendar has a 2-night stay open. */
export async function calendarDeal(brandId: BrandId, except?: number): Promise<CalendarDeal> {
  const { deals } = await apiGet<{
    deals: {
      id: number;
      urlPath: string;
      soldOut: boolean;
      vipExclusive: boolean;
      closingDate: string | null;
    }[];
  }>("/v1/deals/travel?page=0&pageSize=100", brandId);
  // Open for a while yet, for everyone, and not the one another journey took.
  const open = (d: (typeof deals)[number]) =>
    !d.soldOut &&
    !d.vipExclusive &&
    (d.closingDate === null || Date.parse(d.closingDate) > Date.now() + 86_400_000);
  for (const deal of deals.filter((d) => d.id !== except && open(d))) {
    const availability = await apiGet<{
      data: {
        redeemType: string;
        calendarDateViewVOList: {
          date: string;
          soldOut: boolean;
          openForSale: boolean;
          openForArrival: boolean;
          openForDeparture: boolean;
          minLengthOfStay: number;
        }[];
      };
    }>(`/v1/availability/deal/${deal.id}?nights=2`, brandId).catch(() => null);
    if (availability?.data.redeemType !== "calendar") continue;
    const days = availability.data.calendarDateViewVOList;
    for (const [i, day] of days.entries()) {
      const next = days[i + 1];
      const out = days[i + 2];
      if (i < 3 || !next || !out || !day.openForArrival || day.soldOut || next.soldOut || !next.openForSale)
        continue;
      if (day.minLengthOfStay > 2 || !out.openForDeparture || out.date.slice(0, 7) !== day.date.slice(0, 7))
        continue;
      return { id: deal.id, urlPath: deal.urlPath, checkIn: day.date, checkOut: out.date };
    }
  }
  throw new Error(`No calendar deal with a 2-night stay on ${brandId}`);
}
