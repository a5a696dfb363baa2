// An app server of a spec's own (not the shared e2e ones), for specs that need outside services
// configured differently (an e-mail provider's fake, Google's) or must stop and restart the server
// on the same database. A fresh copy of the migrated empty database, removed by dispose().
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from '@playwright/test';
import { migratedPgliteTemplate } from './migrated-database-template';

const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** How long a start may take: a fresh database copy and the sources compiled, on a busy machine. */
const STARTUP_BUDGET_MS = 60_000;

/** Dedicated ports of one worker slot: offsets stay below it, and each slot has its own range. */
const PORTS_PER_WORKER_SLOT = 150;

/**
 * A dedicated server's port. The shared e2e servers use E2E_PORT, +20 and +21 (Stripe pair);
 * dedicated ones take an offset above, in the range of the worker slot running the spec
 * (TEST_PARALLEL_INDEX, which no two running workers share): two specs with one offset, or the
 * copies of one spec under --repeat-each, never meet on a port.
 */
export const dedicatedPort = (offset: number) =>
  Number(process.env.E2E_PORT ?? 3111) + offset + PORTS_PER_WORKER_SLOT * Number(process.env.TEST_PARALLEL_INDEX ?? 0);

export class DedicatedServer {
  private child: ChildProcess | undefined;
  readonly dataDir = mkdtempSync(path.join(os.tmpdir(), 'cash-offer-dedicated-e2e-'));

  /** `env`: the app variables beyond the address, database and TRUST_PROXY every e2e server has. */
  private constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  /** Starts the app on `port` with a fresh database and `env`. */
  static async start(port: number, env: Record<string, string>): Promise<DedicatedServer> {
    const server = new DedicatedServer(port, env);
    cpSync(await migratedPgliteTemplate(), path.join(server.dataDir, 'pglite'), { recursive: true });
    await server.start();
    return server;
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  /**
   * Starts (or starts again, on the same database) and waits until it answers. The hook or test that
   * starts it gets the start's budget on top of its own timeout, as the shared servers get theirs.
   */
  async start() {
    test.info().setTimeout(test.info().timeout + STARTUP_BUDGET_MS);
    const env: Record<string, string> = {};
    for (const name of ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ', 'NODE_OPTIONS'])
      if (process.env[name] !== undefined) env[name] = process.env[name]!;
    Object.assign(env, {
      PORT: String(this.port),
      HOST: '127.0.0.1',
      APP_URL: this.url,
      DATA_DIR: this.dataDir,
      TRUST_PROXY: '1',
      ...this.env,
    });
    this.child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: repositoryRoot,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    this.child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    const deadline = Date.now() + STARTUP_BUDGET_MS;
    for (;;) {
      // A server that exited (its port taken, say) must not pass for whatever answers on that port.
      if (this.child.exitCode !== null) throw new Error(`the e2e server on port ${this.port} exited at start`);
      try {
        if ((await fetch(`${this.url}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`the e2e server on port ${this.port} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Stops the server as a deployment would (SIGTERM), waiting for it to exit. */
  async stop() {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }

  async dispose() {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
