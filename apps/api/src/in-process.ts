/**
 * Whether a request came from the network, or in-process from a storefront page's loader
 * (app.inject, web.ts), whose socket is not a network socket.
 */
import { Socket } from "node:net";
import type { FastifyRequest } from "fastify";

export function fromNetwork(request: FastifyRequest): boolean {
  return request.raw.socket instanceof Socket;
}
