/** A calendar day as the brand's locale writes it ("15 June 2026"), from an ISO instant. */
export { longDate as formatDay } from "@deals/domain/long-date";
