import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { routePath } from 'hono/route';
import type { AppContext } from './app-context';
import { arvRoutes } from './arv/arv-routes';
import { authRoutes } from './auth/auth-routes';
import { billingRoutes } from './billing/billing-routes';
import { bulkSendRoutes } from './bulk-send/bulk-send-routes';
import { unsubscribeRoutes } from './bulk-send/unsubscribe-routes';
import { buyersRoutes } from './buyers/buyers-routes';
import { calculatorRoutes } from './calculator/calculator-routes';
import { leadCallsRoutes } from './calls/lead-calls-routes';
import { publicConfigRoutes } from './config/public-config-routes';
import { customTemplatesRoutes } from './custom-templates/custom-templates-routes';
import { dealLinksRoutes, publicDealsRoutes } from './deal-links/deal-links-routes';
import { dispositionsRoutes } from './dispositions/dispositions-routes';
import { documentsRoutes } from './documents/documents-routes';
import { eventsRoutes } from './events/events-routes';
import { emailWebhookRoutes } from './follow-ups/email-webhook-routes';
import { followUpsRoutes, followUpTestClockRoutes } from './follow-ups/follow-ups-routes';
import { healthRoutes } from './health/health-routes';
import { homeownerViewRoutes } from './homeowner-view/homeowner-view-routes';
import { describeErrorForLog, isDataException } from './http/describe-error-for-log';
import { limitRequestBody } from './http/limit-request-body';
import { Refusal } from './http/refusal';
import { refuseCrossSiteRequests } from './http/refuse-cross-site-requests';
import { apiSecurityHeaders } from './http/security-headers';
import { importMappingsRoutes } from './import-mappings/import-mappings-routes';
import { importReviewRoutes } from './import-review/import-review-routes';
import { integrationsRoutes } from './integrations/integrations-routes';
import { leadsRoutes } from './leads/leads-routes';
import { leadsInboxRoutes } from './leads-inbox/leads-inbox-routes';
import { handOverLostWork } from './lost-rights/hand-over-lost-work';
import { lobFileRoutes } from './mail/lob-file-routes';
import { lobWebhookRoutes } from './mail/lob-webhook-routes';
import { mailRoutes } from './mail/mail-routes';
import { shortAddressRoutes, stopRoutes } from './mail/short-address-routes';
import { metricsRoutes } from './metrics/metrics-routes';
import { logger } from './observability/logger';
import { observeRequests } from './observability/observe-requests';
import { offerLinksRoutes, publicOffersRoutes } from './offer-links/offer-links-routes';
import { personalPageRoutes } from './personal-page/personal-page-routes';
import { photosRoutes } from './photos/photos-routes';
import { profileRoutes, replyToConfirmationRoutes } from './profile/profile-routes';
import { propertiesRoutes } from './properties/properties-routes';
import { prospectsRoutes } from './prospects/prospects-routes';
import { reportsRoutes } from './reports/reports-routes';
import { subscriptionRoutes } from './subscriptions/subscription-routes';
import { tasksRoutes } from './tasks/tasks-routes';
import { publicInvitationRoutes, workspaceRoutes } from './workspaces/workspace-routes';

/** Routes for the end-to-end tests only, mounted when their variable is set (production refuses it). */
function testOnlyRoutes(context: AppContext) {
  const routes = new Hono();
  if (context.env.FOLLOW_UP_TEST_CLOCK && context.followUpClock) {
    routes.route('/', followUpTestClockRoutes(context.followUpClock));
  }
  return routes;
}

function apiRoutes(context: AppContext) {
  return (
    new Hono()
      .use(limitRequestBody())
      .use(refuseCrossSiteRequests({ appUrl: context.env.APP_URL }))
      .route('/auth', authRoutes(context))
      .route('/health', healthRoutes(context))
      .route('/config', publicConfigRoutes(context))
      .route('/arv', arvRoutes(context))
      .route('/calculator', calculatorRoutes(context))
      .route('/custom-templates', customTemplatesRoutes(context))
      .route('/documents', documentsRoutes(context))
      .route('/leads', leadsRoutes(context))
      .route('/leads-inbox', leadsInboxRoutes(context))
      .route('/leads-inbox', leadCallsRoutes(context))
      .route('/offer-links', offerLinksRoutes(context))
      .route('/public/offers', publicOffersRoutes(context))
      .route('/public/wholesalers', personalPageRoutes(context))
      .route('/profile', profileRoutes(context))
      .route('/public/reply-to-confirmations', replyToConfirmationRoutes(context))
      .route('/properties', propertiesRoutes(context))
      .route('/photos', photosRoutes(context))
      .route('/subscription', subscriptionRoutes(context))
      .route('/billing', billingRoutes(context))
      .route('/events', eventsRoutes(context))
      .route('/integrations', integrationsRoutes(context))
      .route('/homeowner-view', homeownerViewRoutes(context))
      .route('/bulk-send', bulkSendRoutes(context))
      // Lob's signed tracking events: before /mail, whose routes all need a signed-in member.
      .route('/mail/webhook', lobWebhookRoutes(context))
      .route('/mail', mailRoutes(context))
      .route('/public/mail', stopRoutes(context))
      .route('/public/mail', lobFileRoutes(context))
      .route('/import-mappings', importMappingsRoutes(context))
      .route('/import-review', importReviewRoutes(context))
      .route('/unsubscribe', unsubscribeRoutes(context))
      .route('/prospects', prospectsRoutes(context))
      .route('/buyers', buyersRoutes(context))
      .route('/dispositions', dispositionsRoutes(context))
      .route('/deal-links', dealLinksRoutes(context))
      .route('/public/deals', publicDealsRoutes(context))
      .route('/reports', reportsRoutes(context))
      .route('/workspace', workspaceRoutes(context, { handOverLostWork }))
      .route('/public/invitations', publicInvitationRoutes(context))
      .route('/follow-ups', followUpsRoutes(context))
      .route('/tasks', tasksRoutes(context))
      .route('/email', emailWebhookRoutes(context))
      .route('/test', testOnlyRoutes(context))
      .all('*', (c) => c.json({ error: 'Not found' }, 404))
  );
}

export type ApiRoutes = ReturnType<typeof apiRoutes>;

/** Builds the API without listening, so tests call it in-process. */
export function createApp(context: AppContext) {
  const app = new Hono()
    .use(observeRequests({ trustProxy: context.env.TRUST_PROXY }))
    .route('/metrics', metricsRoutes(context))
    .use('/api/*', apiSecurityHeaders({ https: context.env.APP_URL.startsWith('https://') }))
    .route('/api', apiRoutes(context))
    // The short address printed on a mailed offer (issue 41); /o/{code}/stop is a page of the web app.
    .route('/o', shortAddressRoutes(context));

  app.onError((error, c) => {
    // A service's refusal: its status and a message the user can read (http/refusal.ts).
    if (error instanceof Refusal) return c.json(error.body(), error.status);
    if (error instanceof HTTPException) {
      return c.json({ error: error.message || 'Request failed' }, error.status);
    }
    // Logged by the route's pattern (never the path's tokens or the query) and without row data.
    const route = `${c.req.method} ${routePath(c) || 'unknown route'}`;
    if (isDataException(error)) {
      logger.warn({ error: describeErrorForLog(error) }, `${route} refused a value the database cannot store`);
      return c.json({ error: 'The request holds a value that cannot be stored.' }, 400);
    }
    logger.error({ error: describeErrorForLog(error) }, `${route} failed`);
    return c.json({ error: 'Something went wrong. Please try again.' }, 500);
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
