import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "build",
  // React Router 8's behaviours, decided now rather than warned about on every build.
  future: {
    // Loaders take the API process's plain load context (apps/api/src/web.ts); middleware's
    // typed context would replace it, and no route uses middleware.
    v8_middleware: false,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    // Loaders read request.url as the page's own address (the checkout keeps it as the place
    // to come back to after signing in); passed through, a data request's URL ends in .data.
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
