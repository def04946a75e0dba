import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { WISHLIST_HEART_MESSAGES } from "../lib/wishlist-heart.ts";
import { action } from "./wishlist-toggle.ts";

/** A heart's post; the API is never asked for a heart that names no deal. */
function post(fields: Record<string, string>, accept = "application/json") {
  const body = new URLSearchParams(fields);
  const request = new Request("https://www.dealmoor.co.uk/wishlist/toggle", {
    method: "POST",
    body,
    headers: { accept, "content-type": "application/x-www-form-urlencoded" },
  });
  const context = {
    apiFetch: () => {
      throw new Error("The API was asked");
    },
  } as unknown as AppLoadContext;
  return action({ request, context, params: {} } as Parameters<typeof action>[0]);
}

describe("POST /wishlist/toggle with a heart that names no deal", () => {
  it.each([
    ["a wish", { wish: "steak" }, false],
    ["an unwish", { unwish: "0" }, true],
    ["no heart", { returnTo: "/" }, false],
  ])("answers 400 for %s and leaves the heart as it was", async (_, fields, wished) => {
    const response = await post(fields);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ wished, message: WISHLIST_HEART_MESSAGES.failed });
  });

  it("sends a plain form post back to the page it came from", async () => {
    const response = await post({ wish: "x", returnTo: "/deals/london?page=2" }, "text/html");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/deals/london?page=2");
  });
});
