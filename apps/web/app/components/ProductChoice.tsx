import type { PriceView } from "../lib/price-view.server.ts";
import { fullPriceText } from "./Price.tsx";

export interface ProductOption {
  id: number;
  title: string;
  soldOut: boolean;
  price: PriceView;
}

interface ProductChoiceProps {
  products: ProductOption[];
  display: "dropdown" | "default" | "calendar";
  selectedId: number | undefined;
}

function optionText(product: ProductOption): string {
  return `${product.title}: ${fullPriceText(product.price)}${product.soldOut ? " (sold out)" : ""}`;
}

/**
 * The deal's options, each with its full price: a select for deals shown as a dropdown,
 * a radio list otherwise (product.md §3 "productDisplay"). Native controls, so arrow keys,
 * space and tab work as everywhere else; sold-out options cannot be chosen.
 */
export function ProductChoice({ products, display, selectedId }: ProductChoiceProps) {
  if (products.length < 2) return null;

  if (display === "dropdown") {
    return (
      <div className="product-choice">
        <label htmlFor="product-choice">Choose an option</label>
        <select id="product-choice" name="productId" defaultValue={selectedId} data-product-choice>
          {products.map((product) => (
            <option key={product.id} value={product.id} disabled={product.soldOut}>
              {optionText(product)}
            </option>
          ))}
        </select>
      </div>
    );
  }
  return (
    <fieldset className="product-choice" data-product-choice>
      <legend>Choose an option</legend>
      {products.map((product) => (
        <label key={product.id} className="product-choice__option">
          <input
            type="radio"
            name="productId"
            value={product.id}
            defaultChecked={product.id === selectedId}
            disabled={product.soldOut}
          />
          <span className="product-choice__title">{product.title}</span>
          <span className="product-choice__price">
            {fullPriceText(product.price)}
            {product.soldOut && " (sold out)"}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
