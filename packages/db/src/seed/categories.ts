/**
 * The category tree the header navigation implies (product.md §2 "Header navigation"):
 * local categories, the shop (national), escapes (travel) and gifts, each with
 * subcategories and some sub-subcategories. Ids are stable: the spec names the travel
 * subcategories 487 and 727 and the payment guards name subcategories 14, 17, 197, 200, 218,
 * 386, 398, 585, 586 and 711 (product.md §5 "Cart guards"); every other id is from 1000 up.
 *
 * Each subcategory carries offer templates the seed turns into deals. Placeholders:
 * {subsub} (the sub-subcategory's label), {destination} (travel), {symbol} (£ or €).
 */
import type { CountryCode } from "@deals/domain/brand";
import type { CanonicalPathType } from "../schema/catalogue.ts";
import {
  counted,
  forPeople,
  nights,
  type OfferGrid,
  type ProductOption,
  packs,
  variants,
} from "./options.ts";

export const UK_TRAVEL_CATEGORY_ID = 487;
export const INTERNATIONAL_TRAVEL_CATEGORY_ID = 727;
export const IRELAND_TRAVEL_CATEGORY_ID = 3020;

export interface Offer {
  /** Short, title-cased: "Two-Course Dining & Prosecco for 2". */
  headline: string;
  /** Lower-case phrase for titles and descriptions: "two-course dining with Prosecco". */
  detail: string;
  options: readonly ProductOption[];
  /** Original price of the first option, in major units of pounds (euros are dearer). */
  price: readonly [min: number, max: number];
  /** Sold in sizes and colours: many of its deals show their options as a grid. */
  grid?: OfferGrid;
}

/** Sizes down the side, colours across the top. */
const sizesInColours = (colours: readonly string[]): OfferGrid => ({
  rowHeader: "Size",
  columnHeader: "Colour",
  columns: variants(colours),
});

/** Words for merchant names: a first part and a second part ("Saffron" + "Kitchen"). */
export type MerchantWords = readonly [first: readonly string[], second: readonly string[]];

export interface CategoryNode {
  id: number;
  shortName: string;
  name: string;
  /** The name as it reads inside a headline ("Supercar" for "Supercars"); default: name. */
  label?: string;
  /** Only on this country's sites (Ireland Travel, UK Travel). */
  countryCode?: CountryCode;
  /** Vouchers for an experience rather than posted goods (gift experiences). */
  dealType?: "voucher" | "product";
  merchants?: MerchantWords;
  offers?: readonly Offer[];
  children?: readonly CategoryNode[];
}

export interface CategoryRoot extends CategoryNode {
  canonicalPathType: CanonicalPathType;
  merchants: MerchantWords;
}

const people2 = (label: string) => forPeople(label, [2, 4, 6]);

const FOOD_AND_DRINK: CategoryRoot = {
  id: 1000,
  shortName: "food-and-drink",
  name: "Food & Drink",
  canonicalPathType: "local",
  merchants: [
    [
      "Olive",
      "Saffron",
      "Copper",
      "Juniper",
      "Golden Fig",
      "Salt",
      "Rosemary",
      "Ember",
      "Harvest",
      "Blue Door",
    ],
    ["Kitchen", "Grill", "Bistro", "Tavern", "Dining Rooms", "Social", "Brasserie", "Cantina"],
  ],
  children: [
    {
      id: 1001,
      shortName: "restaurants",
      name: "Restaurants",
      offers: [
        {
          headline: "Three-Course {subsub} Meal & a Drink for 2",
          detail: "a three-course {subsub} meal with a drink each",
          options: forPeople("Meal", [2, 4, 6]),
          price: [45, 95],
        },
        {
          headline: "{subsub} Sharing Platter & Cocktails for 2",
          detail: "a {subsub} sharing platter with a cocktail each",
          options: forPeople("Platter", [2, 4]),
          price: [35, 70],
        },
        {
          headline: "Two-Course {subsub} Dining & Prosecco for 2",
          detail: "two-course {subsub} dining with a glass of Prosecco each",
          options: forPeople("Dinner", [2, 4, 6, 8]),
          price: [40, 90],
        },
      ],
      children: [
        { id: 1002, shortName: "italian", name: "Italian" },
        { id: 1003, shortName: "steakhouse", name: "Steakhouse" },
        { id: 1004, shortName: "indian", name: "Indian" },
        { id: 1005, shortName: "asian", name: "Asian" },
        { id: 1006, shortName: "burgers-and-grills", name: "Burgers & Grills", label: "Grill House" },
      ],
    },
    {
      id: 1010,
      shortName: "afternoon-tea",
      name: "Afternoon Tea",
      offers: [
        {
          headline: "Afternoon Tea with Prosecco for 2",
          detail: "afternoon tea with a glass of Prosecco each",
          options: [
            ...forPeople("Afternoon Tea", [2, 4]),
            ...variants(["Afternoon Tea for 2 with Champagne"], 0),
          ],
          price: [40, 80],
        },
        {
          headline: "Gin Afternoon Tea for 2",
          detail: "a gin afternoon tea with a G&T each",
          options: forPeople("Gin Afternoon Tea", [2, 4, 6]),
          price: [45, 85],
        },
      ],
    },
    {
      id: 1011,
      shortName: "bottomless-brunch",
      name: "Bottomless Brunch",
      offers: [
        {
          headline: "90-Minute Bottomless Brunch for 2",
          detail: "a brunch dish each with 90 minutes of bottomless Prosecco, beer or mimosas",
          options: people2("Bottomless Brunch"),
          price: [60, 110],
        },
      ],
    },
    {
      id: 1012,
      shortName: "drinks-and-cocktails",
      name: "Drinks & Cocktails",
      offers: [
        {
          headline: "{subsub} for 2 with Nibbles",
          detail: "a {subsub} session with sharing nibbles",
          options: forPeople("Session", [2, 4, 6]),
          price: [50, 100],
        },
      ],
      children: [
        {
          id: 1013,
          shortName: "cocktail-masterclasses",
          name: "Cocktail Masterclasses",
          label: "Cocktail Masterclass",
        },
        { id: 1014, shortName: "gin-tasting", name: "Gin Tasting" },
        { id: 1016, shortName: "wine-tasting", name: "Wine Tasting" },
      ],
    },
    {
      id: 1015,
      shortName: "food-experiences",
      name: "Food Experiences",
      offers: [
        {
          headline: "Half-Day Cookery Class for 1 or 2",
          detail: "a half-day cookery class with lunch",
          options: forPeople("Cookery Class", [1, 2]),
          price: [70, 150],
        },
        {
          headline: "Street Food Tasting Tour for 2",
          detail: "a guided street food tasting tour",
          options: forPeople("Tour", [2, 4]),
          price: [50, 90],
        },
      ],
    },
  ],
};

