import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  // Workspace packages export TypeScript source: bundle them into the server build
  // instead of leaving a runtime import Node could not load.
  ssr: { noExternal: [/^@deals\//] },
  // The bundler's note that plugins took most of the build time fires whenever the machine is
  // busy; it is no warning about the storefront.
  build: { rolldownOptions: { checks: { bundlerTimings: false } } },
});
