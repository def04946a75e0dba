/**
 * Finding an address by postcode (UK) or Eircode (Ireland) in a form that works without
 * JavaScript: "lookup" lists the addresses found, "choose" fills the picked one in.
 */
import type { PostcodeLookup } from "./accounts-api.ts";
import { formText } from "./forms.ts";

type FoundAddress = PostcodeLookup["addresses"][number];

export const ADDRESS_NOT_FOUND_HINT = "We could not find this postcode. Please enter your address by hand.";

/** The address picked from the list (the "chosenAddress" choice) when the intent is "choose". */
export function chosenAddress(
  form: FormData,
  intent: string,
  lookup: PostcodeLookup,
): FoundAddress | undefined {
  return intent === "choose" ? lookup.addresses[Number(formText(form, "chosenAddress"))] : undefined;
}

/** The form's values with the address in its fields. */
export function withAddress<Values extends Record<string, string>>(
  values: Values,
  address: FoundAddress,
): Values {
  return {
    ...values,
    addressLine1: address.addressLine1,
    addressLine2: address.addressLine2 ?? "",
    town: address.town,
    postCode: address.postCode,
  };
}
