/**
 * The HTTP API (design.md "apps/api"): Fastify with a zod schema for every request and
 * response, the OpenAPI document generated from those schemas, and one plugin per module.
 */

import type { Database } from "@deals/db";
import fastifyCookie from "@fastify/cookie";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyServerOptions } from "fastify";
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { Admission, type AdmissionLimits, admissionHook, admissionLimitsFor } from "./admission.ts";
import { withCommonResponses } from "./common-responses.ts";
import { clientErrorHandler, frameworkErrors, registerErrorHandlers } from "./error-handler.ts";
import type { ModuleOptions } from "./module-options.ts";
import { authPlugin } from "./modules/accounts/auth.ts";
import { accountJobs } from "./modules/accounts/jobs.ts";
import { accountsRoutes } from "./modules/accounts/routes.ts";
import { addressRoutes } from "./modules/address/routes.ts";
import { basketRoutes } from "./modules/basket/routes.ts";
import { buyAgainRoutes } from "./modules/buy-again/routes.ts";
import { checkoutRoutes } from "./modules/checkout/routes.ts";
import { dealsRoutes } from "./modules/deals/routes.ts";
import { devMailboxRoutes, emailRoutes } from "./modules/email/routes.ts";
import { extensionRoutes } from "./modules/extension/routes.ts";
import { giftCardRoutes } from "./modules/gift-cards/routes.ts";
import { giftRoutes } from "./modules/gifts/routes.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { homepageRoutes } from "./modules/homepage/routes.ts";
import { insightsRoutes } from "./modules/insights/routes.ts";
import { locationsRoutes } from "./modules/locations/routes.ts";
import { RequestLog } from "./modules/logging/request-log.ts";
import { requestLogger } from "./modules/logging/request-logger.ts";
import { loggingRoutes } from "./modules/logging/routes.ts";
import { loyaltyRoutes } from "./modules/loyalty/routes.ts";
import { mediaRoutes } from "./modules/media/routes.ts";
import { parseMerchantKeys } from "./modules/merchant-fulfilment/auth.ts";
import { merchantFulfilmentRoutes } from "./modules/merchant-fulfilment/routes.ts";
import { meteredProviders } from "./modules/metrics/metered-providers.ts";
import { Metrics } from "./modules/metrics/metrics.ts";
import { metricsPlugin, poolUse } from "./modules/metrics/plugin.ts";
import { navigationRoutes } from "./modules/navigation/routes.ts";
import { orderAddonRoutes } from "./modules/order-addon/routes.ts";
import { orderRoutes } from "./modules/orders/routes.ts";
import { paymentJobs } from "./modules/payments/jobs.ts";
import { paymentRoutes } from "./modules/payments/routes.ts";
import { sandboxProviders } from "./modules/payments/sandbox.ts";
import { promoRoutes } from "./modules/promo/routes.ts";
import { recommendationsRoutes } from "./modules/recommendations/routes.ts";
import { devReferralRoutes } from "./modules/referral/dev-routes.ts";
import { referralJobs } from "./modules/referral/jobs.ts";
import { referralRoutes } from "./modules/referral/routes.ts";
import { reviewsRoutes } from "./modules/reviews/routes.ts";
import { searchRoutes } from "./modules/search/routes.ts";
import { organizationRoutes, seoRoutes } from "./modules/seo/routes.ts";
import { sitesRoutes } from "./modules/sites/routes.ts";
import { sponsoredRoutes } from "./modules/sponsored/routes.ts";
import { staticPagesRoutes } from "./modules/static-pages/routes.ts";
import { devStockRoutes } from "./modules/stock-notifications/dev-routes.ts";
import { stockNotificationJobs } from "./modules/stock-notifications/jobs.ts";
import { stockNotificationRoutes } from "./modules/stock-notifications/routes.ts";
import { tilesRoutes } from "./modules/tiles/routes.ts";
import { devTravelRoutes } from "./modules/travel/dev-routes.ts";
import { travelJobs, travelRoutes } from "./modules/travel/routes.ts";
import { vipJobs } from "./modules/vip/jobs.ts";
import { vipRoutes } from "./modules/vip/routes.ts";
import { devVoucherRoutes } from "./modules/vouchers/dev-routes.ts";
import { voucherJobs } from "./modules/vouchers/jobs.ts";
import { voucherRoutes } from "./modules/vouchers/routes.ts";
import { devWalletRoutes } from "./modules/wallet/dev-routes.ts";
import { walletJobs } from "./modules/wallet/jobs.ts";
import { walletRoutes } from "./modules/wallet/routes.ts";
import { wishlistJobs } from "./modules/wishlist/jobs.ts";
import { wishlistRoutes } from "./modules/wishlist/routes.ts";
import { redisPlugin } from "./redis.ts";
import { apiHeadersSchema, resolveBrand } from "./request-headers.ts";
import { echoRequestId, requestIdOf } from "./request-id.ts";
import { securityPlugin } from "./security.ts";
import { serializerCompiler } from "./serializer.ts";
import { validatorCompiler } from "./validator.ts";

export interface BuildAppOptions {
  database: Database;
  /** Every rule that depends on time reads it from here, so tests can fix "now". */
  clock?: () => Date;
  /** false (the default) for silence, true or pino options to log. */
  logger?: FastifyServerOptions["logger"];
  /** Whether each request gets its own log lines (on by default). */
  requestLogging?: boolean;
  /** How many requests are served at once and how many may wait (admission.ts; by engine by default). */
  admission?: AdmissionLimits;
}

