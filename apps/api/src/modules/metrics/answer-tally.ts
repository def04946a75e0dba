/**
 * Every answer counted and timed by method, route and status, for three metrics:
 * http_requests_total, http_request_errors_total (5xx) and http_request_duration_seconds.
 * prom-client's own counters and histograms check and hash their labels on every call, about a
 * twentieth of a cached answer's CPU (docs/scaling.md "Answers counted in plain numbers, and a
 * baseline beside each cached answer"); an answer here finds its tally by one string and adds to
 * plain numbers, and the metrics' values are made from the tallies when /metrics is read.
 */
import type { Metric, Registry } from "prom-client";

interface Tally {
  method: string;
  route: string;
  status: number;
  count: number;
  seconds: number;
  /** Answers by the first bound at or above their time; the last counts those above every bound. */
  byBound: number[];
}

type Labels = Record<string, string | number>;
type MetricType = "counter" | "histogram";
/** One line of a metric's text: `metricName{labels} value`. */
interface MetricValue {
  metricName?: string;
  labels: Labels;
  value: number;
}

/** A metric as the registry reads it (prom-client's `get`), made from the tallies. */
interface TalliedMetric {
  name: string;
  help: string;
  type: MetricType;
  aggregator: "sum";
  get(): Promise<{ name: string; help: string; type: MetricType; aggregator: "sum"; values: MetricValue[] }>;
  reset(): void;
}

export class AnswerTally {
  readonly #tallies = new Map<string, Tally>();

  /** `bounds`: the histogram's upper bounds in seconds, ascending. */
  constructor(private readonly bounds: readonly number[]) {}

  record(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let tally = this.#tallies.get(key);
    if (tally === undefined) {
      tally = { method, route, status, count: 0, seconds: 0, byBound: this.bounds.map(() => 0).concat(0) };
      this.#tallies.set(key, tally);
    }
    tally.count += 1;
    tally.seconds += seconds;
    let bound = 0;
    while (bound < this.bounds.length && seconds > this.bounds[bound]!) bound += 1;
    tally.byBound[bound]! += 1;
  }

  /** Adds the three metrics to `registry`. */
  register(registry: Registry): void {
    const metrics = [
      this.#metric(
        "http_requests_total",
        "HTTP requests answered, by route, method and status",
        "counter",
        () => this.#counts(() => true),
      ),
      this.#metric("http_request_duration_seconds", "Time to answer, by route and method", "histogram", () =>
        this.#histogram("http_request_duration_seconds"),
      ),
      this.#metric(
        "http_request_errors_total",
        "Answers with a 5xx status, by route and method",
        "counter",
        () => this.#counts((tally) => tally.status >= 500),
      ),
    ];
    // The registry reads any object with these fields; its types name only prom-client's classes.
    for (const metric of metrics) registry.registerMetric(metric as unknown as Metric);
  }

  #metric(name: string, help: string, type: MetricType, values: () => MetricValue[]): TalliedMetric {
    const aggregator = "sum";
    return {
      name,
      help,
      type,
      aggregator,
      get: async () => ({ name, help, type, aggregator, values: values() }),
      reset: () => this.#tallies.clear(),
    };
  }

  #counts(counted: (tally: Tally) => boolean): MetricValue[] {
    return [...this.#tallies.values()].filter(counted).map(({ method, route, status, count }) => ({
      labels: { method, route, status },
      value: count,
    }));
  }

  /** Cumulative buckets, the sum and the count per method and route, whatever the status. */
  #histogram(name: string): MetricValue[] {
    const byRoute = new Map<string, { labels: Labels; count: number; seconds: number; byBound: number[] }>();
    for (const tally of this.#tallies.values()) {
      const key = `${tally.method} ${tally.route}`;
      const series = byRoute.get(key) ?? {
        labels: { method: tally.method, route: tally.route },
        count: 0,
        seconds: 0,
        byBound: tally.byBound.map(() => 0),
      };
      series.count += tally.count;
      series.seconds += tally.seconds;
      tally.byBound.forEach((count, index) => {
        series.byBound[index]! += count;
      });
      byRoute.set(key, series);
    }
    return [...byRoute.values()].flatMap(({ labels, count, seconds, byBound }) => {
      let below = 0;
      const buckets = this.bounds.map((bound, index) => {
        below += byBound[index]!;
        return { metricName: `${name}_bucket`, labels: { le: bound, ...labels }, value: below };
      });
      return [
        ...buckets,
        { metricName: `${name}_bucket`, labels: { le: "+Inf", ...labels }, value: count },
        { metricName: `${name}_sum`, labels, value: seconds },
        { metricName: `${name}_count`, labels, value: count },
      ];
    });
  }
}
