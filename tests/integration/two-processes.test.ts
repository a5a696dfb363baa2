// The architecture's promise: identical, stateless server processes behind a load balancer on one
// PostgreSQL. Two real `npm start` servers (separate Node processes) share a throwaway database,
// one secret and one e-mail provider (the Resend fake, which answers an Idempotency-Key replay
// without sending again, as Resend does).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { startResendFake, type ResendFake } from '../fakes/resend-fake';
import { createDatabase, dropDatabase } from '../support/postgres-server';
import { savedPropertyBody } from '../support/saved-property';
import { TEST_AUTH_SECRET } from '../support/test-app';
import { cookieFrom, TEST_PASSWORD, uniqueEmail } from '../support/test-users';

const projectRoot = path.resolve(import.meta.dirname, '../..');
// As `npm start` runs the server; by absolute URL, since the processes run in a work folder.
const tsxLoader = import.meta.resolve('tsx');

interface ServerProcess {
  url: string;
  child: ChildProcess;
  log: string[];
}

const servers: ServerProcess[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}\n${servers.map((server) => server.log.join('')).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(inject('postgresUrl') === '')('two server processes on one PostgreSQL', () => {
  let workDir: string;
  let databaseUrl: string;
  let resend: ResendFake;

  async function startServer(name: string, env: Record<string, string> = {}): Promise<ServerProcess> {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', tsxLoader, path.join(projectRoot, 'src/server/main.ts')], {
      // The web app is served from ./dist/web and ./dist/server-render: a minimal build in the work folder stands in for it.
      cwd: workDir,
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        APP_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: path.join(workDir, name),
        DATABASE_URL: databaseUrl,
        BETTER_AUTH_SECRET: TEST_AUTH_SECRET,
        TRUST_PROXY: '1',
        RESEND_API_KEY: resend.apiKey,
        RESEND_API_URL: resend.url,
        EMAIL_FROM: 'Offers <offers@two-processes.example>',
        BULK_EMAIL_BATCH_SIZE: '2',
        BULK_EMAIL_INTERVAL_MS: '150',
        // A killed process's e-mails go to the other one 3 s on (not production's 5 min): the one it
        // was sending when killed is sent again, and the provider's idempotency key keeps it one copy.
        EMAIL_CLAIM_MS: '3000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server = { url: `http://127.0.0.1:${port}`, child, log: [] as string[] };
    child.stdout!.on('data', (chunk: Buffer) => server.log.push(chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => server.log.push(chunk.toString()));
    servers.push(server);
    await waitFor(
      `${name} to answer /api/health`,
      async () => {
        if (child.exitCode !== null) throw new Error(`${name} exited:\n${server.log.join('')}`);
        const response = await fetch(`${server.url}/api/health`).catch(() => undefined);
        return response?.ok ? true : undefined;
      },
      60_000,
    );
    return server;
  }

  let first: ServerProcess;
  let second: ServerProcess;
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'two-processes-'));
    await mkdir(path.join(workDir, 'dist/web'), { recursive: true });
    await writeFile(path.join(workDir, 'dist/web/index.html'), '<!doctype html><title>app</title>');
    // And a renderer that draws no page on the server (every page is the app shell).
    await mkdir(path.join(workDir, 'dist/server-render'), { recursive: true });
    await writeFile(
      path.join(workDir, 'dist/server-render/render-page.js'),
      'export async function renderPage() { return null; }\nexport function pagePreloadModule() { return null; }\n',
    );
    resend = await startResendFake();
    databaseUrl = await createDatabase(inject('postgresUrl'));
    // Both start at once on an empty database: the migrations must be applied once.
    [first, second] = await Promise.all([startServer('first'), startServer('second')]);
  }, 150_000);

  afterAll(async () => {
    for (const { child } of servers) child.kill('SIGKILL');
    await Promise.all(
      servers.map(({ child }) =>
        child.exitCode !== null || child.signalCode !== null
          ? undefined
          : new Promise((resolve) => child.once('exit', resolve)),
      ),
    );
    await resend?.close();
    if (databaseUrl) await dropDatabase(databaseUrl);
    await rm(workDir, { recursive: true, force: true });
  });

  /** SIGTERM, then the exit (a process already gone: at once). */
  async function stopGracefully({ child }: ServerProcess) {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }

  function request(
    server: ServerProcess,
    route: string,
    init: { method?: string; cookie?: string; ip?: string; body?: unknown } = {},
  ) {
    return fetch(`${server.url}${route}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        origin: server.url,
        'x-forwarded-for': init.ip ?? '10.9.0.1',
        ...(init.cookie && { cookie: init.cookie }),
        ...(init.body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
    });
  }

  async function signUp(server: ServerProcess, ip: string) {
    const email = uniqueEmail('two');
    const response = await request(server, '/api/auth/sign-up/email', {
      ip,
      body: { name: 'Two Processes', email, password: TEST_PASSWORD },
    });
    expect(response.status).toBe(200);
    return { email, cookie: cookieFrom(response) };
  }

  it('a session made by one process is accepted by the other, and a save in one is seen live on the other', async () => {
    const { cookie } = await signUp(first, '10.9.1.1');
    expect((await request(second, '/api/subscription', { cookie, ip: '10.9.1.1' })).status).toBe(200);

    const events = await request(second, '/api/events', { cookie, ip: '10.9.1.1' });
    expect(events.headers.get('content-type')).toContain('text/event-stream');
    const reader = events.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    const readUntil = (text: string) =>
      waitFor(
        `'${text}' on the other process's live feed`,
        async () => {
          const { value } = await reader.read();
          received += decoder.decode(value);
          return received.includes(text) ? true : undefined;
        },
        5_000,
      );
    await readUntil('event: ready');

    const saved = await request(first, '/api/properties', {
      cookie,
      ip: '10.9.1.1',
      body: savedPropertyBody(),
    });
    expect(saved.status).toBe(201);
    await readUntil('event: change');
    expect(received).toContain('"table":"saved_properties"');
    await reader.cancel();
  });

  it('shares rate limits: wrong passwords spread over both processes are counted together', async () => {
    const { email } = await signUp(first, '10.9.2.1');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      const server = attempt % 2 === 0 ? first : second;
      const response = await request(server, '/api/auth/sign-in/email', {
        ip: '10.9.2.2',
        body: { email, password: 'not-the-password-1' },
      });
      statuses.push(response.status);
    }
    // Ten tries in all, whichever process answered; then both refuse.
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  /** A sender who may send bulk offers: a verified e-mail (the link mailed through `provider`), a postal address, Pro. */
  async function bulkSender(server: ServerProcess, ip: string, provider: ResendFake) {
    const { cookie, email } = await signUp(server, ip);
    // Bulk offers need a verified e-mail (the link mailed through the outbox to the provider fake)
    // and a postal address in the profile (issue 16).
    const asked = await request(server, '/api/auth/send-verification-email', {
      cookie,
      ip,
      body: { email },
    });
    expect(asked.status).toBe(200);
    const link = await waitFor(
      'the verification e-mail',
      () =>
        provider.emails
          .find((mail) => mail.to[0] === email)
          ?.text?.match(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/)?.[0],
    );
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(302);
    const profile = await request(server, '/api/profile', {
      method: 'PUT',
      cookie,
      ip,
      body: {
        handle: null,
        displayName: 'Two Processes',
        company: '',
        phone: '',
        replyToEmail: '',
        postalAddress: '1 Main St, Austin, TX 78701',
        notifyOnLeads: false,
      },
    });
    expect(profile.status).toBe(200);
    // Pro through the demo checkout (no payment provider configured).
    const checkout = await request(server, '/api/billing/checkout', { cookie, ip, body: { plan: 'pro' } });
    const session = new URL((await checkout.json()).url as string, server.url).searchParams.get('session');
    expect((await request(server, '/api/billing/demo/confirm', { cookie, ip, body: { session } })).status).toBe(200);

    return cookie;
  }

  /** Twelve owners at `street` in Austin, each e-mailed at `domain`, sent offers in bulk through `server`. */
  async function bulkSendTo(
    server: ServerProcess,
    { cookie, ip }: { cookie: string; ip: string },
    {
      lastName,
      street,
      domain,
      marketValue,
    }: { lastName: string; street: string; domain: string; marketValue: number },
  ) {
    const owners = Array.from({ length: 12 }, (_, n) => ({
      firstName: `Owner${n}`,
      lastName,
      email: `owner${n}@${domain}`,
      address: `${n + 1} ${street}, Austin, TX`,
      marketValue: marketValue + n * 1000,
    }));
    const sent = await request(server, '/api/bulk-send', {
      cookie,
      ip,
      body: { template: defaultTemplate, properties: owners },
    });
    expect(sent.status).toBe(201);
    const { jobId } = (await sent.json()) as { jobId: string };
    return { owners, jobId };
  }

  /** Until `server` reports the send job finished: nothing left queued or sending. */
  async function sendFinished(server: ServerProcess, jobId: string, { cookie, ip }: { cookie: string; ip: string }) {
    await waitFor('the send job to finish', async () => {
      const progress = (await (await request(server, `/api/bulk-send/${jobId}`, { cookie, ip })).json()) as {
        finished?: boolean;
      };
      return progress.finished ? true : undefined;
    });
  }

  it('finishes a bulk send after the process sending it is killed, every e-mail delivered exactly once', async () => {
    const cookie = await bulkSender(first, '10.9.3.1', resend);

    const sender = { cookie, ip: '10.9.3.1' };
    const { owners, jobId } = await bulkSendTo(first, sender, {
      lastName: 'Park',
      street: 'Elm St',
      domain: 'two-processes.example',
      marketValue: 200000,
    });

    const recipients = () => resend.emails.filter((email) => email.to[0]!.endsWith('@two-processes.example'));
    // Kill the first process in the middle of the send, without letting it shut down cleanly.
    await waitFor('the first offers to leave', () => (recipients().length >= 3 ? true : undefined));
    first.child.kill('SIGKILL');
    await waitFor(
      'every offer to be delivered by the remaining process',
      () => (recipients().length >= owners.length ? true : undefined),
      30_000,
    );
    // No second copy can still come once the job is finished.
    await sendFinished(second, jobId, sender);
    const delivered = recipients()
      .map((email) => email.to[0])
      .sort();
    expect(delivered).toEqual(owners.map((owner) => owner.email).sort());
  }, 60_000);

  it('on SIGTERM in the middle of a bulk send, a process gives back the e-mails it claimed: the other sends them within seconds, each exactly once (issue 40)', async () => {
    // Only the two processes below take e-mails: the earlier ones stop (gracefully) first.
    await Promise.all(servers.map(stopGracefully));
    // The process to be stopped sends through a slow provider of its own (3 s an e-mail), so it
    // holds several claimed e-mails when SIGTERM comes. EMAIL_CLAIM_MS is production's 5 minutes
    // on both: only a claim given back lets the other process send those within seconds. Two
    // providers: a copy sent by both would show in their sum (no shared idempotency key to hide it).
    const slowResend = await startResendFake({ apiKey: 're_slow' });
    try {
      const claimMs = { EMAIL_CLAIM_MS: '300000', BULK_EMAIL_INTERVAL_MS: '200' };
      const leaving = await startServer('leaving', {
        ...claimMs,
        RESEND_API_URL: slowResend.url,
        RESEND_API_KEY: 're_slow',
      });
      const cookie = await bulkSender(leaving, '10.9.4.1', slowResend);
      slowResend.delayResponses(3_000);

      const events = await request(leaving, '/api/events', { cookie, ip: '10.9.4.1' });
      const reader = events.body!.getReader();
      const decoder = new TextDecoder();
      let streamed = '';
      const readStream = async () => {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return streamed;
          streamed += decoder.decode(value, { stream: true });
        }
      };
      await waitFor('the live stream to be ready', async () => {
        const { value } = await reader.read();
        streamed += decoder.decode(value, { stream: true });
        return streamed.includes('event: ready') ? true : undefined;
      });
      const streamEnded = readStream();

      const sender = { cookie, ip: '10.9.4.1' };
      const { owners, jobId } = await bulkSendTo(leaving, sender, {
        lastName: 'Stone',
        street: 'Ash St',
        domain: 'graceful.example',
        marketValue: 210000,
      });
      const offersTo = (provider: ResendFake) =>
        provider.requests
          .filter((request) => request.path === '/emails')
          .map((request) => (request.body as { to: string[] }).to[0]!)
          .filter((to) => to.endsWith('@graceful.example'));
      await waitFor('the first offer to be on its way', () => (offersTo(slowResend).length > 0 ? true : undefined));
      const staying = await startServer('staying', claimMs);

      const stoppedAt = Date.now();
      leaving.child.kill('SIGTERM');
      const exitCode = await new Promise<number | null>((resolve) => leaving.child.once('exit', resolve));
      // Within the grace (SHUTDOWN_GRACE_MS, 10 s): its e-mail on the way (3 s), not the rest of its claim.
      expect(exitCode).toBe(0);
      expect(Date.now() - stoppedAt).toBeLessThan(10_000);
      // The browser's live stream ended with a reconnect hint, to reach the other process.
      expect(await streamEnded).toMatch(/^retry: \d+$/m);

      const delivered = () =>
        [slowResend, resend].flatMap((provider) =>
          provider.emails.map((email) => email.to[0]!).filter((to) => to.endsWith('@graceful.example')),
        );
      await waitFor(
        'the other process to deliver the rest',
        () => (delivered().length >= owners.length ? true : undefined),
        20_000,
      );
      // Seconds, not EMAIL_CLAIM_MS's 5 minutes.
      expect(Date.now() - stoppedAt).toBeLessThan(20_000);
      await sendFinished(staying, jobId, sender);
      // Each owner once, in all: the stopped process sent what it had on its way, the other the rest.
      expect(delivered().sort()).toEqual(owners.map((owner) => owner.email).sort());
      expect(offersTo(slowResend).length).toBeGreaterThan(0);
      expect(offersTo(slowResend).length).toBeLessThan(owners.length);
    } finally {
      await slowResend.close();
    }
  }, 120_000);
});
