/**
 * Query parameters from whatever a caller holds: URLSearchParams, a query string, or a
 * plain record (a framework's parsed query). Values that are not text are dropped, so the
 * rules reading flags from a query never throw on junk.
 */
export function toSearchParams(input: unknown): URLSearchParams {
  if (input instanceof URLSearchParams) return input;
  if (typeof input === "string") return new URLSearchParams(input);
  const params = new URLSearchParams();
  if (!input || typeof input !== "object" || Array.isArray(input)) return params;
  for (const [name, value] of Object.entries(input)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (
        typeof item === "string" ||
        typeof item === "boolean" ||
        (typeof item === "number" && Number.isFinite(item))
      ) {
        params.append(name, String(item));
      }
    }
  }
  return params;
}

/** A true/false query flag: "true" or "1" (any case) is set; anything else is not. */
export function queryFlag(input: unknown, name: string): boolean {
  const value = toSearchParams(input).get(name)?.toLowerCase();
  return value === "true" || value === "1";
}
