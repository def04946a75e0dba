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
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
