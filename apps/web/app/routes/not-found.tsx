import { data } from "react-router";
import { NotFound } from "../components/ErrorPages.tsx";
import { createApiClient } from "../lib/api.ts";
import { requestBrand } from "../lib/brand.server.ts";
import { absoluteUrl, headTags, NOT_INDEXED, type PageHead } from "../lib/head.ts";
import { recordNotFound } from "../lib/not-found-hit.server.ts";
import type { Route } from "./+types/not-found";

/** Any address no other route matches: the 404 page, with the shell around it, reported. */
export function loader({ request, context }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  recordNotFound(createApiClient(context.apiFetch, brand), request);
  const head: PageHead = {
    title: `Page not found | ${brand.name}`,
    description: "This page does not exist.",
    canonical: absoluteUrl(request, new URL(request.url).pathname),
    robots: NOT_INDEXED,
  };
  return data({ head }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function NotFoundRoute() {
  return <NotFound />;
}
