import { Server } from 'node:http';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { HTTPException } from 'hono/http-exception';
import { createApp } from './app';
import { pruneAuthRecords } from './auth/auth-rate-limits';
import { authSecretFile, loadAuthSecret } from './auth/auth-secret';
import { createAuth } from './auth/create-auth';
import { createStripeClient } from './billing/create-stripe-client';
import { startBulkSendWorker } from './bulk-send/start-bulk-send-worker';
import { publicConfig } from './config/public-config';
import { openPgliteDatabase, openPostgresDatabase } from './db/database';
import { createEmailTransport } from './email/create-email-transport';
import { sendingPolicyConfig } from './email/send-to-third-party';
import { startEmailWorker } from './email/start-email-worker';
import { ConfigurationError, parseEnv } from './env';
import { createWorkspaceChangeFeed } from './events/workspace-change-feed';
import { createFollowUpClock } from './follow-ups/follow-up-clock';
import { startFollowUpWorker } from './follow-ups/start-follow-up-worker';
import { describeErrorForLog } from './http/describe-error-for-log';
import { keepConnectionsAlive } from './http/keep-alive';
import { restateFreshOffer } from './leads-inbox/restate-fresh-offer';
import { createFollowUpMailer } from './mail/follow-up-mailer';
import { startLobMailWorker } from './mail/lob-mail-worker';
import { configureLogger, logger } from './observability/logger';
import { shutDownOnSignals } from './shutdown/shut-down-gracefully';
import { createFileStorage } from './storage/create-file-storage';
import { removeQueuedFiles } from './storage/remove-queued-files';
import { webAssets } from './web-assets';

const billingDescriptions = {
  stripe: 'Stripe',
  demo: 'demo, no payments taken',
  unavailable: 'none, paid plans unavailable (set the Stripe keys, or DEMO_BILLING=1)',
} as const;

