// How long a change takes to reach a user's open page (spec: a saved property or a homeowner's
// answer shows in the open /saved or /leads "within 2 s", without a reload): the time from a
// POST /api/properties sent to the `change` event arriving on the same user's open
// GET /api/events stream, over ROUNDS saves, on PGlite and on a throwaway PostgreSQL 15. The
// end-to-end tests check that the change arrives; this prints how fast.
// Run: npx tsx bench/live-change-latency.ts   (the real app called in-process)
import { eq } from 'drizzle-orm';
import { defaultTemplate } from '../src/domain/offer/built-in-templates';
import { defaultRepairCatalog } from '../src/domain/repairs/repair-catalog';
import { createApp } from '../src/server/app';
import { openPgliteDatabase, openPostgresDatabase, type DatabaseConnection } from '../src/server/db/database';
import { subscriptions } from '../src/server/db/schema';
import { createTestContext } from '../tests/support/test-app';
import { createDatabase, startPostgresServer } from '../tests/support/postgres-server';
import { signUpTestUser } from '../tests/support/test-users';

const ROUNDS = 20;
const TARGET_MS = 2_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** Reads the stream until the next event named `event`. */
async function nextEvent(reader: ReadableStreamDefaultReader<Uint8Array>, buffer: { text: string }, event: string) {
  const decoder = new TextDecoder();
  for (;;) {
    const blocks = buffer.text.split('\n\n');
    const index = blocks.findIndex((block, at) => at < blocks.length - 1 && block.includes(`event: ${event}`));
    if (index !== -1) {
      buffer.text = blocks.slice(index + 1).join('\n\n');
      return;
    }
    const { value, done } = await reader.read();
    if (done) throw new Error(`the stream ended before a '${event}' event`);
    buffer.text += decoder.decode(value, { stream: true });
  }
}

async function measure(kind: string, database: DatabaseConnection) {
  const context = createTestContext(database, { TRUST_PROXY: '1' });
  const app = createApp(context);
  const { headers, user } = await signUpTestUser(app);
  // Pro: no limit on saved properties, so every round saves one more.
  await database.db.update(subscriptions).set({ plan: 'pro' }).where(eq(subscriptions.workspaceId, user.id));
  const abort = new AbortController();
  const events = await app.request('/api/events', { headers, signal: abort.signal });
  const reader = events.body!.getReader();
  const buffer = { text: '' };
  await nextEvent(reader, buffer, 'ready');
  const latencies: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // The event may arrive before the save's answer: listen first, then send.
    const sentAt = performance.now();
    const arrived = nextEvent(reader, buffer, 'change').then(() => performance.now());
    const saved = await app.request('/api/properties', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        address: `${round + 1} Live St, Austin, TX`,
        marketValue: 200000,
        repairs: defaultRepairCatalog,
        template: defaultTemplate,
        contact: { name: 'Owner', email: '', phones: ['512-555-0199'] },
      }),
    });
    if (saved.status !== 201) throw new Error(`save answered ${saved.status}: ${await saved.text()}`);
    latencies.push((await arrived) - sentAt);
  }
  abort.abort();
  await reader.cancel().catch(() => {});
  await context.changeFeed.close();
  const sorted = [...latencies].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const max = sorted.at(-1)!;
  console.log(
    `  ${kind.padEnd(14)} p50 ${p50.toFixed(1).padStart(7)} ms  p90 ${percentile(sorted, 90).toFixed(1).padStart(7)} ms  ` +
      `max ${max.toFixed(1).padStart(7)} ms  (target < ${TARGET_MS} ms: ${max < TARGET_MS ? 'met' : 'NOT met'})`,
  );
}

console.log(`live change latency: save sent → 'change' event on the user's open stream, ${ROUNDS} saves`);
const pglite = await openPgliteDatabase();
try {
  await measure('PGlite', pglite);
} finally {
  await pglite.close();
}
const server = await startPostgresServer();
try {
  const postgres = await openPostgresDatabase(await createDatabase(server.url));
  try {
    await measure('PostgreSQL 15', postgres);
  } finally {
    await postgres.close();
  }
} finally {
  await server.stop();
}
