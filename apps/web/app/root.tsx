import { BRANDS, type Brand, DEFAULT_BRAND_ID } from "@deals/domain/brand";
import type { ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { ErrorPage, NotFound } from "./components/ErrorPages.tsx";
import { iconDataUrl } from "./components/Logo.tsx";
import { RouteProgress } from "./components/RouteProgress.tsx";
import { SiteFooter } from "./components/SiteFooter.tsx";
import { SiteHeader } from "./components/SiteHeader.tsx";
import { type ApiClient, createApiClient } from "./lib/api.ts";
import type { Location, NavItem } from "./lib/api-types.ts";
import { accountsClient, loadAuthState } from "./lib/auth.server.ts";
import { requestBrand } from "./lib/brand.server.ts";
import { NOT_INDEXED } from "./lib/head.ts";
import { useNonce } from "./lib/nonce.ts";
import { isMissing } from "./lib/not-found.ts";
import type { PageHandle } from "./lib/page-handle.ts";
import { themeVariables } from "./lib/theme.ts";
import stylesHref from "./styles.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

/** The location the page is about, or the brand's default for pages of no location. */
async function shellLocation(api: ApiClient, wanted: string | undefined, brand: Brand): Promise<Location> {
  if (wanted && wanted !== brand.defaultLocation) {
    try {
      return await api.location(wanted);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
  return api.location(brand.defaultLocation);
}

/** The shell's data: the brand, the location shown in the header and its category menu. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const api = createApiClient(context.apiFetch, brand);
  const location = await shellLocation(api, params.location, brand);
  // services.md §8: a menu failure leaves the menu empty, never the page.
  const navigations: NavItem[] = await api.navigations(location.shortName).then(
    (answer) => answer.navigations,
    (error: unknown) => {
      console.warn("navigation menu unavailable", error);
      return [];
    },
  );
  // product.md §4 "Auth": the check is finished after the profile fetch, whether or not it succeeded.
  const auth = await loadAuthState(accountsClient(context, brand, request), request);
  return { brandId: brand.id, location: { shortName: location.shortName, name: location.name }, navigations, auth };
}

/** The shell changes only with the location in the path (or after a form post). */
export function shouldRevalidate({
  currentParams,
  nextParams,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  return currentParams.location !== nextParams.location;
}

/** The head of error pages; every route sets its own for the pages it renders. */
export const meta: Route.MetaFunction = ({ error, loaderData }) => {
  const brand = BRANDS[loaderData?.brandId ?? DEFAULT_BRAND_ID];
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return [
    { title: `${missing ? "Page not found" : "Something went wrong"} | ${brand.name}` },
    { name: "robots", content: NOT_INDEXED },
  ];
};

export function Layout({ children }: { children: ReactNode }) {
  const shell = useRouteLoaderData<typeof loader>("root");
  const brand = BRANDS[shell?.brandId ?? DEFAULT_BRAND_ID];
  const nonce = useNonce();
  const hydrate = useMatches().every((match) => (match.handle as PageHandle | undefined)?.hydrate !== false);
  return (
    <html lang={brand.locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={brand.colours.primary} />
        <link rel="icon" href={iconDataUrl(brand)} />
        <Meta />
        <Links />
      </head>
      <body style={themeVariables(brand)}>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <RouteProgress />
        <SiteHeader
          brand={brand}
          location={shell?.location}
          navigations={shell?.navigations ?? []}
          auth={shell?.auth}
        />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter brand={brand} />
        {hydrate && <ScrollRestoration nonce={nonce} />}
        {hydrate && <Scripts nonce={nonce} />}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