const BEAUTY_AND_SPA: CategoryRoot = {
  id: 1100,
  shortName: "beauty-and-spa",
  name: "Beauty & Spa",
  canonicalPathType: "local",
  merchants: [
    ["Serenity", "Glow", "Bloom", "Lotus", "Pure", "Radiance", "Willow", "Halo", "Velvet", "Amber"],
    ["Spa", "Beauty Rooms", "Skin Clinic", "Wellness", "Salon", "Beauty Lounge"],
  ],
  children: [
    {
      id: 1101,
      shortName: "spa-days",
      name: "Spa Days",
      offers: [
        {
          headline: "Spa Day with 2 Treatments & Lunch",
          detail: "a spa day with two treatments, lunch and full use of the facilities",
          options: [...forPeople("Spa Day", [1, 2]), ...variants(["Spa Day for 2 with Prosecco"], 0)],
          price: [90, 200],
        },
        {
          headline: "{subsub}: Treatment, Afternoon Tea & Facilities",
          detail: "a 25-minute treatment, afternoon tea and full use of the spa facilities",
          options: forPeople("Pamper Day", [1, 2, 4]),
          price: [70, 160],
        },
      ],
      children: [
        { id: 1102, shortName: "spa-days-for-two", name: "Spa Days for Two", label: "Spa Day for Two" },
        { id: 1103, shortName: "pamper-packages", name: "Pamper Packages", label: "Pamper Package" },
      ],
    },
    {
      id: 1104,
      shortName: "massages",
      name: "Massages",
      offers: [
        {
          headline: "60-Minute Full-Body Massage",
          detail: "a 60-minute full-body massage",
          options: [...variants(["Swedish Massage", "Deep Tissue Massage", "Hot Stone Massage"], 0.1)],
          price: [50, 90],
        },
        {
          headline: "Couples' Massage with Bubbly",
          detail: "a side-by-side massage for two with a glass of bubbly each",
          options: variants(
            ["45-Minute Couples' Massage", "60-Minute Couples' Massage", "90-Minute Couples' Massage"],
            0.35,
          ),
          price: [90, 160],
        },
      ],
    },
    {
      id: 1105,
      shortName: "facials",
      name: "Facials",
      offers: [
        {
          headline: "Luxury Facial with Hand & Arm Massage",
          detail: "a luxury facial with a hand and arm massage",
          options: counted("Facial", [1, 2, 3]),
          price: [50, 95],
        },
        {
          headline: "HydraFacial-Style Deep Cleanse",
          detail: "a hydrating deep-cleanse facial",
          options: counted("Session", [1, 3]),
          price: [80, 150],
        },
      ],
    },
    {
      id: 1106,
      shortName: "hair",
      name: "Hair",
      offers: [
        {
          headline: "Cut, Blow-Dry & Conditioning Treatment",
          detail: "a wash, cut and blow-dry with a conditioning treatment",
          options: variants(
            ["Cut & Blow-Dry", "Cut, Blow-Dry & Half Head Highlights", "Cut, Blow-Dry & Full Head Colour"],
            0.6,
          ),
          price: [40, 75],
        },
      ],
    },
    {
      id: 1107,
      shortName: "nails",
      name: "Nails",
      offers: [
        {
          headline: "Gel Manicure, Pedicure or Both",
          detail: "a gel manicure, pedicure or both",
          options: variants(["Gel Manicure", "Gel Pedicure", "Gel Manicure & Pedicure"], 0.45),
          price: [25, 45],
        },
      ],
    },
    {
      id: 1108,
      shortName: "lashes-and-brows",
      name: "Lashes & Brows",
      offers: [
        {
          headline: "Lash Lift & Tint or Brow Lamination",
          detail: "a lash lift and tint or brow lamination",
          options: variants(["Lash Lift & Tint", "Brow Lamination", "Lash Lift & Brow Lamination"], 0.5),
          price: [40, 70],
        },
      ],
    },
    {
      id: 197,
      shortName: "laser-hair-removal",
      name: "Laser Hair Removal",
      offers: [
        {
          headline: "6 Sessions of Laser Hair Removal",
          detail: "six sessions of laser hair removal on a small, medium or large area",
          options: variants(
            [
              "6 Sessions: Small Area",
              "6 Sessions: Medium Area",
              "6 Sessions: Large Area",
              "6 Sessions: Full Body",
            ],
            0.7,
          ),
          price: [180, 400],
        },
      ],
    },
    {
      id: 200,
      shortName: "aesthetics",
      name: "Aesthetic Treatments",
      offers: [
        {
          headline: "Skin Peel or Microneedling Course",
          detail: "a course of skin peels or microneedling with a consultation",
          options: counted("Session", [1, 3, 6]),
          price: [90, 200],
        },
        {
          headline: "Dermal Filler Treatment with Consultation",
          detail: "a 1ml dermal filler treatment with a consultation",
          options: variants(["0.5ml Filler", "1ml Filler", "2ml Filler"], 0.6),
          price: [150, 300],
        },
      ],
    },
    {
      id: 218,
      shortName: "cosmetic-surgery",
      name: "Cosmetic Surgery",
      offers: [
        {
          headline: "Voucher Towards Cosmetic Surgery",
          detail: "a voucher towards a cosmetic surgery procedure with consultation",
          options: variants(["{symbol}500 Voucher", "{symbol}1,000 Voucher", "{symbol}2,000 Voucher"], 1),
          price: [600, 1200],
        },
      ],
    },
  ],
};

