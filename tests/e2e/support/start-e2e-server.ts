// Starts the real server for the end-to-end tests (Playwright's `webServer`): a fresh
// embedded database in a temporary DATA_DIR that is removed at exit (a copy of a cached,
// migrated empty database), a fixed port, and no outside service configured, so nothing the
// tests do can leave this machine.
//
// The server runs as a child process with an explicit environment (not the developer's
// shell environment), because an exported STRIPE_SECRET_KEY or DATABASE_URL must not leak
// into the tests. Signals are passed on and the child's exit code is ours.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, createWriteStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startIntegrationFakes } from './integration-fakes';
import { migratedPgliteTemplate } from './migrated-database-template';
import { personalValuesIn, scanLog } from './scan-server-log';

const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3111);
const host = '127.0.0.1';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cash-offer-e2e-'));

// Only what a Node process needs to run, as `npm start` would see it; every app variable
// below is set on purpose and every outside service stays unset.
const inherited = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ', 'NODE_OPTIONS'] as const;
const childEnv: Record<string, string> = {};
for (const name of inherited) {
  const value = process.env[name];
  if (value !== undefined) childEnv[name] = value;
}
Object.assign(childEnv, {
  PORT: String(port),
  HOST: host,
  APP_URL: `http://${host}:${port}`,
  DATA_DIR: dataDir,
  // Each test's browser context sends its own X-Forwarded-For (fixtures.ts), so the per-address
  // rate limits on sign-up and sign-in apply per test, as they would per visitor.
  TRUST_PROXY: '1',
  // Users' own spreadsheet webhooks point at the local fakes (plain http on this machine).
  ALLOW_PRIVATE_WEBHOOK_URLS: '1',
});

let removed = false;
function removeDataDir() {
  if (removed) return;
  removed = true;
  rmSync(dataDir, { recursive: true, force: true });
}

process.on('exit', removeDataDir);
// Set once the server runs; the signal handlers below need it before that.
const running: { server?: ChildProcess } = {};

// Playwright signals the whole process group, so the server usually has the signal already;
// pass it on only if the server is still running a moment later (signalled alone, say), and
// kill it if it does not stop at all. Before the server runs, a signal just ends this process.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    const { server } = running;
    if (!server) process.exit(1);
    setTimeout(() => server.kill(signal), 1500).unref();
    setTimeout(() => server.kill('SIGKILL'), 6000).unref();
  });
}

cpSync(await migratedPgliteTemplate(), path.join(dataDir, 'pglite'), { recursive: true });

// Local fakes of the CRM API and the export webhooks, in this process (integration-fakes.ts):
// exports reach them, and the tests read what arrived. Nothing leaves the machine.
Object.assign(childEnv, (await startIntegrationFakes(port)).env);

// The second e2e server (stripe-e2e-server.ts) has a payment provider: a local fake of Stripe in
// this process, which sends its signed events to this server's webhook a moment after each change.
if (process.env.E2E_STRIPE_FAKE_PORT) {
  const { startStripeFake } = await import('#tests/fakes/stripe-fake.ts');
  const stripeFake = await startStripeFake({
    port: Number(process.env.E2E_STRIPE_FAKE_PORT),
    webhook: `http://${host}:${port}/api/billing/stripe-webhook`,
    deliveryDelayMs: 200,
  });
  Object.assign(childEnv, stripeFake.env);
}

// With E2E_SERVER_LOG_DIR the server's whole log (stdout and stderr) is kept in a file there, and
// once it has stopped the log is searched for the personal data and tokens in its database
// (scan-server-log.ts); the result is written beside it for check-server-log-scans.ts.
const logDir = process.env.E2E_SERVER_LOG_DIR ? path.resolve(repositoryRoot, process.env.E2E_SERVER_LOG_DIR) : null;
const logFile = logDir ? path.join(logDir, `server-${port}.log`) : null;
if (logDir) mkdirSync(logDir, { recursive: true });

// `node --import tsx` runs the server in this child itself (the tsx CLI would add a third process).
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  cwd: repositoryRoot,
  env: childEnv,
  stdio: logFile ? ['ignore', 'pipe', 'pipe'] : 'inherit',
});
running.server = server;
const log = logFile ? createWriteStream(logFile) : null;
if (log) {
  server.stdout?.pipe(log, { end: false });
  server.stderr?.on('data', (chunk: Buffer) => {
    log.write(chunk);
    process.stderr.write(chunk);
  });
}

async function scanLogOnce() {
  if (!log || !logFile) return;
  // The file is read whole: every line the stream still holds is written to it first.
  await new Promise<void>((resolve) => log.end(resolve));
  const scan = scanLog(logFile, await personalValuesIn(dataDir));
  writeFileSync(logFile.replace(/\.log$/, '.scan.json'), JSON.stringify(scan, null, 2));
}

// 'close': the server has exited and its output is all read.
server.on('close', (code, signal) => {
  void scanLogOnce()
    .catch((error: unknown) => console.error('start-e2e-server: could not scan the server log', error))
    .finally(() => {
      removeDataDir();
      process.exit(code ?? (signal ? 1 : 0));
    });
});
server.on('error', (error) => {
  console.error('start-e2e-server: could not start the server', error);
  removeDataDir();
  process.exit(1);
});
