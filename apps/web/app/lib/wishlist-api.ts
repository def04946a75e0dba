/**
 * The wishlist calls of the API (services.md §7.5). Like the accounts client, each call
 * forwards the browser's cookies (the session: a customer's list is theirs alone), its Origin
 * for the CSRF check and its Host.
 */
import type { Wishlist } from "@deals/api/modules/wishlist/schemas";
import type { Brand } from "@deals/domain/brand";
import { WISHLIST_PAGE_SIZE } from "@deals/domain/constants";
import type { ApiFetch } from "./context.ts";
import { forwardingCall } from "./forwarding-call.ts";

export type { Wishlist };
export type WishedDeal = Wishlist["deals"][number];

export function createWishlistClient(fetcher: ApiFetch, brand: Brand, request: Request) {
  const send = forwardingCall(fetcher, brand, request);
  const call = (method: string, path: string, body?: unknown) => send<Wishlist>(method, path, body);
  const list = (id: string) => `/v1/wishlist/${encodeURIComponent(id)}`;
  return {
    /** One page of the list (page 0, pageSize 50 as the wishlist page asks); pageSize 0: ids only. */
    get: (id: string, pageSize = WISHLIST_PAGE_SIZE) =>
      call("GET", `${list(id)}?page=0&pageSize=${pageSize}`),
    byCustomerToken: (customerToken: string) =>
      call("GET", `/v1/wishlist?customerToken=${encodeURIComponent(customerToken)}&page=0&pageSize=0`),
    create: (dealId: number) => call("POST", `/v1/wishlist/deal/${dealId}`),
    add: (id: string, dealId: number) => call("POST", `${list(id)}/deal/${dealId}`),
    remove: (id: string, dealId: number) => call("DELETE", `${list(id)}/deal/${dealId}`),
    removeAll: (id: string) => call("DELETE", `${list(id)}/deal/all`),
    /** Merges the guest list into the signed-in customer's (services.md §7.5 PATCH). */
    merge: (id: string, customerToken: string) =>
      call("PATCH", list(id), { op: "merge", path: "/customerToken", value: customerToken }),
  };
}

export type WishlistClient = ReturnType<typeof createWishlistClient>;