const HEALTH_AND_FITNESS: CategoryRoot = {
  id: 1200,
  shortName: "health-and-fitness",
  name: "Health & Fitness",
  canonicalPathType: "local",
  merchants: [
    ["Peak", "Core", "Vital", "Pulse", "Summit", "Balance", "Motion", "Elevate", "Fusion", "Kinetic"],
    ["Fitness", "Studio", "Health Club", "Performance", "Wellbeing Centre", "Gym"],
  ],
  children: [
    {
      id: 1201,
      shortName: "gym-and-fitness",
      name: "Gym & Fitness Classes",
      offers: [
        {
          headline: "{subsub}: 10 Classes or a Month Unlimited",
          detail: "{subsub} classes: ten classes or a month of unlimited sessions",
          options: variants(["5 Classes", "10 Classes", "1 Month Unlimited", "3 Months Unlimited"], 0.6),
          price: [40, 90],
        },
      ],
      children: [
        { id: 1202, shortName: "bootcamps", name: "Bootcamps", label: "Bootcamp" },
        { id: 1203, shortName: "boxing", name: "Boxing" },
        { id: 1209, shortName: "spin", name: "Spin Classes", label: "Spin" },
      ],
    },
    {
      id: 1204,
      shortName: "yoga-and-pilates",
      name: "Yoga & Pilates",
      offers: [
        {
          headline: "Yoga or Pilates: 5 or 10 Classes",
          detail: "yoga or Pilates classes",
          options: counted("Class", [5, 10, 20]),
          price: [45, 80],
        },
        {
          headline: "Reformer Pilates Class Pass",
          detail: "a reformer Pilates class pass",
          options: counted("Class", [3, 6, 10]),
          price: [50, 90],
        },
      ],
    },
    {
      id: 711,
      shortName: "teeth-whitening",
      name: "Teeth Whitening",
      merchants: [
        ["Bright Smile", "Pearl", "Gleam", "Smile Studio", "White Lotus", "Dazzle"],
        ["Dental", "Dental Clinic", "Smile Centre", "Cosmetic Dentistry"],
      ],
      offers: [
        {
          headline: "Laser Teeth Whitening with Consultation",
          detail: "a laser teeth whitening session with a consultation",
          options: variants(["1 Session", "2 Sessions", "1 Session with Home Kit"], 0.4),
          price: [150, 400],
        },
      ],
    },
    {
      id: 1205,
      shortName: "dental",
      name: "Dental Care",
      merchants: [
        ["Bright Smile", "Pearl", "Gleam", "Riverside", "Parkview", "Oakwood"],
        ["Dental", "Dental Clinic", "Dental Practice", "Smile Centre"],
      ],
      offers: [
        {
          headline: "Dental Check-Up, Scale & Polish",
          detail: "a dental check-up with X-rays, a scale and polish",
          options: variants(["Check-Up, Scale & Polish", "Check-Up, Scale & Polish with Air Polish"], 0.3),
          price: [80, 160],
        },
      ],
    },
    {
      id: 1206,
      shortName: "eye-care",
      name: "Eye Care",
      merchants: [
        ["Clear View", "Vision", "Focus", "Bright Eyes", "Iris", "Optica"],
        ["Opticians", "Eye Clinic", "Eyecare", "Optometrists"],
      ],
      offers: [
        {
          headline: "Eye Test & {symbol}150 Towards Glasses",
          detail: "an eye test with {symbol}150 towards a pair of glasses",
          options: variants(
            ["Eye Test & {symbol}150 Towards Glasses", "Eye Test & {symbol}250 Towards Glasses"],
            0.5,
          ),
          price: [150, 200],
        },
      ],
    },
    {
      id: 1207,
      shortName: "health-checks",
      name: "Health Checks",
      offers: [
        {
          headline: "Full Body MOT Health Check",
          detail: "a full-body health check with blood tests and a doctor's report",
          options: variants(["Essential Health Check", "Advanced Health Check", "Premium Health Check"], 0.5),
          price: [120, 300],
        },
      ],
    },
  ],
};

