import { BRANDS } from "@deals/domain/brand";
import { describe, expect, it } from "vitest";
import type { ApiClient } from "./api.ts";
import { loadTravelMenu, travelGroupsInOrder } from "./travel-menu.server.ts";

const UK = { id: 487, name: "UK Travel" };
const INTERNATIONAL = { id: 727, name: "International Travel" };
const IRELAND = { id: 3020, name: "Ireland Travel" };

describe("travelGroupsInOrder", () => {
  it("puts International Travel first on UK sites", () => {
    expect(travelGroupsInOrder([UK, INTERNATIONAL], "gb").map((g) => g.name)).toEqual([
      "International Travel",
      "UK Travel",
    ]);
  });

  it("puts Ireland Travel first and International Travel after it on Irish sites", () => {
    expect(travelGroupsInOrder([INTERNATIONAL, IRELAND], "ie").map((g) => g.name)).toEqual([
      "Ireland Travel",
      "International Travel",
    ]);
  });
});

describe("loadTravelMenu", () => {
  const nav = (id: number, shortName: string, url: string, subNavigations: unknown[] = []) => ({
    id,
    shortName,
    linkText: shortName,
    url,
    isLocal: false,
    isLocalLink: false,
    subNavigations,
  });

  it("lists each group's destinations under the group's link", async () => {
    const api = {
      navigations: async () => ({
        navigations: [
          nav(3000, "escapes", "/deals/escapes", [
            nav(487, "uk-travel", "/deals/escapes/uk-travel"),
            nav(727, "international-travel", "/deals/escapes/international-travel"),
          ]),
        ],
      }),
      deals: async (segments: string[]) => ({
        facetedNavigation: {
          navigations: [{ linkText: `${segments[1]} breaks`, count: 3, shortName: "breaks" }],
        },
      }),
    } as unknown as ApiClient;
    const menu = await loadTravelMenu(api, BRANDS["main-uk"]);
    expect(menu?.allUrl).toBe("/deals/escapes");
    expect(menu?.groups.map((group) => group.url)).toEqual([
      "/deals/escapes/international-travel",
      "/deals/escapes/uk-travel",
    ]);
    expect(menu?.groups[1]?.items).toEqual([
      { name: "uk-travel breaks", url: "/deals/escapes/uk-travel/breaks" },
    ]);
  });

  it("leaves the menu out when the navigation cannot be had", async () => {
    const api = {
      navigations: async () => {
        throw new Error("down");
      },
    } as unknown as ApiClient;
    expect(await loadTravelMenu(api, BRANDS["main-uk"])).toBeNull();
  });
});
