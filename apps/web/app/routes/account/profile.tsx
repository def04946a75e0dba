/**
 * /myaccount/profile: personal info and address. The address can be found by postcode (UK)
 * or Eircode (Ireland) from the local address table, or typed in by hand; without
 * JavaScript the lookup is a button that posts the form and shows the addresses to pick from.
 */
import {
  PASSENGER_TITLES,
  validatePhone,
  validatePostcode,
  validateRequired,
} from "@deals/domain/validation";
import { data, Form, useNavigation } from "react-router";
import { PersonalFields } from "../../components/account/PersonalFields.tsx";
import { Field } from "../../components/Field.tsx";
import { FormAlert, FormStatus } from "../../components/FormMessages.tsx";
import { accountHead } from "../../lib/account-head.ts";
import type { PostcodeLookup, Profile } from "../../lib/accounts-api.ts";
import { ADDRESS_NOT_FOUND_HINT, chosenAddress, withAddress } from "../../lib/address-lookup.ts";
import { ApiError } from "../../lib/api.ts";
import { accountsClient, requireProfile, withLogin } from "../../lib/auth.server.ts";
import { requestBrand } from "../../lib/brand.server.ts";
import {
  type FieldErrors,
  type FormResult,
  fieldErrors,
  formText,
  invalid,
  refused,
} from "../../lib/forms.ts";
import { headTags } from "../../lib/head.ts";
import type { Route } from "./+types/profile";

const FIELDS = [
  "title",
  "firstName",
  "lastName",
  "phone",
  "addressLine1",
  "addressLine2",
  "town",
  "postCode",
] as const;
type Values = Record<(typeof FIELDS)[number], string>;

