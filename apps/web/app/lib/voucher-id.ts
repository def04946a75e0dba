import { notFound } from "./not-found.ts";

/** The voucher id of a /myaccount/vouchers/{id}/... address; anything else is the 404 page. */
export function voucherIdOf(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound();
  return id;
}
