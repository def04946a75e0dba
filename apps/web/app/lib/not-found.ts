import { ApiError } from "./api.ts";

/** Thrown from a loader: React Router answers 404 and renders the error boundary. */
export function notFound(): Response {
  return new Response("Not Found", { status: 404, statusText: "Not Found" });
}

/**
 * The API answers 404 for an unknown location, category or deal and 400 for a malformed id
 * or page; for a page address both mean the page does not exist.
 */
export function isMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** Awaits an API call, turning "missing" answers into the 404 page; other errors go on. */
export async function orNotFound<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isMissing(error)) throw notFound();
    throw error;
  }
}
