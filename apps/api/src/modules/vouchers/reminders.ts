/**
 * Voucher expiry reminders: an email through the outbox 14 and 3 days before a voucher
 * expires unredeemed. Each reminder is claimed by a row in voucher_reminders in the same
 * transaction as its email, so it is sent once whatever runs when: a restart, a late run that
 * catches up (only the reminder a voucher is now due, never a stale one as well), several
 * processes at once.
 */
import type { Db } from "@deals/db";
import { BRANDS, type BrandId } from "@deals/domain/brand";
import { longDate } from "@deals/domain/long-date";
import { reminderWindows } from "@deals/domain/voucher-reminders";
import { storefrontOrigin } from "../deals/summaries.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { compose, hello } from "../email/templates.ts";
import { claimExpiryReminders } from "./queries.ts";

export const EXPIRY_REMINDER_TEMPLATE = "voucher-expiry-reminder";

/** Reminders written per window and run (ours): the rest go in the next run. */
const REMINDERS_PER_RUN = 500;

/** Writes the due reminders to the outbox; answers how many. */
export async function sendExpiryReminders(db: Db, now: Date): Promise<number> {
  let sent = 0;
  for (const window of reminderWindows()) {
    sent += await db.transaction(async (tx) => {
      const due = await claimExpiryReminders(tx, window, now, REMINDERS_PER_RUN);
      for (const voucher of due) {
        const brand = BRANDS[voucher.brandId as BrandId];
        const expires = longDate(voucher.expiresAt.toISOString(), brand.locale);
        const content = compose(
          EXPIRY_REMINDER_TEMPLATE,
          brand,
          `Your voucher for ${voucher.headline} expires in ${window.daysBefore} days`,
          hello(voucher.firstName),
          [
            { text: `Your ${voucher.merchantName} voucher ${voucher.code} expires on ${expires}.` },
            { text: "Book or use it with the merchant before then." },
            {
              text: "Your vouchers, to print or download:",
              link: { label: "My vouchers", href: `${storefrontOrigin(brand)}/myaccount/vouchers` },
            },
          ],
        );
        await enqueueEmail(tx, {
          ...content,
          to: voucher.email,
          brandId: brand.id,
          userId: voucher.customerId,
          createdAt: now,
        });
      }
      return due.length;
    });
  }
  return sent;
}