const ACTIVITIES: CategoryRoot = {
  id: 1300,
  shortName: "activities",
  name: "Activities",
  canonicalPathType: "local",
  merchants: [
    [
      "Adrenaline",
      "Skyline",
      "Trailblazer",
      "Highland",
      "Thunder",
      "Redline",
      "Wild Valley",
      "Lakeside",
      "Basecamp",
    ],
    ["Adventures", "Experiences", "Activity Centre", "Outdoors", "Action Park"],
  ],
  children: [
    {
      id: 1301,
      shortName: "driving-experiences",
      name: "Driving Experiences",
      offers: [
        {
          headline: "{subsub} Driving Experience: 3 to 9 Laps",
          detail: "a {subsub} driving experience with a safety briefing",
          options: variants(["3 Laps", "6 Laps", "9 Laps", "Choice of 2 Cars: 6 Laps"], 0.45),
          price: [60, 150],
        },
      ],
      children: [
        { id: 1302, shortName: "supercars", name: "Supercars", label: "Supercar" },
        { id: 1303, shortName: "off-road", name: "Off-Road", label: "Off-Road 4x4" },
        { id: 1310, shortName: "junior-driving", name: "Junior Driving", label: "Junior" },
      ],
    },
    {
      id: 1304,
      shortName: "adventure",
      name: "Adventure",
      offers: [
        {
          headline: "Zip Line & Treetop Adventure",
          detail: "a zip line and treetop adventure course",
          options: forPeople("Adventure", [1, 2, 4]),
          price: [35, 60],
        },
        {
          headline: "Paintball Day with 100 Balls",
          detail: "a full day of paintball with 100 balls each and lunch",
          options: forPeople("Paintball", [5, 10, 20]),
          price: [50, 100],
        },
      ],
    },
    {
      id: 1305,
      shortName: "flying-experiences",
      name: "Flying Experiences",
      offers: [
        {
          headline: "Flying Lesson: 30 or 60 Minutes",
          detail: "a flying lesson in a light aircraft with a qualified instructor",
          options: variants(["30-Minute Lesson", "60-Minute Lesson", "60-Minute Lesson with Passenger"], 0.7),
          price: [120, 250],
        },
      ],
    },
    {
      id: 1306,
      shortName: "classes-and-workshops",
      name: "Classes & Workshops",
      offers: [
        {
          headline: "Pottery Wheel Workshop for 1 or 2",
          detail: "a two-hour pottery wheel workshop",
          options: forPeople("Workshop", [1, 2]),
          price: [40, 80],
        },
        {
          headline: "Life Drawing or Painting Class with Wine",
          detail: "a relaxed painting class with a glass of wine",
          options: forPeople("Class", [1, 2, 4]),
          price: [30, 60],
        },
      ],
    },
    {
      id: 1307,
      shortName: "escape-rooms",
      name: "Escape Rooms",
      offers: [
        {
          headline: "60-Minute Escape Room for up to 6",
          detail: "a 60-minute escape room game",
          options: forPeople("Escape Room", [2, 4, 6]),
          price: [50, 110],
        },
      ],
    },
    {
      id: 1308,
      shortName: "days-out",
      name: "Days Out",
      offers: [
        {
          headline: "Family Day Out with Entry for 4",
          detail: "entry to a family adventure park",
          options: forPeople("Entry", [2, 4, 6]),
          price: [30, 70],
        },
      ],
    },
  ],
};

const ENTERTAINMENT: CategoryRoot = {
  id: 1400,
  shortName: "entertainment",
  name: "Entertainment",
  canonicalPathType: "local",
  merchants: [
    ["Grand", "Palace", "Laughing Owl", "Electric", "Royal", "Starlight", "Jubilee", "Lantern"],
    ["Theatre", "Comedy Club", "Playhouse", "Events", "Picture House", "Live"],
  ],
  children: [
    {
      id: 1401,
      shortName: "theatre",
      name: "Theatre & Shows",
      offers: [
        {
          headline: "Theatre Tickets with a Drink",
          detail: "tickets to a hit show with a drink each",
          options: forPeople("Tickets", [1, 2, 4]),
          price: [30, 80],
        },
      ],
    },
    {
      id: 1402,
      shortName: "comedy",
      name: "Comedy",
      offers: [
        {
          headline: "Comedy Night with Food & Drink for 2",
          detail: "a comedy night with a burger and a drink each",
          options: forPeople("Comedy Night", [2, 4]),
          price: [30, 60],
        },
      ],
    },
    {
      id: 1403,
      shortName: "attractions",
      name: "Attractions",
      offers: [
        {
          headline: "Aquarium or Zoo Entry for 2",
          detail: "entry to an aquarium or zoo",
          options: forPeople("Entry", [1, 2, 4]),
          price: [25, 60],
        },
      ],
    },
    {
      id: 1404,
      shortName: "events",
      name: "Events & Festivals",
      offers: [
        {
          headline: "Food & Music Festival Day Ticket",
          detail: "a day ticket to a food and music festival",
          options: variants(["Day Ticket", "Weekend Ticket", "VIP Day Ticket"], 0.6),
          price: [25, 60],
        },
      ],
    },
  ],
};

