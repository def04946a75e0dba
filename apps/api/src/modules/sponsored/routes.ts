/** POST /v1/sponsored/customer and POST /v1/sponsored/impressionAndClick (services.md §7.8). */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { acceptBeaconBodies } from "../deals/beacon.ts";
import { escapeJsonPayload } from "../deals/http-cache.ts";
import { adEventsBodySchema, recordedSchema, sessionBodySchema, sessionSchema } from "./schemas.ts";
import { openSession, recordAdEvents } from "./service.ts";

export const sponsoredRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db, clock }) => {
  acceptBeaconBodies(app);
  app.addHook("onSend", escapeJsonPayload);
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("cache-control", "no-store");
    return payload;
  });

  app.post(
    "/sponsored/customer",
    {
      schema: {
        tags: ["sponsored"],
        summary: "Open (or keep) a sponsored-search session",
        description:
          "Answers the session id to report sponsored impressions and clicks with. A sessionId this " +
          "site already knows is kept; otherwise a new session is made.",
        body: sessionBodySchema,
        response: { 200: sessionSchema, 400: errorResponseSchema },
      },
    },
    async (request) => openSession(db, request.brand, request.body, clock()),
  );

  app.post(
    "/sponsored/impressionAndClick",
    {
      schema: {
        tags: ["sponsored"],
        summary: "Report impressions or clicks of sponsored deals",
        description:
          "adIds and dealIds pair up in order (a sponsored deal's adId and id). Pairs that name no ad " +
          "of this site are skipped; recorded says how many were counted. Accepts a text/plain JSON " +
          "body, as navigator.sendBeacon sends it.",
        body: adEventsBodySchema,
        response: { 200: recordedSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => ({ recorded: await recordAdEvents(db, request.brand, request.body, clock()) }),
  );
};
