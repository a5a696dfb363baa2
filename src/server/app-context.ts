import type { DatabaseConnection } from './db/database';
import type { Env } from './env';

/** What every capability's routes are built from: configuration and the open database. */
export interface AppContext {
  env: Env;
  database: DatabaseConnection;
}
