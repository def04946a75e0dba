import { BRANDS } from "@deals/domain/brand";
import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { siteOrigin } from "./links.ts";

const request = (host: string, port: number | null = 3107) =>
  ({
    headers: { host },
    protocol: "http",
    server: { server: { address: () => (port === null ? null : { port }) } },
  }) as unknown as FastifyRequest;

describe("siteOrigin", () => {
  const sister = BRANDS["sister-ie"];

  it("takes the brand's configured public origin first", () => {
    const env = { PUBLIC_ORIGIN_SISTER_IE: "https://staging.fernlight.ie/", NODE_ENV: "production" };
    expect(siteOrigin(request("127.0.0.1:3107"), sister, env)).toBe("https://staging.fernlight.ie");
  });

  it("is the brand's main host in production", () => {
    expect(siteOrigin(request("sister-ie.localhost:3107"), sister, { NODE_ENV: "production" })).toBe(
      "https://www.fernlight.ie",
    );
  });

  it("outside production keeps the brand's own host, else the brand's local host on the listening port", () => {
    expect(siteOrigin(request("sister-ie.localhost:3107"), sister, {})).toBe(
      "http://sister-ie.localhost:3107",
    );
    expect(siteOrigin(request("127.0.0.1:3107"), sister, {})).toBe("http://sister-ie.localhost:3107");
    expect(siteOrigin(request("evil.example:3107"), sister, {})).toBe("http://sister-ie.localhost:3107");
  });
});