const SERVICES: CategoryRoot = {
  id: 1500,
  shortName: "services",
  name: "Services",
  canonicalPathType: "local",
  merchants: [
    ["Crystal", "Shine", "Snapshot", "Sparkle", "Prime", "Fresh Start", "Golden Hour"],
    ["Studio", "Services", "Co.", "Professionals"],
  ],
  children: [
    {
      id: 1501,
      shortName: "photography",
      name: "Photography",
      offers: [
        {
          headline: "Family Photoshoot with Prints",
          detail: "a studio photoshoot with framed prints",
          options: variants(
            ["Photoshoot & 1 Print", "Photoshoot & 3 Prints", "Photoshoot & All Digital Images"],
            0.5,
          ),
          price: [60, 150],
        },
      ],
    },
    {
      id: 1502,
      shortName: "car-care",
      name: "Car Care",
      offers: [
        {
          headline: "Full Car Valet Inside & Out",
          detail: "a full car valet inside and out",
          options: variants(["Small Car", "Medium Car", "Large Car or 4x4"], 0.2),
          price: [50, 110],
        },
      ],
    },
    {
      id: 1503,
      shortName: "cleaning",
      name: "Cleaning",
      offers: [
        {
          headline: "Carpet Cleaning: 2 Rooms or More",
          detail: "professional carpet cleaning",
          options: variants(["2 Rooms", "3 Rooms", "4 Rooms & Hallway"], 0.4),
          price: [60, 120],
        },
      ],
    },
  ],
};

