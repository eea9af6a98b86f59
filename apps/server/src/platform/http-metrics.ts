import type { Registry } from 'prom-client';

// The two per-request series (requests by method, route and status; latency by method and route), counted in
// plain numbers. prom-client's Counter and Histogram validate and hash their label object on every call, which
// cost ~20 µs of a ~160 µs authenticated read (bench/RESULTS.md, third round); here a request costs two Map
// lookups and an increment. The registry still formats them (Prometheus text, same names and labels), from a
// metric object it reads at scrape time.

/** One sample as prom-client's Registry formats it (`metricName` defaults to the metric's name). */
interface Sample {
  metricName?: string;
  labels: Record<string, string | number>;
  value: number;
}

interface Series {
  labels: Record<string, string>;
  count: number;
}

interface LatencySeries {
  labels: Record<string, string>;
  /** Observations per bucket, not cumulative: bucket i counts values in (le[i-1], le[i]]; the last is +Inf. */
  buckets: number[];
  sum: number;
  count: number;
}

/** http_requests_total: a counter by method, route pattern and status code. */
export class RequestCounter {
  private readonly series = new Map<string, Series>();
  readonly name: string;

  constructor(registry: Registry, options: { name: string; help: string }) {
    this.name = options.name;
    registry.registerMetric(
      metricObject(options.name, options.help, 'counter', () =>
        [...this.series.values()].map((s) => ({ labels: s.labels, value: s.count })),
      ),
    );
  }

  inc(method: string, route: string, status: number): void {
    const key = `${method} ${status} ${route}`;
    const found = this.series.get(key);
    if (found) found.count += 1;
    else this.series.set(key, { labels: { method, route, status: String(status) }, count: 1 });
  }
}

/** http_request_duration_seconds: a histogram by method and route pattern. */
export class LatencyHistogram {
  private readonly series = new Map<string, LatencySeries>();

  constructor(
    registry: Registry,
    private readonly options: { name: string; help: string; buckets: readonly number[] },
  ) {
    registry.registerMetric(metricObject(options.name, options.help, 'histogram', () => this.values()));
  }

  observe(method: string, route: string, seconds: number): void {
    const key = `${method} ${route}`;
    let found = this.series.get(key);
    if (!found) {
      found = {
        labels: { method, route },
        buckets: new Array(this.options.buckets.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
      this.series.set(key, found);
    }
    const bounds = this.options.buckets;
    let index = 0;
    while (index < bounds.length && seconds > bounds[index]!) index++;
    found.buckets[index]! += 1;
    found.sum += seconds;
    found.count += 1;
  }

  private values(): Sample[] {
    const name = this.options.name;
    const values: Sample[] = [];
    for (const series of this.series.values()) {
      let cumulative = 0;
      this.options.buckets.forEach((le, index) => {
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
