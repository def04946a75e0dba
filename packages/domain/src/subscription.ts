/**
 * VIP membership and subscription rules (product.md §4 "Subscription state", §6 "VIP
 * member"): who may subscribe, which opt-in types are VIP ones, when VIP prices apply and
 * who may buy VIP-exclusive products.
 */

export const SUBSCRIPTION_STATES = ["ELIGIBLE", "ACTIVE", "RENEW", "NOT_CHECKED"] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

const SUBSCRIBABLE_STATES: readonly SubscriptionState[] = ["ELIGIBLE", "RENEW", "NOT_CHECKED"];

/** Subscribing is allowed when the user is set and the state is ELIGIBLE, RENEW or NOT_CHECKED. */
export function canSubscribe(user: unknown, state: unknown): boolean {
  return user !== undefined && user !== null && SUBSCRIBABLE_STATES.includes(state as SubscriptionState);
}

export const VIP_OPT_IN_MARKERS = ["VIP-SUB-FREE-TRIAL", "VIP-SUB-PAID-FLOW"] as const;

/** VIP opt-in types contain VIP-SUB-FREE-TRIAL or VIP-SUB-PAID-FLOW. */
export function isVipOptInType(type: unknown): boolean {
  return typeof type === "string" && VIP_OPT_IN_MARKERS.some((marker) => type.includes(marker));
}

/** The basket addon type of the one-year VIP membership (product.md §3 "Basket addon"). */
export const VIP_MEMBERSHIP_ADDON_TYPE = "VVE";

export interface BasketAddon {
  addonType: string;
  productId?: number;
  quantity?: number;
}

export function basketHasVipMembership(addons: readonly BasketAddon[] | undefined): boolean {
  return addons?.some((a) => a.addonType === VIP_MEMBERSHIP_ADDON_TYPE && (a.quantity ?? 1) > 0) ?? false;
}

/** VIP prices apply when VIP membership is in the basket or the customer is already VIP. */
export function vipPricesApply(
  basketAddons: readonly BasketAddon[] | undefined,
  customerIsVip: boolean,
): boolean {
  return customerIsVip || basketHasVipMembership(basketAddons);
}

export interface VipMember {
  vipUser: boolean;
  /** When the paid year ends; absent when the profile does not say. */
  membershipExpiresAt?: Date;
}

export function isVipMembershipActive(member: VipMember | undefined, now: Date): boolean {
  if (!member?.vipUser) return false;
  return member.membershipExpiresAt === undefined || now < member.membershipExpiresAt;
}

/**
 * vipExclusive products need an active membership; one only being bought in the same basket
 * does not count. Returns the basket lines that may not be bought.
 */
export function vipExclusiveLinesRefused<T extends { vipExclusive?: boolean }>(
  lines: readonly T[],
  membershipActive: boolean,
): T[] {
  return membershipActive ? [] : lines.filter((l) => l.vipExclusive === true);
}

/** How the profile stores VIP status (product.md §3 "User"). */
export function vipStatusLabel(isVip: boolean): "VIP" | "Non - VIP" {
  return isVip ? "VIP" : "Non - VIP";
}
