import { describe, expect, it } from "vitest";
import type { NavItem } from "./api-types.ts";
import {
  isWithin,
  localisedNavigation,
  localisedUrl,
  navItemIcon,
  selectedNavItem,
  travelMenuLabel,
} from "./navigation.ts";

const item = (id: number, url: string, extra: Partial<NavItem> = {}): NavItem => ({
  id,
  shortName: url.split("/").at(-1) ?? "",
  linkText: `Item ${id}`,
  url,
  isLocal: url.startsWith("/deals/london"),
  isLocalLink: false,
  subNavigations: [],
  ...extra,
});

const menu = [
  item(1, "/deals/london", { isLocalLink: true, linkText: "London" }),
  item(2, "/deals/london/food-and-drink", {
    subNavigations: [item(21, "/deals/london/food-and-drink/restaurants")],
  }),
  item(3, "/deals/shop"),
  item(4, "/gifts"),
  item(5, "/deals/vip"),
  item(6, "/deal/dublin/gift-finder"),
];

describe("navItemIcon", () => {
  it("gives gifts and the gift finder a gift icon", () => {
    expect(navItemIcon(item(4, "/gifts"), false)).toBe("gift");
    expect(navItemIcon(item(6, "/deal/dublin/gift-finder"), false)).toBe("gift");
    expect(navItemIcon(item(7, "/gift-finder/gifts-for-mum"), false)).toBe("gift");
    expect(navItemIcon(item(3, "/deals/shop"), true)).toBeNull();
  });

  it("shows the VIP icon only when asked (non-VIP shoppers after the auth check)", () => {
    expect(navItemIcon(item(5, "/deals/vip"), true)).toBe("vip");
    expect(navItemIcon(item(5, "/deals/vip"), false)).toBeNull();
  });
});

describe("selectedNavItem", () => {
  it("selects the entry whose link starts the path, the longest one first", () => {
    expect(selectedNavItem(menu, "/deals/london/food-and-drink/restaurants")?.id).toBe(2);
    expect(selectedNavItem(menu, "/deals/shop/electronics")?.id).toBe(3);
  });

  it("selects the local entry only on the location homepage itself", () => {
    expect(selectedNavItem(menu, "/deals/london")?.id).toBe(1);
    expect(selectedNavItem(menu, "/deals/london/health-and-fitness")).toBeNull();
  });

  it("does not match a path that merely starts with the same letters", () => {
    expect(isWithin("/deals/shopping", "/deals/shop")).toBe(false);
    expect(selectedNavItem(menu, "/giftsets")).toBeNull();
  });
});

describe("localisedNavigation", () => {
  it("moves local links and the local entry's name to the saved location", () => {
    const moved = localisedNavigation(menu, "london", { shortName: "leeds", name: "Leeds" });
    expect(moved[0]).toMatchObject({ url: "/deals/leeds", linkText: "Leeds" });
    expect(moved[1]?.url).toBe("/deals/leeds/food-and-drink");
    expect(moved[1]?.subNavigations[0]?.url).toBe("/deals/leeds/food-and-drink/restaurants");
    expect(moved[2]?.url).toBe("/deals/shop");
  });

  it("leaves links of other locations and other parts of the site alone", () => {
    expect(localisedUrl("/deals/londonderry/food", "london", "leeds")).toBe("/deals/londonderry/food");
    expect(localisedUrl("/gifts", "london", "leeds")).toBe("/gifts");
  });
});

describe("travelMenuLabel", () => {
  const groups = [
    {
      name: "UK Travel",
      url: "/deals/escapes/uk-travel",
      items: [{ name: "Spa Breaks", url: "/deals/escapes/uk-travel/spa-breaks" }],
    },
  ];

  it("names the current destination or group, else all travel deals", () => {
    expect(travelMenuLabel(groups, "/deals/escapes/uk-travel/spa-breaks")).toBe("Spa Breaks");
    expect(travelMenuLabel(groups, "/deals/escapes/uk-travel")).toBe("UK Travel");
    expect(travelMenuLabel(groups, "/deals/escapes")).toBe("All travel deals");
  });
});
