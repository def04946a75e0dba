import { iconSvg } from "../components/Logo.tsx";
import { requestBrand } from "../lib/brand.server.ts";
import type { Route } from "./+types/icon";

/** GET /icon.svg: the brand's icon (product.md §2 "Page head": icon). */
export function loader({ request }: Route.LoaderArgs) {
  return new Response(iconSvg(requestBrand(request)), {
    headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=86400", Vary: "Host" },
  });
}
