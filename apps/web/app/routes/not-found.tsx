import { data } from "react-router";
import { NotFound } from "../components/ErrorPages.tsx";
import { requestBrand } from "../lib/brand.server.ts";
import { absoluteUrl, headTags, NOT_INDEXED, type PageHead } from "../lib/head.ts";
import type { Route } from "./+types/not-found";

/** Any address no other route matches: the 404 page, with the shell around it. */
export function loader({ request }: Route.LoaderArgs) {
  const head: PageHead = {
    title: `Page not found | ${requestBrand(request).name}`,
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
