/** The invitation a customer sends a friend from /myaccount/refer-a-friend, through the outbox. */
import type { Brand } from "@deals/domain/brand";
import { compose, type EmailContent } from "../email/templates.ts";

export const REFERRAL_INVITATION_TEMPLATE = "referral-invitation";

export function referralInvitationEmail(brand: Brand, referrerFirstName: string, link: string): EmailContent {
  const who = referrerFirstName || "A friend";
  return compose(REFERRAL_INVITATION_TEMPLATE, brand, `${who} invited you to ${brand.name}`, "Hello,", [
    {
      text: `${who} thinks you'll like the local deals, shop deals and escapes on ${brand.name}, and invited you to join.`,
    },
    {
      text: "Join through this link to accept the invitation.",
      link: { label: `Join ${brand.name}`, href: link },
    },
    { text: "If you don't know who sent this, you can ignore this email." },
  ]);
}
