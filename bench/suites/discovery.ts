/**
 * The homepage and the discovery pages (issue "Discovery"): homepage HTML throughput and
 * latency for an anonymous and a signed-in shopper at 50 connections (catalogue answers from
 * the response cache, as in production), and what a phone receives from /recently-viewed:
 * JavaScript gzipped and the Lighthouse mobile score (design.md "Speed": >= 98). The
 * homepage's are measured by the page-weight and lighthouse suites, once.
 */
import { fetchOnce, measureLoad } from "../lib/load.ts";
import type { Metric, MetricSuite } from "../lib/metric.ts";
import { brandHeaders, row, type Suite, signedIn } from "../lib/suite.ts";
import { performanceScore, TARGET_SCORE } from "./lighthouse.ts";
import { scriptBytes } from "./page-weight.ts";

export const homepage: Suite = {
  name: "homepage",
  responseCache: true,
  async run(context) {
    const headers = { ...brandHeaders("main-uk"), accept: "text/html" };
    const target = { url: `${context.appUrl}/`, headers };
    const html = await fetchOnce(target);
    if (!html.includes('class="hero-deal"')) throw new Error("The homepage rendered without its main deal");
    const anonymous = await measureLoad(target);
    const member = await measureLoad({ ...target, headers: signedIn(headers, context.shopperSid) });
    return [
      row("homepage", "GET / homepage HTML, anonymous", anonymous, context),
      row("homepage", "GET / homepage HTML, signed in", member, context),
    ];
  },
};

const DISCOVERY_PAGES = [["recently viewed", "/recently-viewed"]] as const;

export const discoveryPages: MetricSuite = {
  name: "discovery-pages",
  async run(appUrl) {
    const metrics: Metric[] = [];
    for (const [name, path] of DISCOVERY_PAGES) {
      const kilobytes = Math.round(((await scriptBytes(`${appUrl}${path}`)) / 1024) * 10) / 10;
      metrics.push({
        suite: "discovery-pages",
        target: `${name} JavaScript, gzipped`,
        value: kilobytes,
        unit: "KB",
        budget: "-",
        met: true,
      });
      const score = await performanceScore(`${appUrl}${path}`);
      metrics.push({
        suite: "discovery-pages",
        target: `Lighthouse performance, mobile, ${name}`,
        value: score,
        unit: "/ 100",
        budget: `>= ${TARGET_SCORE}`,
        met: score >= TARGET_SCORE,
      });
    }
    return metrics;
  },
};
