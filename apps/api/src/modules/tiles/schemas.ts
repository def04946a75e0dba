import { TILES_BRAND } from "@deals/domain/constants";
import { z } from "zod";

const pathText = (name: string) =>
  z
    .string({ error: `${name} must be given once` })
    .max(300, `${name} must be at most 300 characters`)
    .regex(/^[a-z0-9/-]*$/, `${name} must be a path of lower-case short names`);

/** services.md §3 "Tiles request parameters": brand, country, location, navigation, subNavigation. */
export const tilesQuerySchema = z.object({
  brand: z
    .enum(["main", "sister"], { error: "brand must be main or sister" })
    .describe(`The brand family (the storefront sends ${TILES_BRAND}, services.md §9)`),
  country: z.enum(["gb", "ie"], { error: "country must be gb or ie" }),
  location: z
    .string({ error: "location must be given once" })
    .regex(/^[a-z0-9-]{1,64}$/, "location must be a location short name")
    .optional()
    .describe("The location local categories link under; without it only the shop, escapes and gifts"),
  navigation: pathText("navigation")
    .default("")
    .describe("The first three path segments after the listing root: the level the tiles show"),
  subNavigation: pathText("subNavigation")
    .default("")
    .describe("The full path: its tiles are marked selected"),
});

export const tileSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The storefront listing the tile opens. */
  url: z.string(),
  image: z.object({ id: z.string(), url: z.string() }),
  /** The tile the sub-navigation is on. */
  selected: z.boolean(),
});

export const tilesSchema = z.array(tileSchema);

export type TilesQuery = z.infer<typeof tilesQuerySchema>;
export type Tile = z.infer<typeof tileSchema>;
