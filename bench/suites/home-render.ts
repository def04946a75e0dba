/**
 * Server render of the location homepage: `GET /` on the main UK site (an address that names
 * no brand host gets the default brand, main-uk), the page loader calling the API in-process,
 * whose catalogue answers come from the response cache. pages-origin renders without it.
 */
import { fetchOnce, measureLoad } from "../lib/load.ts";
import { row, type Suite } from "../lib/suite.ts";

export const homeRender: Suite = {
  name: "home-render",
  responseCache: true,
  async run(context) {
    const target = { url: `${context.appUrl}/`, headers: { accept: "text/html" } };
    const html = await fetchOnce(target);
    if (!html.includes("£")) throw new Error("The homepage rendered without a price in pounds");
    const result = await measureLoad(target);
    return [row("home-render", "GET / (main-uk homepage render, cached API answers)", result, context)];
  },
};
