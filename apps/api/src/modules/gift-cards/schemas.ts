/** POST /v1/gift-card/redeem (services.md §7.7 legacy /gift-card/redeem). */
import { z } from "zod";

export const redeemGiftCardBodySchema = z.object({
  code: z
    .string({ error: "Enter your gift card code" })
    .trim()
    .min(1, { error: "Enter your gift card code" })
    .max(40, { error: "Gift card code not recognised." }),
});

const walletEntrySchema = z.object({
  currency: z.string(),
  marketingBalance: z.number().int(),
  refundableBalance: z.number().int(),
  balance: z.number().int(),
});

export const giftCardRedeemedSchema = z.object({
  currency: z.enum(["GBP", "EUR"]),
  /** What the card put in the wallet (minor units). */
  amount: z.number().int(),
  /** True when this customer had already redeemed it (a repeated request): nothing more added. */
  alreadyRedeemed: z.boolean(),
  wallet: z.array(walletEntrySchema),
});
export type GiftCardRedeemed = z.infer<typeof giftCardRedeemedSchema>;
