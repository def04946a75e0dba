/**
 * The booking calendar on a calendar deal's page (productDisplay calendar; the
 * deal-availability step): guests, a month of nights with their prices (VIP prices beside
 * them), check-in then check-out as links, the nights allowed from the check-in, flights for
 * a package, and the form that holds the stay. Sold-out and closed days are greyed and say
 * so to a screen reader; everything works from the keyboard and without JavaScript.
 */
import { STAY_ANCHOR, type StayPickerView } from "../lib/stay-picker.ts";

const WEEKDAYS = [
  ["Mon", "Monday"],
  ["Tue", "Tuesday"],
  ["Wed", "Wednesday"],
  ["Thu", "Thursday"],
  ["Fri", "Friday"],
  ["Sat", "Saturday"],
  ["Sun", "Sunday"],
] as const;

export function StayPicker({ view, path }: { view: StayPickerView; path: string }) {
  return (
    <section id={STAY_ANCHOR} className="stay-picker" aria-labelledby="stay-title">
      <h2 id="stay-title">Choose your dates</h2>
      <form method="get" action={`${path}#${STAY_ANCHOR}`} className="stay-picker__guests">
        {view.checkIn && <input type="hidden" name="checkIn" value={view.checkIn} />}
        {view.checkOut && <input type="hidden" name="checkOut" value={view.checkOut} />}
        <label htmlFor="stay-guests">Guests (rooms of 2)</label>
        <select id="stay-guests" name="guests" defaultValue={view.guests}>
          {view.guestOptions.map((count) => (
            <option key={count} value={count}>
              {count} guests, {count / 2} {count === 2 ? "room" : "rooms"}
            </option>
          ))}
        </select>
        <button type="submit" className="button button--secondary">
          Update
        </button>
      </form>
      {view.problem && (
        <p className="stay-picker__problem" role="alert">
          {view.problem}
        </p>
      )}
      <p className="stay-picker__step" aria-live="polite">
        {view.step}
      </p>
      <table className="stay-calendar">
        <caption>
          {view.month.previous && (
            <a href={view.month.previous} className="stay-calendar__nav">
              <span aria-hidden="true">‹</span> Previous month
            </a>
          )}
          <span className="stay-calendar__month">{view.month.label}</span>
          {view.month.next && (
            <a href={view.month.next} className="stay-calendar__nav">
              Next month <span aria-hidden="true">›</span>
            </a>
          )}
          <span className="stay-calendar__note">Prices per room of 2 per night</span>
        </caption>
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={short} scope="col" abbr={long}>
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {view.month.weeks.map((week) => (
            <tr key={week.find((d) => d)?.date}>
              {week.map((day, i) =>
                day ? (
                  <td key={day.date} className={`stay-day stay-day--${day.state}`}>
                    {day.href ? (
                      <a href={day.href} aria-label={day.label}>
                        <DayText day={day} />
                      </a>
                    ) : (
                      <span role="img" aria-label={day.label}>
                        <DayText day={day} />
                      </span>
                    )}
                  </td>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: blank cells have nothing else to key on
                  <td key={i} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {view.checkIn && (
        <p>
          <a href={view.clearHref}>Choose a different check-in date</a>
        </p>
      )}
      {view.checkIn && !view.checkOut && view.nightOptions.length > 0 && (
        <form method="get" action={`${path}#${STAY_ANCHOR}`} className="stay-picker__nights">
          <input type="hidden" name="checkIn" value={view.checkIn} />
          <input type="hidden" name="guests" value={view.guests} />
          <label htmlFor="stay-nights">Nights</label>
          <select id="stay-nights" name="nights">
            {view.nightOptions.map((n) => (
              <option key={n} value={n}>
                {n} {n === 1 ? "night" : "nights"}
              </option>
            ))}
          </select>
          <button type="submit" className="button button--secondary">
            Choose nights
          </button>
        </form>
      )}
      {view.summary && view.checkIn && view.checkOut && (
        <form method="post" action="/basket/stay" className="stay-picker__book">
          <input type="hidden" name="dealId" value={view.dealId} />
          <input type="hidden" name="checkInDate" value={view.checkIn} />
          <input type="hidden" name="checkOutDate" value={view.checkOut} />
          <input type="hidden" name="guests" value={view.guests} />
          {view.flights && <Flights flights={view.flights} />}
          <p className="stay-picker__total" data-stay-total>
            {view.guests} guests, {view.summary.dates}: <strong>{view.summary.total}</strong>
            {view.summary.vipTotal && <span> (VIP price {view.summary.vipTotal})</span>}
          </p>
          <p className="field__hint">Your dates are held for 15 minutes while you pay.</p>
          <button type="submit" className="button button--primary">
            Book these dates
          </button>
        </form>
      )}
    </section>
  );
}

function DayText({ day }: { day: NonNullable<StayPickerView["month"]["weeks"][number][number]> }) {
  return (
    <>
      <span className="stay-day__date">{day.day}</span>
      {day.price && <span className="stay-day__price">{day.price}</span>}
      {day.vipPrice && <span className="stay-day__vip">VIP {day.vipPrice}</span>}
    </>
  );
}

function Flights({ flights }: { flights: NonNullable<StayPickerView["flights"]> }) {
  return (
    <fieldset className="stay-flights">
      <legend>Your flights</legend>
      <p>
        Fly from:{" "}
        {flights.airports.map((airport) =>
          airport.chosen ? (
            <strong key={airport.code}>
              {airport.code} (from {airport.from}){" "}
            </strong>
          ) : (
            <a key={airport.code} href={airport.href}>
              {airport.code} (from {airport.from}){" "}
            </a>
          ),
        )}
      </p>
      {flights.options.map((option) => (
        <div key={option.id} className="stay-flights__option">
          <input
            type="radio"
            id={`flight-${option.id}`}
            name="flightId"
            value={option.id}
            defaultChecked={option.checked}
          />
          <label htmlFor={`flight-${option.id}`}>
            {option.text} ({option.diff})
          </label>
        </div>
      ))}
      <p className="field__hint">The total includes the cheapest flight; others cost the difference shown.</p>
    </fieldset>
  );
}
