/** /myaccount/vouchers/{id}/pdf: the voucher's PDF, made by the API, passed on to the browser. */
import { withLogin } from "../../lib/auth.server.ts";
import { basketClient } from "../../lib/basket.server.ts";
import { requestBrand } from "../../lib/brand.server.ts";
import { orNotFound } from "../../lib/not-found.ts";
import { voucherIdOf } from "../../lib/voucher-id.ts";
import type { Route } from "./+types/voucher-pdf";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const client = basketClient(context, requestBrand(request), request);
  const id = voucherIdOf(params.voucherId);
  const pdf = await orNotFound(withLogin(request, () => client.voucherPdf(id)));
  const headers = new Headers();
  for (const name of ["content-type", "content-disposition", "cache-control"]) {
    const value = pdf.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(await pdf.arrayBuffer(), { status: 200, headers });
}
