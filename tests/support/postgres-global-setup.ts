// vitest globalSetup: one PostgreSQL server per test run, its URL available via inject('postgresUrl').
// Tests should call createDatabase(inject('postgresUrl')) for their own database.
import type { TestProject } from 'vitest/node';
import { startPostgresServer } from './postgres-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Server URL (the `postgres` database); '' when SKIP_POSTGRES=1. */
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env.SKIP_POSTGRES === '1') {
    project.provide('postgresUrl', '');
    return undefined;
  }
  const server = await startPostgresServer();
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
