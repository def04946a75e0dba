import { BRANDS } from "@deals/domain/brand";
import { THEMES } from "@deals/domain/theme";
import { describe, expect, it } from "vitest";
import { contrastRatio, readableOn, themeVariables } from "./theme.ts";

describe("contrastRatio", () => {
  it("is 21 for black on white and 1 for a colour on itself", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#3facd7", "#3facd7")).toBeCloseTo(1, 5);
  });
});

describe("readableOn", () => {
  it("keeps a colour that already reads and darkens one that does not", () => {
    expect(readableOn("#1d1d27", "#ffffff")).toBe("#1d1d27");
    const darker = readableOn("#3facd7", "#ffffff");
    expect(darker).not.toBe("#3facd7");
    expect(contrastRatio(darker, "#ffffff")).toBeGreaterThanOrEqual(4.5);
  });
});

describe("themeVariables", () => {
  it.each(Object.values(BRANDS))("gives $id text/background pairs at AA contrast", (brand) => {
    const theme = themeVariables(brand);
    const pairs: [`--${string}`, `--${string}`][] = [
      ["--brand-on-primary", "--brand-primary"],
      ["--brand-link", "--brand-surface"],
      ["--brand-link", "--page-background"],
      ["--brand-accent", "--brand-surface"],
      ["--brand-ink", "--brand-surface"],
      ["--brand-ink", "--page-background"],
    ];
    for (const [text, background] of pairs) {
      expect(contrastRatio(theme[text]!, theme[background]!)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe("themeVariables with a theme", () => {
  it.each(THEMES)("keeps the %s theme's header and accent readable", (theme) => {
    const variables = themeVariables(BRANDS["main-uk"], theme);
    expect(
      contrastRatio(variables["--brand-on-primary"]!, variables["--brand-primary"]!),
    ).toBeGreaterThanOrEqual(4.5);
    expect(
      contrastRatio(variables["--brand-accent"]!, variables["--page-background"]!),
    ).toBeGreaterThanOrEqual(4.5);
  });

  it("colours a seasonal theme differently from the brand's own", () => {
    expect(themeVariables(BRANDS["main-uk"], "christmas")["--brand-primary"]).not.toBe(
      themeVariables(BRANDS["main-uk"], "main")["--brand-primary"],
    );
  });
});
