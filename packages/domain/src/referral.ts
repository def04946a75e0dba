/**
 * Refer a friend (product.md §4 "Referral", §6 "Registered customer"): each customer has a
 * personal code and link; a friend who joins through it and pays for a first order makes a
 * pending referral, credited to the referrer's wallet once the 14-day refund window has
 * passed, or cancelled if the friend is refunded first. Existing customers cannot be referred.
 */
import { REFERRAL_CREDIT_UP_TO_MINOR, REFERRAL_PENDING_DAYS } from "./constants.ts";

/**
 * What the referrer earns for each friend's first order, in minor units of their currency
 * (ours: the spec only says "up to £200 each", REFERRAL_CREDIT_UP_TO_MINOR, which caps the
 * total a referrer can earn).
 */
export const REFERRAL_CREDIT_PER_FRIEND_MINOR = 1_000;

/** Email invitations a customer may send in a day (ours: enough for friends, too few for spam). */
export const REFERRAL_INVITES_PER_DAY = 10;

/**
 * invited: emailed an invitation, not joined yet; joined: registered through the link, no paid
 * order yet; pending: first order paid, credit due after the refund window; credited: the
 * referrer's wallet was credited; cancelled: the friend was refunded within the window.
 */
export const REFERRAL_STATUSES = ["invited", "joined", "pending", "credited", "cancelled"] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

export const REFERRAL_MESSAGES = {
  existingCustomer: "Existing customers cannot be referred.",
  ownCode: "You cannot use your own referral link.",
  alreadyReferred: "You have already joined through a friend's referral link.",
  unknownCode: "This referral link is not valid.",
  tooManyInvites: `You can invite up to ${REFERRAL_INVITES_PER_DAY} friends a day. Please try again tomorrow.`,
} as const;

const DAY_MS = 86_400_000;

/** The credit is due once the friend's order is past its 14-day refund window. */
export function referralCreditDueAt(friendPaidAt: Date): Date {
  return new Date(friendPaidAt.getTime() + REFERRAL_PENDING_DAYS * DAY_MS);
}

/** Whether a pending referral may be credited now: due, and the friend not refunded. */
export function referralCreditable(
  referral: { status: ReferralStatus; creditDueAt: Date | null; friendRefunded: boolean },
  now: Date,
): boolean {
  return (
    referral.status === "pending" &&
    !referral.friendRefunded &&
    referral.creditDueAt !== null &&
    now.getTime() >= referral.creditDueAt.getTime()
  );
}

/** The credit for one more friend, given what the referrer has been credited so far: never past the cap. */
export function referralCreditMinor(creditedSoFarMinor: number): number {
  return Math.max(
    0,
    Math.min(REFERRAL_CREDIT_PER_FRIEND_MINOR, REFERRAL_CREDIT_UP_TO_MINOR - creditedSoFarMinor),
  );
}

/** Why this customer cannot join through this referrer's link, or null when they can. */
export function referralRefusal(friend: {
  isReferrer: boolean;
  hasPaidOrder: boolean;
  alreadyReferred: boolean;
}): string | null {
  if (friend.isReferrer) return REFERRAL_MESSAGES.ownCode;
  if (friend.alreadyReferred) return REFERRAL_MESSAGES.alreadyReferred;
  if (friend.hasPaidOrder) return REFERRAL_MESSAGES.existingCustomer;
  return null;
}

/** Codes use capitals and digits without the look-alikes 0, O, 1 and I. */
export const REFERRAL_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const REFERRAL_CODE_LENGTH = 8;
const CODE_PATTERN = new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{${REFERRAL_CODE_LENGTH}}$`);

/** A code as typed or linked (any case, spaces around) in its stored form, or null when it cannot be one. */
export function normaliseReferralCode(text: string): string | null {
  const code = text.trim().toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}

/** A code from random bytes (one letter per byte; the alphabet's 32 letters divide 256 evenly). */
export function referralCodeFrom(bytes: Uint8Array): string {
  if (bytes.length < REFERRAL_CODE_LENGTH) throw new RangeError("Not enough random bytes for a code");
  return Array.from(bytes.slice(0, REFERRAL_CODE_LENGTH), (b) => REFERRAL_CODE_ALPHABET[b % 32]).join("");
}

/** The path of a customer's referral link on their site. */
export function referralLinkPath(code: string): string {
  return `/raf/${code}`;
}

export interface ReferralStats {
  /** Invited or joined, no paid order yet. */
  invited: number;
  pending: number;
  credited: number;
  cancelled: number;
}

export function referralStats(statuses: readonly ReferralStatus[]): ReferralStats {
  const count = (...wanted: ReferralStatus[]) => statuses.filter((s) => wanted.includes(s)).length;
  return {
    invited: count("invited", "joined"),
    pending: count("pending"),
    credited: count("credited"),
    cancelled: count("cancelled"),
  };
}

/** How a referral's status reads on the refer-a-friend page. */
export const REFERRAL_STATUS_LABELS: Record<ReferralStatus, string> = {
  invited: "Invited",
  joined: "Joined, no purchase yet",
  pending: `Pending: credit due after the ${REFERRAL_PENDING_DAYS}-day refund window`,
  credited: "Credited",
  cancelled: "Cancelled: friend refunded",
};
