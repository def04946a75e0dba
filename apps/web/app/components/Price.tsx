import type { PriceView } from "../lib/price-view.server.ts";

/** The was price always comes with the lowest price of the last 30 days, when known. */
function WasPrice({ price }: { price: PriceView }) {
  if (!price.was) return null;
  return (
    <p className="price__was">
      <span>
        Was <s>{price.was}</s>
      </span>
      {price.lowest && (
        <span className="price__lowest">Lowest price in the last 30 days: {price.lowest}</span>
      )}
      {price.discount && price.discount.percent > 0 && (
        <span className="badge badge--discount">
          {price.discount.indicative && "Up to "}
          {price.discount.percent}% off
        </span>
      )}
    </p>
  );
}

/** The full price as one line of text: "£30.99 incl. £1.99 admin fee". */
export function fullPriceText(price: PriceView): string {
  return price.fees.length > 0 ? `${price.full} incl. ${price.fees.join(" and ")}` : price.full;
}

/** A card's price: the full price first, with the fees it includes beside it. */
export function CardPrice({ price }: { price: PriceView }) {
  if (price.hidden) return null;
  return (
    <div className="price">
      <p className="price__now">
        <strong className="price__full">{price.full}</strong>
        {price.perPerson && <span> per person</span>}
        {price.fees.length > 0 && <span className="price__fees"> incl. {price.fees.join(" and ")}</span>}
      </p>
      <WasPrice price={price} />
    </div>
  );
}

/** Shown to everyone, so shoppers can see what membership would save them. */
function VipPrice({ price }: { price: PriceView }) {
  if (!price.vip) return null;
  return (
    <p className="price__vip">
      <span className="badge badge--vip">VIP</span> price {price.vip}
      {price.fees.length > 0 && <span className="price__fees"> incl. {price.fees.join(" and ")}</span>}
    </p>
  );
}

/** The deal page's price, spelt out: "£29 + £1.99 admin fee = £30.99". */
export function PriceBreakdown({ price }: { price: PriceView }) {
  if (price.hidden) return null;
  return (
    <div className="price price--large">
      <p className="price__now">
        {price.fees.length > 0 && (
          <span className="price__fees">{[price.base, ...price.fees].join(" + ")} = </span>
        )}
        <strong className="price__full">{price.full}</strong>
        {price.perPerson && <span> per person</span>}
      </p>
      <WasPrice price={price} />
      <VipPrice price={price} />
    </div>
  );
}
