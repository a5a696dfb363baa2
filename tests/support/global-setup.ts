// vitest globalSetup: once per test run, a migrated embedded database (as a data-dir dump)
// and a throwaway PostgreSQL 15 server with a migrated template database.
import { rm, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPgliteDatabase, openPostgresDatabase } from '#server/db/database.ts';
import { createDatabase, startPostgresServer } from './postgres-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Server URL (the `postgres` database); '' when SKIP_POSTGRES=1. */
    postgresUrl: string;
    /** Name of a migrated database to use as a template for each test file's own. */
    postgresTemplate: string;
    /** A dump of a migrated PGlite data dir: loading it is ten times faster than migrating. */
    pgliteDumpPath: string;
  }
}

export const POSTGRES_TEMPLATE = 'app_template';

export default async function setup(project: TestProject) {
  const started = performance.now();
  const dumpDir = await mkdtemp(path.join(tmpdir(), 'pglite-dump-'));
  const dumpPath = path.join(dumpDir, 'migrated.tar');

  const [server] = await Promise.all([
    process.env.SKIP_POSTGRES === '1' ? undefined : startMigratedPostgres(),
    (async () => {
      const pglite = await openPgliteDatabase();
      const dump = await pglite.dumpDataDir();
      await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
      await pglite.close();
    })(),
  ]);

  project.provide('postgresUrl', server?.url ?? '');
  project.provide('postgresTemplate', POSTGRES_TEMPLATE);
  project.provide('pgliteDumpPath', dumpPath);
  console.log(`test databases ready in ${Math.round(performance.now() - started)} ms`);

  return async () => {
    await server?.stop();
    await rm(dumpDir, { recursive: true, force: true });
  };
}

async function startMigratedPostgres() {
  const server = await startPostgresServer();
  const templateUrl = await createDatabase(server.url, POSTGRES_TEMPLATE);
  const database = await openPostgresDatabase(templateUrl);
  await database.close();
  return server;
}
