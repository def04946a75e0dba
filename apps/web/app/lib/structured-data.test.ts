import { BRANDS } from "@deals/domain/brand";
import { describe, expect, it } from "vitest";
import { breadcrumbList, organizationWithSearch } from "./structured-data.ts";

describe("breadcrumbList", () => {
  it("lists the trail in order with absolute addresses", () => {
    const list = breadcrumbList("https://www.dealmoor.co.uk", [
      { name: "Home", path: "/" },
      { name: "London", path: "/deals/london" },
    ]);
    expect(list).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: "https://www.dealmoor.co.uk/" },
        { "@type": "ListItem", position: 2, name: "London", item: "https://www.dealmoor.co.uk/deals/london" },
      ],
    });
  });
});

describe("organizationWithSearch", () => {
  it("names the brand and offers the site search with the query placeholder", () => {
    const graph = organizationWithSearch("https://www.fernlight.ie", BRANDS["sister-ie"]) as {
      "@graph": [
        { name: string; sameAs: string[] },
        { potentialAction: { target: { urlTemplate: string } } },
      ];
    };
    const [organization, website] = graph["@graph"];
    expect(organization.name).toBe("Fernlight");
    expect(organization.sameAs).toContain(BRANDS["sister-ie"].social.instagram);
    expect(website.potentialAction.target.urlTemplate).toBe(
      "https://www.fernlight.ie/search?q={search_term_string}",
    );
  });
});
