import { Hono } from 'hono';
import type { AppContext } from '../app-context';
import { publicConfig } from './public-config';

/** GET /api/config: the browser's configuration, for pages not served with it inline (Vite's dev server). */
export function publicConfigRoutes({ env }: AppContext) {
  const config = publicConfig(env);
  return new Hono().get('/', (c) => c.json(config));
}
