/**
 * The basket cookie (services.md §9 "Tokens and cookies"): 7 days, secure, shared across the
 * brand's whole domain, so every host of the site finds the same basket.
 */
import { COOKIES } from "@deals/domain/cookies";
import type { FastifyReply, FastifyRequest } from "fastify";

/** www.dealmoor.co.uk shares with dealmoor.co.uk and its other hosts; local hosts keep their own. */
function domainOf(request: FastifyRequest): string | undefined {
  const host = request.hostname.toLowerCase();
  return host.startsWith("www.") ? host.slice("www.".length) : undefined;
}

export function setBasketCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  const spec = COOKIES.basketToken;
  const domain = spec.domainWide ? domainOf(request) : undefined;
  reply.setCookie(spec.name, token, {
    path: "/",
    sameSite: "lax",
    secure: spec.secure,
    ...(spec.maxAgeSeconds === undefined ? {} : { maxAge: spec.maxAgeSeconds }),
    ...(domain ? { domain } : {}),
  });
}