async function main() {
  const env = parseEnv();
  configureLogger({ level: env.LOG_LEVEL, format: env.production ? 'json' : 'readable' });
  const database = env.DATABASE_URL
    ? await openPostgresDatabase(env.DATABASE_URL)
    : await openPgliteDatabase({ dataDir: path.resolve(env.DATA_DIR) });

  if (env.DATABASE_URL && !env.BETTER_AUTH_SECRET) {
    logger.warn(
      `BETTER_AUTH_SECRET is not set: using the secret in ${authSecretFile(env.DATA_DIR)}. ` +
        "Set BETTER_AUTH_SECRET when several server processes share this database, or each will refuse the others' sessions.",
    );
  }
  const secret = await loadAuthSecret(env);
  const auth = createAuth({ env, database, secret });
  const changeFeed = createWorkspaceChangeFeed(database);
  const emailTransport = createEmailTransport(env);
  const emailWorker = startEmailWorker({ database, transport: emailTransport, claimMs: env.EMAIL_CLAIM_MS });
  // Bulk offer e-mails leave paced, BULK_EMAIL_BATCH_SIZE per batch and BULK_EMAIL_INTERVAL_MS apart
  // (spec §7); jobs left unfinished by a previous run resume.
  const bulkSendWorker = startBulkSendWorker({
    database,
    appUrl: env.APP_URL,
    from: env.EMAIL_FROM,
    serverSecret: secret,
    intervalMs: env.BULK_EMAIL_INTERVAL_MS,
    batchSize: env.BULK_EMAIL_BATCH_SIZE,
    dailyLimit: env.BULK_EMAIL_DAILY_LIMIT,
  });
  const followUpClock = createFollowUpClock();
  // Follow-up steps fall due in the recipients' mornings; any number of processes may run this.
  const followUpWorker = startFollowUpWorker({
    database,
    policy: sendingPolicyConfig({ env, serverSecret: secret }),
    clock: followUpClock,
    inboundDomain: env.followUpInboundDomain,
    intervalMs: env.BULK_EMAIL_INTERVAL_MS,
    pollIntervalMs: env.FOLLOW_UP_TEST_CLOCK ? 1_000 : 60_000,
    restateOffer: restateFreshOffer,
    mailer: createFollowUpMailer({ serverSecret: secret }),
  });
  // Pieces of confirmed Lob sends go to Lob, paced per workspace; any number of processes may run this.
  const lobMailWorker = startLobMailWorker({
    database,
    appUrl: env.APP_URL,
    lobApiUrl: env.LOB_API_URL,
    serverSecret: secret,
  });
  // A deleted workspace's photos and proof-of-funds files leave the storage once its delete committed.
  const fileStorage = createFileStorage(env);
  const removeDeletedFiles = () =>
    removeQueuedFiles(database.db, fileStorage, {
      log: (key, error) =>
        logger.warn({ key, error: describeErrorForLog(error) }, 'a deleted workspace’s file could not be removed'),
    }).catch((error: unknown) =>
      logger.warn({ error: describeErrorForLog(error) }, 'removing deleted workspaces’ files failed'),
    );
  void removeDeletedFiles();
  const pruneTimer = setInterval(() => {
    pruneAuthRecords(database.db).catch((error: unknown) =>
      logger.warn({ error: describeErrorForLog(error) }, 'pruning rate limits failed'),
    );
    void removeDeletedFiles();
  }, 10 * 60_000);
  pruneTimer.unref();

  const liveStreams = new AbortController();
  const app = createApp({
    env,
    database,
    auth,
    serverSecret: secret,
    changeFeed,
    stripe: createStripeClient(env),
    followUpClock,
    shuttingDown: liveStreams.signal,
  });
  // The public pages are rendered here with their data, which the renderer reads through the app in-process.
  const pages = webAssets(path.resolve('dist/web'), publicConfig(env), {
    rendererFile: path.resolve('dist/server-render/render-page.js'),
    // The API only: the pages now share the app's router, and a page must not render another.
    fetchApi: (request, requestEnv) =>
      new URL(request.url).pathname.startsWith('/api/')
        ? app.fetch(request, requestEnv)
        : new Response('Not found', { status: 404 }),
  });
  // A page's error is answered as Hono's own default does, not as the API's JSON.
  pages.onError((error, c) => {
    if (error instanceof HTTPException) {
      const response = error.getResponse();
      return c.newResponse(response.body, response);
    }
    logger.error({ error: describeErrorForLog(error) }, 'a page failed');
    return c.text('Internal Server Error', 500);
  });
  // The pages are mounted on the API's app, not both on a new Hono: Hono wraps each handler of an
  // app that has its own error handler in one more async layer when it mounts it, four promises
  // for every middleware of every API request (decision 024).
  const server = app.route('/', pages);

  const listener = serve({ fetch: server.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    logger.info(
      `Cash Offer Calculator on ${env.APP_URL} (listening on ${info.address}:${info.port}, database: ${database.kind}, e-mail: ${emailTransport.name === 'resend' ? 'Resend' : 'built-in outbox, kept in DATA_DIR/outbox'}, billing: ${billingDescriptions[env.billingMode]}${env.production ? ', production mode' : ''})`,
    );
  });

  if (!(listener instanceof Server)) throw new Error('the server is not an HTTP/1 server');
  keepConnectionsAlive(listener);
  // SIGTERM (a deploy): requests in flight finish, live streams reconnect elsewhere, and what the
  // workers claimed goes back to the queue at once for the other processes.
  shutDownOnSignals({
    server: listener,
    graceMs: env.SHUTDOWN_GRACE_MS,
    liveStreams,
    onSignal: () => clearInterval(pruneTimer),
    stopWork: () =>
      Promise.all([bulkSendWorker.stop(), followUpWorker.stop(), emailWorker.stop(), lobMailWorker.stop()]),
    closeResources: () => changeFeed.close().then(() => database.close()),
    log: (line) => logger.info(line),
  });
}

main().catch((error: unknown) => {
  // A configuration error comes before the logger is configured (a bad LOG_LEVEL too): on stderr as it is.
  if (error instanceof ConfigurationError) {
    console.error(error.message);
  } else {
    logger.fatal({ error: describeErrorForLog(error) }, 'The server could not start');
  }
  process.exit(1);
});
