import { BRANDS } from "@deals/domain/brand";
import { EXIT_PROMO_CODE } from "@deals/domain/constants";
import { describe, expect, it } from "vitest";
import { discountCodesPage, editorialTeamPage } from "./pages-content.server.ts";

describe("discountCodesPage", () => {
  it("gives the current code and prices in the site's currency", () => {
    const text = JSON.stringify(discountCodesPage(BRANDS["main-ie"]));
    expect(text).toContain(EXIT_PROMO_CODE);
    expect(text).toContain("€4.99");
    expect(text).not.toContain("£");
  });
});

describe("editorialTeamPage", () => {
  it("introduces the writers of the brand, with its contact address", () => {
    const page = editorialTeamPage(BRANDS["sister-uk"]);
    expect(page.title).toBe("Meet the writers");
    expect(page.sections.length).toBeGreaterThan(3);
    expect(JSON.stringify(page)).toContain(BRANDS["sister-uk"].supportEmail);
  });
});
