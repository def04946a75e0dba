/**
 * The words of the static pages (/page/{slug}, product.md §2 "Static pages") and the guides
 * (/guides/...), written for each brand: its name, support address, country and currency.
 * Brief, but what a shopper needs to know.
 */
import type { Brand } from "@deals/domain/brand";
import {
  BUY_CLOSED_DEAL_GRACE_DAYS,
  MARKETING_CREDIT,
  REFUND_CUTOFF_DAYS_BEFORE_EXPIRY,
  VIP_EXTRA_DISCOUNT_PERCENT,
  VIP_FREE_TRIAL_DAYS,
  VIP_RENEWAL_REMINDER_DAYS,
  VIP_SUBSCRIPTION_PRICE_MINOR,
} from "@deals/domain/constants";
import { formatMoney } from "@deals/domain/money";

export interface PageSection {
  heading: string | null;
  paragraphs: string[];
}

export interface PageContent {
  title: string;
  description: string;
  sections: PageSection[];
}

const section = (heading: string | null, ...paragraphs: string[]): PageSection => ({ heading, paragraphs });

function place(brand: Brand) {
  return brand.countryCode === "ie"
    ? {
        country: "Ireland",
        regulator: "the Data Protection Commission",
        law: "Irish and EU law",
        courts: "Ireland",
      }
    : {
        country: "the United Kingdom",
        regulator: "the Information Commissioner's Office",
        law: "the law of England and Wales",
        courts: "England and Wales",
      };
}

type Writer = (brand: Brand) => PageContent;

const privacy: Writer = (brand) => {
  const where = place(brand);
  return {
    title: "Privacy policy",
    description: `How ${brand.name} collects, uses and protects your personal data in ${where.country}.`,
    sections: [
      section(
        "Who we are",
        `${brand.name} runs this website for shoppers in ${where.country} and is the controller of the personal data you give us here. You can reach our privacy team at ${brand.supportEmail}.`,
      ),
      section(
        "What we collect and why",
        "We collect your name, email address, delivery and billing addresses, the orders you place and how you use the site. We use them to sell and deliver your vouchers and products, to run your account, to prevent fraud, and, where you agree, to email you deals.",
        "Card details are handled by our payment providers and never stored by us.",
      ),
      section(
        "Your rights",
        `You may ask for a copy of your data, have it corrected or deleted, object to its use for marketing, and move it to another service. You can delete your account from My Account at any time. If you are unhappy with how we handle your data you may complain to ${where.regulator}.`,
      ),
      section(
        "How long we keep it",
        "We keep order records for as long as tax and consumer law require, and other data only as long as your account is open or we need it for the purposes above.",
      ),
    ],
  };
};

