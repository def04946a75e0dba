import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CLIENT_LOG_NAME_MAX,
  CLIENT_LOG_TEXT_MAX,
  CLIENT_LOG_USER_AGENT_MAX,
  clientLogRecord,
} from "./client-log.ts";

describe("clientLogRecord", () => {
  it("names an Error by its name, message and stack", () => {
    const error = new TypeError("x is not a function");
    expect(clientLogRecord(error, { client: true, description: "GET /basket" })).toEqual({
      client: true,
      description: "GET /basket",
      name: "TypeError",
      message: "x is not a function",
      error: error.stack,
    });
  });

  it("says what was thrown when it is not an Error, and leaves out what is empty", () => {
    expect(clientLogRecord("gone", { server: true, referrer: "" })).toEqual({
      server: true,
      name: "string",
      message: "gone",
    });
  });

  it("cuts every text to what the log keeps", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 5000 }), fc.string({ maxLength: 5000 }), (message, agent) => {
        const error = new Error(message);
        error.name = message;
        const record = clientLogRecord(error, { client: true, userAgent: agent, description: message });
        expect((record.message ?? "").length).toBeLessThanOrEqual(CLIENT_LOG_TEXT_MAX);
        expect((record.error ?? "").length).toBeLessThanOrEqual(CLIENT_LOG_TEXT_MAX);
        expect((record.description ?? "").length).toBeLessThanOrEqual(CLIENT_LOG_TEXT_MAX);
        expect((record.name ?? "").length).toBeLessThanOrEqual(CLIENT_LOG_NAME_MAX);
        expect((record.userAgent ?? "").length).toBeLessThanOrEqual(CLIENT_LOG_USER_AGENT_MAX);
      }),
    );
  });
});
