/**
 * The signed-in shopper's dashboard (product.md §2 "dashboard", /insights): what they saved on
 * this site, their vouchers by group with the ones expiring soon, their wallet, club standing
 * and VIP membership. The rules are the domain's (savings.ts, voucher-groups.ts); the wallet,
 * club and VIP figures are the same as their own pages show.
 */
import type { Db } from "@deals/db";
import type { Brand } from "@deals/domain/brand";
import { savingsOf } from "@deals/domain/savings";
import type { VoucherStatus } from "@deals/domain/voucher";
import { countByGroup, daysLeft, EXPIRING_SOON_DAYS, expiresSoon } from "@deals/domain/voucher-groups";
import { walletForCurrency } from "@deals/domain/wallet";
import type { Customer } from "../accounts/auth.ts";
import { loyaltyStatus } from "../loyalty/service.ts";
import { vipStatus } from "../vip/service.ts";
import { walletOf } from "../wallet/queries.ts";
import { paidOrderCount, purchasedLines, vouchersOf } from "./queries.ts";
import type { Insights } from "./schemas.ts";

export async function insightsOf(db: Db, brand: Brand, customer: Customer, now: Date): Promise<Insights> {
  // The club credits paid orders' points in a transaction of its own, before the reads.
  const loyalty = await loyaltyStatus({ db, brand, customer, now });
  const [lines, orders, voucherRows, wallet, vip] = await Promise.all([
    purchasedLines(db, customer.id, brand.id),
    paidOrderCount(db, customer.id, brand.id),
    vouchersOf(db, customer.id, brand.id),
    walletOf(db, customer.id),
    vipStatus(db, brand, customer.id, now),
  ]);
  const states = voucherRows.map((row) => ({ ...row, status: row.status as VoucherStatus }));
  const balance = walletForCurrency(wallet, brand.currency);
  return {
    currency: brand.currency,
    savings: { ...savingsOf(lines), orders },
    vouchers: {
      groups: countByGroup(states, now),
      expiringSoonDays: EXPIRING_SOON_DAYS,
      expiringSoon: states
        .filter((voucher) => expiresSoon(voucher, now))
        .sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime() || a.id - b.id)
        .map((voucher) => ({
          id: voucher.id,
          title: voucher.title,
          dealHeadline: voucher.dealHeadline,
          merchantName: voucher.merchantName,
          expiresAt: voucher.expiresAt.toISOString(),
          daysLeft: daysLeft(voucher.expiresAt, now),
        })),
    },
    wallet: {
      balanceMinor: balance?.balance ?? 0,
      marketingMinor: balance?.marketingBalance ?? 0,
      refundableMinor: balance?.refundableBalance ?? 0,
    },
    loyalty: {
      currentLevel: loyalty.currentLevel,
      currentPoints: loyalty.currentPoints,
      currentPointsWorth: loyalty.currentPointsWorth,
      nextLevel: loyalty.nextLevel?.name ?? null,
      pointsToNextLevel: loyalty.pointsToNextLevel,
    },
    vip: { vipUser: vip.vipUser, endsAt: vip.endsAt, savedMinor: vip.rewards.savedMinor },
  };
}
