import { BRANDS, DEFAULT_BRAND_ID } from "@deals/domain/brand";
import { type ReactNode, useEffect } from "react";
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
import { ExitPromo } from "./components/ExitPromo.tsx";
import { Island } from "./components/Island.tsx";
import { RouteProgress } from "./components/RouteProgress.tsx";
import { SiteFooter } from "./components/SiteFooter.tsx";
import { SiteHeader } from "./components/SiteHeader.tsx";
import { PlainSmartBanner, SmartBanner } from "./components/SmartBanner.tsx";
import { WishedDealIds, WishlistForm, WishlistStatus } from "./components/WishlistHeart.tsx";
import errorLogIsland from "./islands/error-log.ts?worker&url";
import plainShellIsland from "./islands/plain-shell.ts?worker&url";
import shellIsland from "./islands/shell.ts?worker&url";
import { apiHeaders, createApiClient } from "./lib/api.ts";
import type { NavItem } from "./lib/api-types.ts";
import { accountsClient, loadAuthState } from "./lib/auth.server.ts";
import { loadBasketCount } from "./lib/basket.server.ts";
import { requestBrand } from "./lib/brand.server.ts";
import { NOT_INDEXED } from "./lib/head.ts";
import { useNonce } from "./lib/nonce.ts";
import { pageHydrates } from "./lib/page-handle.ts";
import { loadShell } from "./lib/shell.server.ts";
import { SHELL_DATA_ID, type ShellData, shellDataText } from "./lib/shell-data.ts";
import { StaticMarkupContext, useStaticMarkup } from "./lib/static-markup.ts";
import { themeVariables } from "./lib/theme.ts";
import { loadWishedDealIds } from "./lib/wishlist.server.ts";
import { WISHLIST_STATUS_ID } from "./lib/wishlist-heart.ts";
import stylesHref from "./styles.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

/** The shell's data: the brand, the location shown in the header and its category menu. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const api = createApiClient(context.apiFetch, brand);
  const shell = await loadShell(request, params, api, brand);
  // services.md §8: a menu failure leaves the menu empty, never the page.
  const navigations: NavItem[] = shell.skipsMenu
    ? []
    : await api.navigations(shell.location.shortName).then(
        (answer) => answer.navigations,
        (error: unknown) => {
          console.warn("navigation menu unavailable", error);
          return [];
        },
      );
  // product.md §4 "Auth": the check is finished after the profile fetch, whether or not it succeeded.
  // The basket count costs a call only when a basket cookie is there (basket.server.ts).
  const [auth, basketCount, wishedDealIds] = await Promise.all([
    loadAuthState(accountsClient(context, brand, request), request),
    loadBasketCount(context, brand, request),
    loadWishedDealIds(context, brand, request),
  ]);
  // The shell last: properties after a spread take V8's slow path, about 1 µs each (docs/scaling.md).
  return { brandId: brand.id, navigations, auth, basketCount, wishedDealIds, ...shell };
}

/**
 * The shell changes only with the location in the path, on the way to `/` (which shows the
 * chosen location), or after a form post.
 */
export function shouldRevalidate({
  currentParams,
  nextParams,
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  const toHome = nextUrl.pathname === "/" && currentUrl.pathname !== "/";
  return toHome || currentParams.location !== nextParams.location;
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

/**
 * The shell's data for its islands (lib/shell-data.ts): the brand's API headers on every page;
 * on a plain page (one not hydrated), also what its search suggestions and exit promo need in
 * place of the hydrated SearchBox's combobox and ExitPromo.
 */
function ShellDataBlock({ data }: { data: ShellData }) {
  const json = { __html: shellDataText(data) };
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON data, escaped so it cannot close the element
  return <script type="application/json" id={SHELL_DATA_ID} dangerouslySetInnerHTML={json} />;
}

export function Layout({ children }: { children: ReactNode }) {
  const shell = useRouteLoaderData<typeof loader>("root");
  const brand = BRANDS[shell?.brandId ?? DEFAULT_BRAND_ID];
  const nonce = useNonce();
  const hydrate = pageHydrates(useMatches().map((match) => match.handle));
  // Ready-made markup only where nothing hydrates: React in the browser would render it again.
  const staticMarkup = useStaticMarkup();
  return (
    <StaticMarkupContext.Provider value={hydrate ? null : staticMarkup}>
      <html lang={brand.locale}>
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="theme-color" content={brand.colours.primary} />
          <link rel="icon" href="/icon.svg" type="image/svg+xml" />
          <link rel="manifest" href="/manifest.webmanifest" />
          <ShellDataBlock
            data={{
              apiHeaders: apiHeaders(brand),
              plain:
                shell && !hydrate
                  ? {
                      location: shell.location.shortName,
                      exitPromo: { ...shell.exitPromo, location: shell.location.shortName },
                    }
                  : undefined,
            }}
          />
          {/* First of the page's scripts, so an error while the others start is reported too. */}
          <Island src={errorLogIsland} />
          <Meta />
          <Links />
        </head>
        <body style={themeVariables(brand, shell?.theme)} data-theme={shell?.theme}>
          <a className="skip-link" href="#main">
            Skip to content
          </a>
          <RouteProgress />
          {/* The shell's scripted parts: React components on a hydrated page, islands on a plain one. */}
          {shell &&
            (hydrate ? (
              <SmartBanner brand={brand} cookie={shell.smartBannerCookie} />
            ) : (
              <PlainSmartBanner brand={brand} cookie={shell.smartBannerCookie} />
            ))}
          <SiteHeader
            brand={brand}
            location={shell?.location}
            navigations={shell?.navigations ?? []}
            locations={shell?.locations ?? null}
            locationCookie={shell?.locationCookie ?? ""}
            auth={shell?.auth}
            basketCount={shell?.basketCount}
            hydrate={hydrate}
          />
          <main id="main" tabIndex={-1}>
            <WishedDealIds.Provider value={shell?.wishedDealIds ?? []}>{children}</WishedDealIds.Provider>
          </main>
          <SiteFooter brand={brand} />
          {shell &&
            (hydrate ? (
              <ExitPromo {...shell.exitPromo} location={shell.location.shortName} />
            ) : (
              <Island src={plainShellIsland} />
            ))}
          <WishlistForm />
          <WishlistStatus id={WISHLIST_STATUS_ID} />
          <Island src={shellIsland} />
          {hydrate && <ScrollRestoration nonce={nonce} />}
          {hydrate && <Scripts nonce={nonce} />}
        </body>
      </html>
    </StaticMarkupContext.Provider>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // An error the browser met (not an answer the server chose) goes to the client error log.
  useEffect(() => {
    if (!isRouteErrorResponse(error)) reportError(error);
  }, [error]);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
