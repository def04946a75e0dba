/**
 * Accessibility check with axe: the serious and critical violations on the page, described
 * so that a failing assertion says what to fix and where.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

const BLOCKING_IMPACTS = new Set(["serious", "critical"]);

export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ""))
    .map((violation) => {
      const where = violation.nodes.map((node) => node.target.join(" ")).slice(0, 3);
      return `${violation.impact}: ${violation.id} (${violation.help}) at ${where.join(", ")}`;
    });
}
