export * from "./accounts.ts";
export * from "./browse.ts";
export * from "./catalogue.ts";
export * from "./commerce.ts";
export * from "./near-me.ts";
export * from "./sites.ts";
export * from "./travel.ts";
export * from "./wishlist.ts";
