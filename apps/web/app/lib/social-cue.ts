/**
 * The "bought" social cue on a deal (product.md §3 "Social-cue stats: lastSixHours,
 * lastTwelveHours, lastTwentyFourHours"; services.md §9 windows of 6, 12 and 24 hours).
 */
import { SOCIAL_CUE_WINDOWS_HOURS } from "@deals/domain/constants";

export interface SocialCueStats {
  lastSixHours: number;
  lastTwelveHours: number;
  lastTwentyFourHours: number;
}

const WINDOW_FIELDS: Record<(typeof SOCIAL_CUE_WINDOWS_HOURS)[number], keyof SocialCueStats> = {
  6: "lastSixHours",
  12: "lastTwelveHours",
  24: "lastTwentyFourHours",
};

/**
 * "12 bought in the last 6 hours": the shortest window with a purchase, or null when
 * nobody bought in the last day (no cue rather than a discouraging zero).
 */
export function socialCueText(stats: SocialCueStats | null): string | null {
  if (!stats) return null;
  for (const hours of SOCIAL_CUE_WINDOWS_HOURS) {
    const bought = stats[WINDOW_FIELDS[hours]];
    if (Number.isSafeInteger(bought) && bought > 0) return `${bought} bought in the last ${hours} hours`;
  }
  return null;
}
