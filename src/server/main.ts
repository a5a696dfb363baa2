import path from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createApp } from './app';
import { openPgliteDatabase, openPostgresDatabase } from './db/database';
import { ConfigurationError, parseEnv } from './env';
import { webAssets } from './web-assets';

async function main() {
  const env = parseEnv();
  const database = env.DATABASE_URL
    ? await openPostgresDatabase(env.DATABASE_URL)
    : await openPgliteDatabase({ dataDir: path.resolve(env.DATA_DIR) });

  const server = new Hono()
    .route('/', createApp({ env, database }))
    .route('/', webAssets(path.resolve('dist/web')));

  const listener = serve({ fetch: server.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    console.log(`Cash Offer Calculator on ${env.APP_URL} (listening on ${info.address}:${info.port}, database: ${database.kind})`);
  });

  const shutdown = () => {
    listener.close(() => {
      void database.close().finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigurationError) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error);
  }
  process.exit(1);
});
