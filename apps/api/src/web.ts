/**
 * Serves the storefront from the API's process (contracts "apps/api", design.md "Web"): the
 * client build as static files, every other page through React Router's request handler.
 * Loaders reach the API in-process through `apiFetch`, without a network hop.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import { createRequestListener } from "@react-router/node";
import type { FastifyInstance } from "fastify";
import type { ServerBuild } from "react-router";

export const WEB_BUILD_DIR = fileURLToPath(new URL("../../web/build/", import.meta.url));

export interface ApiFetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}
export type ApiFetch = (path: string, init?: ApiFetchInit) => Promise<Response>;

/** Paths the API answers itself; a miss under them is an API 404, never a storefront page. */
const API_PATHS = ["/v1", "/images", "/docs", "/healthz", "/openapi.json"];

function isApiPath(url: string): boolean {
  const pathname = url.split("?", 1)[0] ?? url;
  return API_PATHS.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

const NO_BODY_STATUSES = new Set([204, 205, 304]);

/**
 * Runs an API request through the same Fastify instance (app.inject) and answers a fetch
 * Response. `remoteAddress` is the shopper's address, so per-IP rate limits and logs see the
 * shopper rather than this process.
 */
export function createApiFetch(app: FastifyInstance, remoteAddress?: string): ApiFetch {
  return async (url, init = {}) => {
    const method = (init.method ?? "GET").toUpperCase();
    const answer = await app.inject({
      method: method as "GET",
      url,
      headers: init.headers ?? {},
      ...(remoteAddress === undefined ? {} : { remoteAddress }),
      ...(init.body === undefined ? {} : { payload: init.body }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
    }
    const body =
      method === "HEAD" || NO_BODY_STATUSES.has(answer.statusCode) ? null : new Uint8Array(answer.rawPayload);
    return new Response(body, { status: answer.statusCode, headers });
  };
}

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Mounts the storefront build in `buildDir` (apps/web/build by default). Without a build the
 * home page says how to make one, and the API still works.
 */
export async function mountWeb(app: FastifyInstance, buildDir = WEB_BUILD_DIR): Promise<void> {
  const serverEntry = path.join(buildDir, "server", "index.js");
  if (!existsSync(serverEntry)) {
    app.get("/", { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type("text/plain; charset=utf-8")
        .send("The storefront is not built yet. Run `npm run build`, then start the server again.\n"),
    );
    return;
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const handleRequest = createRequestListener({
    build,
    mode: process.env.NODE_ENV === "production" ? "production" : "development",
    getLoadContext: (_request, client) => ({ apiFetch: createApiFetch(app, client.address) }),
  });

  // One route per file found now (wildcard: false), so the page route below gets the rest.
  await app.register(fastifyStatic, {
    root: path.join(buildDir, "client"),
    wildcard: false,
    index: false,
    schemaHide: true,
    // Vite puts content-hashed file names under /assets: they never change.
    setHeaders: (reply, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header("cache-control", IMMUTABLE);
    },
  });

  await app.register(async (pages) => {
    // React Router reads form posts itself from the raw request: leave bodies unread here.
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser("*", (_request, _payload, done) => done(null));
    pages.route({
      method: ["GET", "HEAD", "POST"],
      url: "/*",
      schema: { hide: true },
      handler: (request, reply) => {
        if (isApiPath(request.url)) return reply.callNotFound();
        reply.hijack();
        // A page that fails while streaming has already sent its status: end the socket.
        Promise.resolve(handleRequest(request.raw, reply.raw)).catch((error: unknown) => {
          request.log.error({ err: error }, "page render failed");
          reply.raw.destroy();
        });
      },
    });
  });
}
