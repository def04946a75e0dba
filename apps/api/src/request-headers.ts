/**
 * The headers every /v1 call sends (services.md §7): `brand` and `country-code` pick one of
 * the four brands and are required; `app-platform` and `version` are optional but, when
 * sent, must be one of the known values.
 */
import { BRAND_KEYS, type Brand, brandForHeaders } from "@deals/domain/brand";
import { API_VERSION, DEVICE_PLATFORMS } from "@deals/domain/constants";
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
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

/** The brand the headers name, or the error to answer (services.md §7). */
function brandOf(headers: FastifyRequest["headers"]): Brand | ApiError {
  if (!headers.brand || !headers["country-code"]) {
    return new ApiError(400, "BRAND_REQUIRED", "The brand and country-code headers are required.");
  }
  const brand = brandForHeaders(headers.brand, headers["country-code"]);
  if (!brand) {
    return new ApiError(
      400,
      "BRAND_UNKNOWN",
      "The brand header must be dealmoor or fernlight and country-code must be gb or ie.",
    );
  }
  const platform = headers["app-platform"];
  if (platform !== undefined && !(DEVICE_PLATFORMS as readonly string[]).includes(String(platform))) {
    return invalidParameter(`app-platform must be one of ${DEVICE_PLATFORMS.join(", ")}.`);
  }
  const version = headers.version;
  if (version !== undefined && !(API_VERSIONS as readonly string[]).includes(String(version))) {
    return invalidParameter(`version must be one of ${API_VERSIONS.join(", ")}.`);
  }
  return brand;
}

/** An onRequest hook: sets `request.brand`, or refuses the request. */
export function resolveBrand(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const brand = brandOf(request.headers);
  if (brand instanceof ApiError) {
    done(brand);
    return;
  }
  request.brand = brand;
  done();
}
