/**
 * Sponsored-search sessions and ad events (product.md §4, services.md §7.8). The storefront
 * asks for a session the first time it shows sponsored deals and keeps its id; impressions
 * are queued there and sent 50 at a time or when the page hides; clicks as they happen.
 */
import { randomUUID } from "node:crypto";
import type { Db } from "@deals/db";
import type { Brand } from "@deals/domain/brand";
import { ApiError } from "../../errors.ts";
import { findSession, insertAdEvents, insertSession } from "./queries.ts";
import type { AdEvents, SponsoredSession } from "./schemas.ts";

export async function openSession(
  db: Db,
  brand: Brand,
  request: { customerToken?: string; sessionId?: string },
  now: Date,
): Promise<SponsoredSession> {
  if (request.sessionId && (await findSession(db, brand.id, request.sessionId))) {
    return { sessionId: request.sessionId };
  }
  const sessionId = randomUUID();
  await insertSession(db, {
    id: sessionId,
    brandId: brand.id,
    customerToken: request.customerToken ?? null,
    createdAt: now,
  });
  return { sessionId };
}

export function sessionNotFound() {
  return new ApiError(
    404,
    "SPONSORED_SESSION_NOT_FOUND",
    "There is no such sponsored-search session on this site: open one first.",
  );
}

export async function recordAdEvents(db: Db, brand: Brand, events: AdEvents, now: Date): Promise<number> {
  if (!(await findSession(db, brand.id, events.sessionId))) throw sessionNotFound();
  const pairs = events.adIds.map((adId, i) => ({ adId, dealId: events.dealIds[i]! }));
  return insertAdEvents(
    db,
    brand.id,
    { sessionId: events.sessionId, type: events.type, createdAt: now },
    pairs,
  );
}
