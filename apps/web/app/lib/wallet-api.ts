/**
 * The wallet calls of the API (services.md §7.4 /v1/user/wallet): balances per currency, the
 * history behind them, and redeeming a gift card into them.
 */
import type { GiftCardRedeemed } from "@deals/api/modules/gift-cards/schemas";
import type { WalletHistory } from "@deals/api/modules/wallet/schemas";
import type { Brand } from "@deals/domain/brand";
import type { WalletEntry } from "@deals/domain/wallet";
import type { AppLoadContext } from "react-router";
import { shopperCaller } from "./basket-api.ts";

export type { GiftCardRedeemed, WalletEntry, WalletHistory };

export function walletClient(context: AppLoadContext, brand: Brand, request: Request) {
  const call = shopperCaller(context.apiFetch, brand, request);
  return {
    balances: () => call<WalletEntry[]>("GET", "/v1/user/wallet"),
    history: (page: number, pageSize: number) =>
      call<WalletHistory>("GET", `/v1/user/wallet/history?page=${page}&pageSize=${pageSize}`),
    redeemGiftCard: (code: string) => call<GiftCardRedeemed>("POST", "/v1/gift-card/redeem", { code }),
  };
}
