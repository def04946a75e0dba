/**
 * Debian's Chromium driven by playwright-core (stack-notes trap 10: `launch()` with its own
 * temporary profile, never `--user-data-dir`, and never a downloaded browser).
 */
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from "playwright-core";
import { afterAll, afterEach, beforeAll } from "vitest";

const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
}

/**
 * One browser per test file; every `newPage()` opens in a fresh context (no cookies carried
 * between tests; axe needs a context it can open pages in), closed after its test.
 */
export function useBrowser(): { newPage(options?: BrowserContextOptions): Promise<Page> } {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async newPage(options?: BrowserContextOptions) {
      if (!browser) throw new Error("The browser starts in beforeAll: call newPage() inside a test");
      const context = await browser.newContext(options);
      contexts.push(context);
      return context.newPage();
    },
  };
}
