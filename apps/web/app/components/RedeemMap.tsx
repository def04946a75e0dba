import type { DealDetail } from "../lib/api-types.ts";
import { projectPins } from "../lib/static-map.ts";

type Address = NonNullable<DealDetail["business"]["mainAddress"]>;

const MAP_SIZE = { width: 640, height: 320 } as const;

/** "115 Chapel Lane, London, E2 6ZH". */
export function addressText(address: Address): string {
  return [address.addressLine1, address.addressLine2, address.town, address.postCode]
    .filter(Boolean)
    .join(", ");
}

/**
 * Where to redeem: a drawn map with a numbered pin per address that has coordinates (made on
 * the server, nothing downloaded), and the addresses as a numbered list, which is all there
 * is when no address has coordinates.
 */
export function RedeemMap({ addresses }: { addresses: readonly Address[] }) {
  if (addresses.length === 0) return null;
  const located = addresses.filter((a) => a.latLon);
  const view = projectPins(
    located.map((a) => a.latLon!),
    MAP_SIZE.width,
    MAP_SIZE.height,
  );
  const label = `Map of ${located.length === 1 ? "the address" : `${located.length} addresses`} to redeem at`;
  return (
    <div className="redeem-map">
      {view && (
        <svg
          className="redeem-map__drawing"
          viewBox={`0 0 ${view.width} ${view.height}`}
          role="img"
          aria-label={label}
        >
          <defs>
            <pattern id="redeem-map-grid" width="40" height="40" patternUnits="userSpaceOnUse">
              <path d="M40 0H0V40" fill="none" stroke="#d5d8de" strokeWidth="1" />
            </pattern>
          </defs>
          <rect width={view.width} height={view.height} fill="#eef0f3" />
          <rect width={view.width} height={view.height} fill="url(#redeem-map-grid)" />
          {view.pins.map((pin, i) => (
            <g key={`${pin.x},${pin.y},${located[i]?.postCode}`} transform={`translate(${pin.x} ${pin.y})`}>
              <path d="M0 0C-4-10-14-16-14-26a14 14 0 1 1 28 0C14-16 4-10 0 0z" fill="#1b1c22" />
              <text y="-21" textAnchor="middle" fontSize="14" fontWeight="700" fill="#fff">
                {i + 1}
              </text>
            </g>
          ))}
        </svg>
      )}
      <ul className="redeem-map__addresses">
        {addresses.map((address) => {
          const pin = located.indexOf(address) + 1;
          return (
            <li key={addressText(address)}>
              {view && pin > 0 && <span className="redeem-map__pin">Pin {pin}</span>}
              <address>{addressText(address)}</address>
              {address.latLon && (
                <a
                  href={`https://www.openstreetmap.org/?mlat=${address.latLon.lat}&mlon=${address.latLon.lon}#map=17/${address.latLon.lat}/${address.latLon.lon}`}
                  rel="noopener"
                >
                  Open in a map<span className="visually-hidden">: {addressText(address)}</span>
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
