/**
 * JavaScript a page makes the browser load, gzipped: every external script and module
 * preload (the page's islands among them) plus inline scripts (design.md "Speed": deal page <= 90 KB gzipped). The homepage
 * hydrates React and is reported for comparison, without a target.
 */
import { gzipSync } from "node:zlib";
import { type Metric, type MetricSuite, sampleDealUrl } from "../lib/metric.ts";

const DEAL_PAGE_BUDGET_KB = 90;

async function text(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

/** Gzipped bytes of the scripts one HTML page loads, each external file counted once. */
export async function scriptBytes(pageUrl: string): Promise<number> {
  const html = await text(pageUrl);
  const sources = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) sources.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))
    sources.add(match[1]!);
  const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1]!)
    .join("\n");
  let bytes = inline.length > 0 ? gzipSync(inline).length : 0;
  for (const source of sources) bytes += gzipSync(await text(new URL(source, pageUrl).href)).length;
  return bytes;
}

const kilobytes = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

export const pageWeight: MetricSuite = {
  name: "page-weight",
  async run(appUrl) {
    const deal = kilobytes(await scriptBytes(await sampleDealUrl(appUrl)));
    const home = kilobytes(await scriptBytes(`${appUrl}/`));
    const metrics: Metric[] = [
      {
        suite: "page-weight",
        target: "deal page JavaScript, gzipped",
        value: deal,
        unit: "KB",
        budget: `<= ${DEAL_PAGE_BUDGET_KB} KB`,
        met: deal <= DEAL_PAGE_BUDGET_KB,
      },
      {
        suite: "page-weight",
        target: "homepage JavaScript, gzipped",
        value: home,
        unit: "KB",
        budget: "-",
        met: true,
      },
    ];
    return metrics;
  },
};
