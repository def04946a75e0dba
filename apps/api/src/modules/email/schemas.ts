/** The email calls' shapes: address verification and the development mailbox. */
import { VALIDATION_MESSAGES as M } from "@deals/domain/validation";
import { z } from "zod";
import { EMAIL_VERDICTS } from "./verify.ts";

export const verifyQuerySchema = z.object({
  email: z.string({ error: M.required }).trim().min(1, { error: M.required }).max(254),
});

export const emailCheckSchema = z.object({
  email: z.string(),
  verdict: z.enum(EMAIL_VERDICTS),
  reason: z.string(),
});
export type EmailCheckView = z.infer<typeof emailCheckSchema>;

export const mailboxQuerySchema = z.object({ to: z.string().max(254).optional() });

export const mailboxEmailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  template: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export const mailboxSchema = z.object({ emails: z.array(mailboxEmailSchema) });
export type Mailbox = z.infer<typeof mailboxSchema>;
export type MailboxEmail = z.infer<typeof mailboxEmailSchema>;
