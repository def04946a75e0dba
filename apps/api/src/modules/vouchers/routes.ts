/**
 * The /v1/voucher family (services.md §7.7): the signed-in customer's vouchers, one voucher
 * as printed and as a PDF, "I've used this voucher", and the self-serve refund. Another
 * customer's voucher answers 404, as one that does not exist.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponseSchema } from "../../errors.ts";
import { requireCustomer } from "../accounts/auth.ts";
import type { OrderRoutesOptions } from "../orders/routes.ts";
import { voucherPdf } from "./pdf.ts";
import { refundVoucher } from "./refund.ts";
import {
  markUsedBodySchema,
  printableVoucherSchema,
  refundBodySchema,
  refundResultSchema,
  returnOrderBodySchema,
  voucherListSchema,
  voucherParamsSchema,
  voucherQuerySchema,
  voucherSchema,
} from "./schemas.ts";
import { listVouchers, markVoucherUsed, printableVoucher, requestReturn, returnSent } from "./service.ts";

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
};

export const voucherRoutes: FastifyPluginAsyncZod<OrderRoutesOptions> = async (
  app,
  { db, clock, providers },
) => {
  app.get(
    "/voucher",
    {
      schema: {
        tags: ["vouchers"],
        summary: "The signed-in customer's vouchers, newest first, optionally only those in one status",
        querystring: voucherQuerySchema,
        response: { 200: voucherListSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    (request) => listVouchers(db, requireCustomer(request).id, request.query, clock()),
  );

  app.get(
    "/voucher/:id",
    {
      schema: {
        tags: ["vouchers"],
        summary:
          "One of the customer's vouchers as printed: code, merchant, addresses, how to redeem, fine print",
        params: voucherParamsSchema,
        response: { 200: printableVoucherSchema, ...errors },
      },
    },
    (request) => printableVoucher(db, requireCustomer(request).id, request.params.id, clock()),
  );

  app.get(
    "/voucher/:id/pdf",
    {
      schema: {
        tags: ["vouchers"],
        summary: "One of the customer's vouchers as a PDF, with its code as text and as a QR code",
        params: voucherParamsSchema,
        response: {
          200: {
            description: "The voucher",
            content: { "application/pdf": { schema: z.instanceof(Buffer) } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const voucher = await printableVoucher(db, requireCustomer(request).id, request.params.id, clock());
      const pdf = await voucherPdf(voucher, request.brand.name, request.brand.locale);
      return reply
        .header("cache-control", "private, no-store")
        .header("content-disposition", `inline; filename="voucher-${voucher.code}.pdf"`)
        .type("application/pdf")
        .send(pdf);
    },
  );

  app.post(
    "/voucher/:id/redeem",
    {
      schema: {
        tags: ["vouchers"],
        summary: "I've used this voucher: marks it Redeemed once the customer confirms",
        params: voucherParamsSchema,
        body: markUsedBodySchema,
        response: { 200: voucherSchema, ...errors, 422: errorResponseSchema },
      },
    },
    (request) =>
      markVoucherUsed(db, requireCustomer(request).id, request.params.id, request.body.confirmed, clock()),
  );

  app.post(
    "/create-return-order",
    {
      schema: {
        tags: ["vouchers"],
        summary: "Return a shop item: its voucher becomes Return Requested",
        body: returnOrderBodySchema,
        response: { 200: voucherSchema, ...errors, 422: errorResponseSchema },
      },
    },
    (request) => requestReturn(db, requireCustomer(request).id, request.body, clock()),
  );

  app.post(
    "/voucher/:id/return-sent",
    {
      schema: {
        tags: ["vouchers"],
        summary: "The customer has posted a returned shop item back: Return in Transit",
        params: voucherParamsSchema,
        response: { 200: voucherSchema, ...errors, 422: errorResponseSchema },
      },
    },
    (request) => returnSent(db, requireCustomer(request).id, request.params.id, clock()),
  );

  app.post(
    "/voucher/:id/refund",
    {
      schema: {
        tags: ["vouchers"],
        summary:
          "Refund a voucher to wallet credit or the original payment method (idempotency-key header required)",
        params: voucherParamsSchema,
        body: refundBodySchema,
        response: {
          200: refundResultSchema,
          201: refundResultSchema,
          ...errors,
          409: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const key = request.headers["idempotency-key"];
      const { created, result } = await refundVoucher(
        { db, clock, providers },
        requireCustomer(request).id,
        request.params.id,
        request.body,
        typeof key === "string" ? key : undefined,
      );
      return reply.code(created ? 201 : 200).send(result);
    },
  );
};
