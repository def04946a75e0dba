/**
 * Sponsored search (product.md §4 "Sponsored-search session", services.md §7.8): a session
 * created on demand, and the impressions and clicks of sponsored deals reported in it.
 */
import { MAX_REPORTED_EVENTS } from "@deals/domain/constants";
import { z } from "zod";

const SESSION_ID = /^[A-Za-z0-9-]{8,64}$/;
const sessionId = z
  .string({ error: "sessionId must be text" })
  .regex(SESSION_ID, "sessionId must be a session id as this API gave it");

export const sessionBodySchema = z
  .object({
    customerToken: z
      .string({ error: "customerToken must be text" })
      .max(200, "customerToken must be at most 200 characters")
      .optional(),
    /** A session already held: kept when this site knows it, else a new one is made. */
    sessionId: sessionId.optional(),
  })
  .default({});

export const sessionSchema = z.object({ sessionId: z.string() });
export type SponsoredSession = z.infer<typeof sessionSchema>;

export const adEventsBodySchema = z
  .object({
    adIds: z
      .array(z.string().max(100, "adIds values must be at most 100 characters"), {
        error: "adIds must be a list of ad ids",
      })
      .min(1, "adIds must hold at least one ad id")
      .max(MAX_REPORTED_EVENTS, `adIds must hold at most ${MAX_REPORTED_EVENTS} ad ids`),
    dealIds: z
      .array(z.number().int().positive().max(2_147_483_647), { error: "dealIds must be a list of deal ids" })
      .max(MAX_REPORTED_EVENTS, `dealIds must hold at most ${MAX_REPORTED_EVENTS} deal ids`),
    sessionId,
    type: z.enum(["impression", "click"], { error: "type must be impression or click" }),
  })
  .refine((body) => body.dealIds.length === body.adIds.length, {
    path: ["dealIds"],
    message: "dealIds must hold one deal id per ad id, in the same order",
  });
export type AdEvents = z.infer<typeof adEventsBodySchema>;

export const recordedSchema = z.object({ recorded: z.number().int().nonnegative() });
