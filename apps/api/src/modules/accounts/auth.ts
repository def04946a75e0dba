/**
 * Who is signed in (contracts "Accounts and sessions"): every request carrying a `sid` cookie
 * gets `request.customer` from its session, or null. A session belongs to one brand site; on
 * another brand's API headers it does not count. Routes that need a customer call
 * `requireCustomer(request)`.
 */
import { brandForHeaders } from "@deals/domain/brand";
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { ApiError } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { SESSION_COOKIE } from "./session-cookies.ts";
import { type Customer, createSessionStore, type SessionStore } from "./sessions.ts";

export type { Customer } from "./sessions.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in customer, or null. */
    customer: Customer | null;
  }
  interface FastifyInstance {
    sessions: SessionStore;
  }
  interface FastifyContextConfig {
    /**
     * False for a route that never reads `request.customer`: a storefront page, whose loaders
     * ask the API in-process, and each call that needs the shopper finds the session itself.
     */
    readsCustomer?: boolean;
  }
}

export function loginRequired(): ApiError {
  return new ApiError(401, "LOGIN_REQUIRED", "Please sign in to continue.");
}

/** The signed-in customer; otherwise the API's 401 LOGIN_REQUIRED. */
export function requireCustomer(request: FastifyRequest): Customer {
  if (!request.customer) throw loginRequired();
  return request.customer;
}

export const authPlugin = fp<ModuleOptions>(
  async (app, { db, clock }) => {
    app.decorate("sessions", createSessionStore(db, app.redis));
    app.decorateRequest("customer", null);
    // Once the body is read and checked and the request admitted (admission.ts).
    // A callback hook: most calls carry no session, and an async hook costs a promise each.
    app.addHook("preHandler", (request, _reply, done) => {
      const sid = request.cookies[SESSION_COOKIE];
      if (!sid || request.routeOptions.config.readsCustomer === false) return done();
      app.sessions.find(sid, clock()).then((customer) => {
        if (customer) {
          const brand = brandForHeaders(request.headers.brand, request.headers["country-code"]);
          request.customer = !brand || brand.id === customer.brandId ? customer : null;
        }
        done();
      }, done);
    });
  },
  { name: "auth", dependencies: ["redis"] },
);
