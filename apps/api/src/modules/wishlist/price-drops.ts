/**
 * The price-drop email (product.md §3 "Wishlist"): when a wished deal's lead price falls
 * below the price the customer was last told of, one email through the outbox lists every
 * such deal of their list, at most once a day per list.
 */
import type { Db } from "@deals/db";
import { BRANDS, type BrandId } from "@deals/domain/brand";
import { formatMoney } from "@deals/domain/money";
import { priceDropEmailCutoff } from "@deals/domain/wishlist";
import { storefrontOrigin } from "../deals/summaries.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { compose, hello } from "../email/templates.ts";
import { claimPriceDropEmail, takePriceDrops, wishlistsWithPriceDrops } from "./queries.ts";

/** Lists looked at per run (ours): the rest wait for the next run. */
const LISTS_PER_RUN = 500;

class NothingDropped extends Error {}

/** Sends the due price-drop emails; safe on several processes at once. Answers how many went. */
export async function sendPriceDropEmails(db: Db, now: Date): Promise<number> {
  const cutoff = priceDropEmailCutoff(now);
  let sent = 0;
  for (const wishlistId of await wishlistsWithPriceDrops(db, cutoff, LISTS_PER_RUN)) {
    const wrote = await db
      .transaction(async (tx) => {
        const customer = await claimPriceDropEmail(tx, wishlistId, cutoff, now);
        if (!customer) return false;
        const dropped = await takePriceDrops(tx, wishlistId);
        // Prices rose again since the lookup: undo the claim, so the day's email is still to come.
        if (dropped.length === 0) throw new NothingDropped();
        const brand = BRANDS[customer.brandId as BrandId];
        const origin = storefrontOrigin(brand);
        const content = compose(
          "wishlist-price-drop",
          brand,
          "Prices have dropped on your wishlist",
          hello(customer.firstName),
          [
            ...dropped.map((deal) => ({
              text: `${deal.headline}: now ${formatMoney(deal.priceMinor, brand.currency)} (was ${formatMoney(deal.was, brand.currency)})`,
            })),
            {
              text: "See every deal you wished for.",
              link: { label: "Your wishlist", href: `${origin}/wishlist` },
            },
          ],
        );
        await enqueueEmail(tx, {
          ...content,
          to: customer.email,
          brandId: brand.id,
          userId: customer.id,
          createdAt: now,
        });
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof NothingDropped) return false;
        throw error;
      });
    if (wrote) sent += 1;
  }
  return sent;
}
