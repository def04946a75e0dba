import type { Locator } from "playwright-core";

/** Waits for the first match to be visible; fails with what was looked for if it never is. */
export async function expectVisible(locator: Locator, timeout = 5_000): Promise<void> {
  try {
    await locator.first().waitFor({ state: "visible", timeout });
  } catch {
    throw new Error(`Expected to see ${locator} within ${timeout} ms`);
  }
}
