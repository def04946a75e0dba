/** GET /v1/buy-again's answer. */
import { z } from "zod";
import { dealSummarySchema } from "../deals/schemas.ts";

export const buyAgainSchema = z.object({
  /** Each deal with the product bought last time: one click puts it in the basket again. */
  deals: z.array(
    dealSummarySchema.extend({
      boughtProductId: z.number().int(),
      /** A stay booked by date: it goes back in the basket from the deal page's calendar. */
      bookByDate: z.boolean(),
    }),
  ),
});
export type BuyAgain = z.infer<typeof buyAgainSchema>;
