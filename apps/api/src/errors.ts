/**
 * The one error shape every API answer uses (contracts "Errors everywhere"):
 * `{ "error": { "code": "SOME_CODE", "message": "Clear sentence." } }`.
 */
import { z } from "zod";

export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** A failure the caller can act on: thrown by services, answered with its status and code. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: string;

  constructor(statusCode: number, code: string, message: string) {
    super(message);
    this.name = "ApiError";
    this.statusCode = statusCode;
    this.code = code;
  }
}

export function notFound(code: string, message: string): ApiError {
  return new ApiError(404, code, message);
}

export function invalidParameter(message: string): ApiError {
  return new ApiError(400, "INVALID_PARAMETER", message);
}

export function errorBody(code: string, message: string): ErrorResponse {
  return { error: { code, message } };
}