const PAGES: Record<string, Writer> = {
  aboutus: (brand) => ({
    title: `About ${brand.name}`,
    description: `${brand.name} brings you the best local deals, shopping and getaways at a fraction of the price.`,
    sections: [
      section(
        null,
        `${brand.name} works with thousands of restaurants, spas, attractions, retailers and hotels across ${place(brand).country} to bring you offers of up to 80% off: things to do near you, products delivered to your door and breaks at home and abroad.`,
        "Every deal is checked by our team before it goes live, and our customer service team is here if anything goes wrong.",
      ),
    ],
  }),
  faqs: (brand) => ({
    title: "Frequently asked questions",
    description: `Answers to the questions ${brand.name} shoppers ask most.`,
    sections: [
      section(
        "How do I use my voucher?",
        "Find it in My Account under My Vouchers, then follow the redemption instructions on the voucher: most merchants ask you to book ahead and quote your voucher code.",
      ),
      section(
        "When will my product arrive?",
        "Delivery times are shown on each deal. Your order's status and tracking, where the courier offers it, are in My Vouchers.",
      ),
      section(
        "Can I get a refund?",
        `Contact us before your voucher is redeemed and more than ${REFUND_CUTOFF_DAYS_BEFORE_EXPIRY} days before it expires and we will help. Products can be returned within 14 days of delivery.`,
      ),
      section(
        "How do I contact you?",
        `Email ${brand.supportEmail} or use the Need help page; we answer most messages within one working day.`,
      ),
    ],
  }),
  privacypolicy: privacy,
  "privacypolicy-ie": privacy,
  termsofuse: (brand) => ({
    title: "Terms of use",
    description: `The terms that apply when you use the ${brand.name} website.`,
    sections: [
      section(
        null,
        `By using this website you agree to these terms. ${brand.name} may update them; the version on this page applies from the date it is published.`,
      ),
      section(
        "Your account",
        "Keep your password secret and tell us at once if you think someone else has used your account. You must be 18 or over to buy.",
      ),
      section(
        "Content",
        "Deal descriptions are written with our merchants. We take care that they are accurate, but the merchant is responsible for the service or product it provides.",
      ),
      section(
        "Law",
        `These terms are governed by ${place(brand).law} and disputes go to the courts of ${place(brand).courts}.`,
      ),
    ],
  }),
  "e-commerceterms": (brand) => ({
    title: "E-commerce terms",
    description: `The terms of sale for vouchers and products bought from ${brand.name}.`,
    sections: [
      section(
        "Prices",
        `Prices are in ${brand.currency === "GBP" ? "pounds sterling" : "euros"} and include VAT. Any admin fee and postage are shown with the price before you pay.`,
      ),
      section(
        "Vouchers",
        "A voucher is a prepaid right to the service described on the deal, provided by the merchant. Use it before it expires; its fine print lists any restrictions.",
      ),
      section(
        "Products",
        "Products are sold by the merchant named on the deal and delivered to the address you give. You may cancel within 14 days of delivery.",
      ),
      section(
        "Closed deals",
        `Some deals may still be bought for up to ${BUY_CLOSED_DEAL_GRACE_DAYS} days after they close; the deal page says so when they can.`,
      ),
    ],
  }),
  internetsafety: (brand) => ({
    title: "Internet safety",
    description: "How to shop safely online and spot messages that are not from us.",
    sections: [
      section(
        null,
        `${brand.name} will never ask for your password or full card number by email, text or phone. Our emails come only from our own domain.`,
      ),
      section(
        "Stay safe",
        "Use a strong password that you use nowhere else, keep your browser up to date, and check the address bar shows our site before you sign in.",
      ),
      section("Report it", `Forward anything suspicious that claims to be from us to ${brand.supportEmail}.`),
    ],
  }),
  takedown: (brand) => ({
    title: "Notice and takedown",
    description: "How to ask us to remove content that you believe is unlawful or infringes your rights.",
    sections: [
      section(
        null,
        `If you believe content on ${brand.name} infringes your rights, email ${brand.supportEmail} with the page address, the content concerned and why it should be removed. We review every notice and act promptly.`,
      ),
    ],
  }),
  productrecalls: (brand) => ({
    title: "Product recalls",
    description: "Safety notices for products sold on our site.",
    sections: [
      section(
        null,
        `When a merchant or manufacturer recalls a product sold on ${brand.name}, we list it here and email everyone who bought it.`,
        "There are no open recalls at the moment.",
      ),
    ],
  }),
  needhelp: (brand) => ({
    title: "Need help?",
    description: `Get help with an order, a voucher or your ${brand.name} account.`,
    sections: [
      section(
        "Orders and vouchers",
        "Most answers are in My Account: your vouchers, their status and tracking, and options to extend, refund or return.",
      ),
      section("Contact us", `Email ${brand.supportEmail}. VIP members' messages are answered first.`),
    ],
  }),
  giftcardterms: (brand) => ({
    title: "Gift card terms",
    description: `The terms of ${brand.name} gift cards.`,
    sections: [
      section(
        null,
        "A gift card adds credit to the wallet of the account that redeems it. It can be used towards any deal and is valid for 12 months from purchase.",
        "Gift cards cannot be exchanged for cash.",
      ),
    ],
  }),
  wallettermsofuse: (brand) => ({
    title: "Wallet terms of use",
    description: `How credit in your ${brand.name} wallet works.`,
    sections: [
      section(
        null,
        "Your wallet holds refundable credit (from refunds) and marketing credit (from promotions and referrals). Refundable credit can be used on any order or paid back to your card on request.",
      ),
      section(
        "Marketing credit",
        `Marketing credit may pay for up to ${MARKETING_CREDIT.maxShare * 100}% of each eligible item, at most ${formatMoney(MARKETING_CREDIT.maxPerItemMinor, brand.currency)} per item, and expires on the date shown in your wallet.`,
      ),
    ],
  }),
  "wallet-credit-more-info": () => ({
    title: "About wallet credit",
    description: "Where wallet credit comes from and how to spend it.",
    sections: [
      section(
        null,
        "Credit is added to your wallet when an order is refunded to it, when you redeem a gift card, and from promotions. At checkout, tick Use wallet credit to spend it.",
      ),
    ],
  }),
  "student-discount": (brand) => ({
    title: "Student discount",
    description: `Extra savings on ${brand.name} for students.`,
    sections: [
      section(
        null,
        "Verified students get an extra discount code by email each term. Sign up with your university or college email address, then verify it from the link we send.",
      ),
    ],
  }),
  "klarna-faqs": () => ({
    title: "Klarna FAQs",
    description: "Paying later or in instalments with Klarna.",
    sections: [
      section(
        "What is Klarna?",
        "Klarna lets you pay for your order later or split it into instalments. Choose Klarna at checkout; Klarna decides whether it can offer you credit.",
      ),
      section(
        "Who can use it?",
        "Klarna is offered on orders between 1 and 1000 in local currency. It is not offered for some kinds of deals, such as cosmetic treatments.",
      ),
      section(
        "Questions about a payment",
        "Contact Klarna through its app or website; for questions about your order, contact us.",
      ),
    ],
  }),
  "admin-fee": (brand) => ({
    title: "About the admin fee",
    description: "Why some deals carry an admin fee, and how much it is.",
    sections: [
      section(
        null,
        `Some deals carry a small admin fee per voucher, which covers processing and customer service. It is always shown with the price on the deal page and in your basket, before you pay, and it is included in what ${brand.name} shows as the full price.`,
      ),
    ],
  }),
  "vip-terms": (brand) => ({
    title: "VIP membership terms",
    description: `The terms of ${brand.name} VIP membership.`,
    sections: [
      section(
        null,
        `VIP membership costs ${formatMoney(VIP_SUBSCRIPTION_PRICE_MINOR, brand.currency)} a year. Members see VIP prices, can buy VIP-only deals, earn rewards and get priority customer service.`,
      ),
      section(
        "Price",
        `${formatMoney(VIP_SUBSCRIPTION_PRICE_MINOR, brand.currency)} for one year, charged when you join. There are no other fees. VIP prices apply where a deal offers them, usually ${VIP_EXTRA_DISCOUNT_PERCENT.min} to ${VIP_EXTRA_DISCOUNT_PERCENT.max} % below the price everyone else pays.`,
      ),
      section(
        "Renewal",
        `A paid year renews for another year at the same price, charged to the card you joined with, when it ends. We email you ${VIP_RENEWAL_REMINDER_DAYS} days before, with the date and the price. A year bought at checkout does not renew by itself.`,
      ),
      section(
        "Cancelling",
        "Cancel any time in one click from VIP rewards in your account. Renewal stops at once and your membership runs to the end of the year you paid for; nothing more is charged.",
      ),
      section(
        "Free trial",
        `The free trial lasts ${VIP_FREE_TRIAL_DAYS} days, once per customer. It costs nothing and never turns into a paid membership by itself. Cancelling it ends it at once.`,
      ),
    ],
  }),
  marketingdefinitions: () => ({
    title: "Marketing definitions",
    description: "What the words on our deals mean.",
    sections: [
      section(
        "Original price",
        "The price the merchant charged for the same product or service before the deal, or the price it is usually offered at.",
      ),
      section(
        "Lowest price in the last 30 days",
        "Beside any original price we show the lowest price the deal itself had in the 30 days before, so you can see the real saving.",
      ),
      section("Discount", "The saving against the original price, as a percentage, rounded down."),
    ],
  }),
  "uk-modern-slavery-act-transparency-statement": (brand) => ({
    title: "Modern slavery statement",
    description: `${brand.name}'s statement on slavery and human trafficking.`,
    sections: [
      section(
        null,
        `${brand.name} does not tolerate slavery or human trafficking in its business or its supply chains. We ask merchants that sell products through us to confirm that they comply with the Modern Slavery Act 2015, and we stop working with any that do not.`,
      ),
    ],
  }),
  "regulated-finance-complaints.html": (brand) => ({
    title: "Complaints about regulated finance",
    description: "How to complain about a pay-later or instalment product offered at our checkout.",
    sections: [
      section(
        null,
        `Pay-later products at our checkout are provided by their lenders. Complain to the lender first; if you are not satisfied you may refer your complaint to the ${brand.countryCode === "ie" ? "Financial Services and Pensions Ombudsman" : "Financial Ombudsman Service"}. For help with your order, contact ${brand.supportEmail}.`,
      ),
    ],
  }),
  "regulated-finance-disclosure.html": (brand) => ({
    title: "Regulated finance disclosure",
    description: "Our role in the pay-later products offered at our checkout.",
    sections: [
      section(
        null,
        `${brand.name} is not a lender. We introduce you to the providers of pay-later and instalment products at our checkout; credit is subject to status and the lender's terms.`,
      ),
    ],
  }),
  businessfaq: (brand) => ({
    title: "Become a merchant",
    description: `Reach new customers by running a deal with ${brand.name}.`,
    sections: [
      section(
        "How it works",
        `You set the offer and how many you can sell; we write the deal, promote it to our subscribers and pay you for every voucher sold. There is no upfront cost.`,
      ),
      section(
        "Get in touch",
        `Email ${brand.supportEmail} with your business name, location and what you would like to offer, and a member of our merchant team will call you.`,
      ),
    ],
  }),
};

