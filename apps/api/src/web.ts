/**
 * Serves the storefront from the API's process (contracts "apps/api", design.md "Web"): the
 * client build as static files, every other page through React Router's request handler.
 * Loaders reach the API in-process through `apiFetch`, without a network hop.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { fileURLToPath, pathToFileURL } from "node:url";
import fastifyCompress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import { createRequest } from "@remix-run/node-fetch-server";
import type { FastifyInstance, FastifyReply } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import { REQUEST_ID_HEADER } from "./request-id.ts";
import { type SharedAnswer, SharedAnswers } from "./shared-answers.ts";

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
 * shopper rather than this process; `requestId` is the page request's, so the API's log lines
 * and the orders it places carry the id of the page that asked. With `shared`, answers the
 * same for every shopper of a brand (shared-answers.ts) are kept a few seconds.
 */
export function createApiFetch(
  app: FastifyInstance,
  remoteAddress?: string,
  requestId?: string,
  shared?: SharedAnswers,
): ApiFetch {
  return async (url, init = {}) => {
    const method = (init.method ?? "GET").toUpperCase();
    const sent = withoutEncoding(init.headers);
    if (requestId !== undefined) sent[REQUEST_ID_HEADER] = requestId;
    const call = async (): Promise<SharedAnswer> => {
      const answer = await app.inject({
        method: method as "GET",
        url,
        headers: sent,
        ...(remoteAddress === undefined ? {} : { remoteAddress }),
        ...(init.body === undefined ? {} : { payload: init.body }),
      });
      return {
        status: answer.statusCode,
        headers: answer.headers,
        text: answer.payload,
        bytes: () => answer.rawPayload,
      };
    };
    const key = shared?.keyOf(method, url, sent);
    const answer = shared && key !== undefined ? await shared.answer(key, call) : await call();
    const hasBody = method !== "HEAD" && !NO_BODY_STATUSES.has(answer.status);
    const json = shared && key !== undefined ? () => shared.json(answer) : undefined;
    return new InProcessResponse(answer, hasBody, requestId, json);
  };
}

/**
 * An in-process answer. Its body is already in memory, as text: a Response made with its bytes
 * wraps them in a web stream, and reading it back (json, text) goes through that stream's
 * promises and decodes the bytes again, a few per cent of a page's CPU for its several API
 * answers (docs/scaling.md). So the text is read as it is, and the bytes and the stream are made
 * only if asked for. Likewise its headers become a `Headers` (each name and value checked on the
 * way in) only when read: a loader reading data looks at the status and the JSON alone. A kept
 * answer (SharedAnswers) gives its JSON already parsed, the same for every page.
 */
class InProcessResponse extends Response {
  readonly #answer: SharedAnswer;
  readonly #hasBody: boolean;
  readonly #requestId: string | undefined;
  readonly #json: (() => unknown) | undefined;
  #headers: Headers | undefined;
  #stream: ReadableStream<Uint8Array<ArrayBuffer>> | null | undefined;

  constructor(answer: SharedAnswer, hasBody: boolean, requestId: string | undefined, json?: () => unknown) {
    super(null, { status: answer.status });
    this.#answer = answer;
    this.#hasBody = hasBody;
    this.#requestId = requestId;
    this.#json = json;
  }

  override get headers(): Headers {
    if (!this.#headers) {
      this.#headers = new Headers();
      for (const [name, value] of Object.entries(this.#answer.headers)) {
        if (value === undefined) continue;
        for (const item of Array.isArray(value) ? value : [value]) this.#headers.append(name, String(item));
      }
      // A kept answer still carries the id of the page asking now.
      if (this.#requestId !== undefined) this.#headers.set(REQUEST_ID_HEADER, this.#requestId);
    }
    return this.#headers;
  }

  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    if (this.#stream === undefined)
      this.#stream = this.#hasBody
        ? new Response(this.#answer.bytes() as Uint8Array<ArrayBuffer>).body
        : null;
    return this.#stream;
  }

  override async text(): Promise<string> {
    return this.#hasBody ? this.#answer.text : "";
  }

  override async json(): Promise<unknown> {
    return this.#json ? this.#json() : JSON.parse(await this.text());
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = this.#hasBody ? this.#answer.bytes() : new Uint8Array(0);
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }
}

/** In-process answers are never compressed: a loader reads them as they are. */
function withoutEncoding(headers: Record<string, string> = {}): Record<string, string> {
  const sent: Record<string, string> = {};
  for (const name in headers) if (name.toLowerCase() !== "accept-encoding") sent[name] = headers[name]!;
  return sent;
}

/**
 * Sends React Router's answer through Fastify, so compression and reply hooks apply to pages too.
 * A page of known length (a plain page, written whole) is sent as its bytes in one write; one
 * that streams is piped as React writes it. Fastify sets the length of what it sends itself,
 * compressed or not.
 */
async function sendPage(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
  for (const [name, value] of response.headers)
    if (name !== "set-cookie" && name !== "content-length") reply.header(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  // Length first: a whole page's bytes are read as they are, without making its stream.
  if (response.headers.has("content-length")) return reply.send(Buffer.from(await response.arrayBuffer()));
  if (!response.body) return reply.send(null);
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
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
  const shared = new SharedAnswers();
  const handleRequest = createRequestHandler(
    build,
    process.env.NODE_ENV === "production" ? "production" : "development",
  );

  // Compression covers what browsers load directly: pages and static files. API answers are
  // read in-process by the storefront, and a CDN compresses them for other clients.
  await app.register(async (web) => {
    await web.register(fastifyCompress);
    await registerStorefront(web, app, buildDir, handleRequest, shared);
  });
}

async function registerStorefront(
  web: FastifyInstance,
  app: FastifyInstance,
  buildDir: string,
  handleRequest: ReturnType<typeof createRequestHandler>,
  shared: SharedAnswers,
): Promise<void> {
  // One route per file found now (wildcard: false), so the page route below gets the rest.
  await web.register(fastifyStatic, {
    root: path.join(buildDir, "client"),
    wildcard: false,
    index: false,
    schemaHide: true,
    // Vite puts content-hashed file names under /assets: they never change. Other files
    // (icons, robots.txt) are checked again on every use.
    cacheControl: false,
    setHeaders: (response, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      response.setHeader("cache-control", hashed ? IMMUTABLE : "public, max-age=0");
    },
  });

  await web.register(async (pages) => {
    // React Router reads form posts itself from the raw request: leave bodies unread here.
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser("*", (_request, _payload, done) => done(null));
    pages.route({
      method: ["GET", "HEAD", "POST"],
      url: "/*",
      schema: { hide: true },
      // Pages from the network wait their turn with API requests (admission.ts). A page finds
      // no session of its own: the signed-in shopper's session is found by its API calls.
      config: { admission: "page", readsCustomer: false },
      handler: async (request, reply) => {
        if (isApiPath(request.url)) return reply.callNotFound();
        const page = await handleRequest(createRequest(request.raw, reply.raw), {
          // The shopper's address, so per-IP limits and logs see the shopper.
          apiFetch: createApiFetch(app, request.ip, request.id, shared),
        });
        return sendPage(reply, page);
      },
    });
  });
}
