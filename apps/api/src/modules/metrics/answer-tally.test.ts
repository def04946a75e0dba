import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { AnswerTally } from "./answer-tally.ts";

/** The registry's text for answers recorded as [method, route, status, seconds]. */
async function text(answers: [string, string, number, number][]): Promise<string[]> {
  const registry = new Registry();
  const tally = new AnswerTally([0.01, 0.1, 1]);
  tally.register(registry);
  for (const answer of answers) tally.record(...answer);
  return (await registry.metrics()).split("\n");
}

describe("AnswerTally", () => {
  it("counts answers by method, route and status, and the 5xx ones as errors", async () => {
    const lines = await text([
      ["GET", "/v1/deals/:location", 200, 0.002],
      ["GET", "/v1/deals/:location", 200, 0.004],
      ["GET", "/v1/deals/:location", 404, 0.001],
      ["POST", "/v1/basket", 503, 0.5],
    ]);
    expect(lines).toContain("# TYPE http_requests_total counter");
    expect(lines).toContain('http_requests_total{method="GET",route="/v1/deals/:location",status="200"} 2');
    expect(lines).toContain('http_requests_total{method="GET",route="/v1/deals/:location",status="404"} 1');
    expect(lines).toContain('http_requests_total{method="POST",route="/v1/basket",status="503"} 1');
    expect(lines.filter((line) => line.startsWith("http_request_errors_total{"))).toEqual([
      'http_request_errors_total{method="POST",route="/v1/basket",status="503"} 1',
    ]);
  });

  it("times answers in cumulative buckets per method and route, whatever their status", async () => {
    const lines = await text([
      ["GET", "/healthz", 200, 0.01],
      ["GET", "/healthz", 200, 0.0625],
      ["GET", "/healthz", 500, 0.25],
      ["GET", "/healthz", 200, 3],
    ]);
    const histogram = lines.filter((line) => line.startsWith("http_request_duration_seconds"));
    expect(histogram).toEqual([
      // A time on a bound counts in that bound's bucket (le: less than or equal).
      'http_request_duration_seconds_bucket{le="0.01",method="GET",route="/healthz"} 1',
      'http_request_duration_seconds_bucket{le="0.1",method="GET",route="/healthz"} 2',
      'http_request_duration_seconds_bucket{le="1",method="GET",route="/healthz"} 3',
      'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/healthz"} 4',
      'http_request_duration_seconds_sum{method="GET",route="/healthz"} 3.3225',
      'http_request_duration_seconds_count{method="GET",route="/healthz"} 4',
    ]);
    expect(lines).toContain("# TYPE http_request_duration_seconds histogram");
  });

  it("has no series before the first answer", async () => {
    const lines = await text([]);
    expect(lines.some((line) => line.startsWith("http_requests_total{"))).toBe(false);
    expect(lines).toContain("# TYPE http_request_errors_total counter");
  });
});
