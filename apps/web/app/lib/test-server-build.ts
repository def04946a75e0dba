/**
 * A React Router server build made by hand, for tests that run React Router's own request
 * handler over a few routes (the router patch's tests): its entry, and each route with its
 * module and whether it has a loader.
 */
import type { ServerBuild } from "react-router";

export interface TestRoute {
  id: string;
  path: string;
  parentId?: string;
  module: Record<string, unknown>;
}

type DocumentEntry = (
  request: Request,
  status: number,
  headers: Headers,
  context: never,
) => Promise<Response>;

export function testServerBuild(entry: DocumentEntry, routes: readonly TestRoute[]): ServerBuild {
  const byId = <T>(value: (route: TestRoute) => T) =>
    Object.fromEntries(routes.map((route) => [route.id, value(route)]));
  return {
    entry: { module: { default: entry } },
    routes: byId((route) => route),
    assets: {
      url: "/assets/manifest.js",
      version: "test",
      entry: { module: "/assets/entry.js", imports: [] },
      routes: byId(({ id, path, parentId, module }) => ({
        id,
        path,
        parentId,
        module: `/assets/${id}.js`,
        hasLoader: "loader" in module,
        hasAction: false,
      })),
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    basename: "/",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial" },
  } as unknown as ServerBuild;
}
