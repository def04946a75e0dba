import { dateTimeFormat } from "./intl-format.ts";

/** A date as the shopper reads it on their vouchers and orders: "15 June 2026", in UTC. */
export function longDate(iso: string, locale: string): string {
  return dateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(iso),
  );
}
