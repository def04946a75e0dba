/**
 * Lighthouse performance score, mobile (its default: emulated phone, simulated slow 4G), for
 * the homepage and a deal page (design.md "Speed": >= 98). Runs Debian's Chromium with the
 * flags this machine needs (stack-notes traps 10 and 11); works offline.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { type Metric, type MetricSuite, sampleDealUrl } from "../lib/metric.ts";

const run = promisify(execFile);
export const TARGET_SCORE = 98;
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
].join(" ");

/** Chromium where `npm test` installs it (scripts/test.sh), or CHROME_PATH. */
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/**
 * Lighthouse now and then fails to record a page load's trace on a busy machine ("Runtime error
 * encountered ... Please run Lighthouse again", NO_NAVSTART): such a run is tried once more.
 */
export async function performanceScore(url: string): Promise<number> {
  try {
    return await scoreOnce(url);
  } catch (error) {
    if (!String(error).includes("Runtime error encountered")) throw error;
    return scoreOnce(url);
  }
}

async function scoreOnce(url: string): Promise<number> {
  const folder = await mkdtemp(join(tmpdir(), "lighthouse-"));
  const report = join(folder, "report.json");
  try {
    await run(
      "npx",
      [
        "lighthouse",
        url,
        "--quiet",
        "--only-categories=performance",
        "--output=json",
        `--output-path=${report}`,
        `--chrome-flags=${CHROME_FLAGS}`,
      ],
      {
        env: { ...process.env, CHROME_PATH },
        timeout: 180_000,
      },
    );
    const result = JSON.parse(await readFile(report, "utf8")) as {
      categories: { performance: { score: number | null } };
    };
    return Math.round((result.categories.performance.score ?? 0) * 100);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export const lighthouse: MetricSuite = {
  name: "lighthouse",
  async run(appUrl) {
    if (!existsSync(CHROME_PATH)) {
      throw new Error(
        `no Chromium at ${CHROME_PATH}: install it (apt-get install chromium) or set CHROME_PATH`,
      );
    }
    const pages = [
      ["homepage", `${appUrl}/`],
      ["deal page", await sampleDealUrl(appUrl)],
    ] as const;
    const metrics: Metric[] = [];
    for (const [name, url] of pages) {
      const score = await performanceScore(url);
      metrics.push({
        suite: "lighthouse",
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
