// Start time of `npm start` until GET /api/health answers 200, on the embedded database:
// a first start on a fresh DATA_DIR (creates and migrates the database) and then repeated
// starts on that existing DATA_DIR (the everyday case; the target is under 5 s).
// Needs an existing install and web build; a stale build is rebuilt by `npm start` itself,
// which this bench reports, because it is then not measuring an everyday start.
//
//   npx tsx bench/start-time.ts [--restarts 3]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const targetMs = 5000;
const timeoutMs = 120_000;
const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));
const restartsFlag = process.argv.indexOf('--restarts');
const restarts = restartsFlag > 0 ? Number(process.argv[restartsFlag + 1]) : 3;

/** A port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

interface StartResult {
  healthyAfterMs: number;
  rebuiltWeb: boolean;
}

/** Runs `npm start`, waits for health 200, stops it with SIGTERM and waits for it to exit. */
async function timeStart(dataDir: string): Promise<StartResult> {
  const port = await freePort();
  // The variables of a plain `npm start` on a laptop: nothing configured but where to listen.
  const env: Record<string, string> = {};
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ']) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  Object.assign(env, { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });

  const started = performance.now();
  // Its own process group, so one signal reaches npm, the shell and the server.
  const child = spawn('npm', ['start', '--silent'], {
    cwd: repositoryRoot,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  try {
    for (;;) {
      if (hasExited) throw new Error(`npm start exited before it was healthy:\n${output}`);
      if (performance.now() - started > timeoutMs) throw new Error(`not healthy after ${timeoutMs} ms:\n${output}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (response.status === 200) break;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return { healthyAfterMs: performance.now() - started, rebuiltWeb: output.includes('Building the web app') };
  } finally {
    if (!hasExited) {
      signalGroup(child.pid!, 'SIGTERM');
      const killTimer = setTimeout(() => signalGroup(child.pid!, 'SIGKILL'), 15_000);
      await exited;
      clearTimeout(killTimer);
    }
  }
}

/** Signals a whole process group; it may be gone already. */
function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already exited.
  }
}

const format = (ms: number) => `${Math.round(ms)} ms`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cash-offer-bench-start-'));
try {
  console.log('Start time of `npm start` to GET /api/health 200 (embedded database)\n');
  const first = await timeStart(dataDir);
  console.log(
    `  ${'start 1, fresh DATA_DIR (migrations):'.padEnd(40)} ${format(first.healthyAfterMs)}${first.rebuiltWeb ? '  (included a web rebuild: the build was stale)' : ''}`,
  );

  const again: StartResult[] = [];
  for (let run = 1; run <= restarts; run += 1) {
    const result = await timeStart(dataDir);
    again.push(result);
    console.log(
      `  ${`start ${run + 1}, existing DATA_DIR:`.padEnd(40)} ${format(result.healthyAfterMs)}${result.rebuiltWeb ? '  (included a web rebuild)' : ''}`,
    );
  }
  // A start that rebuilt the web app (someone edited a source meanwhile) is not an everyday start.
  const everyday = again.filter((result) => !result.rebuiltWeb);
  if (everyday.length > 0) {
    const typical = median(everyday.map((result) => result.healthyAfterMs));
    console.log(`  ${`existing DATA_DIR, median of ${everyday.length}:`.padEnd(40)} ${format(typical)}`);
    console.log(
      `\nTarget: under ${format(targetMs)} on an existing install: ${typical < targetMs ? 'MET' : 'NOT MET'}`,
    );
  }
  if (first.rebuiltWeb || again.some((result) => result.rebuiltWeb)) {
    console.log(
      'Note: a start rebuilt the web app (sources newer than dist/web); run `npx vite build` first for an everyday figure.',
    );
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
