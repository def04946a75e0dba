import { z } from "zod";
import { errorResponseSchema } from "../../errors.ts";

/** Each dependency the API needs to serve: up, down, or not used by this deployment. */
export const dependenciesSchema = z.object({
  database: z.enum(["up", "down"]),
  redis: z.enum(["up", "down", "not-configured"]),
});
export type Dependencies = z.infer<typeof dependenciesSchema>;

export const healthSchema = z.object({
  status: z.literal("ok"),
  database: z.enum(["pglite", "postgres"]),
  dependencies: dependenciesSchema,
});
export type Health = z.infer<typeof healthSchema>;

/** Not ready: the error, and which dependency is down. */
export const notReadySchema = errorResponseSchema.extend({ dependencies: dependenciesSchema });
