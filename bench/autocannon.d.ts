// The parts of autocannon's programmatic API the bench uses (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }
  interface RawRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    overallRate?: number;
    timeout?: number;
    headers?: Record<string, string>;
    requests?: { method?: string; path?: string; setupRequest?: (request: RawRequest) => RawRequest }[];
  }
  interface Result {
    latency: Histogram;
    requests: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
