import { Form, redirect } from "react-router";
import { createApiClient } from "../lib/api.ts";
import { requestBrand } from "../lib/brand.server.ts";
import { absoluteUrl, headTags, NOT_INDEXED } from "../lib/head.ts";
import { eligibleLocations, savedLocationCookie } from "../lib/location.server.ts";
import { notFound, orNotFound } from "../lib/not-found.ts";
import type { Route } from "./+types/location-choice";

/** The longest short name worth asking the API about. */
const MAX_SHORT_NAME = 100;

/**
 * POST /location: saves the chosen location in the location cookie (lat, lon, name,
 * shortName; 1 year) and opens its deals (product.md §4 "Location selection").
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const shortName = String(form.get("shortName") ?? "").trim();
  if (shortName === "" || shortName.length > MAX_SHORT_NAME) throw notFound();
  const api = createApiClient(context.apiFetch, requestBrand(request));
  const location = await orNotFound(api.location(shortName));
  return redirect(`/deals/${location.shortName}`, {
    headers: { "Set-Cookie": savedLocationCookie(request, location) },
  });
}

/** GET /location: the same choice as a page of its own. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const locations = await eligibleLocations(createApiClient(context.apiFetch, brand));
  return {
    locations: locations?.map(({ shortName, name }) => ({ shortName, name })) ?? [],
    head: {
      title: `Choose your location | ${brand.name}`,
      description: `Pick the place whose local deals ${brand.name} shows you first.`,
      canonical: absoluteUrl(request, "/location"),
      robots: NOT_INDEXED,
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => headTags(loaderData?.head);

export default function LocationChoice({ loaderData }: Route.ComponentProps) {
  return (
    <section className="content-page">
      <h1>Choose your location</h1>
      <Form method="post" action="/location">
        <ul className="location-list">
          {loaderData.locations.map((location) => (
            <li key={location.shortName}>
              <button
                type="submit"
                name="shortName"
                value={location.shortName}
                className="button button--secondary"
              >
                {location.name}
              </button>
            </li>
          ))}
        </ul>
      </Form>
    </section>
  );
}