const SHOP: CategoryRoot = {
  id: 2000,
  shortName: "shop",
  name: "Shop",
  canonicalPathType: "national",
  dealType: "product",
  merchants: [
    ["Gadget", "Home", "Style", "Tech", "Bright", "Urban", "Daily", "Smart", "Cosy", "Trend"],
    ["Hub", "Direct", "Outlet", "Store", "Warehouse", "Emporium"],
  ],
  children: [
    {
      id: 2001,
      shortName: "electronics",
      name: "Electronics",
      children: [
        {
          id: 2002,
          shortName: "headphones-and-audio",
          name: "Headphones & Audio",
          offers: [
            {
              headline: "Wireless Noise-Cancelling Headphones",
              detail: "a pair of wireless noise-cancelling headphones",
              options: variants(["Black", "White", "Navy", "Rose Gold"]),
              price: [60, 150],
            },
            {
              headline: "Waterproof Bluetooth Speaker",
              detail: "a waterproof Bluetooth speaker with 20 hours of play",
              options: variants(["Black", "Blue", "Red", "2 Speakers"], 0.2),
              price: [30, 70],
            },
          ],
        },
        {
          id: 2003,
          shortName: "smart-home",
          name: "Smart Home",
          offers: [
            {
              headline: "Smart LED Strip Lights",
              detail: "app-controlled smart LED strip lights",
              options: variants(["5m", "10m", "20m"], 0.6),
              price: [25, 50],
            },
            {
              headline: "Wi-Fi Video Doorbell",
              detail: "a Wi-Fi video doorbell with night vision",
              options: variants(["Doorbell", "Doorbell & Chime"], 0.25),
              price: [50, 100],
            },
          ],
        },
        {
          id: 2004,
          shortName: "cameras",
          name: "Cameras",
          offers: [
            {
              headline: "4K Action Camera with Accessories",
              detail: "a 4K action camera with a waterproof case and accessories",
              options: variants(["Camera", "Camera & 64GB Card", "Camera, Card & Spare Battery"], 0.2),
              price: [70, 140],
            },
          ],
        },
      ],
    },
    {
      id: 14,
      shortName: "mobile-phones",
      name: "Mobile Phones",
      offers: [
        {
          headline: "Refurbished 128GB Smartphone",
          detail: "a refurbished 128GB smartphone with a 12-month warranty",
          options: variants(["Graphite", "Silver", "Blue", "256GB Graphite"], 0.1),
          price: [250, 600],
        },
      ],
    },
    {
      id: 17,
      shortName: "laptops-and-tablets",
      name: "Laptops & Tablets",
      offers: [
        {
          headline: '10.1" Android Tablet with Case',
          detail: "a 10.1-inch Android tablet with a folio case",
          options: variants(["32GB", "64GB", "128GB"], 0.2),
          price: [120, 250],
        },
        {
          headline: 'Refurbished 14" Laptop',
          detail: "a refurbished 14-inch laptop with a 12-month warranty",
          options: variants(["8GB RAM, 256GB SSD", "16GB RAM, 512GB SSD"], 0.3),
          price: [300, 600],
        },
      ],
    },
    {
      id: 386,
      shortName: "gaming",
      name: "Gaming",
      offers: [
        {
          headline: "Retro Games Console with 500 Games",
          detail: "a retro games console with 500 built-in games and two controllers",
          options: variants(["Console", "Console & Extra Controller"], 0.2),
          price: [50, 100],
        },
        {
          headline: "Gaming Headset with Surround Sound",
          detail: "a gaming headset with 7.1 surround sound",
          options: variants(["Black", "White", "Camo"]),
          price: [40, 90],
        },
      ],
    },
    {
      id: 398,
      shortName: "smartwatches",
      name: "Smartwatches & Wearables",
      offers: [
        {
          headline: "Fitness Smartwatch with Heart Rate Monitor",
          detail: "a fitness smartwatch with heart rate and sleep tracking",
          options: variants(["Black", "Pink", "Silver", "Green", "2 Watches"], 0.15),
          price: [50, 120],
        },
      ],
    },
    {
      id: 2010,
      shortName: "home-and-garden",
      name: "Home & Garden",
      children: [
        {
          id: 2011,
          shortName: "kitchen",
          name: "Kitchen",
          offers: [
            {
              headline: "5.5L Digital Air Fryer",
              detail: "a 5.5-litre digital air fryer",
              options: variants(["Black", "White", "Grey"]),
              price: [70, 130],
            },
            {
              headline: "12-Piece Non-Stick Cookware Set",
              detail: "a 12-piece non-stick cookware set",
              options: variants(["Graphite", "Cream", "Sage"]),
              price: [60, 140],
            },
          ],
        },
        {
          id: 2012,
          shortName: "bedding",
          name: "Bedding",
          offers: [
            {
              headline: "Memory Foam Mattress Topper",
              detail: "a 5cm memory foam mattress topper",
              options: variants(["Single", "Double", "King", "Super King"], 0.25),
              price: [40, 90],
            },
            {
              headline: "Hotel-Quality Duvet Set",
              detail: "a hotel-quality 400-thread-count duvet set",
              options: variants(["Single", "Double", "King", "Super King"], 0.2),
              price: [35, 70],
            },
          ],
        },
        {
          id: 2013,
          shortName: "garden",
          name: "Garden",
          offers: [
            {
              headline: "Solar Garden Lights",
              detail: "a set of solar-powered garden lights",
              options: packs([4, 8, 12, 16]),
              price: [20, 40],
            },
            {
              headline: "Rattan Bistro Set",
              detail: "a two-seater rattan bistro set with cushions",
              options: variants(["Grey", "Brown", "Black"]),
              price: [120, 220],
            },
          ],
        },
        {
          id: 2014,
          shortName: "lighting",
          name: "Lighting",
          offers: [
            {
              headline: "Dimmable Arc Floor Lamp",
              detail: "a dimmable arc floor lamp",
              options: variants(["Black", "Brass", "Chrome"]),
              price: [50, 110],
            },
          ],
        },
      ],
    },
    {
      id: 2020,
      shortName: "fashion",
      name: "Fashion",
      children: [
        {
          id: 2021,
          shortName: "womens-fashion",
          name: "Women's Fashion",
          offers: [
            {
              headline: "Women's Quilted Puffer Jacket",
              detail: "a women's quilted puffer jacket with a detachable hood",
              options: variants(["Size 8", "Size 10", "Size 12", "Size 14", "Size 16", "Size 18"]),
              grid: sizesInColours(["Black", "Navy", "Khaki"]),
              price: [50, 100],
            },
          ],
        },
        {
          id: 2022,
          shortName: "mens-fashion",
          name: "Men's Fashion",
          offers: [
            {
              headline: "Men's Knitted Jumper",
              detail: "a men's soft-touch knitted jumper",
              options: variants(["Size S", "Size M", "Size L", "Size XL", "Size XXL"]),
              grid: sizesInColours(["Charcoal", "Navy", "Oatmeal"]),
              price: [30, 60],
            },
          ],
        },
        {
          id: 2023,
          shortName: "footwear",
          name: "Footwear",
          offers: [
            {
              headline: "Memory Foam Slip-On Trainers",
              detail: "a pair of memory foam slip-on trainers",
              options: variants(["UK 4", "UK 5", "UK 6", "UK 7", "UK 8", "UK 9"]),
              grid: sizesInColours(["Black", "White", "Grey"]),
              price: [30, 60],
            },
          ],
        },
      ],
    },
    {
      id: 586,
      shortName: "jewellery-and-watches",
      name: "Jewellery & Watches",
      offers: [
        {
          headline: "Sterling Silver Crystal Pendant",
          detail: "a sterling silver pendant with a crystal stone",
          options: variants(["Silver", "Rose Gold Plated", "Gold Plated"], 0.1),
          price: [40, 90],
        },
        {
          headline: "Men's Chronograph Watch",
          detail: "a stainless steel chronograph watch",
          options: variants(["Black Dial", "Blue Dial", "Silver Dial"]),
          price: [80, 180],
        },
      ],
    },
    {
      id: 2030,
      shortName: "health-beauty",
      name: "Health & Beauty",
      children: [
        {
          id: 2031,
          shortName: "hair-tools",
          name: "Hair Tools",
          offers: [
            {
              headline: "Ionic Hair Dryer & Styler Set",
              detail: "an ionic hair dryer and styler set",
              options: variants(["Black", "Rose Gold"]),
              price: [50, 110],
            },
          ],
        },
        {
          id: 2032,
          shortName: "skincare",
          name: "Skincare",
          offers: [
            {
              headline: "6-Piece Skincare Set",
              detail: "a six-piece skincare set",
              options: counted("Set", [1, 2, 3]),
              price: [30, 70],
            },
          ],
        },
      ],
    },
    {
      id: 585,
      shortName: "fragrances",
      name: "Fragrances",
      offers: [
        {
          headline: "Eau de Parfum Gift Set",
          detail: "an eau de parfum gift set",
          options: variants(["50ml", "100ml", "100ml with Body Lotion"], 0.5),
          price: [40, 90],
        },
      ],
    },
    {
      id: 2040,
      shortName: "toys-and-kids",
      name: "Toys & Kids",
      offers: [
        {
          headline: "Magnetic Building Tiles Set",
          detail: "a magnetic building tiles set",
          options: variants(["60 Pieces", "100 Pieces", "150 Pieces"], 0.45),
          price: [30, 60],
        },
      ],
    },
    {
      id: 2050,
      shortName: "sports-and-outdoors",
      name: "Sports & Outdoors",
      offers: [
        {
          headline: "Inflatable Stand-Up Paddleboard Kit",
          detail: "an inflatable stand-up paddleboard with a pump and paddle",
          options: variants(["10ft", "10ft 6in", "11ft"], 0.1),
          price: [150, 300],
        },
        {
          headline: "Adjustable Dumbbell Set",
          detail: "an adjustable dumbbell set with a storage case",
          options: variants(["10kg", "20kg", "30kg"], 0.5),
          price: [40, 100],
        },
      ],
    },
  ],
};

