/**
 * Absolute links for emails. The host comes from the request only when it is one of the
 * brand's own hosts (so a forged Host header cannot send a reset link to another site);
 * otherwise the brand's production host is used.
 */
import type { Brand } from "@deals/domain/brand";
import type { FastifyRequest } from "fastify";

export function siteOrigin(request: FastifyRequest, brand: Brand): string {
  const host = request.headers.host ?? "";
  const hostname = host.toLowerCase().replace(/:\d+$/, "");
  if (!brand.hosts.includes(hostname)) return `https://${brand.hosts[0]}`;
  const protocol = process.env.NODE_ENV === "production" ? "https" : request.protocol;
  return `${protocol}://${host}`;
}

export interface SiteLinks {
  home: string;
  signIn: string;
  forgotPassword: string;
  activate(token: string): string;
  resetPassword(token: string): string;
  unsubscribe(token: string): string;
}

export function siteLinks(origin: string): SiteLinks {
  const withToken = (path: string, token: string) => `${origin}${path}?token=${encodeURIComponent(token)}`;
  return {
    home: `${origin}/`,
    signIn: `${origin}/login`,
    forgotPassword: `${origin}/forgot-password`,
    activate: (token) => withToken("/activate", token),
    resetPassword: (token) => withToken("/reset-password", token),
    unsubscribe: (token) => withToken("/unsubscribe", token),
  };
}
