import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppContext } from '../app-context';
import { describeErrorForLog } from '../http/describe-error-for-log';
import { logger } from '../observability/logger';

/** GET /api/health: 200 only when the database answers. */
export function healthRoutes({ database }: AppContext) {
  return new Hono().get('/', async (c) => {
    try {
      await database.db.execute(sql`select 1`);
      return c.json({ status: 'ok', database: database.kind });
    } catch (error) {
      logger.error({ error: describeErrorForLog(error) }, 'health check: database did not answer');
      return c.json({ status: 'unavailable' }, 503);
    }
  });
}
