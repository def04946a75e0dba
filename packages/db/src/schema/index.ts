export * from "./catalogue.ts";
export * from "./accounts.ts";
