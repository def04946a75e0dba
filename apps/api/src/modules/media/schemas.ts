import { z } from "zod";

export const imageParamsSchema = z.object({
  id: z.string().describe("An image id from a deal: {categoryShortName}-{dealId}-{n}"),
});
