/**
 * The HTTP API (design.md "apps/api"): Fastify with a zod schema for every request and
 * response, the OpenAPI document generated from those schemas, and one plugin per module.
 */
import fastifyCookie from "@fastify/cookie";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { Database } from "@deals/db";
import Fastify, { type FastifyServerOptions } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { registerErrorHandlers } from "./error-handler.ts";
import { dealsRoutes } from "./modules/deals/routes.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { locationsRoutes } from "./modules/locations/routes.ts";
import { mediaRoutes } from "./modules/media/routes.ts";
import { navigationRoutes } from "./modules/navigation/routes.ts";
import type { ModuleOptions } from "./module-options.ts";
import { apiHeadersSchema, resolveBrand } from "./request-headers.ts";

export interface BuildAppOptions {
  database: Database;
  /** Every rule that depends on time reads it from here, so tests can fix "now". */
  clock?: () => Date;
  /** false (the default) for silence, true or pino options to log. */
  logger?: FastifyServerOptions["logger"];
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
];

function loggerOptions(logger: BuildAppOptions["logger"]): FastifyServerOptions["logger"] {
  if (!logger) return false;
  const base = logger === true ? {} : logger;
  return { ...base, redact: { paths: REDACTED_PATHS, censor: "[redacted]" } };
}

export async function buildApp({ database, clock = () => new Date(), logger = false }: BuildAppOptions) {
  const app = Fastify({ logger: loggerOptions(logger) }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandlers(app);

  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: { title: "Deals marketplace API", version: "1.0.0" },
    },
    // The brand headers are checked before routing (resolveBrand); documented on every /v1 route.
    transform: (document) =>
      jsonSchemaTransform(
        document.url.startsWith("/v1/")
          ? { ...document, schema: { ...document.schema, headers: apiHeadersSchema } }
          : document,
      ),
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/docs" });
  app.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());

  const modules: ModuleOptions = { db: database.db, clock };
  await app.register(healthRoutes, { database });
  await app.register(mediaRoutes);
  await app.register(
    async (v1) => {
      v1.addHook("onRequest", resolveBrand);
      await v1.register(locationsRoutes, modules);
      await v1.register(navigationRoutes, modules);
      await v1.register(dealsRoutes, modules);
    },
    { prefix: "/v1" },
  );
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
