import { Form } from "react-router";
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
export function LocationPicker({ current, locations, pending }: LocationPickerProps) {
  if (!locations || locations.length === 0) return null;
  return (
    <details className="location-picker" data-closes-outside>
      <summary>
        <PinIcon />
        <span className="visually-hidden">Change location, now </span>
        {pending ? <span className="skeleton" aria-hidden="true" /> : current.name}
        {pending && <span className="visually-hidden">loading</span>}
      </summary>
      <div className="location-picker__panel">
        <Form method="post" action="/location" aria-labelledby="location-picker-title">
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
        </Form>
      </div>
    </details>
  );
}
