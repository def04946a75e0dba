/**
 * Accessibility check with axe: the serious and critical violations on the page, described
 * so that a failing assertion says what to fix and where.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

const BLOCKING_IMPACTS = new Set(["serious", "critical"]);

/** `exclude`: a part of the page another check answers for (a selector). */
export async function seriousViolations(
  page: Page,
  { exclude }: { exclude?: string } = {},
): Promise<string[]> {
  // One run in the page itself (legacy mode: frames are reached by axe's own messages), not a
  // partial run per frame finished in a page of its own; and only violations gathered, not the
  // nodes every passing rule matched. Together they take about half the time on a full listing.
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] });
  const { violations } = await (exclude ? builder.exclude(exclude) : builder).analyze();
  return violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ""))
    .map((violation) => {
      const where = violation.nodes.map((node) => node.target.join(" ")).slice(0, 3);
      return `${violation.impact}: ${violation.id} (${violation.help}) at ${where.join(", ")}`;
    });
}
