export * from "./catalogue.ts";
export * from "./accounts.ts";
export * from "./commerce.ts";
export * from "./browse.ts";
