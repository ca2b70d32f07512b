// The part of autocannon's API the benchmark uses (the package ships no types).
declare module "autocannon" {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    total: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    headers?: Record<string, string>;
    /** Each request may be changed before it is sent (its path: a distinct URL per request). */
    requests?: { setupRequest?: (request: { path: string }) => { path: string } }[];
  }
  export default function autocannon(options: Options): Promise<Result>;
}
