/**
 * What the storefront reports (services.md §7.8 "page-not-found reports", §3 "Client error
 * log record"). Text is capped in length; nothing here is ever shown back to a shopper.
 */
import {
  CLIENT_LOG_NAME_MAX,
  CLIENT_LOG_TEXT_MAX,
  CLIENT_LOG_USER_AGENT_MAX,
} from "@deals/domain/client-log";
import { z } from "zod";

const MAX_PATH_LENGTH = 2000;
const MAX_TEXT_LENGTH = CLIENT_LOG_TEXT_MAX;

const text = (name: string, max = MAX_TEXT_LENGTH) =>
  z.string({ error: `${name} must be text` }).max(max, `${name} must be at most ${max} characters`);

export const notFoundHitBodySchema = z.object({
  path: text("path", MAX_PATH_LENGTH)
    .min(1, "path is required")
    .refine((path) => path.startsWith("/"), "path must be a path on this site, starting with /"),
  referrer: text("referrer", MAX_PATH_LENGTH).optional(),
});

export const clientLogBodySchema = z.object({
  client: z.boolean().optional(),
  server: z.boolean().optional(),
  description: text("description").optional(),
  error: text("error").optional(),
  message: text("message").optional(),
  name: text("name", CLIENT_LOG_NAME_MAX).optional(),
  referrer: text("referrer").optional(),
  userAgent: text("userAgent", CLIENT_LOG_USER_AGENT_MAX).optional(),
});
