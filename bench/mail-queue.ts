// Offers mailed through Lob (issue 41): what a 10,000-piece send costs everyone else, and the pace
// the queue keeps. Against the Lob-shaped fake (tests/fakes/lob-fake.ts), PGlite in memory, the real
// app over HTTP on 127.0.0.1.
// 1. Storing a 10,000-owner Lob send over HTTP (POST /api/mail/lob/sends: the rows validated, the
//    pieces planned and stored 'preparing'): the request's time, and GET /api/health p50/p99/max
//    meanwhile.
// 2. The Lob mail worker preparing it (each address verified by Lob, paced under Lob's 150 requests
//    per 5 s, then its offer links, short codes and prospects): time until the send is ready, pieces
//    a second, /api/health meanwhile. At Lob's pace 10,000 take about six minutes by the rate alone.
// 3. Confirming it over HTTP (the cap check, all its pieces queued in one transaction), then the
//    queue mailing for SECONDS (default 20): pieces mailed per second (Lob's limit: 30; the app aims
//    under it at 28) and /api/health meanwhile.
// Run: npx tsx bench/mail-queue.ts [pieces] [seconds]
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { and, eq, sql } from 'drizzle-orm';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { createApp } from '#server/app.ts';
import { openPgliteDatabase } from '#server/db/database.ts';
import { mailPieces, wholesalerProfiles } from '#server/db/schema.ts';
import { createSettingsCipher } from '#server/integrations/settings-cipher.ts';
import { startLobMailWorker } from '#server/mail/lob-mail-worker.ts';
import { saveLobSettings } from '#server/mail/lob-settings-store.ts';
import { startLobFake } from '#tests/fakes/lob-fake.ts';
import { makeBulkSender } from '#tests/support/bulk-sender.ts';
import { createTestContext } from '#tests/support/test-app.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { percentile } from './support/percentile';

const PIECES = Number(process.argv[2] ?? 10_000);
const SECONDS = Number(process.argv[3] ?? 20);

/** GET /api/health, 4 at a time back to back, until `work` ends; the latencies in ms. */
async function healthDuring<T>(url: string, work: () => Promise<T>) {
  const latencies: number[] = [];
  let failed = 0;
  let done = false;
  const poll = async () => {
    while (!done) {
      const started = performance.now();
      try {
        await (await fetch(`${url}/api/health`)).arrayBuffer();
        latencies.push(performance.now() - started);
      } catch {
        // A connection the server dropped while it could not answer: counted, not timed.
        failed += 1;
      }
    }
  };
  const pollers = Array.from({ length: 4 }, poll);
  const started = performance.now();
  const result = await work();
  const workMs = performance.now() - started;
  done = true;
  await Promise.all(pollers);
  latencies.sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return {
    result,
    workMs,
    health: `${latencies.length} requests${failed ? ` (${failed} failed)` : ''}, p50 ${ms(percentile(latencies, 0.5))}, p99 ${ms(percentile(latencies, 0.99))}, max ${ms(latencies.at(-1) ?? 0)}`,
  };
}

async function main() {
  const lob = await startLobFake();
  const database = await openPgliteDatabase();
  const context = createTestContext(database, {
    APP_URL: 'http://localhost:3000',
    TRUST_PROXY: '1',
    LOB_API_URL: lob.apiUrl,
  });
  const app = createApp(context);
  const listener = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => listener.once('listening', resolve));
  const url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;

  const sender = await signUpTestUser(app);
  const workspaceId = sender.user.id;
  await makeBulkSender(database.db, workspaceId);
  await database.db
    .update(wholesalerProfiles)
    .set({ phone: '512-555-0100' })
    .where(eq(wholesalerProfiles.workspaceId, workspaceId));
  await saveLobSettings(database.db, createSettingsCipher(context.serverSecret), workspaceId, {
    apiKey: 'test_fake_key_1234',
    pricePerPieceCents: 83,
    monthlyPieceCap: 1_000_000,
  });
  const properties = Array.from({ length: PIECES }, (_, n) => ({
    firstName: 'Ann',
    lastName: `Lee${n}`,
    address: `${n + 1} Oak St`,
    city: 'Austin',
    state: 'TX',
    zip: String(73301 + (n % 2000)),
    marketValue: 150_000 + (n % 1000) * 500,
  }));

  const idle = await healthDuring(url, () => new Promise((resolve) => setTimeout(resolve, 2_000)));
  const post = (path: string, body: unknown) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { ...sender.headers, 'content-type': 'application/json', 'x-forwarded-for': '10.9.9.9' },
      body: JSON.stringify(body),
    });
  const stored = await healthDuring(url, async () => {
    const response = await post('/api/mail/lob/sends', { template: defaultTemplate, properties, format: 'letter' });
    if (response.status !== 201) throw new Error(`send refused: ${response.status} ${await response.text()}`);
    return (await response.json()) as { sendId: string; pieces: number };
  });
  const { sendId } = stored.result;

  const worker = startLobMailWorker({
    database,
    appUrl: context.env.APP_URL,
    lobApiUrl: lob.apiUrl,
    serverSecret: context.serverSecret,
    pollIntervalMs: 1_000,
  });
  const preparingLeft = async () => {
    const [row] = await database.db
      .select({ left: sql<number>`count(*)`.mapWith(Number) })
      .from(mailPieces)
      .where(and(eq(mailPieces.sendId, sendId), eq(mailPieces.status, 'preparing')));
    return row!.left;
  };
  const prepared = await healthDuring(url, async () => {
    while ((await preparingLeft()) > 0) await new Promise((resolve) => setTimeout(resolve, 1_000));
  });
  const quote = (await (await fetch(`${url}/api/mail/lob/sends/${sendId}`, { headers: sender.headers })).json()) as {
    pieces: number;
    costCents: number;
  };
  const confirmed = await healthDuring(url, async () => {
    const response = await post(`/api/mail/lob/sends/${sendId}/confirm`, quote);
    if (response.status !== 200) throw new Error(`confirm refused: ${response.status} ${await response.text()}`);
  });

  const mailing = await healthDuring(url, () => new Promise((resolve) => setTimeout(resolve, SECONDS * 1000)));
  await worker.stop();
  const [counted] = await database.db
    .select({ mailed: sql<number>`count(*) filter (where ${mailPieces.status} = 'mailed')`.mapWith(Number) })
    .from(mailPieces);

  console.log(
    `Lob mail queue, ${stored.result.pieces.toLocaleString('en-US')} pieces (PGlite in memory, Node ${process.version})`,
  );
  console.log(`  /api/health idle (2 s):             ${idle.health}`);
  console.log(
    `  store the send (POST): ${(stored.workMs / 1000).toFixed(2)} s; /api/health meanwhile: ${stored.health}`,
  );
  console.log(
    `  prepare it (the worker: verify, links): ${(prepared.workMs / 1000).toFixed(1)} s, ${(stored.result.pieces / (prepared.workMs / 1000)).toFixed(1)} pieces/s; /api/health meanwhile: ${prepared.health}`,
  );
  console.log(
    `  confirm (queue all): ${(confirmed.workMs / 1000).toFixed(2)} s; /api/health meanwhile: ${confirmed.health}`,
  );
  console.log(
    `  mailing for ${SECONDS} s: ${counted!.mailed} pieces sent to Lob (${(counted!.mailed / SECONDS).toFixed(1)}/s; Lob allows 30/s, the app aims at 28/s; the fake created ${lob.pieces.length}); /api/health meanwhile: ${mailing.health}`,
  );
  listener.close();
  await lob.close();
  await database.close();
}

await main();
