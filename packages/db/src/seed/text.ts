/**
 * Words for the seed catalogue: template filling, slugs, descriptions, fine print and
 * reviews. Display text only; prices reach it already formatted.
 */
import type { Random } from "./random.ts";

/** Replaces {key} placeholders; an unknown key is a template mistake, so it throws. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`template "${template}" needs {${key}}`);
    return value;
  });
}

/** "a Off-Road experience" reads "an Off-Road experience" once a template is filled. */
export function fixArticles(text: string): string {
  return text.replace(/\b([Aa]) (?=[AEIOUaeiou])/g, "$1n ");
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** URL blurb: lower case words joined by hyphens ("spa-day-with-2-treatments-lunch"). */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export type Branch = "local" | "shop" | "travel" | "gifts";

const INTRODUCTIONS: Record<Branch, readonly string[]> = {
  local: [
    "A favourite with locals, {merchant} is known for friendly service and a relaxed atmosphere.",
    "{merchant} has built a loyal following in {place} with great reviews and a warm welcome.",
    "Set in the heart of {place}, {merchant} is easy to reach by public transport.",
    "Whether it is a treat for yourself or a surprise for someone special, {merchant} makes it easy.",
  ],
  shop: [
    "Delivered to your door by {merchant}, with tracking on every order.",
    "A best seller at {merchant}, chosen for quality and value.",
    "Stocked by {merchant} and backed by a 12-month warranty against manufacturing faults.",
  ],
  travel: [
    "{merchant} is a well-reviewed base for exploring {place}.",
    "Unwind at {merchant}, with {place} right on the doorstep.",
    "Rooms at {merchant} are comfortable and modern, and the staff know {place} inside out.",
  ],
  gifts: [
    "Made to order by {merchant} and dispatched in gift-ready packaging.",
    "A thoughtful present from {merchant}, perfect for birthdays and anniversaries.",
    "Chosen by {merchant} to make someone's day.",
  ],
};

/** Two or three sentences: what the deal is, who provides it, and how to choose. */
export function description(
  branch: Branch,
  random: Random,
  values: { detail: string; merchant: string; place: string; options: number },
): string {
  const where = values.place ? ` at ${values.merchant}, ${values.place}` : ` from ${values.merchant}`;
  const sentences = [
    `${capitalise(values.detail)}${where}.`,
    fill(random.pick(INTRODUCTIONS[branch]), { merchant: values.merchant, place: values.place }),
  ];
  if (values.options > 1) sentences.push(`Choose from ${values.options} options at checkout.`);
  return sentences.join(" ");
}

const FINE_PRINT: Record<Branch, readonly string[]> = {
  local: [
    "Valid for 3 months from the date of purchase.",
    "Subject to availability; book in advance by phone or email quoting your voucher code.",
    "Max 2 vouchers per person; you may buy more as gifts.",
    "Not valid on bank holidays.",
    "24-hour cancellation policy or the voucher will be void.",
    "Must be 18 or over.",
  ],
  shop: [
    "Delivery within 5 to 10 working days.",
    "Returns accepted within 14 days of delivery.",
    "Not available for delivery to the Channel Islands.",
    "Colours may vary slightly from the pictures.",
    "Orders are dispatched by the merchant, not by us.",
  ],
  travel: [
    "Prices are per person based on two sharing.",
    "Subject to availability; book early for weekends and school holidays.",
    "Book within 14 days of purchase.",
    "Single supplement applies for solo travellers.",
    "Travel insurance is not included.",
  ],
  gifts: [
    "Personalised items cannot be returned unless faulty.",
    "Please allow up to 7 working days for personalisation and dispatch.",
    "Gift packaging included; no prices are shown inside.",
    "Experience vouchers are valid for 9 months.",
  ],
};

export function finePrint(branch: Branch, random: Random): string[] {
  return random.sample(FINE_PRINT[branch], random.int(3, 4));
}

const FIRST_NAMES = [
  "Sarah",
  "James",
  "Aoife",
  "Mohammed",
  "Emma",
  "Liam",
  "Priya",
  "Conor",
  "Chloe",
  "Daniel",
  "Niamh",
  "Oliver",
  "Fatima",
  "Sean",
  "Hannah",
  "Tom",
  "Grace",
  "Ciara",
  "Ben",
  "Zara",
];

export function authorName(random: Random): string {
  return `${random.pick(FIRST_NAMES)} ${random.pick([..."ABCDEFGHJKLMNOPRSTW"])}.`;
}

const REVIEW_TEXT: Record<"good" | "fair" | "poor", readonly (readonly [string, string])[]> = {
  good: [
    [
      "Would definitely go again",
      "Lovely staff and everything was exactly as described. Great value for money.",
    ],
    ["Fantastic value", "Booking was easy and we had a brilliant time. Already planning the next visit."],
    ["A real treat", "Everything was spotless and the team at {merchant} went out of their way to help."],
    ["Highly recommend", "Better than expected. Friendly, professional and well organised."],
  ],
  fair: [
    ["Good but busy", "Nice experience overall, though it was busier than we hoped."],
    ["Decent value", "Does what it says. Booking took a couple of tries but {merchant} sorted it out."],
  ],
  poor: [
    ["Not for us", "Took a long time to get a booking and it felt rushed on the day."],
    ["Disappointing", "Not quite as described. {merchant} did reply to our complaint, though."],
  ],
};

export function reviewText(
  rating: number,
  merchant: string,
  random: Random,
): { title: string; body: string } {
  const band = rating >= 4 ? "good" : rating === 3 ? "fair" : "poor";
  const [title, body] = random.pick(REVIEW_TEXT[band]);
  return { title, body: fill(body, { merchant }) };
}
