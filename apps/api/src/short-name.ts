/**
 * Short names (locations, categories) are lower-case words joined by hyphens. A path segment
 * of any other shape names nothing, so it is answered as not found without a query; this
 * also keeps text the database cannot hold (a NUL character) away from it.
 */
const SHORT_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SHORT_NAME_LENGTH = 100;

export function isShortName(text: string): boolean {
  return text.length <= MAX_SHORT_NAME_LENGTH && SHORT_NAME.test(text);
}
