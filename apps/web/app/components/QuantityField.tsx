interface QuantityFieldProps {
  /** The most the shopper may buy of the chosen option (maxQuantity in the rules package). */
  max: number;
}

/**
 * How many to buy, from 1 up to the chosen option's limit; the page script moves the limit
 * when another option is chosen, and the basket checks it again in any case.
 */
export function QuantityField({ max }: QuantityFieldProps) {
  return (
    <div className="quantity-field">
      <label htmlFor="quantity">Quantity</label>
      <input
        id="quantity"
        name="quantity"
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        defaultValue={1}
        required
        aria-describedby="quantity-limit"
        data-quantity
      />
      <p id="quantity-limit" className="quantity-field__limit" data-quantity-limit>
        Limit: <span data-quantity-max>{max}</span> per order
      </p>
    </div>
  );
}
