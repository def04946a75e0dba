/** The VIP renewal reminder: when the year renews, for how much, and the one-click cancel. */
import type { Brand } from "@deals/domain/brand";
import { longDate } from "@deals/domain/long-date";
import { compose, hello } from "../email/templates.ts";

export const VIP_RENEWAL_REMINDER_TEMPLATE = "vip-renewal-reminder";

export function renewalReminderEmail(
  brand: Brand,
  firstName: string,
  renewal: { endsAt: Date; price: string; manageLink: string },
) {
  const date = longDate(renewal.endsAt.toISOString(), brand.locale);
  return compose(
    VIP_RENEWAL_REMINDER_TEMPLATE,
    brand,
    `Your ${brand.name} VIP membership renews on ${date}`,
    hello(firstName),
    [
      {
        text: `Your VIP membership renews on ${date} for ${renewal.price} a year, charged to the card you paid with.`,
        link: { label: "Manage or cancel your VIP membership", href: renewal.manageLink },
      },
      { text: "Cancelling is one click and stops the renewal; your membership runs to its end date." },
    ],
  );
}
