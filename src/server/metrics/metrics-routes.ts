import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { Gauge, Registry } from 'prom-client';
import type { AppContext } from '../app-context';
import { processMetrics, startDefaultMetrics } from '../observability/metrics';
import { readQueueGauges } from './read-queue-gauges';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** True when the Authorization header is `Bearer {token}`; compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer (\S+)$/i.exec(header ?? '')?.[1];
  return presented !== undefined && timingSafeEqual(digest(presented), digest(token));
}

/** The queue gauges, and the read of the database that sets them before each scrape (so any process reports the truth). */
function queueMetrics({ database }: Pick<AppContext, 'database'>) {
  const registry = new Registry();
  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new Gauge({ name, help, labelNames, registers: [registry] });
  const emails = gauge('email_outbox_emails', 'E-mails in the outbox by state: due, sending, failed.', ['state']);
  const followUps = gauge('follow_up_steps_due', 'Follow-up steps due and not yet sent.');
  const bulk = gauge('bulk_send_items_waiting', 'Bulk offer e-mails waiting their turn in running jobs.');
  const oldest = gauge(
    'queue_oldest_due_age_seconds',
    'Seconds since the oldest due item of each queue fell due (0: nothing due). The number to alert on.',
    ['queue'],
  );
  const readTime = gauge('queue_gauges_read_seconds', 'How long reading the queue gauges from the database took.');
  return {
    registry,
    async refresh() {
      const started = performance.now();
      const queues = await readQueueGauges(database.db);
      emails.set({ state: 'due' }, queues.emailsDue);
      emails.set({ state: 'sending' }, queues.emailsSending);
      emails.set({ state: 'failed' }, queues.emailsFailed);
      followUps.set(queues.followUpStepsDue);
      bulk.set(queues.bulkItemsWaiting);
      oldest.set({ queue: 'email' }, queues.oldestDueAgeSeconds.email);
      oldest.set({ queue: 'follow_up' }, queues.oldestDueAgeSeconds.followUp);
      oldest.set({ queue: 'bulk_send' }, queues.oldestDueAgeSeconds.bulkSend);
      readTime.set((performance.now() - started) / 1000);
    },
  };
}

/**
 * GET /metrics in Prometheus' text format, for METRICS_TOKEN as a bearer token only (401 otherwise).
 * Without METRICS_TOKEN there is no such route: 404, as for any path the app does not serve.
 */
export function metricsRoutes(context: Pick<AppContext, 'env' | 'database'>) {
  const token = context.env.METRICS_TOKEN;
  if (!token) return new Hono().all('/', (c) => c.text('Not found', 404));
  startDefaultMetrics();
  const queues = queueMetrics(context);
  return new Hono().get('/', async (c) => {
    if (!bearerMatches(c.req.header('authorization'), token)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return c.text('A valid bearer token is required.', 401);
    }
    await queues.refresh();
    const queueText = await queues.registry.metrics();
    const processText = await processMetrics.metrics();
    c.header('Content-Type', processMetrics.contentType);
    c.header('Cache-Control', 'no-store');
    return c.body(`${processText}\n${queueText}`);
  });
}
