/**
 * /myaccount/subscriptions: the daily deal emails the customer gets, by location, and their
 * email preferences. Each change is its own small form, so it works without JavaScript.
 */
import { data, Form } from "react-router";
import { FormAlert, FormStatus } from "../../components/FormMessages.tsx";
import { accountHead } from "../../lib/account-head.ts";
import { createApiClient } from "../../lib/api.ts";
import { accountsClient, withLogin } from "../../lib/auth.server.ts";
import { requestBrand } from "../../lib/brand.server.ts";
import { type FormResult, formText, refused } from "../../lib/forms.ts";
import { headTags } from "../../lib/head.ts";
import type { Route } from "./+types/subscriptions";

const PREFERENCES = [
  { name: "dailyDeals", label: "The daily deals email" },
  { name: "vipNews", label: "VIP news and offers" },
  { name: "partnerOffers", label: "Offers from our partners" },
] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const client = accountsClient(context, brand, request);
  const [{ data: list }, { locations }] = await Promise.all([
    withLogin(request, () => client.subscriptions()),
    createApiClient(context.apiFetch, brand).locations(),
  ]);
  return data({
    head: accountHead(request, brand, "Email preferences"),
    ...list,
    locations: locations.map((location) => ({ shortName: location.shortName, name: location.name })),
  });
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const client = accountsClient(context, requestBrand(request), request);
  try {
    switch (formText(form, "intent")) {
      case "cancel": {
        const { data: answer } = await withLogin(request, () =>
          client.cancelSubscription(Number(formText(form, "id"))),
        );
        return { message: answer.message } satisfies FormResult;
      }
      case "subscribe": {
        const { data: added } = await withLogin(request, () => client.subscribe(formText(form, "location")));
        return { message: `You are now subscribed to deals in ${added.location.name}.` } satisfies FormResult;
      }
      default: {
        const chosen = (name: string) => form.get(name) === "on";
        await withLogin(request, () =>
          client.updateEmailPreferences({
            dailyDeals: chosen("dailyDeals"),
            vipNews: chosen("vipNews"),
            partnerOffers: chosen("partnerOffers"),
          }),
        );
        return { message: "Your email preferences have been saved." } satisfies FormResult;
      }
    }
  } catch (error) {
    return refused(error);
  }
}

export default function Subscriptions({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as FormResult | undefined;
  const subscribed = new Set(loaderData.subscriptions.map((subscription) => subscription.location.shortName));
  const available = loaderData.locations.filter((location) => !subscribed.has(location.shortName));
  return (
    <section className="account-form" aria-labelledby="subscriptions-title">
      <h1 id="subscriptions-title">Email preferences</h1>
      {result?.message && <FormStatus message={result.message} />}
      {result?.formError && <FormAlert message={result.formError.message} />}

      <h2>My subscriptions</h2>
      {loaderData.subscriptions.length === 0 ? (
        <p>You are not subscribed to any daily deals email.</p>
      ) : (
        <ul className="subscriptions">
          {loaderData.subscriptions.map((subscription) => (
            <li key={subscription.id}>
              <span>Daily deals in {subscription.location.name}</span>
              <Form method="post">
                <input type="hidden" name="intent" value="cancel" />
                <input type="hidden" name="id" value={subscription.id} />
                <button type="submit" className="button button--secondary">
                  Unsubscribe<span className="visually-hidden"> from {subscription.location.name}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      {available.length > 0 && (
        <Form method="post" className="subscriptions__add">
          <input type="hidden" name="intent" value="subscribe" />
          <div className="field">
            <label htmlFor="location">Add a location</label>
            <select id="location" name="location">
              {available.map((location) => (
                <option key={location.shortName} value={location.shortName}>
                  {location.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button button--secondary">
            Subscribe
          </button>
        </Form>
      )}

      <h2>What we send you</h2>
      <Form method="post">
        <input type="hidden" name="intent" value="preferences" />
        <fieldset>
          <legend>Email me</legend>
          {PREFERENCES.map((preference) => (
            <div className="field field--check" key={preference.name}>
              <input
                id={preference.name}
                name={preference.name}
                type="checkbox"
                defaultChecked={loaderData.emailPreferences[preference.name]}
              />
              <label htmlFor={preference.name}>{preference.label}</label>
            </div>
          ))}
        </fieldset>
        <button type="submit" className="button">
          Save preferences
        </button>
      </Form>
    </section>
  );
}