const breaks = (board: string, counts: readonly number[] = [1, 2, 3]) => nights(counts, board);

const ESCAPES: CategoryRoot = {
  id: 3000,
  shortName: "escapes",
  name: "Escapes",
  canonicalPathType: "travel",
  merchants: [
    [
      "Harbour",
      "Lakeside",
      "Castle",
      "Grange",
      "Abbey",
      "Seaview",
      "Old Rectory",
      "Riverside",
      "Manor Park",
      "Cliff Top",
    ],
    ["Hotel", "Hotel & Spa", "Lodge", "House Hotel", "Country House"],
  ],
  children: [
    {
      id: UK_TRAVEL_CATEGORY_ID,
      shortName: "uk-travel",
      name: "UK Travel",
      countryCode: "gb",
      children: [
        {
          id: 3001,
          shortName: "spa-breaks",
          name: "Spa Breaks",
          offers: [
            {
              headline: "{destination} Spa Break with Breakfast & Spa Access",
              detail: "a spa break with breakfast, a treatment and spa access",
              options: breaks("with Breakfast & Spa Access"),
              price: [80, 160],
            },
          ],
        },
        {
          id: 3002,
          shortName: "city-breaks",
          name: "City Breaks",
          offers: [
            {
              headline: "{destination} City Break with Breakfast",
              detail: "a city-centre stay with breakfast",
              options: breaks("with Breakfast"),
              price: [60, 120],
            },
          ],
        },
        {
          id: 3003,
          shortName: "coastal-breaks",
          name: "Coastal Breaks",
          offers: [
            {
              headline: "{destination} Coastal Escape with Dinner",
              detail: "a seaside stay with breakfast and a two-course dinner",
              options: breaks("with Dinner & Breakfast", [1, 2, 3, 5, 7]),
              price: [70, 140],
            },
          ],
        },
        {
          id: 3004,
          shortName: "countryside-breaks",
          name: "Countryside Breaks",
          offers: [
            {
              headline: "{destination} Country House Stay",
              detail: "a country house stay with breakfast and a bottle of wine",
              options: breaks("with Breakfast & Wine", [1, 2, 3, 4]),
              price: [70, 150],
            },
          ],
        },
      ],
    },
    {
      id: INTERNATIONAL_TRAVEL_CATEGORY_ID,
      shortName: "international-travel",
      name: "International Travel",
      merchants: [
        ["Sol", "Mar Azul", "Palm", "Olive Grove", "Blue Lagoon", "Costa", "Villa Bella", "Marina"],
        ["Resort", "Hotel", "Beach Resort", "Suites", "Boutique Hotel"],
      ],
      children: [
        {
          id: 3011,
          shortName: "beach-holidays",
          name: "Beach Holidays",
          offers: [
            {
              headline: "{destination} Beach Holiday with Flights",
              detail: "a beach holiday with return flights and breakfast",
              options: breaks("with Flights & Breakfast", [3, 4, 5, 7]),
              price: [250, 600],
            },
          ],
        },
        {
          id: 3012,
          shortName: "city-breaks",
          name: "City Breaks",
          offers: [
            {
              headline: "{destination} City Break with Flights",
              detail: "a city break with return flights and a central hotel",
              options: breaks("with Flights", [2, 3, 4]),
              price: [150, 350],
            },
          ],
        },
        {
          id: 3013,
          shortName: "all-inclusive",
          name: "All-Inclusive",
          offers: [
            {
              headline: "All-Inclusive {destination} Holiday with Flights",
              detail: "an all-inclusive holiday with return flights",
              options: breaks("All-Inclusive with Flights", [3, 5, 7]),
              price: [350, 800],
            },
          ],
        },
        {
          id: 3014,
          shortName: "multi-centre",
          name: "Multi-Centre Holidays",
          offers: [
            {
              headline: "{destination} Two-Centre Holiday with Flights",
              detail: "a two-centre holiday with flights and transfers",
              options: breaks("with Flights & Transfers", [4, 6, 7]),
              price: [400, 900],
            },
          ],
        },
      ],
    },
    {
      id: IRELAND_TRAVEL_CATEGORY_ID,
      shortName: "ireland-travel",
      name: "Ireland Travel",
      countryCode: "ie",
      children: [
        {
          id: 3021,
          shortName: "spa-breaks",
          name: "Spa Breaks",
          offers: [
            {
              headline: "{destination} Spa Break with Dinner",
              detail: "a spa break with breakfast, dinner and spa access",
              options: breaks("with Dinner, Breakfast & Spa Access"),
              price: [90, 170],
            },
          ],
        },
        {
          id: 3022,
          shortName: "city-breaks",
          name: "City Breaks",
          offers: [
            {
              headline: "{destination} City Break with Breakfast",
              detail: "a city-centre hotel stay with breakfast",
              options: breaks("with Breakfast"),
              price: [60, 130],
            },
          ],
        },
        {
          id: 3023,
          shortName: "hotel-breaks",
          name: "Hotel Breaks",
          offers: [
            {
              headline: "{destination} Hotel Break with Dinner & Late Checkout",
              detail: "a hotel break with breakfast, dinner and late checkout",
              options: breaks("with Dinner & Breakfast", [1, 2, 3, 4]),
              price: [70, 150],
            },
          ],
        },
        {
          id: 3024,
          shortName: "coastal-breaks",
          name: "Coastal Breaks",
          offers: [
            {
              headline: "{destination} Coastal Getaway",
              detail: "a coastal getaway with breakfast and a bottle of wine",
              options: breaks("with Breakfast & Wine", [1, 2, 3, 5]),
              price: [70, 140],
            },
          ],
        },
      ],
    },
  ],
};

