import { BRANDS } from "@deals/domain/brand";
import { describe, expect, it } from "vitest";
import { ApiError, apiErrorFrom, createApiClient } from "./api.ts";
import type { ApiFetch, ApiRequestInit } from "./context.ts";

function recordingFetch(answer: () => Response) {
  const calls: { path: string; init: ApiRequestInit | undefined }[] = [];
  const fetcher: ApiFetch = async (path, init) => {
    calls.push({ path, init });
    return answer();
  };
  return { calls, fetcher };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("apiErrorFrom", () => {
  it("reads the code and message of the API's error body", async () => {
    const error = await apiErrorFrom(
      json({ error: { code: "DEAL_NOT_FOUND", message: "No such deal." } }, 404),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: "DEAL_NOT_FOUND", message: "No such deal." });
  });

  it("still gives an error with the status when the body is not the API's shape", async () => {
    const error = await apiErrorFrom(new Response("<html>Bad gateway</html>", { status: 502 }));
    expect(error).toMatchObject({ status: 502, code: "HTTP_502" });
  });
});

describe("createApiClient", () => {
  it("sends the brand family and country of the site on every call", async () => {
    const { calls, fetcher } = recordingFetch(() => json({ locations: [] }));
    await createApiClient(fetcher, BRANDS["sister-ie"]).locations();
    expect(calls[0]?.path).toBe("/v1/locations");
    expect(calls[0]?.init?.headers).toMatchObject({ brand: "fernlight", "country-code": "ie" });
  });

  it("builds listing paths from segments and passes the 0-based page", async () => {
    const { calls, fetcher } = recordingFetch(() => json({ deals: [] }));
    await createApiClient(fetcher, BRANDS["main-uk"]).deals(["national-deal", "home & garden"], {
      page: 2,
      pageSize: 24,
    });
    expect(calls[0]?.path).toBe("/v1/deals/national-deal/home%20%26%20garden?page=2&pageSize=24");
  });

  it("encodes ids so a path cannot be smuggled into the API call", async () => {
    const { calls, fetcher } = recordingFetch(() => json({}));
    await createApiClient(fetcher, BRANDS["main-uk"]).deal("12/../../locations");
    expect(calls[0]?.path).toBe("/v1/deal/12%2F..%2F..%2Flocations");
  });

  it("throws an ApiError for an answer outside 2xx", async () => {
    const { fetcher } = recordingFetch(() =>
      json({ error: { code: "LOCATION_NOT_FOUND", message: "No such location." } }, 404),
    );
    await expect(createApiClient(fetcher, BRANDS["main-uk"]).location("atlantis")).rejects.toMatchObject({
      status: 404,
      code: "LOCATION_NOT_FOUND",
    });
  });
});
