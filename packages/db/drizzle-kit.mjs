/**
 * Runs the drizzle-kit CLI (`node drizzle-kit.mjs generate`). drizzle-kit is installed at the
 * workspace root and looks for drizzle-orm beside itself, while this package keeps its own
 * drizzle-orm; a resolve hook points those imports here before the CLI starts.
 */
import { createRequire, register } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

const hooks = `
export async function resolve(specifier, context, next) {
  if (specifier === "drizzle-orm" || specifier.startsWith("drizzle-orm/")) {
    return next(specifier, { ...context, parentURL: ${JSON.stringify(import.meta.url)} });
  }
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);

const main = createRequire(import.meta.url).resolve("drizzle-kit");
const cli = join(dirname(main), "bin.cjs");
await import(pathToFileURL(cli).href);
