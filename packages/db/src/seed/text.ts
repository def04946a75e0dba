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
  "Aisling",
  "Kwame",
  "Sophie",
  "Rory",
  "Mei",
  "Jack",
  "Amelia",
  "Darragh",
  "Isla",
  "Harry",
  "Leah",
  "Oisín",
  "Yusuf",
  "Megan",
  "Rhys",
  "Ella",
  "Patrick",
  "Anika",
  "Callum",
  "Siobhán",
];

export function authorName(random: Random): string {
  return `${random.pick(FIRST_NAMES)} ${random.pick([..."ABCDEFGHJKLMNOPRSTW"])}.`;
}

type Band = "good" | "fair" | "poor";
/** What was reviewed: a visit (a voucher), something posted (a product) or a stay. */
export type ReviewKind = "voucher" | "product" | "travel";

const REVIEW_TITLES: Record<Band, readonly string[]> = {
  good: [
    "Would definitely go again",
    "Fantastic value",
    "A real treat",
    "Highly recommend",
    "Brilliant",
    "Exceeded expectations",
    "Lovely experience",
    "Great deal",
    "So glad we bought this",
    "Perfect birthday present",
    "Spot on",
    "Five stars from me",
  ],
  fair: ["Good but busy", "Decent value", "Okay overall", "Fine for the price", "Mixed feelings", "Not bad"],
  poor: ["Not for us", "Disappointing", "Wouldn't buy again", "Expected more", "Hard work to book"],
};

/** The first sentence, which carries the verdict. */
const REVIEW_OPENINGS: Record<ReviewKind, Record<Band, readonly string[]>> = {
  voucher: {
    good: [
      "Lovely staff and everything was exactly as described.",
      "Booking was easy and we had a brilliant time.",
      "Everything was spotless and the team at {merchant} went out of their way to help.",
      "Better than expected: friendly, professional and well organised.",
      "Used this for my mum's birthday and she loved every minute.",
      "Second time buying this deal and it was just as good.",
      "Really good value compared with the normal price.",
      "We were made to feel very welcome from the moment we arrived.",
    ],
    fair: [
      "Nice experience overall, though it was busier than we hoped.",
      "Does what it says. Booking took a couple of tries but {merchant} sorted it out.",
      "Good value, but the earliest date we could get was five weeks away.",
      "Pleasant enough, if a little rushed at the end.",
    ],
    poor: [
      "Took a long time to get a booking and it felt rushed on the day.",
      "Not quite as described. {merchant} did reply to our complaint, though.",
      "Phoned three times before anyone answered to take the booking.",
      "The voucher was fine but the experience itself felt tired.",
    ],
  },
  product: {
    good: [
      "Arrived quickly and well packaged.",
      "Exactly as pictured and the quality is better than I expected.",
      "Bought two, one as a present, and both are great.",
      "Does the job perfectly for the price.",
      "Delivery was a day earlier than promised.",
      "Really pleased with this, it feels well made.",
    ],
    fair: [
      "Took nearly two weeks to arrive, but it's fine now it's here.",
      "Decent for the money, though the colour is a little different from the picture.",
      "It works, but the instructions could be clearer.",
    ],
    poor: [
      "Arrived with a scratch on the front and the replacement took a while.",
      "Smaller than I expected from the pictures.",
      "Delivery was late and tracking never updated.",
    ],
  },
  travel: {
    good: [
      "The room was spotless and the bed very comfortable.",
      "Fabulous location and breakfast was excellent.",
      "Staff at {merchant} couldn't do enough for us.",
      "A proper break: quiet, comfortable and great food.",
      "We booked this for our anniversary and it was perfect.",
    ],
    fair: [
      "Nice hotel, but our room overlooked the car park.",
      "Good value for the dates we wanted; dinner was the highlight.",
      "Comfortable stay, though the wifi kept dropping.",
    ],
    poor: [
      "The room was not the one pictured and it was noisy at night.",
      "Check-in took almost an hour.",
      "Breakfast was disappointing and the pool was closed.",
    ],
  },
};

/** Sentences that may follow the first, about anything a shopper mentions. */
const REVIEW_DETAILS: Record<ReviewKind, Record<Band, readonly string[]>> = {
  voucher: {
    good: [
      "Parking was easy and it's a short walk from the station.",
      "They even let us use the voucher on a Saturday.",
      "Already planning the next visit.",
      "Would recommend booking a couple of weeks ahead.",
      "The online booking took two minutes.",
      "Great value for money.",
    ],
    fair: [
      "Weekends book up quickly, so plan ahead.",
      "Worth it at this price, but I wouldn't pay full price.",
      "Staff were friendly enough.",
    ],
    poor: ["I won't be rushing back.", "Read the fine print before you buy."],
  },
  product: {
    good: [
      "Would buy from {merchant} again.",
      "Great value for money.",
      "It's been in daily use for a month now with no problems.",
      "Good instructions and easy to set up.",
    ],
    fair: ["Customer service answered my email the same day.", "Fine for occasional use."],
    poor: ["Customer service were polite but slow.", "I've asked for a refund."],
  },
  travel: {
    good: [
      "Lovely walks right from the door.",
      "We'll be back next year.",
      "The upgrade on arrival was a nice surprise.",
      "Great value for a last-minute break.",
    ],
    fair: ["Book the dinner early, it fills up.", "Fine for a night or two."],
    poor: ["Not worth it even at the deal price.", "We left a day early."],
  },
};

/** How many sentences a review runs to: often one or two, sometimes a short paragraph. */
const REVIEW_LENGTH_WEIGHTS = [30, 35, 22, 13];

/**
 * A review's title and body for its rating: `random` picks the opening sentence (one draw,
 * as it always has), `words` the title and how much more the reviewer wrote.
 */
export function reviewText(
  rating: number,
  merchant: string,
  kind: ReviewKind,
  random: Random,
  words: Random,
): { title: string; body: string } {
  const band: Band = rating >= 4 ? "good" : rating === 3 ? "fair" : "poor";
  const opening = random.pick(REVIEW_OPENINGS[kind][band]);
  const length = words.weighted([1, 2, 3, 4], (n) => REVIEW_LENGTH_WEIGHTS[n - 1]!);
  const more = words.sample(REVIEW_DETAILS[kind][band], length - 1);
  return {
    title: words.pick(REVIEW_TITLES[band]),
    body: fill([opening, ...more].join(" "), { merchant }),
  };
}
