/** GET /v1/voucher: the signed-in customer's vouchers (services.md §7.7 "/v1/voucher family"). */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { requireCustomer } from "../accounts/auth.ts";
import { voucherListSchema, voucherQuerySchema } from "./schemas.ts";
import { listVouchers } from "./service.ts";

export const voucherRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  app.get(
    "/voucher",
    {
      schema: {
        tags: ["vouchers"],
        summary: "The signed-in customer's vouchers, newest first",
        querystring: voucherQuerySchema,
        response: { 200: voucherListSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    (request) => listVouchers(db, requireCustomer(request).id, request.query),
  );
};