export function staticPageContent(slug: string, brand: Brand): PageContent | undefined {
  return PAGES[slug]?.(brand);
}

export const GUIDE_SLUGS = [
  "hub",
  "holiday-deals",
  "black-friday-deals",
  "wowcher-affiliates",
  "press-resources",
] as const;
export type GuideSlug = (typeof GUIDE_SLUGS)[number];

export interface GuideContent extends PageContent {
  /** The listing the guide shows deals from, as an API path, or null. */
  dealsFeed: string | null;
}

const GUIDES: Record<GuideSlug, (brand: Brand) => GuideContent> = {
  hub: (brand) => ({
    title: `${brand.name} guides`,
    description: "Our guides to the best deals of the season, and information for partners and the press.",
    sections: [
      section(
        null,
        "Holiday deals, Black Friday, our affiliate programme and press resources: start with the guide you need.",
      ),
    ],
    dealsFeed: null,
  }),
  "holiday-deals": (brand) => ({
    title: "Holiday deals guide",
    description: "Breaks at home and abroad at the best prices, chosen by our travel team.",
    sections: [
      section(
        null,
        `Our travel team picks the best-value stays in ${place(brand).country} and abroad, with up to 50% off. Prices are per person and include the stays shown; check each deal for dates.`,
      ),
    ],
    dealsFeed: "/v1/deals/travel",
  }),
  "black-friday-deals": (brand) => ({
    title: "Black Friday deals guide",
    description: "Our biggest discounts of the year, all in one place.",
    sections: [
      section(
        null,
        "Every deal in this guide is at least 60% off. Discounts are against the original price, and we show the lowest price of the last 30 days beside it.",
      ),
    ],
    dealsFeed: `/v1/deals/${brand.defaultLocation}/special/black-friday`,
  }),
  "wowcher-affiliates": (brand) => ({
    title: `The ${brand.name} affiliate programme`,
    description: `Earn commission by sharing ${brand.name} deals with your audience.`,
    sections: [
      section(
        null,
        `Publishers, bloggers and cashback sites earn commission on every sale they send to ${brand.name}. Join through our affiliate network and get product feeds, banners and exclusive codes.`,
      ),
      section("Contact", `Email ${brand.supportEmail} with your site and audience to apply.`),
    ],
    dealsFeed: null,
  }),
  "press-resources": (brand) => ({
    title: "Press resources",
    description: `News, facts and contacts for journalists writing about ${brand.name}.`,
    sections: [
      section(
        null,
        `For interviews, figures and images, email ${brand.supportEmail} with "Press" in the subject; we reply within one working day.`,
      ),
    ],
    dealsFeed: null,
  }),
};

export function guideContent(slug: string, brand: Brand): GuideContent | undefined {
  return (GUIDE_SLUGS as readonly string[]).includes(slug) ? GUIDES[slug as GuideSlug](brand) : undefined;
}
