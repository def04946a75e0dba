/** Image quality for deal images (services.md §9 "Money and commerce"). */
import { IMAGE_QUALITY } from "./constants.ts";

/** The Network Information API's effective connection types. */
export type EffectiveConnection = "slow-2g" | "2g" | "3g" | "4g";

export interface ImageQualityContext {
  isSubSubcategory?: boolean;
  connection?: EffectiveConnection | string | null;
  isMobile?: boolean;
}

/**
 * 35 on a 2g connection (slow-2g included) or a mobile device; 60 on a sub-subcategory
 * page or a 3g connection; 85 otherwise. The lowest applicable quality wins.
 */
export function imageQuality(context: ImageQualityContext): number {
  const { connection } = context;
  if (connection === "2g" || connection === "slow-2g" || context.isMobile === true)
    return IMAGE_QUALITY.slowOrMobile;
  if (connection === "3g" || context.isSubSubcategory === true) return IMAGE_QUALITY.subSubcategoryOr3g;
  return IMAGE_QUALITY.default;
}
