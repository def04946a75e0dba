/**
 * GET /robots.txt, GET /sitemap.xml and GET /sitemaps/{name} for the brand of the Host
 * (an unknown host gets the default brand's), and GET /v1/organization.
 */
import { BRANDS, type Brand, brandForHost, DEFAULT_BRAND_ID } from "@deals/domain/brand";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema, notFound } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { catalogueHeaders } from "../deals/http-cache.ts";
import { dealsSitemapParamsSchema, organizationSchema } from "./schemas.ts";
import {
  dealsSitemapXml,
  organization,
  PAGES_SITEMAP,
  pagesSitemap,
  robotsTxt,
  sitemapIndex,
} from "./service.ts";

/** Crawlers fetch these often; an hour is fresh enough for new deals to be found the same day. */
const CRAWLER_CACHE_CONTROL = "public, max-age=3600, s-maxage=3600, stale-while-revalidate=86400";
const DEALS_SITEMAP = /^deals-([1-9]\d{0,4})\.xml$/;

function hostBrand(request: FastifyRequest): Brand {
  return brandForHost(request.headers.host) ?? BRANDS[DEFAULT_BRAND_ID];
}

function crawlerReply(reply: FastifyReply, type: string, body: string) {
  return reply.header("cache-control", CRAWLER_CACHE_CONTROL).header("vary", "host").type(type).send(body);
}

const XML = "application/xml; charset=utf-8";

export const seoRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db, clock }) => {
  app.get("/robots.txt", { schema: { hide: true } }, async (request, reply) =>
    crawlerReply(reply, "text/plain; charset=utf-8", robotsTxt(hostBrand(request))),
  );

  app.get("/sitemap.xml", { schema: { hide: true } }, async (request, reply) =>
    crawlerReply(reply, XML, await sitemapIndex(db, hostBrand(request), clock())),
  );

  app.get(
    "/sitemaps/:name",
    { schema: { hide: true, params: dealsSitemapParamsSchema } },
    async (request, reply) => {
      const brand = hostBrand(request);
      const { name } = request.params;
      if (name === PAGES_SITEMAP) return crawlerReply(reply, XML, await pagesSitemap(db, brand, clock()));
      const page = DEALS_SITEMAP.exec(name)?.[1];
      const xml = page === undefined ? undefined : await dealsSitemapXml(db, brand, Number(page), clock());
      if (xml === undefined) throw notFound("NOT_FOUND", "There is no such sitemap.");
      return crawlerReply(reply, XML, xml);
    },
  );
};

export const organizationRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app) => {
  app.get(
    "/organization",
    {
      schema: {
        tags: ["seo"],
        summary: "The brand as a schema.org Organization, for the page head's JSON-LD",
        response: { 200: organizationSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      catalogueHeaders(reply);
      return organization(request.brand);
    },
  );
};
