/**
 * The VIP renewal jobs (product.md §1 "Paid VIP membership (one year ...)"; the issue: a
 * renewal reminder before the year ends, never a hidden renewal). Both are safe on several
 * processes at once and after a restart:
 *  - a renewal is a payment row unique per customer and period start: only the process whose
 *    insert wins charges, under the payment's own provider reference; a crash after the
 *    charge leaves it pending, and a later run asks the provider and settles it;
 *  - a reminder is claimed by a conditional update of the membership in the transaction that
 *    writes the email to the outbox, once per period end.
 */
import type { Db } from "@deals/db";
import { eq } from "@deals/db";
import { vipMemberships, vipPayments } from "@deals/db/schema/vip";
import { BRANDS, type BrandId } from "@deals/domain/brand";
import { VIP_RENEWAL_REMINDER_DAYS, VIP_SUBSCRIPTION_PRICE_MINOR } from "@deals/domain/constants";
import { formatMoney } from "@deals/domain/money";
import { renewalDue } from "@deals/domain/vip-membership";
import { storefrontOrigin } from "../deals/summaries.ts";
import { enqueueEmail } from "../email/outbox.ts";
import type { PaymentProviders } from "../payments/port.ts";
import { renewalReminderEmail } from "./email.ts";
import { charge, currencyOf, pendingOutcome } from "./payment.ts";
import {
  claimReminder,
  insertPayment,
  membershipsDueForRenewal,
  membershipsToRemind,
  toMembership,
  type VipPaymentRow,
} from "./queries.ts";
import { settleVipPayment } from "./service.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Memberships handled per run; the next run carries on. */
const BATCH = 200;

export interface RenewalDeps {
  db: Db;
  providers: PaymentProviders;
}

export interface RenewalReport {
  renewed: number;
  declined: number;
  /** Paid years with nothing to charge (no card kept): they end instead. */
  ended: number;
}

/** Ends the renewal of a year whose renewal could not be paid: it runs to its end, then stops. */
async function stopRenewing(db: Db, customerId: number, now: Date) {
  await db
    .update(vipMemberships)
    .set({ renews: false, updatedAt: now })
    .where(eq(vipMemberships.customerId, customerId));
}

async function settled(deps: RenewalDeps, payment: VipPaymentRow, report: RenewalReport, now: Date) {
  const outcome = await pendingOutcome(deps.providers.BRAINTREE, payment, now);
  if (!outcome) return;
  await settleVipPayment(deps.db, payment, outcome, now);
  if (outcome.status === "declined") {
    await stopRenewing(deps.db, payment.customerId, now);
    report.declined += 1;
  } else report.renewed += 1;
}

export async function renewMemberships(deps: RenewalDeps, now: Date): Promise<RenewalReport> {
  const report: RenewalReport = { renewed: 0, declined: 0, ended: 0 };
  // Renewals a crash left pending: the provider knows whether they were charged.
  const pending = await deps.db
    .select()
    .from(vipPayments)
    .where(eq(vipPayments.status, "pending"))
    .limit(BATCH);
  for (const payment of pending) {
    if (payment.kind === "renewal") await settled(deps, payment, report, now);
  }

  for (const row of await membershipsDueForRenewal(deps.db, now, BATCH)) {
    const period = renewalDue(toMembership(row)!, now);
    if (!period) continue;
    if (!row.renewalToken) {
      await stopRenewing(deps.db, row.customerId, now);
      report.ended += 1;
      continue;
    }
    const payment = await insertPayment(deps.db, {
      customerId: row.customerId,
      brandId: row.brandId,
      kind: "renewal",
      periodStartsAt: period.startsAt,
      periodEndsAt: period.endsAt,
      amountMinor: VIP_SUBSCRIPTION_PRICE_MINOR,
      currency: currencyOf(row.brandId),
      status: "pending",
      createdAt: now,
      updatedAt: now,
    });
    // Another process is renewing this period, or has.
    if (!payment) continue;
    const outcome = await charge(deps.providers.BRAINTREE, payment, {
      kind: "vaulted",
      token: row.renewalToken,
    });
    await settleVipPayment(deps.db, payment, outcome, now);
    if (outcome.status === "declined") {
      await stopRenewing(deps.db, row.customerId, now);
      report.declined += 1;
    } else report.renewed += 1;
  }
  return report;
}

/** Emails each renewing member once, in the reminder window before their year ends. */
export async function remindRenewals(db: Db, now: Date): Promise<number> {
  const until = new Date(now.getTime() + VIP_RENEWAL_REMINDER_DAYS * DAY_MS);
  let sent = 0;
  for (const { membership, email, firstName } of await membershipsToRemind(db, now, until, BATCH)) {
    const brand = BRANDS[membership.brandId as BrandId];
    const wrote = await db.transaction(async (tx) => {
      if (!(await claimReminder(tx, membership.customerId, membership.endsAt))) return false;
      await enqueueEmail(tx, {
        ...renewalReminderEmail(brand, firstName, {
          endsAt: membership.endsAt,
          price: formatMoney(VIP_SUBSCRIPTION_PRICE_MINOR, brand.currency),
          manageLink: `${storefrontOrigin(brand)}/myaccount/vip-rewards`,
        }),
        to: email,
        brandId: brand.id,
        userId: membership.customerId,
        createdAt: now,
      });
      return true;
    });
    if (wrote) sent += 1;
  }
  return sent;
}
