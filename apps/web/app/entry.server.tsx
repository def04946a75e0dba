/**
 * Streams each hydrated page's HTML. Shoppers get the shell as soon as it is ready; crawlers
 * (the spec detects them by user agent) get the whole document at once. Plain pages are
 * written whole. Every response gets its own script nonce, named in its
 * Content-Security-Policy; outside production a `?brand=` choice is kept for the visit.
 */
import { documentContentSecurityPolicy } from "@deals/domain/content-security-policy";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { type EntryContext, type HandleErrorFunction, ServerRouter } from "react-router";
import { brandOverrideCookie } from "./lib/brand.server.ts";
import { reportServerError } from "./lib/error-log.server.ts";
import { FlushedChunks } from "./lib/flushed-chunks.server.ts";
import { NonceContext } from "./lib/nonce.ts";
import { pageHydrates } from "./lib/page-handle.ts";
import { scriptNonce } from "./lib/script-nonce.server.ts";
import { createStaticMarkup } from "./lib/static-markup.server.ts";
import { StaticMarkupContext } from "./lib/static-markup.ts";
import { utf8Bytes } from "./lib/utf8.server.ts";
import { WholePage } from "./lib/whole-page.server.ts";

/** A loader, action or render that failed: reported to the API's log with the page's request id. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  reportServerError(context, request, error);
};

/** Parts of plain pages written once per distinct input, for every page this process renders. */
const staticMarkup = createStaticMarkup();

/** How long deferred data may stream before the render gives up on it. */
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
): Promise<Response> | Response {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode;
  const nonce = scriptNonce();
  responseHeaders.set("Content-Security-Policy", documentContentSecurityPolicy(nonce));
  const brandCookie = brandOverrideCookie(request);
  if (brandCookie) responseHeaders.append("Set-Cookie", brandCookie);

  const page = (
    <NonceContext.Provider value={nonce}>
      <StaticMarkupContext.Provider value={staticMarkup}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </StaticMarkupContext.Provider>
    </NonceContext.Provider>
  );
  // A plain page has nothing to stream: its loaders have all settled and it sends no hydration
  // data, so the shell is the whole page. Written as one string, it skips the stream's chunking
  // and encoding, some 5 to 10 % of its CPU (docs/scaling.md).
  if (isPlainPage(routerContext)) {
    // Bytes, not text: a string body is checked character by character for lone surrogates.
    const html = utf8Bytes(`<!DOCTYPE html>${renderToString(page)}`);
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    // A known length tells the server the page is whole, to be sent in one write (api web.ts).
    responseHeaders.set("Content-Length", String(html.byteLength));
    return new WholePage(html, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise((resolve, reject) => {
    let status = responseStatusCode;
    let shellSent = false;
    // Stop a render whose deferred data never settles; cleared once the page is sent.
    const timer = setTimeout(() => abort(), streamTimeout + 1_000);
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      [waitForAll ? "onAllReady" : "onShellReady"]() {
        shellSent = true;
        const body = new FlushedChunks();
        body.on("finish", () => clearTimeout(timer));
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(createReadableStreamFromReadable(body), { status, headers: responseHeaders }));
        pipe(body);
      },
      onShellError(error: unknown) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        // Errors before the shell reject above and are logged by React Router.
        if (shellSent) console.error(error);
      },
    });
  });
}

/** A page one of whose routes says it is not hydrated (lib/page-handle.ts). */
function isPlainPage({ staticHandlerContext, routeModules }: EntryContext): boolean {
  return !pageHydrates(staticHandlerContext.matches.map((match) => routeModules[match.route.id]?.handle));
}
