/**
 * Listings chosen by a rule rather than by a place in the category tree (product.md §2
 * "Page types", "Routes", "Gift finder"): VIP deals, the wellness collection, early bird,
 * the special pages, and the search tags the gift finder uses. Category short names match
 * at any level of the tree, so "city-breaks" means every travel region's city breaks.
 */
import { GIFT_PERSONALITIES, GIFT_RECIPIENTS, giftFinderSearchTag } from "@deals/domain/gift-finder";

export interface CollectionRule {
  /** Deals in any category, subcategory or sub-subcategory with one of these short names. */
  categoryShortNames?: readonly string[];
  /** Deals with a VIP price, or for VIP members only. */
  vip?: boolean;
  earlyBird?: boolean;
  minDiscountPercent?: number;
}

export interface Collection {
  slug: string;
  title: string;
  description: string;
  rule: CollectionRule;
}

/** /deals/vip (product.md §2: a vip segment in second position). */
export const VIP_COLLECTION: Collection = {
  slug: "vip",
  title: "VIP deals",
  description: "Extra savings for VIP members: VIP prices and deals only members can buy.",
  rule: { vip: true },
};

/** /deals/wellness-collection: its own page type and theme (product.md §2 "Themes"). */
export const WELLNESS_COLLECTION: Collection = {
  slug: "wellness-collection",
  title: "The Wellness Collection",
  description: "Spa days, massages, fitness and spa breaks to help you unwind and feel good.",
  rule: {
    categoryShortNames: [
      "spa-days",
      "massages",
      "facials",
      "gym-and-fitness",
      "yoga-and-pilates",
      "health-checks",
      "spa-breaks",
    ],
  },
};

/** /early-bird: deals flagged early bird (product.md §3 "display flags"). */
export const EARLY_BIRD_COLLECTION: Collection = {
  slug: "early-bird",
  title: "Early bird deals",
  description: "Be first in line: new deals at their launch prices before everyone else.",
  rule: { earlyBird: true },
};

/** The special pages, /deals/{location}/special/{slug} (product.md §2 "Page types"). */
export const SPECIAL_PAGES: readonly Collection[] = [
  {
    slug: "black-friday",
    title: "Black Friday deals",
    description: "Our biggest discounts: every deal here is at least 60% off.",
    rule: { minDiscountPercent: 60 },
  },
  {
    slug: "christmas",
    title: "Christmas gifts and treats",
    description: "Gifts for everyone on your list, festive afternoon teas and winter breaks.",
    rule: {
      categoryShortNames: [
        "gifts",
        "afternoon-tea",
        "spa-days",
        "theatre",
        "fragrances",
        "jewellery-and-watches",
        "city-breaks",
      ],
    },
  },
  {
    slug: "valentines",
    title: "Valentine's Day deals",
    description: "Dinners, spa days and breaks for two, and gifts for the one you love.",
    rule: {
      categoryShortNames: [
        "restaurants",
        "spa-days-for-two",
        "afternoon-tea",
        "cocktail-masterclasses",
        "gifts-for-her",
        "gifts-for-him",
        "spa-breaks",
        "city-breaks",
      ],
    },
  },
];

/**
 * What each gift-finder search tag (gifts-for-{recipient or personality}) lists. Every
 * recipient and personality of the gift finder has an entry (checked by the tests).
 */
const TAG_CATEGORIES: Record<string, readonly string[]> = {
  mum: ["gifts-for-her", "afternoon-tea", "spa-days", "pamper-packages", "hampers", "personalised-gifts"],
  dad: ["gifts-for-him", "driving-experiences", "steakhouse", "drinks-and-cocktails", "hampers"],
  hubby: ["gifts-for-him", "driving-experiences", "restaurants", "gin-tasting", "adventure"],
  wifey: ["gifts-for-her", "spa-days-for-two", "afternoon-tea", "jewellery-and-watches", "fragrances"],
  "little-ones": ["gifts-for-kids", "toys-and-kids", "days-out", "attractions", "junior-driving"],
  teen: ["gaming", "escape-rooms", "adventure", "headphones-and-audio", "attractions"],
  grandparents: ["afternoon-tea", "theatre", "hampers", "personalised-gifts", "countryside-breaks"],
  bff: ["bottomless-brunch", "cocktail-masterclasses", "spa-days-for-two", "escape-rooms", "comedy"],
  colleague: ["hampers", "food-experiences", "classes-and-workshops", "gin-tasting", "personalised-gifts"],
  playful: ["escape-rooms", "comedy", "attractions", "days-out", "gaming"],
  indulgent: ["spa-days", "afternoon-tea", "hampers", "bottomless-brunch", "wine-tasting"],
  "insta-famous": [
    "afternoon-tea",
    "bottomless-brunch",
    "photography",
    "lashes-and-brows",
    "cocktail-masterclasses",
  ],
  geeky: ["gaming", "smart-home", "cameras", "laptops-and-tablets", "classes-and-workshops"],
  giggly: ["comedy", "bottomless-brunch", "escape-rooms", "theatre"],
  gorgeous: ["facials", "hair", "nails", "lashes-and-brows", "skincare", "fragrances"],
  active: ["gym-and-fitness", "yoga-and-pilates", "adventure", "sports-and-outdoors"],
  pampered: ["spa-days", "massages", "pamper-packages", "facials", "spa-breaks"],
  "jet-setter": ["international-travel", "city-breaks", "beach-holidays", "all-inclusive"],
  daredevil: ["driving-experiences", "flying-experiences", "adventure", "supercars", "off-road"],
};

/** Search tag → the category short names it lists. */
export const SEARCH_TAGS: ReadonlyMap<string, readonly string[]> = new Map(
  [...GIFT_RECIPIENTS, ...GIFT_PERSONALITIES].map((choice) => [
    giftFinderSearchTag(choice.slug),
    TAG_CATEGORIES[choice.slug] ?? [],
  ]),
);

export const GIFT_FINDER = {
  title: "Gift finder",
  description: "Find the perfect gift by who it's for, what they love and what you want to spend.",
} as const;
