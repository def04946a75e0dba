/** POST /v1/gift/claim and GET /v1/user/gifts (services.md §7.7 legacy /deal/gift-redeem). */
import { z } from "zod";

export const claimGiftBodySchema = z.object({
  code: z
    .string({ error: "Enter your gift code" })
    .trim()
    .min(1, { error: "Enter your gift code" })
    .max(100, { error: "Gift code not recognised" }),
});

export const claimedGiftSchema = z.object({
  from: z.string(),
  message: z.string().nullable(),
  claimedAt: z.string(),
  voucher: z.object({
    code: z.string(),
    status: z.string(),
    dealHeadline: z.string(),
    title: z.string(),
    expiresAt: z.string(),
  }),
});
export type ClaimedGift = z.infer<typeof claimedGiftSchema>;

export const sentGiftsSchema = z.object({
  gifts: z.array(
    z.object({
      id: z.number().int(),
      recipientEmail: z.string(),
      dealHeadline: z.string(),
      title: z.string(),
      orderId: z.number().int(),
      sentAt: z.string(),
      /** null until the recipient claims it. */
      claimedAt: z.string().nullable(),
    }),
  ),
});
export type SentGifts = z.infer<typeof sentGiftsSchema>;
