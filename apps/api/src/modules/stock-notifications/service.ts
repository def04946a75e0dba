/**
 * "Notify me" (product.md §4 "Stock labels": out of stock with notify-me): a shopper leaves
 * their email on a sold-out or out-of-stock deal; once the deal can be bought again, the
 * background job writes them one email through the outbox, and the request is done. A deal
 * that ended, or one on sale now, takes no request.
 */
import type { Db } from "@deals/db";
import { and, eq, isNull } from "@deals/db";
import { stockNotifications } from "@deals/db/schema/stock-notifications";
import { dealAvailability } from "@deals/domain/availability";
import { BRANDS, type Brand, type BrandId } from "@deals/domain/brand";
import { NOTIFY_ME_MESSAGES } from "@deals/domain/notify-me";
import { ApiError } from "../../errors.ts";
import { getDeal } from "../deals/detail.ts";
import type { DealDetail } from "../deals/schemas.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { compose, hello } from "../email/templates.ts";
import type { StockNotification } from "./schemas.ts";

/** Deals looked at per run of the job (ours): the rest wait for the next run. */
const DEALS_PER_RUN = 200;

/** Sold out, or capped for the day or week: the cases that come back on sale. */
function awaitsStock(deal: DealDetail, now: Date): boolean {
  const availability = dealAvailability(deal, now);
  if (availability.available) throw new ApiError(409, "DEAL_ON_SALE", NOTIFY_ME_MESSAGES.onSale);
  if (availability.reason === "closed" || availability.reason === "absent") {
    throw new ApiError(409, "DEAL_ENDED", NOTIFY_ME_MESSAGES.ended);
  }
  return true;
}

export async function requestStockNotification(
  db: Db,
  brand: Brand,
  input: { dealId: number; email: string },
  now: Date,
  origin: string,
): Promise<StockNotification> {
  const deal = await getDeal(db, brand, input.dealId, now);
  awaitsStock(deal, now);
  const email = input.email.toLowerCase();
  const created = await db
    .insert(stockNotifications)
    .values({
      brandId: brand.id,
      dealId: deal.id,
      email,
      dealUrl: `${origin}${deal.urlPath}`,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: stockNotifications.id });
  return { dealId: deal.id, email, created: created.length > 0, message: NOTIFY_ME_MESSAGES.sent };
}

/**
 * Writes the back-in-stock emails of every deal on sale again; safe on several processes at
 * once (each request is claimed by the statement that marks it notified). Answers how many.
 */
export async function sendBackInStockEmails(db: Db, now: Date): Promise<number> {
  const waiting = await db
    .selectDistinct({ dealId: stockNotifications.dealId, brandId: stockNotifications.brandId })
    .from(stockNotifications)
    .where(isNull(stockNotifications.notifiedAt))
    .limit(DEALS_PER_RUN);
  let sent = 0;
  for (const { dealId, brandId } of waiting) {
    const brand = BRANDS[brandId as BrandId];
    const deal = await getDeal(db, brand, dealId, now).catch(() => null);
    if (!deal || !dealAvailability(deal, now).available) continue;
    sent += await db.transaction(async (tx) => {
      const claimed = await tx
        .update(stockNotifications)
        .set({ notifiedAt: now })
        .where(and(eq(stockNotifications.dealId, dealId), isNull(stockNotifications.notifiedAt)))
        .returning({ email: stockNotifications.email, dealUrl: stockNotifications.dealUrl });
      for (const request of claimed) {
        const content = compose("back-in-stock", brand, `Back in stock: ${deal.headline}`, hello(""), [
          { text: `Good news: ${deal.headline} is back on sale.` },
          {
            text: "Stock is limited, so don't wait too long.",
            link: { label: "See the deal", href: request.dealUrl },
          },
        ]);
        await enqueueEmail(tx, { ...content, to: request.email, brandId: brand.id, createdAt: now });
      }
      return claimed.length;
    });
  }
  return sent;
}
