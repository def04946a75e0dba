/**
 * The targets the per-request measures ask for (cpu-per-request.ts, instructions-per-request.ts):
 * listing-api, search-api, listing-page, home, deal-page, each anonymous, or signed in with
 * `:signed-in`; or an API path (/v1/locations). Each becomes the varied paths the origin suites
 * ask for, and the headers to ask with.
 */
import { pathsAnswering } from "./load.ts";
import { brandHeaders, signedIn } from "./suite.ts";
import { dealPagePaths, fullListings, searchApiPaths } from "./varied.ts";

export interface TargetRequests {
  paths: readonly string[];
  headers: Record<string, string>;
}

const PATHS: Record<string, (appUrl: string) => Promise<readonly string[]>> = {
  "listing-api": async (appUrl) => (await fullListings(appUrl)).kept.map((listing) => listing.api),
  "search-api": async () => searchApiPaths(),
  "listing-page": async (appUrl) => (await fullListings(appUrl)).kept.map((listing) => listing.page),
  home: async () => ["/"],
  "deal-page": (appUrl) => dealPagePaths(appUrl),
};

export async function targetRequests(
  target: string,
  appUrl: string,
  shopperSid: string,
): Promise<TargetRequests> {
  const [name = "", who] = target.split(":");
  const listed = name.startsWith("/") ? [name] : await PATHS[name]?.(appUrl);
  if (!listed) throw new Error(`Unknown target ${name}; targets: ${Object.keys(PATHS).join(", ")}`);
  const api = name.endsWith("-api") || name.startsWith("/v1/");
  // Uncompressed, as autocannon asks in `npm run bench`.
  const base = {
    ...(api ? brandHeaders("main-uk") : { accept: "text/html" }),
    "accept-encoding": "identity",
  };
  const headers = who === "signed-in" ? signedIn(base, shopperSid) : base;
  return { paths: await pathsAnswering({ url: appUrl, headers, paths: listed }), headers };
}

/** Asks for `count` of `paths` in turn, `inFlight` at a time; any answer but 200 stops the run. */
export async function ask(
  appUrl: string,
  { paths, headers }: TargetRequests,
  count: number,
  inFlight: number,
) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const path = paths[next++ % paths.length]!;
      const response = await fetch(`${appUrl}${path}`, { headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
}
