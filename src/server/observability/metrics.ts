import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * This process's own metrics (requests, refusals, its database pool, its event loop and heap),
 * served by GET /metrics beside the queue gauges, which read the database (metrics/read-queue-gauges.ts).
 */
export const processMetrics = new Registry();

export const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'Requests answered, by method, route pattern and status.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [processMetrics],
});

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer a request (to its first byte for a stream), by method, route pattern and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processMetrics],
});

export const webhookDeliveriesRefused = new Counter({
  name: 'webhook_deliveries_refused_total',
  help: 'Webhook deliveries refused, by provider (stripe, resend) and reason (signature, not-configured, provider-unreachable).',
  labelNames: ['provider', 'reason'] as const,
  registers: [processMetrics],
});

export const signInFailures = new Counter({
  name: 'sign_in_failures_total',
  help: 'E-mail and password sign-ins refused for a wrong e-mail or password.',
  registers: [processMetrics],
});

export const signInLockouts = new Counter({
  name: 'sign_in_lockouts_total',
  help: 'Sign-ins refused because the account or the address is locked out after too many failures.',
  registers: [processMetrics],
});

/** What a PostgreSQL pool tells about itself (pg's Pool). */
export interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

const pools = new Set<PoolCounts>();

new Gauge({
  name: 'database_pool_connections_in_use',
  help: 'PostgreSQL connections checked out of the pool (none on the embedded database).',
  registers: [processMetrics],
  collect() {
    let inUse = 0;
    for (const pool of pools) inUse += pool.totalCount - pool.idleCount;
    this.set(inUse);
  },
});

new Gauge({
  name: 'database_pool_requests_waiting',
  help: 'Queries waiting for a free PostgreSQL connection.',
  registers: [processMetrics],
  collect() {
    let waiting = 0;
    for (const pool of pools) waiting += pool.waitingCount;
    this.set(waiting);
  },
});

/** Counts `pool` in the pool gauges until the returned function is called (when it closes). */
export function watchDatabasePool(pool: PoolCounts): () => void {
  pools.add(pool);
  return () => void pools.delete(pool);
}

let defaultMetricsStarted = false;

/** Event-loop delay, heap, CPU and the rest of prom-client's defaults, once per process (when /metrics is served). */
export function startDefaultMetrics() {
  if (defaultMetricsStarted) return;
  defaultMetricsStarted = true;
  collectDefaultMetrics({ register: processMetrics });
}