/** Secrets never reach the logs, whatever a handler chooses to log. */
const REDACTED_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  "headers.authorization",
  "headers.cookie",
  'headers["set-cookie"]',
  "password",
  "token",
  "*.password",
  "*.token",
  "*.*.password",
  "*.*.token",
  // Card details and session tokens, wherever a body or an object holding them is logged.
  "card",
  "*.card",
  "*.*.card",
  "securityCode",
  "*.securityCode",
  "customerToken",
  "*.customerToken",
  "*.*.customerToken",
];

function loggerOptions(logger: BuildAppOptions["logger"]): FastifyServerOptions["logger"] {
  if (!logger) return false;
  const base = logger === true ? {} : logger;
  return { ...base, redact: { paths: REDACTED_PATHS, censor: "[redacted]" } };
}

export async function buildApp({
  database,
  clock = () => new Date(),
  logger = false,
  requestLogging = true,
  admission = admissionLimitsFor(database.engine),
}: BuildAppOptions) {
  const app = Fastify({
    logger: loggerOptions(logger),
    logController: new RequestLog({ disableRequestLogging: !requestLogging }),
    ...(logger ? { childLoggerFactory: requestLogger } : {}),
    frameworkErrors,
    clientErrorHandler,
    requestIdHeader: false,
    genReqId: requestIdOf,
  }).withTypeProvider<ZodTypeProvider>();
  echoRequestId(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandlers(app);
  await app.register(securityPlugin);

  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: { title: "Deals marketplace API", version: "1.0.0" },
    },
    // The brand headers are checked before routing (resolveBrand); documented on every /v1 route.
    transform: (document) =>
      jsonSchemaTransform(
        withCommonResponses(
          document.url.startsWith("/v1/")
            ? { ...document, schema: { ...document.schema, headers: apiHeadersSchema } }
            : document,
        ),
      ),
    // Emits the schemas registered with an id (the recursive NavItem) as components.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/docs" });
  app.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());

  const metrics = new Metrics({ admission: () => app.admission, pool: () => poolUse(database) });
  await app.register(metricsPlugin, { metrics, token: process.env.METRICS_TOKEN });
  const modules: ModuleOptions = { db: database.db, clock };
  // Before the session is looked up: a request waiting its turn has cost nothing yet.
  app.decorate("admission", new Admission(admission));
  app.addHook("preHandler", admissionHook(app.admission));
  app.server.on("connection", () => app.admission.connectionOpened());
  await app.register(redisPlugin);
  await app.register(authPlugin, modules);
  await app.register(accountJobs, modules);
  await app.register(devMailboxRoutes, modules);
  await app.register(devWalletRoutes, modules);
  await app.register(devTravelRoutes, modules);
  await app.register(walletJobs, modules);
  await app.register(devVoucherRoutes, modules);
  const payments = { ...modules, providers: meteredProviders(sandboxProviders(database.db, clock), metrics) };
  await app.register(paymentJobs, payments);
  await app.register(vipJobs, payments);
  await app.register(voucherJobs, modules);
  await app.register(wishlistJobs, modules);
  await app.register(stockNotificationJobs, modules);
  await app.register(devStockRoutes, modules);
  await app.register(referralJobs, modules);
  await app.register(devReferralRoutes, modules);
  await app.register(travelJobs, modules);
  await app.register(healthRoutes, { database });
  await app.register(mediaRoutes);
  await app.register(seoRoutes, modules);
  await app.register(
    async (v1) => {
      v1.addHook("onRequest", resolveBrand);
      await v1.register(locationsRoutes, modules);
      await v1.register(navigationRoutes, modules);
      await v1.register(dealsRoutes, modules);
      await v1.register(accountsRoutes, modules);
      await v1.register(addressRoutes, modules);
      await v1.register(emailRoutes, modules);
      await v1.register(basketRoutes, modules);
      await v1.register(checkoutRoutes, modules);
      await v1.register(orderRoutes, payments);
      await v1.register(paymentRoutes, payments);
      await v1.register(promoRoutes, modules);
      await v1.register(walletRoutes, modules);
      await v1.register(giftCardRoutes, modules);
      await v1.register(giftRoutes, modules);
      await v1.register(buyAgainRoutes, modules);
      await v1.register(insightsRoutes, modules);
      await v1.register(voucherRoutes, payments);
      await v1.register(merchantFulfilmentRoutes, {
        ...payments,
        merchantKeys: parseMerchantKeys(process.env.MERCHANT_API_KEYS),
      });
      await v1.register(extensionRoutes, modules);
      await v1.register(orderAddonRoutes, payments);
      await v1.register(searchRoutes, modules);
      await v1.register(sponsoredRoutes, modules);
      await v1.register(reviewsRoutes, modules);
      await v1.register(sitesRoutes, modules);
      await v1.register(recommendationsRoutes, modules);
      await v1.register(homepageRoutes, modules);
      await v1.register(tilesRoutes, modules);
      await v1.register(staticPagesRoutes, modules);
      await v1.register(organizationRoutes, modules);
      await v1.register(loggingRoutes, modules);
      await v1.register(wishlistRoutes, modules);
      await v1.register(stockNotificationRoutes, modules);
      await v1.register(travelRoutes, modules);
      await v1.register(loyaltyRoutes, modules);
      await v1.register(referralRoutes, modules);
      await v1.register(vipRoutes, payments);
    },
    { prefix: "/v1" },
  );
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
