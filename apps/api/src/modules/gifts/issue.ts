/**
 * Issuing e-gifts when their order is paid (product.md §3 "Gift options": e-gift; §2 "gift
 * claim"): each voucher of an e-gift line gets a gift with an unguessable claim code, and its
 * recipient an email (through the outbox) with the claim link. Both are written in the
 * transaction that marks the order paid (orders/settle.ts), so a crash between payment and
 * sending can lose neither. Issuing twice changes nothing: a voucher has at most one gift.
 */
import { randomBytes } from "node:crypto";
import { type DbTransaction, eq } from "@deals/db";
import { outboxEmails, users } from "@deals/db/schema/accounts";
import { BRANDS, type BrandId } from "@deals/domain/brand";
import { publicOriginVariable } from "../accounts/links.ts";
import { outboxRow } from "../email/outbox.ts";
import { escapeHtml } from "../email/templates.ts";
import type { OrderLineRow, OrderRow, VoucherRow } from "../orders/queries.ts";
import { insertGifts } from "./queries.ts";

export const GIFT_EMAIL_TEMPLATE = "e-gift";

export function newClaimCode(): string {
  return randomBytes(18).toString("base64url");
}

export async function issueGifts(
  tx: DbTransaction,
  settled: { order: OrderRow; lines: readonly OrderLineRow[]; vouchers: readonly VoucherRow[] },
  now: Date,
): Promise<void> {
  const { order } = settled;
  const giftLines = new Map(
    settled.lines.filter((l) => l.giftType === "e-gift" && l.recipientEmail).map((l) => [l.id, l]),
  );
  const rows = settled.vouchers.flatMap((voucher) => {
    const line = giftLines.get(voucher.orderLineId);
    return line
      ? [
          {
            voucherId: voucher.id,
            orderId: order.id,
            senderId: order.customerId,
            recipientEmail: line.recipientEmail!,
            message: line.giftMessage,
            claimCode: newClaimCode(),
            createdAt: now,
          },
        ]
      : [];
  });
  if (rows.length === 0) return;
  const brand = BRANDS[order.brandId as BrandId];
  // No request to take a host from (reconciliation pays orders too): the configured origin.
  const origin = (process.env[publicOriginVariable(brand)] ?? `https://${brand.hosts[0]}`).replace(
    /\/+$/,
    "",
  );
  {
    const [sender] = await tx
      .select({ firstName: users.firstName })
      .from(users)
      .where(eq(users.id, order.customerId));
    const senderName = sender?.firstName || "Someone";
    for (const gift of await insertGifts(tx, rows)) {
      const line = settled.lines.find(
        (l) => l.id === settled.vouchers.find((v) => v.id === gift.voucherId)?.orderLineId,
      );
      const link = `${origin}/mygift?code=${gift.claimCode}`;
      const paragraphs = [
        `${senderName} sent you a gift: ${line?.title ?? "a voucher"}.`,
        ...(gift.message ? [`"${gift.message}"`] : []),
        `Claim it into your ${brand.name} account: ${link}`,
        `Or enter your gift code at /mygift: ${gift.claimCode}`,
        `The ${brand.name} team`,
      ];
      await tx.insert(outboxEmails).values(
        outboxRow({
          to: gift.recipientEmail,
          template: GIFT_EMAIL_TEMPLATE,
          subject: `${senderName} sent you a gift from ${brand.name}`,
          text: paragraphs.join("\n\n"),
          html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join(""),
          brandId: brand.id,
          createdAt: now,
        }),
      );
    }
  }
}
