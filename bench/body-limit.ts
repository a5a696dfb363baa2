// How fast the API refuses oversized bodies (issue 16, finding 2), over real HTTP: an anonymous
// sign-in declaring up to 1 GiB (refused by its Content-Length), and a chunked one without a
// length (read up to the 64 KB limit, then refused). Prints the time to the 413, how much of the
// body the client got to send before it, and the server's memory growth.
// Run: npx tsx bench/body-limit.ts   (PGlite in memory, the real app on 127.0.0.1)
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from '#server/app.ts';
import { openPgliteDatabase } from '#server/db/database.ts';
import { API_BODY_LIMIT_BYTES } from '#server/http/limit-request-body.ts';
import { createTestContext } from '#tests/support/test-app.ts';

const CHUNK = Buffer.alloc(64 * 1024, 'a');
const MB = 1024 * 1024;

interface Outcome {
  status: number;
  ms: number;
  bytesSent: number;
}

/** POSTs `totalBytes` of body (declared or chunked) and stops writing once the answer arrives. */
function oversizedPost(port: number, totalBytes: number, declareLength: boolean): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let bytesSent = 0;
    let answered = false;
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/auth/sign-in/email',
      headers: {
        'content-type': 'application/json',
        ...(declareLength ? { 'content-length': String(totalBytes) } : { 'transfer-encoding': 'chunked' }),
      },
    });
    req.on('response', (response) => {
      answered = true;
      const ms = performance.now() - started;
      response.resume();
      response.on('end', () => {
        req.destroy();
        resolve({ status: response.statusCode ?? 0, ms, bytesSent });
      });
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const write = () => {
      while (!answered && bytesSent < totalBytes) {
        const size = Math.min(CHUNK.length, totalBytes - bytesSent);
        bytesSent += size;
        if (!req.write(size === CHUNK.length ? CHUNK : CHUNK.subarray(0, size))) {
          req.once('drain', write);
          return;
        }
      }
      if (!answered) req.end();
    };
    write();
  });
}

const fmt = (bytes: number) => (bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${(bytes / 1024).toFixed(0)} KB`);

async function main() {
  const database = await openPgliteDatabase();
  const app = createApp(createTestContext(database));
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;

  console.log(`limit: ${fmt(API_BODY_LIMIT_BYTES)} on every /api route but bulk send and the payment webhook`);
  const rssBefore = process.memoryUsage().rss;
  const cases: [string, number, boolean][] = [
    ['declared 100 MB', 100 * MB, true],
    ['declared 1 GiB', 1024 * MB, true],
    ['chunked 100 MB, no length', 100 * MB, false],
  ];
  for (const [name, size, declared] of cases) {
    const runs: Outcome[] = [];
    for (let i = 0; i < 5; i++) runs.push(await oversizedPost(port, size, declared));
    const sorted = [...runs].sort((a, b) => a.ms - b.ms);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    console.log(
      `${name.padEnd(28)} → ${runs.map((run) => run.status).join(',')} in ${median.ms.toFixed(1)} ms (median of 5), ` +
        `client had sent ${fmt(median.bytesSent)} of ${fmt(size)}`,
    );
  }
  const rssGrowth = process.memoryUsage().rss - rssBefore;
  console.log(`server memory growth over all runs: ${fmt(Math.max(0, rssGrowth))} (RSS)`);

  server.close();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
