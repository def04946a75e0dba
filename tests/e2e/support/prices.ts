import type { Page } from "playwright-core";

/** Every price a shopper can read in the page's main content, e.g. ["£59", "€12.50"]. */
export async function visiblePrices(page: Page): Promise<string[]> {
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a shopper reads
  const text = await page.getByRole("main").innerText();
  return text.match(/[£€]\s?\d[\d,]*(?:\.\d{2})?/g) ?? [];
}
