/**
 * The near-me pages' "Use my location" button: asks the browser for the shopper's position
 * and opens the same page with it as lat and lon (4 decimals, about 10 metres), which the
 * server sorts the deals by and saves in the location cookie for next time.
 *
 * A small island (islands/near-me.ts), so it works whether the page hydrates or not; the page
 * also runs it once mounted (after a client-side navigation the island does not run again). It listens
 * on the document, installs itself once per document, and only reveals buttons when the
 * browser can share a position: without it the button stays hidden.
 */
export const USE_MY_LOCATION_MESSAGES = {
  locating: "Finding your location…",
  failed: "We could not find your location. Please allow location access and try again.",
};
export type UseMyLocationMessages = typeof USE_MY_LOCATION_MESSAGES;

/** The attributes the page marks the button and its status line with (React never sets them again). */
export const USE_MY_LOCATION_ATTRIBUTES = {
  button: "data-use-my-location",
  status: "data-use-my-location-status",
} as const;

/** Digits kept of each coordinate: about 10 metres, plenty for "1.2 miles away". */
export const POSITION_DECIMALS = 4;

/** The page's address with the position as lat and lon, from its first page. */
export function addressWithPosition(href: string, lat: number, lon: number, decimals: number): string {
  const url = new URL(href);
  url.searchParams.set("lat", lat.toFixed(decimals));
  url.searchParams.set("lon", lon.toFixed(decimals));
  url.searchParams.delete("page");
  url.hash = "";
  return url.href;
}

export interface UseMyLocationConfig {
  messages: UseMyLocationMessages;
  attributes: typeof USE_MY_LOCATION_ATTRIBUTES;
  decimals: number;
}

export const USE_MY_LOCATION_CONFIG: UseMyLocationConfig = {
  messages: USE_MY_LOCATION_MESSAGES,
  attributes: USE_MY_LOCATION_ATTRIBUTES,
  decimals: POSITION_DECIMALS,
};

export function enhanceUseMyLocation(
  config: UseMyLocationConfig,
  withPosition: typeof addressWithPosition,
): void {
  const { messages, attributes, decimals } = config;
  const selector = `[${attributes.button}]`;
  if (!("geolocation" in navigator)) return;
  for (const button of document.querySelectorAll<HTMLButtonElement>(selector)) button.hidden = false;
  const installed = window as unknown as { useMyLocationInstalled?: boolean };
  if (installed.useMyLocationInstalled) return;
  installed.useMyLocationInstalled = true;

  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest<HTMLButtonElement>(selector);
    if (!button || button.disabled) return;
    const status = document.querySelector(`[${attributes.status}]`);
    const say = (text: string) => {
      if (status) status.textContent = text;
    };
    button.disabled = true;
    say(messages.locating);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        window.location.assign(
          withPosition(window.location.href, position.coords.latitude, position.coords.longitude, decimals),
        );
      },
      () => {
        button.disabled = false;
        say(messages.failed);
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    );
  });
}
