/**
 * React Router encodes every document's loader data for hydration. A plain page (one that
 * never hydrates) never sends it, so patches/react-router+*.patch makes the encoding wait for
 * the first read (docs/scaling.md "Hydration data only for pages that hydrate"). These tests
 * hold the installed router to that: they fail if the patch is not applied. The objects made
 * for each page keep their accessors on their classes (tests/support/own-accessors.ts).
 */
import { createRequestHandler, createStaticHandler, createStaticRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ownAccessors } from "../../../../tests/support/own-accessors.ts";
import { testServerBuild } from "./test-server-build.ts";

/** A one-route build whose loader data counts how often its field is read. */
function buildWith(readsStream: boolean) {
  const reads = { count: 0 };
  const contexts: object[] = [];
  const loaderData = {
    get headline() {
      reads.count += 1;
      return "Spa day for two";
    },
  };
  const build = testServerBuild(
    async (_request, status, headers, context: { serverHandoffStream?: ReadableStream<Uint8Array> }) => {
      contexts.push(context);
      const body =
        readsStream && context.serverHandoffStream
          ? await new Response(context.serverHandoffStream).text()
          : "plain page";
      return new Response(body, { status, headers });
    },
    [{ id: "root", path: "", module: { loader: () => loaderData, default: () => null } }],
  );
  return { build, reads, contexts };
}

describe("a page's hydration data", () => {
  it("is never encoded for a page that does not read it", async () => {
    const { build, reads } = buildWith(false);
    const response = await createRequestHandler(build, "production")(new Request("http://shop.test/"));
    expect(await response.text()).toBe("plain page");
    // Give a stream that had started encoding the time to finish.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(reads.count).toBe(0);
  });

  it("is encoded in full for a page that reads it", async () => {
    const { build, reads } = buildWith(true);
    const response = await createRequestHandler(build, "production")(new Request("http://shop.test/"));
    expect(await response.text()).toContain("Spa day for two");
    expect(reads.count).toBe(1);
  });

  it("is read through the entry context's class, not an accessor of each context", async () => {
    const { build, contexts } = buildWith(true);
    await createRequestHandler(build, "production")(new Request("http://shop.test/"));
    expect(contexts).toHaveLength(1);
    expect("serverHandoffStream" in contexts[0]!).toBe(true);
    expect(ownAccessors(contexts[0]!)).toEqual([]);
  });
});

describe("the router a page renders with", () => {
  it("has no accessors of its own, and reads the page's data and routes", async () => {
    const routes = [{ id: "root", path: "/", loader: () => ({ headline: "Spa day for two" }) }];
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request("http://shop.test/"));
    if (context instanceof Response) throw new Error("expected a context");
    const router = createStaticRouter(handler.dataRoutes, context);
    expect(ownAccessors(router)).toEqual([]);
    expect(router.state.loaderData).toEqual({ root: { headline: "Spa day for two" } });
    expect(router.state.location.pathname).toBe("/");
    expect(router.routes.map((route) => route.id)).toEqual(["root"]);
    expect(router.basename).toBe("/");
    expect(() => router.navigate("/elsewhere")).toThrow(/stateless environment/);
  });
});
