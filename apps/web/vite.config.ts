import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  // Workspace packages export TypeScript source: bundle them into the server build
  // instead of leaving a runtime import Node could not load.
  ssr: { noExternal: [/^@deals\//] },
});
