import { BRANDS } from "@deals/domain/brand";
import { themeFor } from "@deals/domain/theme";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApiClient } from "./api.ts";
import type { ApiFetch } from "./context.ts";
import { siteLookupFor } from "./theme.server.ts";
import { themeVariables } from "./theme.ts";

const brand = BRANDS["main-uk"];
const summer = new Date("2026-06-15T10:00:00Z");

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** An API that knows one vip and one standard partner site, recording what it was asked. */
function partnerApi() {
  const asked: string[] = [];
  const fetcher: ApiFetch = async (path) => {
    asked.push(path);
    const site = decodeURIComponent(path.replace("/v1/site/", ""));
    if (site === "vip-lounge") return json({ site, type: "vip" });
    if (site === "weekend-post") return json({ site, type: "standard" });
    return json(
      { error: { code: "SITE_NOT_FOUND", message: "There is no partner site with this name." } },
      404,
    );
  };
  return { asked, api: createApiClient(fetcher, brand) };
}

async function themeOf(address: string, api = partnerApi().api) {
  const siteLookup = await siteLookupFor(new URL(address), api);
  return themeFor({ brand, now: summer, siteLookup });
}

afterEach(() => vi.restoreAllMocks());

describe("the theme a ?site= address gets", () => {
  it("is premium when the site lookup says vip", async () => {
    const { asked, api } = partnerApi();
    expect(await themeOf("https://www.dealmoor.co.uk/?site=vip-lounge", api)).toBe("premium");
    expect(asked).toEqual(["/v1/site/vip-lounge"]);
    expect(await themeOf("https://www.dealmoor.co.uk/deals/london?site=VIP-Lounge")).toBe("premium");
  });

  it("is the brand's own for a standard site, an unknown one, or none", async () => {
    expect(await themeOf("https://www.dealmoor.co.uk/?site=weekend-post")).toBe("main");
    expect(await themeOf("https://www.dealmoor.co.uk/?site=no-such-partner")).toBe("main");
    expect(await themeOf("https://www.dealmoor.co.uk/")).toBe("main");
  });

  it("never asks about a site= that cannot name a site", async () => {
    const { asked, api } = partnerApi();
    for (const junk of ["?site=", "?site=a%20b", "?site=%3Cscript%3E", `?site=${"a".repeat(65)}`]) {
      expect(await themeOf(`https://www.dealmoor.co.uk/${junk}`, api)).toBe("main");
    }
    expect(asked).toEqual([]);
  });

  it("keeps the usual theme, and says so in the log, when the lookup fails", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const failing = createApiClient(async () => new Response("down", { status: 503 }), brand);
    expect(await themeOf("https://www.dealmoor.co.uk/?site=vip-lounge", failing)).toBe("main");
    expect(warn).toHaveBeenCalledOnce();
  });

  it("looks different from the brand's own theme", () => {
    const premium = themeVariables(brand, "premium");
    const main = themeVariables(brand, "main");
    expect(premium["--brand-primary"]).not.toBe(main["--brand-primary"]);
    expect(premium["--brand-accent"]).not.toBe(main["--brand-accent"]);
  });
});
