/**
 * /myaccount/rewards, "Club rewards" (product.md §2 "Screens", §3-§5 "Loyalty"): the
 * customer's level, a progress bar to the next one, the exchange form with the spec's prompt
 * and the conversion to 2 decimals, and the points history. Bronze, Silver and Gold see the
 * next level's rate, Platinum only its own, Pink cannot exchange. The form carries an
 * idempotency key made with the page, so a double submit exchanges once.
 */
import { randomUUID } from "node:crypto";
import { BRANDS } from "@deals/domain/brand";
import { pointsToCredit, visibleExchangeRates } from "@deals/domain/loyalty";
import { data, Form, useNavigation } from "react-router";
import { FormAlert, FormStatus } from "../../components/FormMessages.tsx";
import { accountHead } from "../../lib/account-head.ts";
import { withLogin } from "../../lib/auth.server.ts";
import { requestBrand } from "../../lib/brand.server.ts";
import { PRIVATE_CACHE_CONTROL } from "../../lib/cache.server.ts";
import { type FormResult, formText, refused } from "../../lib/forms.ts";
import { headTags } from "../../lib/head.ts";
import { createLoyaltyClient } from "../../lib/loyalty-api.ts";
import type { Route } from "./+types/rewards";

export async function loader({ request, context }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const status = await withLogin(request, () =>
    createLoyaltyClient(context.apiFetch, brand, request).status(),
  );
  return data(
    {
      head: accountHead(request, brand, "Club rewards"),
      brandId: brand.id,
      status,
      exchangeKey: randomUUID(),
    },
    { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const client = createLoyaltyClient(context.apiFetch, requestBrand(request), request);
  try {
    const result = await withLogin(request, () =>
      client.exchange(formText(form, "points"), formText(form, "exchangeKey") || randomUUID()),
    );
    return {
      message: `You exchanged ${result.points} points for ${result.creditFormatted} of wallet credit.`,
    } satisfies FormResult;
  } catch (error) {
    return refused(error);
  }
}

const rateText = (rate: number, currency: "GBP" | "EUR") =>
  `100 points = ${pointsToCredit(100, rate, currency).formatted}`;

export default function ClubRewards({ loaderData, actionData }: Route.ComponentProps) {
  const { status, brandId, exchangeKey } = loaderData;
  const result = actionData as FormResult | undefined;
  const busy = useNavigation().state === "submitting";
  const currency = BRANDS[brandId].currency;
  const rates = visibleExchangeRates({ ...status, nextLevel: status.nextLevel ?? undefined });
  const percent = Math.round(status.progress * 100);
  return (
    <section className="account-form rewards" aria-labelledby="rewards-title">
      <h1 id="rewards-title">Club rewards</h1>
      {result?.message && <FormStatus message={result.message} />}
      {result?.formError && <FormAlert message={result.formError.message} />}

      <h2>Your level: {status.currentLevel}</h2>
      <p>
        {status.currentPoints} points to spend · {status.lifetimePoints} points earned in all
      </p>
      {status.nextLevel ? (
        <>
          <label htmlFor="level-progress">
            {status.pointsToNextLevel} points to {status.nextLevel.name}
          </label>
          <progress id="level-progress" max={100} value={percent}>
            {percent}%
          </progress>
        </>
      ) : (
        <p>You are at the club's top level.</p>
      )}

      <h2>Exchange points for wallet credit</h2>
      {status.canExchange ? (
        <>
          <ul>
            {rates.own !== undefined && (
              <li>
                Your rate at {status.currentLevel}: {rateText(rates.own, currency)}
              </li>
            )}
            {rates.next && (
              <li>
                At {rates.next.name}: {rateText(rates.next.exchangeRate, currency)}
              </li>
            )}
          </ul>
          <p id="exchange-prompt">{status.exchangePrompt}</p>
          <p>
            Your {status.currentPoints} points are worth {status.currentPointsWorth}.
          </p>
          {status.currentPoints > 0 && (
            <Form method="post">
              <input type="hidden" name="exchangeKey" value={exchangeKey} />
              <div className="field">
                <label htmlFor="points">Points to exchange</label>
                <input
                  id="points"
                  name="points"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={status.currentPoints}
                  required
                  aria-describedby="exchange-prompt"
                />
              </div>
              <button type="submit" className="button" disabled={busy}>
                Exchange points
              </button>
            </Form>
          )}
        </>
      ) : (
        <p>
          Points can be exchanged from Bronze level upwards. Keep buying, viewing and sharing deals to get
          there.
        </p>
      )}

      <h2>Points history</h2>
      {status.loyaltyActivityDescriptions.length === 0 ? (
        <p>
          No points yet: you earn 10 points for every {currency === "GBP" ? "pound" : "euro"} you spend on
          deals.
        </p>
      ) : (
        <table className="rewards__history">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Activity</th>
              <th scope="col">Points</th>
            </tr>
          </thead>
          <tbody>
            {status.loyaltyActivityDescriptions.map((activity) => (
              <tr key={activity.id}>
                <td>{activity.createdAt.slice(0, 10)}</td>
                <td>{activity.description}</td>
                <td>{activity.points > 0 ? `+${activity.points}` : activity.points}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
