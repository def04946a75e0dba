/** GET /v1/buy-again's answer. */
import { z } from "zod";
import { dealSummarySchema } from "../deals/schemas.ts";

export const buyAgainSchema = z.object({
  /** Each deal with the product bought last time: one click puts it in the basket again. */
  deals: z.array(dealSummarySchema.extend({ boughtProductId: z.number().int() })),
});
export type BuyAgain = z.infer<typeof buyAgainSchema>;
