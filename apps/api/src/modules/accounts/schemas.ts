/**
 * Request and response shapes of the account calls (services.md §7.2). Field rules carry the
 * spec's validation messages (product.md §5) from @deals/domain/validation.
 */
import { PASSWORD_MIN_LENGTH } from "@deals/domain/constants";
import { VALIDATION_MESSAGES as M, PASSENGER_TITLES } from "@deals/domain/validation";
import { z } from "zod";
import { addressSchema } from "../address/schemas.ts";

export { loginBodySchema, registrationBodySchema } from "@deals/domain/validation";

const requiredText = (max: number) =>
  z
    .string({ error: M.required })
    .trim()
    .min(1, { error: M.required })
    .max(max, { error: `Use at most ${max} characters` });
const emailField = requiredText(254).pipe(z.email({ error: M.email }));
const newPassword = z
  .string({ error: M.required })
  .min(1, { error: M.required })
  .min(PASSWORD_MIN_LENGTH, { error: M.passwordTooShort })
  .max(200, { error: "Use at most 200 characters" });
const anyPassword = z.string({ error: M.required }).min(1, { error: M.required }).max(200);

export const emailPreferencesSchema = z.object({
  dailyDeals: z.boolean(),
  vipNews: z.boolean(),
  partnerOffers: z.boolean(),
});
export type EmailPreferencesView = z.infer<typeof emailPreferencesSchema>;

/** The profile (product.md §3 "User": userprofile and the user info flags). */
export const profileSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  title: z.enum(PASSENGER_TITLES).nullable(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  address: addressSchema.nullable(),
  customerToken: z.string(),
  vipUser: z.boolean(),
  /** How the profile stores VIP status: "VIP" or "Non - VIP" (product.md §3). */
  vipMembershipCookie: z.enum(["VIP", "Non - VIP"]),
  hasAddress: z.boolean(),
  hasPassword: z.boolean(),
  /** Signs in through a third party (Google). */
  tpl: z.boolean(),
  /** The email address is confirmed (@deals/domain/activation says what that unlocks). */
  activated: z.boolean(),
  isSubscribed: z.boolean(),
  emailPreferences: emailPreferencesSchema,
});
export type Profile = z.infer<typeof profileSchema>;

/** The session a login answers, including the customer token (services.md §7.2). */
export const sessionSchema = z.object({
  customerToken: z.string(),
  rememberMe: z.boolean(),
  expiresAt: z.string(),
  user: profileSchema,
});
export type Session = z.infer<typeof sessionSchema>;

export const profileQuerySchema = z.object({ origin: z.string().max(200).optional() });

const addressInputSchema = z.object({
  addressLine1: requiredText(100),
  addressLine2: z.string().trim().max(100).optional(),
  town: requiredText(60),
  // Required, and well formed for the site's country: checked by the service (brand-dependent).
  postCode: z.string().max(16).optional(),
});
export type AddressInput = z.infer<typeof addressInputSchema>;

export const profileUpdateSchema = z.object(
  {
    user: z.object({
      title: z.enum(PASSENGER_TITLES, { error: "Select a title: Mr, Mrs, Ms or Miss" }).nullable().optional(),
      firstName: requiredText(50),
      lastName: requiredText(50),
      phone: z.string().trim().max(30).nullable().optional(),
      address: addressInputSchema.nullable().optional(),
    }),
  },
  { error: "The request body must be a JSON object" },
);
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>["user"];

export const passwordChangeSchema = z.object({
  passwordChange: z
    .object({
      currentPassword: anyPassword,
      newPassword,
      confirmPassword: z.string({ error: M.required }).min(1, { error: M.required }),
    })
    .refine((change) => change.newPassword === change.confirmPassword, {
      error: M.passwordsMismatch,
      path: ["confirmPassword"],
    }),
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>["passwordChange"];

export const emailRequestSchema = z.object({ email: emailField });

/** A new password chosen through an emailed link (reset, or activating a guest account). */
export const tokenPasswordSchema = z
  .object({
    token: z.string({ error: M.required }).min(1, { error: M.required }).max(200),
    password: newPassword.optional(),
    confirmPassword: z.string().optional(),
  })
  .refine((body) => body.password === undefined || body.password === body.confirmPassword, {
    error: M.passwordsMismatch,
    path: ["confirmPassword"],
  });
export type TokenPassword = z.infer<typeof tokenPasswordSchema>;

export const messageSchema = z.object({ message: z.string() });
export type Message = z.infer<typeof messageSchema>;

export const activationSchema = z.object({ message: z.string(), email: z.string() });

export const googleLoginSchema = z.object({
  idToken: z.string({ error: M.required }).min(1, { error: M.required }).max(4096),
  rememberMe: z.boolean().default(false),
});

/** The subscription check (services.md §7.2): POST requestSubscriptionDetails.email. */
export const accountStatusRequestSchema = z.object({
  requestSubscriptionDetails: z.object({ email: emailField }),
});
export const accountStatusSchema = z.object({
  hasPassword: z.boolean(),
  isLocked: z.boolean(),
  isRegistered: z.boolean(),
  isSubscribed: z.boolean(),
  tpl: z.boolean(),
});
export type AccountStatus = z.infer<typeof accountStatusSchema>;

/** Express-buy token (services.md §7.2): POST expressBuyTokenRequest.email. */
export const expressBuyRequestSchema = z.object({ expressBuyTokenRequest: z.object({ email: emailField }) });
export const expressBuyTokenSchema = z.object({ expressBuyToken: z.string(), expiresAt: z.string() });
export type ExpressBuyToken = z.infer<typeof expressBuyTokenSchema>;

/** Deleting the account asks for the password again when the account has one. */
export const deletionRequestSchema = z.object({ password: z.string().max(200).optional() });
export const deletionSchema = z.object({ message: z.string(), deletionDueBy: z.string() });
export type Deletion = z.infer<typeof deletionSchema>;

// Subscriptions and email preferences

export const subscriptionSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  location: z.object({ shortName: z.string(), name: z.string() }),
  subscribedAt: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
export const subscriptionListSchema = z.object({
  subscriptions: z.array(subscriptionSchema),
  emailPreferences: emailPreferencesSchema,
});
export type SubscriptionList = z.infer<typeof subscriptionListSchema>;

/** Subscription email and location are required (product.md §5). */
export const subscribeSchema = z.object({
  email: emailField,
  location: requiredText(100),
});
export const accountSubscribeSchema = z.object({ location: requiredText(100) });
/** An unsubscribe token is required (product.md §5). */
export const unsubscribeSchema = z.object({
  token: z
    .string({ error: "Unsubscribe token is required" })
    .min(1, { error: "Unsubscribe token is required" })
    .max(200),
});
export const subscriptionParamsSchema = z.object({ id: z.coerce.number().int().positive() });
