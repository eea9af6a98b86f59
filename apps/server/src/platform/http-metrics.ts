import type { Registry } from 'prom-client';

// The two per-request series (requests by method, route and status; latency by method and route), counted in
// plain numbers. prom-client's Counter and Histogram validate and hash their label object on every call, which
// cost ~20 µs of a ~160 µs authenticated read (bench/history/platform.md). Here a request costs three Map
// lookups by strings whose hash V8 keeps (the route pattern, the method) and by the status number, and a few
// increments: no key is built per request. The registry still formats them (Prometheus text, same
// names and labels), from metric objects it reads at scrape time.

/** One sample as prom-client's Registry formats it (`metricName` defaults to the metric's name). */
interface Sample {
  metricName?: string;
  labels: Record<string, string | number>;
  value: number;
}

/** One method of one route label: its answers by status and its latency histogram. */
interface Series {
  labels: { method: string; route: string };
  /** Answers by status code. */
  statuses: Map<number, number>;
  /** Observations per bucket, not cumulative: bucket i counts values in (le[i-1], le[i]]; the last is +Inf. */
  buckets: number[];
  sum: number;
  count: number;
}

export interface HttpMetricsOptions {
  /** http_requests_total: a counter by method, route pattern and status code. */
  requests: { name: string; help: string };
  /** http_request_duration_seconds: a histogram by method and route pattern. */
  latency: { name: string; help: string; buckets: readonly number[] };
}

export class HttpMetrics {
  /** By route label, then method. */
  private readonly routes = new Map<string, Map<string, Series>>();

  constructor(
    registry: Registry,
    private readonly options: HttpMetricsOptions,
  ) {
    const { requests, latency } = options;
    registry.registerMetric(metricObject(requests.name, requests.help, 'counter', () => this.counts()));
    registry.registerMetric(metricObject(latency.name, latency.help, 'histogram', () => this.latencies()));
  }

  /** One answered request. */
  record(method: string, route: string, status: number, seconds: number): void {
    let byMethod = this.routes.get(route);
    if (!byMethod) {
      byMethod = new Map();
      this.routes.set(route, byMethod);
    }
    let series = byMethod.get(method);
    if (!series) {
      series = {
        labels: { method, route },
        statuses: new Map(),
        buckets: new Array(this.options.latency.buckets.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
      byMethod.set(method, series);
    }
    series.statuses.set(status, (series.statuses.get(status) ?? 0) + 1);
    const bounds = this.options.latency.buckets;
    let index = 0;
    while (index < bounds.length && seconds > bounds[index]!) index++;
    series.buckets[index]! += 1;
    series.sum += seconds;
    series.count += 1;
  }

  private *allSeries(): Generator<Series> {
    for (const byMethod of this.routes.values()) yield* byMethod.values();
  }

  private counts(): Sample[] {
    const values: Sample[] = [];
    for (const series of this.allSeries())
      for (const [status, count] of series.statuses)
        values.push({ labels: { ...series.labels, status: String(status) }, value: count });
    return values;
  }

  private latencies(): Sample[] {
    const name = this.options.latency.name;
    const values: Sample[] = [];
    for (const series of this.allSeries()) {
      let cumulative = 0;
      this.options.latency.buckets.forEach((le, index) => {
        cumulative += series.buckets[index]!;
        values.push({ metricName: `${name}_bucket`, labels: { ...series.labels, le }, value: cumulative });
      });
      values.push({
        metricName: `${name}_bucket`,
        labels: { ...series.labels, le: '+Inf' },
        value: series.count,
      });
      values.push({ metricName: `${name}_sum`, labels: series.labels, value: series.sum });
      values.push({ metricName: `${name}_count`, labels: series.labels, value: series.count });
    }
    return values;
  }
}

/** What prom-client's Registry asks of a metric: its name, help, type and, when scraped, its values. */
function metricObject(name: string, help: string, type: 'counter' | 'histogram', values: () => Sample[]) {
  const metric = {
    name,
    help,
    type,
    aggregator: 'sum' as const,
    get: async () => ({ name, help, type, aggregator: 'sum', values: values() }),
    reset() {},
  };
  // The Registry's type wants a prom-client Metric class; it only ever reads the fields above.
  return metric as unknown as Parameters<Registry['registerMetric']>[0];
}
