/**
 * The words of the storefront's own text pages: the discount codes page and the editorial
 * team ("meet the writers", product.md §2 "Screens"), written for each brand.
 */
import type { Brand } from "@deals/domain/brand";
import {
  EXIT_PROMO_CODE,
  MARKETING_CREDIT,
  REFERRAL_CREDIT_UP_TO_MINOR,
  REFERRAL_PENDING_DAYS,
  VIP_SUBSCRIPTION_PRICE_MINOR,
} from "@deals/domain/constants";
import { formatMoney } from "@deals/domain/money";
import { REFERRAL_CREDIT_PER_FRIEND_MINOR } from "@deals/domain/referral";
import type { ContentSection } from "../components/ContentPage.tsx";

export interface TextPage {
  title: string;
  description: string;
  sections: ContentSection[];
}

const section = (heading: string | null, ...paragraphs: string[]): ContentSection => ({
  heading,
  paragraphs,
});

export function discountCodesPage(brand: Brand): TextPage {
  const money = (minor: number) => formatMoney(minor, brand.currency, brand.locale);
  const perItem = money(MARKETING_CREDIT.maxPerItemMinor);
  return {
    title: "Discount codes",
    description: `${brand.name} discount codes and the other ways to pay less for the deals you love.`,
    sections: [
      section(
        "Today's code",
        `Enter ${EXIT_PROMO_CODE} at checkout for an extra 10% off eligible deals. One code per order; it cannot be exchanged for cash.`,
      ),
      section(
        "How to use a discount code",
        "Add your deal to the basket and go to checkout. Sign in (codes are tied to your account), type the code in the promo code box and press Apply: the discount shows in your order summary before you pay.",
        "If a code will not apply, the message beside the box says why: it may have expired, already been used, or not apply to the deals in your basket.",
      ),
      section(
        "Other ways to save",
        `VIP membership costs ${money(VIP_SUBSCRIPTION_PRICE_MINOR)} a year and brings VIP prices, VIP-only deals and rewards.`,
        `Wallet credit from refunds and offers pays for future orders; marketing credit covers up to 10% of an item, at most ${perItem}.`,
        `Refer a friend: you earn ${money(REFERRAL_CREDIT_PER_FRIEND_MINOR)} of credit for each friend who buys, once their first order is past its ${REFERRAL_PENDING_DAYS}-day refund window, up to ${money(REFERRAL_CREDIT_UP_TO_MINOR)} in all.`,
      ),
    ],
  };
}

/** Our writers: invented people with invented bylines. */
const WRITERS = [
  { name: "Hannah Okafor", role: "Editor", beat: "leads the team and has the final say on every guide" },
  { name: "Tom Reilly", role: "Travel writer", beat: "tests spa breaks, city breaks and beach holidays" },
  {
    name: "Priya Nair",
    role: "Food and drink writer",
    beat: "eats her way through afternoon teas and tasting menus",
  },
  {
    name: "Sam Whitfield",
    role: "Shopping writer",
    beat: "compares gadgets, homeware and gifts before they reach the shop",
  },
] as const;

export function editorialTeamPage(brand: Brand): TextPage {
  return {
    title: "Meet the writers",
    description: `The ${brand.name} editorial team: who writes our deal descriptions and guides, and how we choose deals.`,
    sections: [
      section(
        "How we write",
        `Every deal on ${brand.name} is checked by a writer before it goes live: we read the small print, confirm what is included and say plainly what you pay, fees included.`,
        "We are never paid for a good write-up, and a merchant cannot buy a place in our guides.",
      ),
      ...WRITERS.map((writer) =>
        section(`${writer.name}, ${writer.role}`, `${writer.name} ${writer.beat} for ${brand.name}.`),
      ),
      section("Get in touch", `Spotted a mistake or have a tip for us? Email ${brand.supportEmail}.`),
    ],
  };
}
