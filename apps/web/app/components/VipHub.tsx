/**
 * The VIP hub's offer (product.md §1 "Paid VIP membership", §6 "VIP member"): what members get,
 * the price with every fee, and the ways to join: the free trial (once) and a paid year by
 * card. Plain forms, so joining works before (or without) any script.
 */
import type { Brand } from "@deals/domain/brand";
import { VIP_EXTRA_DISCOUNT_PERCENT, VIP_FREE_TRIAL_DAYS } from "@deals/domain/constants";
import { longDate } from "@deals/domain/long-date";
import { formatMoney } from "@deals/domain/money";
import { Form } from "react-router";
import type { FormResult } from "../lib/forms.ts";
import type { VipStatus } from "../lib/vip-api.ts";
import { FormAlert, FormStatus } from "./FormMessages.tsx";
import { Link } from "./Link.tsx";

export interface VipHubProps {
  brand: Brand;
  priceMinor: number;
  /** null: signed out (or the status could not be read). */
  status: VipStatus | null;
  subscribeKey: string;
  result: FormResult | undefined;
}

export function VipHub({ brand, priceMinor, status, subscribeKey, result }: VipHubProps) {
  const price = formatMoney(priceMinor, brand.currency);
  const values = result?.values ?? {};
  return (
    <section className="vip-hub" aria-labelledby="vip-hub-title">
      <h2 id="vip-hub-title">{brand.name} VIP</h2>
      <ul className="vip-hub__benefits">
        <li>
          VIP prices: {VIP_EXTRA_DISCOUNT_PERCENT.min} to {VIP_EXTRA_DISCOUNT_PERCENT.max} % off where a deal
          offers them, on escapes' nights too
        </li>
        <li>VIP-only deals nobody else can buy</li>
        <li>Rewards: see what VIP saved you in your account</li>
        <li>Priority customer service</li>
      </ul>
      <p className="vip-hub__price">
        <strong>{price} a year</strong>, no other fees. Renews each year until you cancel, in one click; we
        email you before it renews. <Link to="/page/vip-terms">VIP membership terms</Link>
      </p>
      {result?.message && <FormStatus message={result.message} />}
      {result?.formError && <FormAlert message={result.formError.message} />}
      {status?.vipUser ? (
        <p>
          You are a VIP member until {longDate(status.endsAt!, brand.locale)}.{" "}
          <Link to="/myaccount/vip-rewards">Your VIP rewards</Link>
        </p>
      ) : (
        <div className="vip-hub__join">
          {(status === null || status.freeTrialAvailable) && (
            <Form method="post">
              <input type="hidden" name="intent" value="free-trial" />
              <button type="submit" className="button button--secondary">
                Start a free {VIP_FREE_TRIAL_DAYS}-day trial
              </button>
            </Form>
          )}
          {status === null ? (
            <p>
              <Link className="button" to="/login">
                Sign in to join VIP for {price}
              </Link>
            </p>
          ) : (
            status.canSubscribe && (
              <Form method="post" className="vip-hub__pay" aria-labelledby="vip-pay-title">
                <h3 id="vip-pay-title">Join VIP for {price} a year</h3>
                <input type="hidden" name="intent" value="subscribe" />
                <input type="hidden" name="key" value={subscribeKey} />
                <div className="field">
                  <label htmlFor="vip-card-number">Card number</label>
                  <input
                    id="vip-card-number"
                    name="cardNumber"
                    inputMode="numeric"
                    autoComplete="cc-number"
                    required
                    defaultValue={values.cardNumber}
                  />
                </div>
                <div className="field">
                  <label htmlFor="vip-card-expiry">Expiry date (MM/YY)</label>
                  <input
                    id="vip-card-expiry"
                    name="expiry"
                    autoComplete="cc-exp"
                    placeholder="MM/YY"
                    required
                    defaultValue={values.expiry}
                  />
                </div>
                <div className="field">
                  <label htmlFor="vip-card-code">Security code</label>
                  <input
                    id="vip-card-code"
                    name="securityCode"
                    inputMode="numeric"
                    autoComplete="cc-csc"
                    required
                  />
                </div>
                <button type="submit" className="button">
                  Pay {price} and join VIP
                </button>
              </Form>
            )
          )}
        </div>
      )}
    </section>
  );
}