const GIFTS: CategoryRoot = {
  id: 4000,
  shortName: "gifts",
  name: "Gifts",
  canonicalPathType: "gifts",
  dealType: "product",
  merchants: [
    ["Gift", "Keepsake", "Treat", "Memory", "Little", "Happy", "Wish", "Ribbon"],
    ["Box Co.", "Makers", "Emporium", "Lane", "Studio", "Gifts"],
  ],
  children: [
    {
      id: 4001,
      shortName: "gifts-for-her",
      name: "Gifts for Her",
      offers: [
        {
          headline: "Personalised Star Map Print",
          detail: "a personalised star map print of a special night",
          options: variants(["A4 Print", "A3 Print", "A3 Framed Print"], 0.5),
          price: [25, 50],
        },
        {
          headline: "Luxury Pamper Hamper",
          detail: "a luxury pamper hamper with bath treats and candles",
          options: variants(["Classic Hamper", "Deluxe Hamper"], 0.6),
          price: [35, 70],
        },
      ],
    },
    {
      id: 4002,
      shortName: "gifts-for-him",
      name: "Gifts for Him",
      offers: [
        {
          headline: "Whisky Tasting Gift Set",
          detail: "a whisky tasting set of five miniatures with tasting notes",
          options: variants(["5 Whiskies", "10 Whiskies"], 0.8),
          price: [35, 60],
        },
        {
          headline: "Personalised Leather Wallet",
          detail: "a personalised leather wallet with engraved initials",
          options: variants(["Black", "Tan", "Brown"]),
          price: [25, 50],
        },
      ],
    },
    {
      id: 4003,
      shortName: "experiences",
      name: "Experience Gifts",
      dealType: "voucher",
      offers: [
        {
          headline: "Afternoon Tea Experience Gift for 2",
          detail: "an afternoon tea experience for two at a choice of venues nationwide",
          options: forPeople("Afternoon Tea", [2, 4]),
          price: [40, 80],
        },
        {
          headline: "Supercar Driving Gift Experience",
          detail: "a supercar driving experience at a choice of tracks nationwide",
          options: variants(["3 Laps", "6 Laps", "Choice of 3 Supercars"], 0.6),
          price: [80, 150],
        },
      ],
    },
    {
      id: 4004,
      shortName: "personalised-gifts",
      name: "Personalised Gifts",
      offers: [
        {
          headline: "Personalised Photo Cushion",
          detail: "a personalised photo cushion",
          options: counted("Cushion", [1, 2, 3]),
          price: [20, 35],
        },
      ],
    },
    {
      id: 4005,
      shortName: "gifts-for-kids",
      name: "Gifts for Kids",
      offers: [
        {
          headline: "Personalised Children's Storybook",
          detail: "a personalised hardback storybook starring your child",
          options: variants(["Paperback", "Hardback", "Hardback Gift Edition"], 0.4),
          price: [20, 35],
        },
      ],
    },
    {
      id: 4006,
      shortName: "hampers",
      name: "Hampers & Food Gifts",
      offers: [
        {
          headline: "Artisan Cheese & Wine Hamper",
          detail: "an artisan cheese and wine hamper",
          options: variants(["Classic", "Deluxe", "Luxury"], 0.5),
          price: [40, 90],
        },
      ],
    },
  ],
};

export const CATEGORY_TREE: readonly CategoryRoot[] = [
  FOOD_AND_DRINK,
  BEAUTY_AND_SPA,
  HEALTH_AND_FITNESS,
  ACTIVITIES,
  ENTERTAINMENT,
  SERVICES,
  SHOP,
  ESCAPES,
  GIFTS,
];
