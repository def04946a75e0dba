/**
 * Exit intent as the browser reports it: the mouse leaves the page through the top of the
 * window. The promo listens once the page's scripts have run, so this leaves until it answers.
 */
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

/** One exit: a `mouseleave` on the document above its top edge, towards nothing. */
export function leaveThroughTop(page: Page): Promise<void> {
  return page.evaluate(() => {
    document.documentElement.dispatchEvent(
      new MouseEvent("mouseleave", { clientY: -2, relatedTarget: null }),
    );
  });
}

/** The exit promo dialog, once the page has shown it on exit intent. */
export async function openExitPromo(page: Page): Promise<Locator> {
  const dialog = page.getByRole("dialog", { name: "SAVE AN EXTRA 10%" });
  await expect
    .poll(async () => {
      await leaveThroughTop(page);
      return dialog.isVisible();
    })
    .toBe(true);
  return dialog;
}
