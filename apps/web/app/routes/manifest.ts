import { requestBrand } from "../lib/brand.server.ts";
import { webManifest } from "../lib/manifest.ts";
import type { Route } from "./+types/manifest";

/** GET /manifest.webmanifest: the brand's web app manifest. */
export function loader({ request }: Route.LoaderArgs) {
  return new Response(JSON.stringify(webManifest(requestBrand(request))), {
    headers: {
      "Content-Type": "application/manifest+json",
      "Cache-Control": "public, max-age=86400",
      Vary: "Host",
    },
  });
}
