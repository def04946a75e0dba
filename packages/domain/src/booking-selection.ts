/**
 * The booking selection of a calendar deal (services.md §6 "bcor": products, filteredProducts,
 * nightOptions, selectedNights, quantity, selection, currentDealId, hasError) as a pure reducer:
 * the shopper picks check-in first, then a stay length or a check-out within the allowed stay
 * (product.md §4 "Calendar"), for 2, 4, 6 or 8 guests. `products` are the deal's calendar days;
 * `filteredProducts` the days that can be chosen next. A refused action changes nothing but
 * hasError.
 */
import { type BookingCalendarDay, isCheckInDay, selectableCheckOutDates } from "./calendar.ts";
import { PASSENGER_COUNTS } from "./constants.ts";
import { addDays, roomsForGuests, stayNights } from "./travel-stay.ts";

export interface BookingSelectionState<Day extends BookingCalendarDay = BookingCalendarDay> {
  products: readonly Day[];
  filteredProducts: readonly Day[];
  nightOptions: readonly number[];
  selectedNights: number | null;
  /** Guests, in rooms of 2. */
  quantity: number;
  selection: { checkIn: string | null; checkOut: string | null };
  currentDealId: number | null;
  hasError: boolean;
}

export type BookingSelectionAction<Day extends BookingCalendarDay = BookingCalendarDay> =
  | { type: "load"; dealId: number; products: readonly Day[] }
  | { type: "setQuantity"; quantity: number }
  | { type: "chooseCheckIn"; date: string }
  | { type: "chooseNights"; nights: number }
  | { type: "chooseCheckOut"; date: string }
  | { type: "clear" };

export function initialBookingSelection<Day extends BookingCalendarDay>(): BookingSelectionState<Day> {
  return {
    products: [],
    filteredProducts: [],
    nightOptions: [],
    selectedNights: null,
    quantity: PASSENGER_COUNTS[0],
    selection: { checkIn: null, checkOut: null },
    currentDealId: null,
    hasError: false,
  };
}

/** The state for a check-in (or none) and a check-out (or none) on the state's days. */
function selected<Day extends BookingCalendarDay>(
  state: BookingSelectionState<Day>,
  checkIn: string | null,
  checkOut: string | null,
): BookingSelectionState<Day> {
  const checkOuts = checkIn ? selectableCheckOutDates(state.products, checkIn) : [];
  return {
    ...state,
    filteredProducts: checkIn
      ? state.products.filter((day) => checkOuts.includes(day.date))
      : state.products.filter(isCheckInDay),
    nightOptions: checkIn ? checkOuts.map((date) => stayNights(checkIn, date).length) : [],
    selectedNights: checkIn && checkOut ? stayNights(checkIn, checkOut).length : null,
    selection: { checkIn, checkOut },
    hasError: false,
  };
}

export function bookingSelectionReducer<Day extends BookingCalendarDay>(
  state: BookingSelectionState<Day>,
  action: BookingSelectionAction<Day>,
): BookingSelectionState<Day> {
  const refused = { ...state, hasError: true };
  switch (action.type) {
    case "load":
      return selected(
        {
          ...initialBookingSelection<Day>(),
          quantity: state.quantity,
          products: action.products,
          currentDealId: action.dealId,
        },
        null,
        null,
      );
    case "setQuantity":
      return roomsForGuests(action.quantity) === undefined
        ? refused
        : { ...state, quantity: action.quantity, hasError: false };
    case "chooseCheckIn": {
      const day = state.products.find((d) => d.date === action.date);
      return day && isCheckInDay(day) ? selected(state, action.date, null) : refused;
    }
    case "chooseNights": {
      const { checkIn } = state.selection;
      if (!checkIn || !state.nightOptions.includes(action.nights)) return refused;
      return selected(state, checkIn, addDays(checkIn, action.nights));
    }
    case "chooseCheckOut": {
      const { checkIn } = state.selection;
      if (!checkIn || !state.filteredProducts.some((d) => d.date === action.date)) return refused;
      return selected(state, checkIn, action.date);
    }
    case "clear":
      return selected(state, null, null);
  }
}
