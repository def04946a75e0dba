/**
 * The client error log (services.md §7.8): an error in the shopper's browser is reported to
 * the API's log with the client error log record, and the API accepts it.
 */
import { describe, expect, test } from "vitest";
import { useBrowser } from "./support/browser.ts";
import { siteUrl } from "./support/site.ts";

describe("client error log", () => {
  const browser = useBrowser();

  test("an uncaught error in the browser is reported to /v1/log", async () => {
    const tab = await browser.newPage();
    await tab.goto(siteUrl("/basket"));
    const reported = tab.waitForRequest((request) => request.url().endsWith("/v1/log"));
    await tab.evaluate(() => {
      setTimeout(() => {
        throw new RangeError("widget failed");
      });
    });
    const request = await reported;
    expect(request.postDataJSON()).toMatchObject({
      client: true,
      name: "RangeError",
      message: "widget failed",
      description: "/basket",
    });
    expect(request.headers().brand).toBeTruthy();
    expect((await request.response())?.status()).toBe(204);
  });
});
