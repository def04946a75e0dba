/**
 * React Router encodes every document's loader data for hydration. A plain page (one that
 * never hydrates) never sends it, so patches/react-router+*.patch makes the encoding wait for
 * the first read (docs/scaling.md "Hydration data only for pages that hydrate"). These tests
 * hold the installed router to that: they fail if the patch is not applied.
 */
import { createRequestHandler } from "react-router";
import { describe, expect, it } from "vitest";
import { testServerBuild } from "./test-server-build.ts";

/** A one-route build whose loader data counts how often its field is read. */
function buildWith(readsStream: boolean) {
  const reads = { count: 0 };
  const loaderData = {
    get headline() {
      reads.count += 1;
      return "Spa day for two";
    },
  };
  const build = testServerBuild(
    async (_request, status, headers, context: { serverHandoffStream?: ReadableStream<Uint8Array> }) => {
      const body =
        readsStream && context.serverHandoffStream
          ? await new Response(context.serverHandoffStream).text()
          : "plain page";
      return new Response(body, { status, headers });
    },
    [{ id: "root", path: "", module: { loader: () => loaderData, default: () => null } }],
  );
  return { build, reads };
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
});
