/** What every view of a voucher shows the same way: what it is for, its protection, its code, reasons. */
import { REFUND_REASONS } from "@deals/domain/voucher-refund";
import type { Voucher } from "../../lib/basket-api.ts";

/** The product and merchant, and the protected-voucher banner (product.md §4). */
export function VoucherFor({ voucher }: { voucher: Voucher }) {
  return (
    <>
      <p>
        {voucher.title} from <strong>{voucher.merchantName}</strong>
      </p>
      {voucher.banner && (
        <p className={`voucher__banner voucher__banner--${voucher.banner.toLowerCase()}`}>
          Protected voucher: <strong>{voucher.banner}</strong>
        </p>
      )}
    </>
  );
}

/** The code and the order reference, as the first facts of a voucher's list. */
export function CodeFacts({ voucher }: { voucher: Voucher }) {
  return (
    <>
      <dt>Voucher code</dt>
      <dd>
        <code className="voucher__code">{voucher.code}</code>
      </dd>
      <dt>Order reference</dt>
      <dd>{voucher.orderReference}</dd>
    </>
  );
}

/** The reasons a shopper gives for a refund or a return, after an empty first choice. */
export function ReasonOptions() {
  return (
    <>
      <option value="">Choose a reason</option>
      {REFUND_REASONS.map((reason) => (
        <option key={reason} value={reason}>
          {reason}
        </option>
      ))}
    </>
  );
}
