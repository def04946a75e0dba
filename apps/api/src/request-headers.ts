/**
 * The headers every /v1 call sends (services.md §7): `brand` and `country-code` pick one of
 * the four brands and are required; `app-platform` and `version` are optional but, when
 * sent, must be one of the known values.
 */
import { BRAND_KEYS, type Brand, brandForHeaders } from "@deals/domain/brand";
import { API_VERSION, DEVICE_PLATFORMS } from "@deals/domain/constants";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { ApiError, invalidParameter } from "./errors.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The brand named by the request headers; set on every /v1 request. */
    brand: Brand;
  }
}

/** The API versions a client may announce: the original and the VIP one (services.md §9). */
const API_VERSIONS = ["v1", API_VERSION] as const;

/** For the OpenAPI document; the check itself is `resolveBrand`, which runs before routing. */
export const apiHeadersSchema = z.object({
  brand: z.enum(BRAND_KEYS),
  "country-code": z.enum(["gb", "ie"]),
  "app-platform": z.enum(DEVICE_PLATFORMS).optional(),
  version: z.enum(API_VERSIONS).optional(),
});

export async function resolveBrand(request: FastifyRequest): Promise<void> {
  const headers = request.headers;
  if (!headers.brand || !headers["country-code"]) {
    throw new ApiError(400, "BRAND_REQUIRED", "The brand and country-code headers are required.");
  }
  const brand = brandForHeaders(headers.brand, headers["country-code"]);
  if (!brand) {
    throw new ApiError(
      400,
      "BRAND_UNKNOWN",
      "The brand header must be dealmoor or fernlight and country-code must be gb or ie.",
    );
  }
  const platform = headers["app-platform"];
  if (platform !== undefined && !(DEVICE_PLATFORMS as readonly string[]).includes(String(platform))) {
    throw invalidParameter(`app-platform must be one of ${DEVICE_PLATFORMS.join(", ")}.`);
  }
  const version = headers.version;
  if (version !== undefined && !(API_VERSIONS as readonly string[]).includes(String(version))) {
    throw invalidParameter(`version must be one of ${API_VERSIONS.join(", ")}.`);
  }
  request.brand = brand;
}
