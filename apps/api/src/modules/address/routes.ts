/** GET /v1/address/postcode/{postcode}: the addresses of a postcode or Eircode. */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { postcodeLookupSchema, postcodeParamsSchema } from "./schemas.ts";
import { lookUpPostcode } from "./service.ts";

export const addressRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  app.get(
    "/address/postcode/:postcode",
    {
      schema: {
        tags: ["address"],
        summary: "The addresses of a UK postcode or an Irish Eircode, by the site's country",
        params: postcodeParamsSchema,
        response: { 200: postcodeLookupSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    (request) => lookUpPostcode(db, request.brand, request.params.postcode),
  );
};
