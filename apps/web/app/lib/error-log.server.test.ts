import { describe, expect, it, vi } from "vitest";
import type { ApiFetch } from "./context.ts";
import { reportServerError } from "./error-log.server.ts";

function capture() {
  const sent: { path: string; headers: Record<string, string>; body: unknown }[] = [];
  const apiFetch: ApiFetch = async (path, init = {}) => {
    sent.push({ path, headers: init.headers ?? {}, body: JSON.parse(init.body ?? "null") });
    return new Response(null, { status: 204 });
  };
  return { sent, context: { apiFetch } as never };
}

const page = (init: RequestInit = {}) =>
  new Request("http://main-uk.localhost/checkout/abc?x=1", {
    ...init,
    headers: { referer: "http://main-uk.localhost/basket", "user-agent": "Browser/1", ...init.headers },
  });

describe("reportServerError", () => {
  it("sends the error's record to the API log with the page's brand", async () => {
    const { sent, context } = capture();
    reportServerError(context, page(), new TypeError("cannot read 'deals'"));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.path).toBe("/v1/log");
    expect(sent[0]!.headers.brand).toBeTruthy();
    expect(sent[0]!.body).toMatchObject({
      server: true,
      name: "TypeError",
      message: "cannot read 'deals'",
      description: "GET /checkout/abc",
      referrer: "http://main-uk.localhost/basket",
      userAgent: "Browser/1",
    });
  });

  it("unwraps React Router's own 500 around the error", async () => {
    const { sent, context } = capture();
    const failure = {
      status: 500,
      statusText: "",
      internal: true,
      data: "",
      error: new RangeError("bad date"),
    };
    reportServerError(context, page(), failure);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ server: true, name: "RangeError", message: "bad date" });
  });

  it("leaves out answers a route chose and shoppers who left", async () => {
    const { sent, context } = capture();
    const left = new AbortController();
    left.abort();
    reportServerError(context, page({ signal: left.signal }), new Error("gone"));
    // What React Router hands over for a path no route matches.
    const notFound = {
      status: 404,
      statusText: "Not Found",
      internal: true,
      data: "",
      error: new Error("No route"),
    };
    reportServerError(context, page(), notFound);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent).toEqual([]);
  });
});
