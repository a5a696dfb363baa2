// A throwaway PostgreSQL 15 server for integration tests: initdb into a temp dir,
// run `postgres` on a free 127.0.0.1 port, delete everything on stop().
import { spawn, execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const PG_BIN = '/usr/lib/postgresql/15/bin';
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;
const isRoot = process.getuid?.() === 0;
const exec = promisify(execFile);

export interface PostgresServer {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  /** Temp dir holding the data dir, the unix socket and postgres.log; removed by stop(). */
  dir: string;
  stop(): Promise<void>;
}

/** initdb refuses to run as root, so as root the binaries run as the `postgres` OS user. */
function command(binary: string, args: string[]): [string, string[]] {
  const path = join(PG_BIN, binary);
  return isRoot ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
}

async function freePort(): Promise<number> {
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

async function logTail(logFile: string, lines = 30): Promise<string> {
  const text = await readFile(logFile, 'utf8').catch(() => '');
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  client.on('error', () => {}); // a refused connection must not become an unhandled 'error'
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The postmaster's pid, from the first line of postmaster.pid (absent until it has started). */
async function postmasterPid(dataDir: string): Promise<number | undefined> {
  const text = await readFile(join(dataDir, 'postmaster.pid'), 'utf8').catch(() => '');
  const pid = Number.parseInt(text.split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

export async function startPostgresServer(): Promise<PostgresServer> {
  const dir = await mkdtemp(join(tmpdir(), 'pg-test-'));
  const dataDir = join(dir, 'data');
  const logFile = join(dir, 'postgres.log');
  try {
    if (isRoot) await exec('chown', ['postgres:', dir]);
    const [initdb, initdbArgs] = command('initdb', [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--no-sync',
      '-E',
      'UTF8',
      '--locale=C',
    ]);
    await exec(initdb, initdbArgs).catch((error: { stderr?: string; message: string }) => {
      throw new Error(`initdb failed: ${error.stderr || error.message}`);
    });

    // The port is free when we probe it but may be taken before postgres binds it; retry then.
    for (let attempt = 1; ; attempt++) {
      try {
        return await launch(dir, dataDir, logFile, await freePort());
      } catch (error) {
        const portTaken = (await logTail(logFile)).includes('Address already in use');
        if (!portTaken || attempt === 3) throw error;
      }
    }
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

async function launch(dir: string, dataDir: string, logFile: string, port: number): Promise<PostgresServer> {
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const log = await open(logFile, 'a');
  const [postgres, args] = command('postgres', [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-h',
    '127.0.0.1',
    '-k',
    dir,
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=200',
  ]);
  const child = spawn(postgres, args, { stdio: ['ignore', log.fd, log.fd] });
  await log.close(); // the child has its own copy of the descriptor
  child.unref(); // a forgotten stop() must not keep Node alive; the 'exit' hook below kills the server

  let exited = false;
  const exitedPromise = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = true;
      resolve(signal ? `signal ${signal}` : `exit code ${code}`);
    });
    child.once('error', (error) => {
      exited = true;
      resolve(error.message);
    });
  });

  // Killing `runuser` would only forward SIGTERM (a "smart" shutdown that waits for clients),
  // so signal the postmaster itself: SIGQUIT is an immediate shutdown. We are root or its owner.
  const killServer = async (signal: NodeJS.Signals) => {
    const pid = await postmasterPid(dataDir);
    if (pid !== undefined) process.kill(pid, signal);
  };
  // If the test process exits without stop(), don't leave a server behind (best effort: it is
  // synchronous, so the dir removal may race the dying server).
  let pidForExit: number | undefined = undefined;
  const onExit = () => {
    try {
      if (pidForExit !== undefined) process.kill(pidForExit, 'SIGQUIT');
      rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
    } catch {
      // already gone, or left for the OS to clean up
    }
  };
  process.once('exit', onExit);

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await canConnect(url))) {
    if (exited || Date.now() > deadline) {
      const why = exited
        ? `postgres exited (${await exitedPromise})`
        : `postgres did not accept connections within ${START_TIMEOUT_MS} ms`;
      process.removeListener('exit', onExit);
      if (!exited) {
        await killServer('SIGKILL').catch(() => {});
        child.kill('SIGKILL'); // in case postmaster.pid was not written yet
        await Promise.race([exitedPromise, sleep(STOP_TIMEOUT_MS)]);
      }
      throw new Error(`${why}; server log tail:\n${await logTail(logFile)}`);
    }
    await sleep(50);
  }
  pidForExit = await postmasterPid(dataDir);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      process.removeListener('exit', onExit);
      if (!exited) {
        await killServer('SIGQUIT').catch(() => {});
        const timer = setTimeout(() => void killServer('SIGKILL').catch(() => {}), STOP_TIMEOUT_MS);
        await exitedPromise;
        clearTimeout(timer);
      }
      await rm(dir, { recursive: true, force: true, maxRetries: 5 });
    })());

  return { url, dir, stop };
}

function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

let databaseCounter = 0;

/**
 * Creates a database on the server and returns its URL. Without `name`, a unique one
 * (test_<pid>_<n>_<random>) is generated. A `template` must have no open connections.
 */
export async function createDatabase(
  serverUrl: string,
  name?: string,
  options: { template?: string } = {},
): Promise<string> {
  const database = name ?? `test_${process.pid}_${++databaseCounter}_${randomBytes(3).toString('hex')}`;
  await withClient(serverUrl, async (client) => {
    const template = options.template ? ` TEMPLATE ${client.escapeIdentifier(options.template)}` : '';
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}${template}`);
  });
  return withDatabase(serverUrl, database);
}

/** Drops the database named in `url`, disconnecting anyone still connected to it. */
export async function dropDatabase(url: string): Promise<void> {
  const database = decodeURIComponent(new URL(url).pathname.slice(1));
  await withClient(withDatabase(url, 'postgres'), async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(database)} WITH (FORCE)`);
  });
}
