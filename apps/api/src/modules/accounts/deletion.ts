/**
 * Account deletion (product.md §4 "Account deletion: initiated, up to 24 hours to finish,
 * permanent"). The request signs the customer out everywhere and refuses further sign-ins at
 * once; the deletion job then anonymises the personal data within the 24 hours. Orders keep
 * their user id, so accounting records stay whole without anyone's details.
 */
import { and, type Db, eq, lte } from "@deals/db";
import {
  authTokens,
  emailSubscriptions,
  loginAttempts,
  outboxEmails,
  users,
} from "@deals/db/schema/accounts";
import { BRANDS, isBrandId } from "@deals/domain/brand";
import { ACCOUNT_DELETION_DEADLINE_HOURS } from "@deals/domain/constants";
import { ApiError, notFound } from "../../errors.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { deletionConfirmationEmail } from "../email/templates.ts";
import type { Customer } from "./auth.ts";
import type { AccountsContext } from "./context.ts";
import { findUserById, updateUser } from "./queries.ts";
import type { Deletion } from "./schemas.ts";
import { newCustomerToken, verifyPassword } from "./secrets.ts";
import type { SessionStore } from "./sessions.ts";

const REMOVED = "[removed]";

export async function requestDeletion(
  ctx: AccountsContext,
  customer: Customer,
  password: string | undefined,
): Promise<Deletion> {
  const user = await findUserById(ctx.db, customer.id);
  if (user?.status !== "active") throw notFound("USER_NOT_FOUND", "There is no such account.");
  if (user.passwordHash !== null && !(await verifyPassword(user.passwordHash, password ?? ""))) {
    throw new ApiError(400, "PASSWORD_INCORRECT", "The password is not correct. Please try again.");
  }
  await updateUser(ctx.db, user.id, { status: "deleting", deletionRequestedAt: ctx.now });
  await ctx.sessions.endAllForUser(user.id);
  const dueBy = new Date(ctx.now.getTime() + ACCOUNT_DELETION_DEADLINE_HOURS * 60 * 60 * 1000);
  return {
    message: `Your account deletion has started and will be finished within ${ACCOUNT_DELETION_DEADLINE_HOURS} hours.`,
    deletionDueBy: dueBy.toISOString(),
  };
}

/** An address that can never receive mail (RFC 2606 .invalid), unique per account. */
const anonymousEmail = (userId: number) => `deleted-${userId}@deleted.invalid`;

/**
 * Finishes every requested deletion: the confirmation email goes to the address one last
 * time, then the account's personal data, tokens, subscriptions and earlier emails are
 * removed. One transaction per account, so a failure leaves the others done. Returns how
 * many accounts were deleted.
 */
export async function runDueDeletions(db: Db, sessions: SessionStore, now: Date): Promise<number> {
  const due = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.status, "deleting"), lte(users.deletionRequestedAt, now)));
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      // Locked, so when two processes run the job only one deletes each account.
      const [user] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, id), eq(users.status, "deleting")))
        .for("update");
      if (!user) return;
      const anonymous = anonymousEmail(user.id);
      await tx
        .update(outboxEmails)
        .set({ to: anonymous, subject: REMOVED, text: REMOVED, html: REMOVED })
        .where(eq(outboxEmails.userId, user.id));
      await tx.delete(authTokens).where(eq(authTokens.userId, user.id));
      await tx
        .delete(emailSubscriptions)
        .where(
          and(eq(emailSubscriptions.brandId, user.brandId), eq(emailSubscriptions.emailKey, user.emailKey)),
        );
      await tx
        .delete(loginAttempts)
        .where(and(eq(loginAttempts.brandId, user.brandId), eq(loginAttempts.emailKey, user.emailKey)));
      if (isBrandId(user.brandId)) {
        // Not linked to the account: it is the one email that must still reach the address.
        await enqueueEmail(tx, {
          ...deletionConfirmationEmail(BRANDS[user.brandId], user.firstName),
          to: user.email,
          brandId: user.brandId,
          createdAt: now,
        });
      }
      await tx
        .update(users)
        .set({
          email: anonymous,
          emailKey: anonymous,
          passwordHash: null,
          title: null,
          firstName: "",
          lastName: "",
          phone: null,
          address: null,
          customerToken: newCustomerToken(),
          googleSubject: null,
          vipOptInType: null,
          emailPreferences: { dailyDeals: false, vipNews: false, partnerOffers: false },
          status: "deleted",
          deletedAt: now,
        })
        .where(eq(users.id, user.id));
    });
    await sessions.endAllForUser(id);
  }
  return due.length;
}
