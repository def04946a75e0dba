/**
 * Absolute links for emails, on the brand's public origin: PUBLIC_ORIGIN_<BRAND> (say
 * PUBLIC_ORIGIN_SISTER_IE=https://www.fernlight.ie) when set; otherwise in production the
 * brand's main host, and outside production the site the request came from when it is one of
 * the brand's hosts, else the brand's local host on the port the server listens on, so a link
 * opened from the development mailbox reaches this server. A forged Host header never picks
 * another site.
 */
import type { Brand } from "@deals/domain/brand";
import type { FastifyRequest } from "fastify";

export const publicOriginVariable = (brand: Brand) =>
  `PUBLIC_ORIGIN_${brand.id.toUpperCase().replace("-", "_")}`;

export function siteOrigin(
  request: FastifyRequest,
  brand: Brand,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const configured = env[publicOriginVariable(brand)];
  if (configured) return configured.replace(/\/+$/, "");
  if (env.NODE_ENV === "production") return `https://${brand.hosts[0]}`;
  const host = request.headers.host ?? "";
  if (brand.hosts.includes(host.toLowerCase().replace(/:\d+$/, ""))) return `${request.protocol}://${host}`;
  const address = request.server.server.address();
  const port = address && typeof address === "object" ? `:${address.port}` : "";
  const local = brand.hosts.find((name) => name.endsWith(".localhost")) ?? brand.hosts[0];
  return `http://${local}${port}`;
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
