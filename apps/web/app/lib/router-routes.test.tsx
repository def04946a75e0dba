/**
 * React Router made a build's route tree afresh for every document it rendered (its server
 * routes, then the static router's data routes): about 3 % of a plain page's CPU for a tree
 * the size of the storefront's. patches/react-router+*.patch makes each once per build
 * (docs/scaling.md "The route tree once per build"). This test fails if the patch is not
 * applied.
 */
import { createElement, useContext } from "react";
import { renderToString } from "react-dom/server";
import {
  createRequestHandler,
  UNSAFE_DataRouterContext as DataRouterContext,
  type EntryContext,
  Outlet,
  ServerRouter,
} from "react-router";
import { describe, expect, it } from "vitest";
import { testServerBuild } from "./test-server-build.ts";

/** The route tree each page was rendered with, in order. */
const seen: unknown[] = [];

function Page() {
  seen.push(useContext(DataRouterContext)?.router.routes);
  return createElement("p", null, "Spa day for two");
}

/** A two-route build whose page notes the route tree it was rendered with. */
function twoRouteBuild() {
  return testServerBuild(
    async (request, status, headers, context: EntryContext) => {
      const html = renderToString(createElement(ServerRouter, { context, url: request.url }));
      return new Response(html, { status, headers });
    },
    [
      { id: "root", path: "", module: { default: () => createElement(Outlet) } },
      { id: "deals", path: "deals/:location", parentId: "root", module: { default: Page } },
    ],
  );
}

describe("a build's route tree", () => {
  it("is made once and serves every page after", async () => {
    const handle = createRequestHandler(twoRouteBuild(), "production");
    for (const location of ["leeds", "york", "leeds"]) {
      const response = await handle(new Request(`http://shop.test/deals/${location}`));
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("Spa day for two");
    }
    expect(seen).toHaveLength(3);
    expect(seen[0]).toBeDefined();
    expect(seen[1]).toBe(seen[0]);
    expect(seen[2]).toBe(seen[0]);
  });
});
