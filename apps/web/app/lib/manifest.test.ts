import { BRANDS } from "@deals/domain/brand";
import { describe, expect, it } from "vitest";
import { webManifest } from "./manifest.ts";

describe("webManifest", () => {
  it("names the brand, uses its colours and the site icon", () => {
    const manifest = webManifest(BRANDS["sister-uk"]);
    expect(manifest.name).toBe("Fernlight");
    expect(manifest.theme_color).toBe(BRANDS["sister-uk"].colours.primary);
    expect(manifest.icons[0]?.src).toBe("/icon.svg");
    expect(manifest.start_url).toBe("/");
  });
});