function profileValues(profile: Profile): Values {
  return {
    title: profile.title ?? "",
    firstName: profile.firstName,
    lastName: profile.lastName,
    phone: profile.phone ?? "",
    addressLine1: profile.address?.addressLine1 ?? "",
    addressLine2: profile.address?.addressLine2 ?? "",
    town: profile.address?.town ?? "",
    postCode: profile.address?.postCode ?? "",
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const profile = await requireProfile(accountsClient(context, brand, request), request);
  return data({
    head: accountHead(request, brand, "Personal info"),
    values: profileValues(profile),
    email: profile.email,
    country: brand.countryCode,
  });
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

interface ProfileResult extends FormResult {
  addresses?: PostcodeLookup["addresses"];
}

export async function action({ request, context }: Route.ActionArgs) {
  const brand = requestBrand(request);
  const form = await request.formData();
  const values = Object.fromEntries(FIELDS.map((name) => [name, formText(form, name)])) as Values;
  const client = accountsClient(context, brand, request);
  const intent = formText(form, "intent");

  if (intent === "lookup" || intent === "choose") {
    const problem = validatePostcode(values.postCode, brand.countryCode);
    if (problem) return invalid(values, { postCode: problem });
    let lookup: PostcodeLookup;
    try {
      lookup = (await withLogin(request, () => client.lookUpPostcode(values.postCode))).data;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        return invalid(values, { postCode: error.message, postCodeHint: ADDRESS_NOT_FOUND_HINT });
      }
      return refused(error, values);
    }
    const chosen = chosenAddress(form, intent, lookup);
    if (!chosen)
      return {
        values: { ...values, postCode: lookup.postCode },
        addresses: lookup.addresses,
      } satisfies ProfileResult;
    return {
      values: withAddress(values, chosen),
      message: "Address filled in: check it, then save your details.",
    } satisfies ProfileResult;
  }

  const hasAddress = Boolean(values.addressLine1 || values.addressLine2 || values.town || values.postCode);
  const errors: FieldErrors | undefined = fieldErrors({
    firstName: validateRequired(values.firstName),
    lastName: validateRequired(values.lastName),
    phone: values.phone ? validatePhone(values.phone) : undefined,
    ...(hasAddress
      ? {
          addressLine1: validateRequired(values.addressLine1),
          town: validateRequired(values.town),
          postCode: validatePostcode(values.postCode, brand.countryCode),
        }
      : {}),
  });
  if (errors) return invalid(values, errors);
  try {
    const { data: saved } = await withLogin(request, () =>
      client.updateProfile({
        title: PASSENGER_TITLES.find((title) => title === values.title) ?? null,
        firstName: values.firstName,
        lastName: values.lastName,
        phone: values.phone || null,
        address: hasAddress
          ? {
              addressLine1: values.addressLine1,
              ...(values.addressLine2 ? { addressLine2: values.addressLine2 } : {}),
              town: values.town,
              postCode: values.postCode,
            }
          : null,
      }),
    );
    return { values: profileValues(saved), message: "Your details have been saved." } satisfies ProfileResult;
  } catch (error) {
    return refused(error, values);
  }
}

const POSTCODE_LABEL = { gb: "Postcode", ie: "Eircode" } as const;

export default function PersonalInfo({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ProfileResult | undefined;
  const busy = useNavigation().state === "submitting";
  const values = (result?.values as Values | undefined) ?? loaderData.values;
  const errors = result?.errors ?? {};
  const addresses = result?.addresses;
  return (
    <section className="account-form" aria-labelledby="profile-title">
      <h1 id="profile-title">Personal info</h1>
      <p>
        Signed in as <strong>{loaderData.email}</strong>
      </p>
      {result?.message && <FormStatus message={result.message} />}
      {result?.formError && <FormAlert message={result.formError.message} />}
      {/* Keyed by the values so a looked-up address replaces what the inputs show. */}
      <Form method="post" noValidate key={JSON.stringify(values)}>
        {/* The form's default button, first in order: Enter in any field saves, not "Find address". */}
        <button type="submit" name="intent" value="save" hidden tabIndex={-1} />
        <PersonalFields values={values} errors={errors} />
        <Field
          name="phone"
          label="Phone number"
          type="tel"
          autoComplete="tel"
          defaultValue={values.phone}
          error={errors.phone}
        />
        <fieldset className="address">
          <legend>Address</legend>
          <Field
            name="postCode"
            label={POSTCODE_LABEL[loaderData.country]}
            autoComplete="postal-code"
            defaultValue={values.postCode}
            error={errors.postCode}
            hint={
              errors.postCodeHint ??
              `Find your address by ${POSTCODE_LABEL[loaderData.country].toLowerCase()}, or type it in below.`
            }
          />
          <button type="submit" name="intent" value="lookup" className="button button--secondary">
            Find address
          </button>
          {addresses && addresses.length > 0 && (
            <fieldset className="address__choices">
              <legend>Choose your address</legend>
              {addresses.map((address, index) => {
                const text = [address.addressLine1, address.addressLine2, address.town]
                  .filter(Boolean)
                  .join(", ");
                return (
                  <div className="field field--check" key={text}>
                    <input
                      id={`chosenAddress-${index}`}
                      type="radio"
                      name="chosenAddress"
                      value={index}
                      defaultChecked={index === 0}
                    />
                    <label htmlFor={`chosenAddress-${index}`}>{text}</label>
                  </div>
                );
              })}
              <button type="submit" name="intent" value="choose" className="button button--secondary">
                Use this address
              </button>
            </fieldset>
          )}
          <Field
            name="addressLine1"
            label="Address line 1"
            autoComplete="address-line1"
            defaultValue={values.addressLine1}
            error={errors.addressLine1}
          />
          <Field
            name="addressLine2"
            label="Address line 2"
            autoComplete="address-line2"
            defaultValue={values.addressLine2}
          />
          <Field
            name="town"
            label="Town or city"
            autoComplete="address-level2"
            defaultValue={values.town}
            error={errors.town}
          />
        </fieldset>
        <button type="submit" name="intent" value="save" className="button" disabled={busy}>
          Save details
        </button>
      </Form>
    </section>
  );
}
