/** The wallet history as the customer reads it (/myaccount/wallet). */
import type { Db } from "@deals/db";
import { WALLET_ENTRY_LABELS } from "@deals/domain/wallet-ledger";
import { walletHistory } from "./queries.ts";
import type { WalletHistory } from "./schemas.ts";

export async function walletHistoryPage(
  db: Db,
  customerId: number,
  query: { page: number; pageSize: number },
): Promise<WalletHistory> {
  const { rows, total } = await walletHistory(db, customerId, {
    offset: query.page * query.pageSize,
    limit: query.pageSize,
  });
  return {
    entries: rows.map((row) => ({
      id: row.id,
      currency: row.currency,
      kind: row.kind,
      source: row.source,
      label: WALLET_ENTRY_LABELS[row.source],
      description: row.description,
      amount: row.amountMinor,
      orderId: row.orderId,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt?.toISOString() ?? null,
      expired: row.expiredAt !== null,
    })),
    count: total,
    page: query.page,
    pageSize: query.pageSize,
  };
}
