import type { ComponentProps } from "react";
import { Form } from "react-router";
import { partKey, useStaticMarkup } from "../lib/static-markup.ts";
import { PinIcon } from "./NavIcons.tsx";

export interface PickerLocation {
  shortName: string;
  name: string;
}

interface LocationPickerProps {
  current: PickerLocation;
  /** The brand's locations; the picker is left out without them. */
  locations: readonly PickerLocation[] | null;
  /** The current name is not known until the page mounts. */
  pending: boolean;
}

/**
 * Choosing a location (product.md §4 "Location selection"): a disclosure listing the brand's
 * locations, each a button that saves it (POST /location sets the cookie) and opens its
 * deals. It works without JavaScript; the header script adds Escape, outside clicks and
 * arrow keys between the locations.
 */
export function LocationPicker(props: LocationPickerProps) {
  const staticMarkup = useStaticMarkup();
  const { current, locations, pending } = props;
  if (!locations || locations.length === 0) return null;
  if (staticMarkup) {
    // A plain page: the same picker on every page of the brand and location, written once.
    const key = partKey(`location-picker:${pending}:${current.shortName}:${current.name}`, locations);
    const html = staticMarkup(key, () => <PickerEntries {...props} locations={locations} plain />);
    // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own markup of PickerEntries
    return <details {...DETAILS_PROPS} dangerouslySetInnerHTML={{ __html: html }} />;
  }
  return (
    <details {...DETAILS_PROPS}>
      <PickerEntries {...props} locations={locations} plain={false} />
    </details>
  );
}

const DETAILS_PROPS = { className: "location-picker", "data-closes-outside": true };

/** The router's form on a hydrated page, a plain one on a plain page (no router there). */
function PickerForm({ plain, ...props }: ComponentProps<typeof Form> & { plain: boolean }) {
  return plain ? <form {...props} /> : <Form {...props} />;
}

function PickerEntries({
  current,
  locations,
  pending,
  plain,
}: LocationPickerProps & { locations: readonly PickerLocation[]; plain: boolean }) {
  return (
    <>
      <summary>
        <PinIcon />
        <span className="visually-hidden">Change location, now </span>
        {pending ? <span className="skeleton" aria-hidden="true" /> : current.name}
        {pending && <span className="visually-hidden">loading</span>}
      </summary>
      <div className="location-picker__panel">
        <PickerForm plain={plain} method="post" action="/location" aria-labelledby="location-picker-title">
          <p id="location-picker-title" className="location-picker__title">
            Choose your location
          </p>
          <ul data-roving>
            {locations.map((location) => (
              <li key={location.shortName}>
                <button
                  type="submit"
                  name="shortName"
                  value={location.shortName}
                  aria-current={!pending && location.shortName === current.shortName ? "true" : undefined}
                >
                  {location.name}
                </button>
              </li>
            ))}
          </ul>
        </PickerForm>
      </div>
    </>
  );
}
