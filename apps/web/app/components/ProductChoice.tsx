import type { ReactNode } from "react";
import type { DealDetail } from "../lib/api-types.ts";
import type { PriceView } from "../lib/price-view.server.ts";
import { fullPriceText } from "./Price.tsx";

export interface ProductOption {
  id: number;
  title: string;
  soldOut: boolean;
  price: PriceView;
  /** The product's cell when the deal shows a grid (productDisplay row and column), else null. */
  rowId: number | null;
  columnId: number | null;
}

type ProductDisplay = DealDetail["productDisplay"];

interface ProductChoiceProps {
  products: ProductOption[];
  display: ProductDisplay;
  selectedId: number | undefined;
}

function optionText(product: ProductOption): string {
  return `${product.title}: ${fullPriceText(product.price)}${product.soldOut ? " (sold out)" : ""}`;
}

/**
 * The deal's options, each with its full price (product.md §3 "productDisplay"): a grid when
 * the deal has a row and a column (sizes by colours, nights by rooms), a select for deals
 * shown as a dropdown, a radio list otherwise. Native controls, so arrow keys, space and tab
 * work as everywhere else; sold-out options cannot be chosen.
 */
export function ProductChoice({ products, display, selectedId }: ProductChoiceProps) {
  if (products.length < 2) return null;

  const { row, column } = display;
  if (row && column && products.every((product) => product.rowId !== null && product.columnId !== null)) {
    return <ProductGrid products={products} row={row} column={column} selectedId={selectedId} />;
  }

  if (display.type === "dropdown") {
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
        <ProductRadio
          key={product.id}
          className="product-choice__option"
          product={product}
          selectedId={selectedId}
        >
          <span className="product-choice__title">{product.title}</span>
          <span className="product-choice__price">
            {fullPriceText(product.price)}
            {product.soldOut && " (sold out)"}
          </span>
        </ProductRadio>
      ))}
    </fieldset>
  );
}

/** One option as a labelled radio: the form sends its product id; a sold-out one cannot be chosen. */
function ProductRadio({
  product,
  selectedId,
  className,
  children,
}: {
  product: ProductOption;
  selectedId: number | undefined;
  className: string;
  children: ReactNode;
}) {
  return (
    <label className={className}>
      <input
        type="radio"
        name="productId"
        value={product.id}
        defaultChecked={product.id === selectedId}
        disabled={product.soldOut}
      />
      {children}
    </label>
  );
}

type GridAxis = NonNullable<ProductDisplay["row"]>;

/**
 * One radio per cell, in a table whose row and column headings say what each cell is. Every
 * radio also carries its row and column in its own name ("Size 10, Navy"), so it reads well
 * outside the table too. A cell without a product shows a dash; a sold-out one says so and
 * cannot be chosen.
 */
function ProductGrid({
  products,
  row,
  column,
  selectedId,
}: {
  products: ProductOption[];
  row: GridAxis;
  column: GridAxis;
  selectedId: number | undefined;
}) {
  const cell = (rowId: number, columnId: number) =>
    products.find((product) => product.rowId === rowId && product.columnId === columnId);
  return (
    <fieldset className="product-choice product-grid" data-product-choice>
      <legend>
        Choose {row.header.toLowerCase()} and {column.header.toLowerCase()}
      </legend>
      <div className="product-grid__scroll">
        <table className="product-grid__table">
          <thead>
            <tr>
              <th scope="col">{row.header}</th>
              {column.items.map((item) => (
                <th key={item.id} scope="col">
                  {item.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {row.items.map((rowItem) => (
              <tr key={rowItem.id}>
                <th scope="row">{rowItem.label}</th>
                {column.items.map((columnItem) => {
                  const product = cell(rowItem.id, columnItem.id);
                  return (
                    <td key={columnItem.id}>
                      {product ? (
                        <ProductRadio
                          className="product-grid__cell"
                          product={product}
                          selectedId={selectedId}
                        >
                          <span className="visually-hidden">
                            {rowItem.label}, {columnItem.label}:{" "}
                          </span>
                          {product.soldOut ? (
                            <span className="product-grid__sold-out">Sold out</span>
                          ) : (
                            <span className="product-grid__price">{product.price.full}</span>
                          )}
                        </ProductRadio>
                      ) : (
                        <>
                          <span aria-hidden="true">–</span>
                          <span className="visually-hidden">Not available</span>
                        </>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </fieldset>
  );
}
