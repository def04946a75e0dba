// The part of autocannon's programmatic API the benchmarks use (the package ships no types).
declare module "autocannon" {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }

  export interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    non2xx: number;
  }

  interface RequestOptions {
    setupRequest?: (request: object) => object;
  }

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    requests?: RequestOptions[];
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
