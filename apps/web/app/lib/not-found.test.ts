import { describe, expect, it } from "vitest";
import { ApiError } from "./api.ts";
import { isMissing, orNotFound } from "./not-found.ts";

describe("orNotFound", () => {
  it("passes an answer through", async () => {
    await expect(orNotFound(Promise.resolve("deal"))).resolves.toBe("deal");
  });

  it.each([404, 400])("turns an API %i into a thrown 404 response", async (status) => {
    const thrown = await orNotFound(Promise.reject(new ApiError(status, "X", "x"))).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
  });

  it("lets other failures through unchanged", async () => {
    const failure = new ApiError(503, "UNAVAILABLE", "Try later.");
    await expect(orNotFound(Promise.reject(failure))).rejects.toBe(failure);
    expect(isMissing(new Error("network down"))).toBe(false);
  });
});
