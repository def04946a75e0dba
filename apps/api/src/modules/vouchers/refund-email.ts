/**
 * The refund confirmation email, written to the outbox in the transaction that marks the
 * voucher Refunded: that happens once per refund (refund.ts), so the email goes once, and
 * never for a refund that rolled back.
 */
import { type DbTransaction, eq } from "@deals/db";
import { users } from "@deals/db/schema/accounts";
import { BRANDS, type BrandId } from "@deals/domain/brand";
import { storefrontOrigin } from "../deals/summaries.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { compose, hello } from "../email/templates.ts";
import { findCustomerVoucher, type RefundRow } from "./queries.ts";

export const REFUND_CONFIRMATION_TEMPLATE = "refund-confirmation";

export async function queueRefundEmail(
  tx: DbTransaction,
  refund: RefundRow,
  /** Where the money went, as the voucher's timeline says it. */
  destination: string,
  now: Date,
): Promise<void> {
  const voucher = await findCustomerVoucher(tx, refund.customerId, refund.voucherId);
  const [customer] = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, refund.customerId));
  if (!voucher || !customer) return;
  const brand = BRANDS[voucher.brandId as BrandId];
  const content = compose(
    REFUND_CONFIRMATION_TEMPLATE,
    brand,
    `Your refund for ${voucher.dealHeadline}`,
    hello(customer.firstName),
    [
      {
        text: `Your ${voucher.merchantName} voucher ${voucher.code} (order ${voucher.orderReference}) is refunded.`,
      },
      { text: `Refunded: ${destination}.` },
      {
        text: "Your vouchers and wallet:",
        link: { label: "My vouchers", href: `${storefrontOrigin(brand)}/myaccount/vouchers` },
      },
    ],
  );
  await enqueueEmail(tx, {
    ...content,
    to: customer.email,
    brandId: brand.id,
    userId: refund.customerId,
    createdAt: now,
  });
}
