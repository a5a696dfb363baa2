// A local stand-in for the payment provider (Stripe), speaking its v1 REST shape for what this
// app uses: form-encoded requests with bracketed keys, bearer secret key, JSON objects with
// `object` and `id`, errors as {error: {type, message, code, param}}, Idempotency-Key replays of
// the same request, and a key reused on another request (another endpoint or other parameters)
// refused 400 `idempotency_error`, as the provider does.
//   POST /v1/customers, GET /v1/customers/:id
//   POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id
//   GET /v1/subscriptions/:id, DELETE /v1/subscriptions/:id (cancel)
//   POST /v1/subscriptions/:id (update: items[n][id] with quantity and/or price, proration_behavior, metadata)
//   POST /v1/billing_portal/sessions (with the subscription_update_confirm flow)
//   GET /v1/balance
// It also serves the hosted pages a customer would see (a checkout page with a Pay button, a
// billing portal with Cancel and plan-change confirmation), and sends signed webhook events made
// with the official SDK's own test-header helper, as the provider would after each change.
// It records every request and can be told to fail. Tests start it in-process; a developer can
// run it (`npx tsx tests/fakes/stripe-fake.ts`) and point STRIPE_API_URL at it.
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { headerValue, runWhenMain, sendJson, startHttpFake } from './http-fake';

const DAY_SECONDS = 24 * 60 * 60;
const PERIOD_SECONDS = 30 * DAY_SECONDS;

export interface StripeFakePrice {
  id: string;
  nickname: string;
  /** Cents per month. */
  unitAmount: number;
}

/** Where events go: the app's webhook URL, or a function (tests that call the app in-process). */
export type StripeFakeWebhookTarget =
  string | ((delivery: { payload: string; signature: string }) => Promise<Response>);

export interface StripeFakeOptions {
  secretKey?: string;
  publishableKey?: string;
  webhookSecret?: string;
  prices?: { personal: StripeFakePrice; pro: StripeFakePrice };
  webhook?: StripeFakeWebhookTarget;
  /** Wait this long before sending each event, as the real provider does not send at once. */
  deliveryDelayMs?: number;
  port?: number;
}

export interface StripeFakeRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  /** The form body, decoded into nested objects and arrays as the provider reads it. */
  body: Record<string, unknown>;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
}

export interface StripeFakeFailure {
  status?: number;
  type?: string;
  message: string;
  code?: string;
}

export interface StripeFakeDelivery {
  eventId: string;
  type: string;
  status: number;
  body: string;
}

type FakeObject = Record<string, unknown> & { id: string };
type Subscription = FakeObject & {
  customer: string;
  status: string;
  items: {
    object: 'list';
    data: Array<
      FakeObject & { price: FakeObject; quantity: number; current_period_end: number; current_period_start: number }
    >;
  };
};

interface Matcher {
  method?: string;
  path?: string | RegExp;
}

const signer = Stripe.webhooks;

export async function startStripeFake(options: StripeFakeOptions = {}) {
  const secretKey = options.secretKey ?? 'sk_test_fake_0123456789';
  const publishableKey = options.publishableKey ?? 'pk_test_fake_0123456789';
  const webhookSecret = options.webhookSecret ?? 'whsec_fake_0123456789';
  const prices = options.prices ?? {
    personal: { id: 'price_fake_personal', nickname: 'Personal', unitAmount: 1000 },
    pro: { id: 'price_fake_pro', nickname: 'Pro', unitAmount: 2900 },
  };
  let webhook = options.webhook;
  let deliveryDelayMs = options.deliveryDelayMs ?? 0;
  let holding = false;
  const held: FakeObject[] = [];

  const requests: StripeFakeRequest[] = [];
  const deliveries: StripeFakeDelivery[] = [];
  const failures: Array<{ failure: StripeFakeFailure; matcher: Matcher }> = [];
  const customers = new Map<string, FakeObject>();
  const checkoutSessions = new Map<string, FakeObject>();
  const subscriptions = new Map<string, Subscription>();
  const portalSessions = new Map<string, FakeObject>();
  const events: FakeObject[] = [];
  // Idempotency-Key → the request it was first used on (method, path and form body) and its answer.
  const idempotent = new Map<string, { request: string; status: number; body: unknown }>();
  const pending = new Set<Promise<void>>();
  let baseUrl = '';
  // The provider's clock, in seconds; tests move it on to make events of distinct times.
  let clockOffsetSeconds = 0;
  const now = () => Math.floor(Date.now() / 1000) + clockOffsetSeconds;

  const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
  const priceObject = (price: StripeFakePrice) => ({
    id: price.id,
    object: 'price',
    active: true,
    currency: 'usd',
    nickname: price.nickname,
    unit_amount: price.unitAmount,
    recurring: { interval: 'month', interval_count: 1 },
    type: 'recurring',
  });
  const findPrice = (id: unknown) => Object.values(prices).find((price) => price.id === id);

  // --- events ---

  function createEvent(type: string, object: FakeObject): FakeObject {
    const event: FakeObject = {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    events.push(event);
    return event;
  }

  /** The event as the provider sends it: its JSON and a Stripe-Signature header for it. */
  function sign(event: FakeObject, secret = webhookSecret) {
    const payload = JSON.stringify(event, null, 2);
    return { payload, signature: signer.generateTestHeaderString({ payload, secret }) };
  }

  async function deliver(event: FakeObject): Promise<StripeFakeDelivery> {
    if (!webhook) throw new Error('the Stripe fake has no webhook target');
    const { payload, signature } = sign(event);
    const response =
      typeof webhook === 'string'
        ? await fetch(webhook, {
            method: 'POST',
            headers: {
              'content-type': 'application/json; charset=utf-8',
              'stripe-signature': signature,
              'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            },
            body: payload,
          })
        : await webhook({ payload, signature });
    const delivery = {
      eventId: event.id,
      type: String(event.type),
      status: response.status,
      body: await response.text(),
    };
    deliveries.push(delivery);
    return delivery;
  }

  /** Sends events in the background, in order, as the provider does after a change. */
  function send(list: FakeObject[]) {
    if (!webhook) return;
    if (holding) {
      held.push(...list);
      return;
    }
    const work = (async () => {
      if (deliveryDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, deliveryDelayMs));
      for (const event of list) {
        await deliver(event).catch((error: unknown) => {
          deliveries.push({ eventId: event.id, type: String(event.type), status: 0, body: String(error) });
        });
      }
    })();
    pending.add(work);
    void work.finally(() => pending.delete(work));
  }

  // --- state changes the provider makes ---

  function newSubscription(customer: string, price: StripeFakePrice, metadata: unknown): Subscription {
    const start = now();
    const id = newId('sub');
    const subscription: Subscription = {
      id,
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      created: start,
      start_date: start,
      currency: 'usd',
      livemode: false,
      latest_invoice: null,
      metadata: metadata ?? {},
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            price: priceObject(price),
            quantity: 1,
            subscription: id,
            current_period_start: start,
            current_period_end: start + PERIOD_SECONDS,
          },
        ],
      },
    };
    subscriptions.set(id, subscription);
    return subscription;
  }

  /**
   * The customer pays: the session completes with a new active subscription, and the provider's
   * two events are made (subscription created, checkout completed) and sent unless `send: false`.
   */
  function completeCheckout(sessionId: string, { send: sendEvents = true } = {}) {
    const session = checkoutSessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    if (session.status !== 'open') throw new Error(`checkout session ${sessionId} is ${String(session.status)}`);
    const price = findPrice(session.price_id);
    if (!price) throw new Error(`checkout session ${sessionId} has no known price`);
    const subscription = newSubscription(
      String(session.customer),
      price,
      (session.subscription_data as { metadata?: unknown } | undefined)?.metadata,
    );
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
    const created = createEvent('customer.subscription.created', subscription);
    const completed = createEvent('checkout.session.completed', publicSession(session));
    if (sendEvents) send([created, completed]);
    return { subscription, events: [created, completed] };
  }

  function cancelSubscription(id: string, { send: sendEvent = true } = {}) {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Error(`no subscription ${id}`);
    Object.assign(subscription, { status: 'canceled', canceled_at: now(), ended_at: now() });
    const event = createEvent('customer.subscription.deleted', subscription);
    if (sendEvent) send([event]);
    return { subscription, event };
  }

  /** A change of plan (the portal's confirmation, or a change in the dashboard): the item's new price. */
  function changeSubscriptionPrice(id: string, priceId: string, { send: sendEvent = true } = {}) {
    const subscription = subscriptions.get(id);
    const price = findPrice(priceId);
    if (!subscription || !price) throw new Error(`no subscription ${id} or price ${priceId}`);
    const item = subscription.items.data[0];
    if (item) item.price = priceObject(price);
    const event = createEvent('customer.subscription.updated', subscription);
    if (sendEvent) send([event]);
    return { subscription, event };
  }

  function publicSession(session: FakeObject): FakeObject {
    const { price_id: _price, subscription_data: _data, ...rest } = session;
    return rest as FakeObject;
  }

  // --- the REST API ---

  type Answer = { status: number; body: unknown };
  const ok = (body: unknown): Answer => ({ status: 200, body });
  const stripeError = (status: number, type: string, message: string, extra: Record<string, unknown> = {}): Answer => ({
    status,
    body: { error: { type, message, ...extra } },
  });
  const missing = (kind: string, id: string) =>
    stripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, { code: 'resource_missing', param: 'id' });
  const required = (param: string) =>
    stripeError(400, 'invalid_request_error', `Missing required param: ${param}.`, {
      code: 'parameter_missing',
      param,
    });

  function api(method: string, path: string, body: Record<string, unknown>): Answer {
    let match: RegExpMatchArray | null;
    if (method === 'GET' && path === '/v1/balance') {
      return ok({
        object: 'balance',
        available: [{ amount: 0, currency: 'usd', source_types: { card: 0 } }],
        pending: [{ amount: 0, currency: 'usd', source_types: { card: 0 } }],
        livemode: false,
      });
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer: FakeObject = {
        id: newId('cus'),
        object: 'customer',
        created: now(),
        email: body.email ?? null,
        name: body.name ?? null,
        metadata: body.metadata ?? {},
        livemode: false,
      };
      customers.set(customer.id, customer);
      return ok(customer);
    }
    if (method === 'GET' && (match = path.match(/^\/v1\/customers\/([^/]+)$/))) {
      const customer = customers.get(match[1]!);
      return customer ? ok(customer) : missing('customer', match[1]!);
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (!body.mode) return required('mode');
      if (body.mode !== 'subscription')
        return stripeError(400, 'invalid_request_error', 'The fake supports mode=subscription only.', {
          param: 'mode',
        });
      if (!body.success_url) return required('success_url');
      if (body.customer && !customers.has(String(body.customer))) return missing('customer', String(body.customer));
      const lineItems = body.line_items as Array<{ price?: string; quantity?: string }> | undefined;
      const priceId = lineItems?.[0]?.price;
      if (!priceId) return required('line_items');
      const price = findPrice(priceId);
      if (!price)
        return stripeError(400, 'invalid_request_error', `No such price: '${priceId}'`, {
          code: 'resource_missing',
          param: 'line_items[0][price]',
        });
      const id = newId('cs_test');
      const session: FakeObject = {
        id,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        customer: body.customer ?? null,
        client_reference_id: body.client_reference_id ?? null,
        subscription: null,
        success_url: body.success_url,
        cancel_url: body.cancel_url ?? null,
        url: `${baseUrl}/checkout/${id}`,
        metadata: body.metadata ?? {},
        amount_total: price.unitAmount,
        currency: 'usd',
        created: now(),
        expires_at: now() + DAY_SECONDS,
        livemode: false,
        price_id: priceId,
        subscription_data: body.subscription_data,
      };
      checkoutSessions.set(id, session);
      return ok(publicSession(session));
    }
    if (method === 'GET' && (match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/))) {
      const session = checkoutSessions.get(match[1]!);
      return session ? ok(publicSession(session)) : missing('checkout.session', match[1]!);
    }
    if (method === 'GET' && (match = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const subscription = subscriptions.get(match[1]!);
      return subscription ? ok(subscription) : missing('subscription', match[1]!);
    }
    if (method === 'POST' && (match = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const subscription = subscriptions.get(match[1]!);
      if (!subscription) return missing('subscription', match[1]!);
      if (subscription.status === 'canceled')
        return stripeError(
          400,
          'invalid_request_error',
          'A canceled subscription can only update its cancellation_details and metadata.',
        );
      const prorations = ['create_prorations', 'none', 'always_invoice'];
      if (body.proration_behavior !== undefined && !prorations.includes(String(body.proration_behavior)))
        return stripeError(
          400,
          'invalid_request_error',
          `Invalid proration_behavior: must be one of ${prorations.join(', ')}`,
          {
            param: 'proration_behavior',
          },
        );
      const changes = (body.items ?? []) as Array<{ id?: string; price?: string; quantity?: string }>;
      if (!Array.isArray(changes))
        return stripeError(400, 'invalid_request_error', 'Invalid array', { param: 'items' });
      // Every change is checked before any is made: the provider changes all or nothing.
      const planned: Array<{
        item: Subscription['items']['data'][number];
        price?: StripeFakePrice;
        quantity?: number;
      }> = [];
      for (const [index, change] of changes.entries()) {
        const item = subscription.items.data.find((candidate) => candidate.id === change.id);
        if (!change.id || !item)
          return stripeError(400, 'invalid_request_error', `No such subscription_item: '${String(change.id)}'`, {
            code: 'resource_missing',
            param: `items[${index}][id]`,
          });
        const price = change.price === undefined ? undefined : findPrice(change.price);
        if (change.price !== undefined && !price)
          return stripeError(400, 'invalid_request_error', `No such price: '${change.price}'`, {
            code: 'resource_missing',
            param: `items[${index}][price]`,
          });
        if (change.quantity !== undefined && !/^\d{1,9}$/.test(change.quantity))
          return stripeError(400, 'invalid_request_error', `Invalid integer: ${change.quantity}`, {
            param: `items[${index}][quantity]`,
          });
        planned.push({ item, price, quantity: change.quantity === undefined ? undefined : Number(change.quantity) });
      }
      for (const { item, price, quantity } of planned) {
        if (price) item.price = priceObject(price);
        if (quantity !== undefined) item.quantity = quantity;
      }
      if (body.metadata && typeof body.metadata === 'object')
        subscription.metadata = { ...(subscription.metadata as object), ...(body.metadata as object) };
      send([createEvent('customer.subscription.updated', subscription)]);
      return ok(subscription);
    }
    if (method === 'DELETE' && (match = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const subscription = subscriptions.get(match[1]!);
      if (!subscription) return missing('subscription', match[1]!);
      // The strictest answer: a subscription that has ended cannot be cancelled again.
      if (subscription.status === 'canceled') {
        return stripeError(
          400,
          'invalid_request_error',
          `This subscription has already been canceled: '${subscription.id}'`,
        );
      }
      return ok(cancelSubscription(subscription.id).subscription);
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!body.customer) return required('customer');
      if (!customers.has(String(body.customer))) return missing('customer', String(body.customer));
      const flow = body.flow_data as
        | {
            type?: string;
            subscription_update_confirm?: { subscription?: string; items?: Array<{ id?: string; price?: string }> };
          }
        | undefined;
      if (flow?.type === 'subscription_update_confirm') {
        const confirm = flow.subscription_update_confirm;
        const subscription = subscriptions.get(String(confirm?.subscription));
        if (!subscription || subscription.customer !== body.customer)
          return missing('subscription', String(confirm?.subscription));
        if (!findPrice(confirm?.items?.[0]?.price))
          return stripeError(400, 'invalid_request_error', `No such price: '${String(confirm?.items?.[0]?.price)}'`, {
            code: 'resource_missing',
          });
      }
      const id = newId('bps');
      const session: FakeObject = {
        id,
        object: 'billing_portal.session',
        created: now(),
        customer: body.customer,
        return_url: body.return_url ?? null,
        flow: flow ?? null,
        url: `${baseUrl}/billing_portal/${id}`,
        livemode: false,
      };
      portalSessions.set(id, session);
      return ok(session);
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  // --- hosted pages ---

  const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  function page(title: string, body: string) {
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f6f9fc;color:#1a1f36;margin:0}main{max-width:28rem;margin:3rem auto;background:#fff;border-radius:12px;padding:2rem;box-shadow:0 2px 12px rgba(0,0,0,.08)}
.note{background:#fff4e5;color:#5c3b00;padding:.5rem .75rem;border-radius:6px}button{font:inherit;background:#5433ff;color:#fff;border:0;border-radius:6px;padding:.7rem 1.2rem;cursor:pointer}
.secondary{background:#e3e8ee;color:#1a1f36}a{color:#3a1fd1}form{display:inline}.actions{display:flex;gap:.75rem;flex-wrap:wrap;align-items:center;margin-top:1.5rem}</style></head>
<body><main>${body}</main></body></html>`;
  }

  function html(res: ServerResponse, status: number, body: string) {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  }
  function redirect(res: ServerResponse, location: string) {
    res.writeHead(303, { location }).end();
  }

  function hosted(method: string, res: ServerResponse, path: string): boolean {
    let match: RegExpMatchArray | null;
    if ((match = path.match(/^\/checkout\/([^/]+)(\/pay)?$/))) {
      const session = checkoutSessions.get(match[1]!);
      if (!session) return (html(res, 404, page('Not found', '<h1>This checkout does not exist</h1>')), true);
      const price = findPrice(session.price_id);
      const customer = customers.get(String(session.customer));
      if (method === 'POST' && match[2]) {
        if (session.status === 'open') completeCheckout(session.id);
        return (redirect(res, String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id)), true);
      }
      if (session.status !== 'open') {
        return (
          html(
            res,
            200,
            page(
              'Checkout complete',
              `<h1>This checkout is complete</h1><p><a href="${escapeHtml(String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id))}">Return to the app</a></p>`,
            ),
          ),
          true
        );
      }
      const amount = dollars(price?.unitAmount ?? 0);
      return (
        html(
          res,
          200,
          page(
            `Pay ${amount} - test checkout`,
            `<p class="note">Test checkout of a local fake payment provider: no card, no money.</p>
<h1>Subscribe to ${escapeHtml(price?.nickname ?? 'a plan')}</h1>
<p><strong>${amount}</strong> per month${customer?.email ? ` for ${escapeHtml(String(customer.email))}` : ''}</p>
<div class="actions"><form method="post" action="/checkout/${session.id}/pay"><button type="submit">Pay ${amount}</button></form>
${session.cancel_url ? `<a href="${escapeHtml(String(session.cancel_url))}">Cancel</a>` : ''}</div>`,
          ),
        ),
        true
      );
    }

    if ((match = path.match(/^\/billing_portal\/([^/]+)(?:\/(cancel|confirm-update)(?:\/([^/]+))?)?$/))) {
      const session = portalSessions.get(match[1]!);
      if (!session) return (html(res, 404, page('Not found', '<h1>This billing session does not exist</h1>')), true);
      const returnUrl = String(session.return_url ?? '/');
      const flow = session.flow as {
        type?: string;
        after_completion?: { redirect?: { return_url?: string } };
        subscription_update_confirm?: { subscription: string; items: Array<{ price: string }> };
      } | null;
      if (method === 'POST' && match[2] === 'cancel' && match[3]) {
        const subscription = subscriptions.get(match[3]);
        if (subscription && subscription.customer === session.customer && subscription.status !== 'canceled')
          cancelSubscription(subscription.id);
        return (redirect(res, returnUrl), true);
      }
      if (method === 'POST' && match[2] === 'confirm-update' && flow?.subscription_update_confirm) {
        const { subscription, items } = flow.subscription_update_confirm;
        const priceId = items[0]?.price;
        if (priceId) changeSubscriptionPrice(subscription, priceId);
        return (redirect(res, flow.after_completion?.redirect?.return_url ?? returnUrl), true);
      }
      const customer = customers.get(String(session.customer));
      let content: string;
      if (flow?.type === 'subscription_update_confirm' && flow.subscription_update_confirm) {
        const subscription = subscriptions.get(flow.subscription_update_confirm.subscription);
        const from = subscription?.items.data[0]?.price;
        const to = findPrice(flow.subscription_update_confirm.items[0]?.price);
        content = `<h1>Confirm your plan change</h1>
<p>From <strong>${escapeHtml(String(from?.nickname ?? ''))}</strong> to <strong>${escapeHtml(to?.nickname ?? '')}</strong>, ${dollars(to?.unitAmount ?? 0)} per month.</p>
<div class="actions"><form method="post" action="/billing_portal/${session.id}/confirm-update"><button type="submit">Confirm</button></form>
<a href="${escapeHtml(returnUrl)}">Return to the app</a></div>`;
      } else {
        const active = [...subscriptions.values()].filter(
          (s) => s.customer === session.customer && s.status !== 'canceled',
        );
        const rows = active
          .map((s) => {
            const item = s.items.data[0];
            const ends = new Date((item?.current_period_end ?? 0) * 1000).toISOString().slice(0, 10);
            return `<li><p><strong>${escapeHtml(String(item?.price.nickname ?? ''))}</strong>, ${dollars(Number(item?.price.unit_amount ?? 0))} per month, renews ${ends}</p>
<form method="post" action="/billing_portal/${session.id}/cancel/${s.id}"><button type="submit" class="secondary">Cancel subscription</button></form></li>`;
          })
          .join('');
        content = `<h1>Billing</h1><p>${escapeHtml(String(customer?.email ?? ''))}</p>
${rows ? `<h2>Subscriptions</h2><ul>${rows}</ul>` : '<p>No active subscriptions.</p>'}
<div class="actions"><a href="${escapeHtml(returnUrl)}">Return to the app</a></div>`;
      }
      return (
        html(
          res,
          200,
          page(
            'Billing - test portal',
            `<p class="note">Billing portal of a local fake payment provider.</p>${content}`,
          ),
        ),
        true
      );
    }

    // Test controls (for end-to-end tests in another process): what the provider holds, and
    // holding back the events it would send, then releasing them.
    if (method === 'GET' && path === '/_fake/state') {
      sendJson(res, 200, {
        customers: [...customers.values()],
        subscriptions: [...subscriptions.values()],
        deliveries,
      });
      return true;
    }
    if (method === 'POST' && path === '/_fake/hold-deliveries') {
      holding = true;
      return (res.writeHead(204).end(), true);
    }
    if (method === 'POST' && path === '/_fake/release-deliveries') {
      holding = false;
      send(held.splice(0));
      return (res.writeHead(204).end(), true);
    }
    return false;
  }

  // --- the server ---

  const server = await startHttpFake(
    (req, res) => {
      const { method, url } = req;
      if (!url.pathname.startsWith('/v1/')) {
        if (!hosted(method, res, url.pathname)) html(res, 404, page('Not found', '<h1>Not found</h1>'));
        return;
      }
      const body = decodeForm(req.text);
      const query = decodeForm(url.search.slice(1));
      const idempotencyKey = headerValue(req.headers, 'idempotency-key');
      requests.push({
        method,
        path: url.pathname,
        query,
        body,
        authorization: req.headers.authorization,
        idempotencyKey,
      });

      const answer = (status: number, payload: unknown, replayed = false) =>
        sendJson(res, status, payload, {
          'request-id': newId('req'),
          ...(replayed && { 'idempotent-replayed': 'true' }),
        });
      const given = apiKeyOf(req.headers.authorization);
      if (given !== secretKey) {
        return answer(401, {
          error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${given.slice(0, 8)}****` },
        });
      }
      const failureIndex = failures.findIndex(({ matcher }) => matches(matcher, method, url.pathname));
      if (failureIndex >= 0) {
        const { failure } = failures.splice(failureIndex, 1)[0]!;
        return answer(failure.status ?? 400, {
          error: {
            type: failure.type ?? 'invalid_request_error',
            message: failure.message,
            ...(failure.code && { code: failure.code }),
          },
        });
      }
      const replayKey = idempotencyKey && method === 'POST' ? idempotencyKey : undefined;
      const fingerprint = `${method} ${url.pathname}\n${req.text}`;
      const replay = replayKey ? idempotent.get(replayKey) : undefined;
      if (replay && replay.request !== fingerprint) {
        // The provider compares a reused key's request with the first one and refuses any difference.
        return answer(400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${replayKey}' if you meant to execute a different request.`,
          },
        });
      }
      if (replay) return answer(replay.status, replay.body, true);
      const { status, body: payload } = api(method, url.pathname, body);
      if (replayKey && status < 500) idempotent.set(replayKey, { request: fingerprint, status, body: payload });
      answer(status, payload);
    },
    {
      port: options.port,
      onError: (res, error) => sendJson(res, 500, { error: { type: 'api_error', message: String(error) } }),
    },
  );
  baseUrl = server.url;

  return {
    /** Base URL to use as STRIPE_API_URL. */
    url: baseUrl,
    secretKey,
    publishableKey,
    webhookSecret,
    prices,
    /** The app's STRIPE_* configuration for this fake. */
    env: {
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_PUBLISHABLE_KEY: publishableKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_PERSONAL_PRICE_ID: prices.personal.id,
      STRIPE_PRO_PRICE_ID: prices.pro.id,
      STRIPE_API_URL: baseUrl,
    },
    /** Every API request received, in order. */
    requests,
    /** Every webhook delivery made, in order, with the app's answer. */
    deliveries,
    customers,
    checkoutSessions,
    subscriptions,
    portalSessions,
    events,
    /** Answers the next `times` API requests that match with this error (the provider's error JSON). */
    failNext(failure: StripeFakeFailure, matcher: Matcher = {}, times = 1) {
      for (let i = 0; i < times; i++) failures.push({ failure, matcher });
    },
    setWebhook(target: StripeFakeWebhookTarget | undefined) {
      webhook = target;
    },
    setDeliveryDelay(ms: number) {
      deliveryDelayMs = ms;
    },
    /** Moves the provider's clock (event `created` times) on by this many seconds. */
    advanceClock(seconds: number) {
      clockOffsetSeconds += seconds;
    },
    completeCheckout,
    cancelSubscription,
    changeSubscriptionPrice,
    createEvent,
    sign,
    /** Sends one event now and returns the app's answer. */
    deliver,
    /** Resolves when every event sent in the background has been answered. */
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      await Promise.all([...pending]).catch(() => {});
      await server.close();
    },
  };
}

export type StripeFake = Awaited<ReturnType<typeof startStripeFake>>;

function matches(matcher: Matcher, method: string, path: string) {
  if (matcher.method && matcher.method !== method) return false;
  if (matcher.path === undefined) return true;
  return typeof matcher.path === 'string' ? path.startsWith(matcher.path) : matcher.path.test(path);
}

/** The secret key sent as a bearer token (the SDK) or as the Basic user name (`curl -u sk_...:`). */
function apiKeyOf(authorization: string | undefined): string {
  if (!authorization) return '';
  if (authorization.startsWith('Bearer ')) return authorization.slice('Bearer '.length);
  if (authorization.startsWith('Basic '))
    return Buffer.from(authorization.slice('Basic '.length), 'base64').toString('utf8').split(':')[0] ?? '';
  return '';
}

/**
 * Decodes the provider's form encoding (`line_items[0][price]=x&metadata[userId]=y`) into nested
 * objects; numeric keys make arrays.
 */
export function decodeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter((part, index) => part !== '' || index === 0);
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((part, index) => {
      const last = index === path.length - 1;
      const container = node as Record<string, unknown>;
      if (last) {
        container[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[index + 1] ?? '');
      container[part] ??= nextIsIndex ? [] : {};
      node = container[part] as Record<string, unknown>;
    });
  }
  return root;
}

await runWhenMain(import.meta.url, async () => {
  const appUrl = process.env.APP_URL ?? 'http://localhost:3000';
  const fake = await startStripeFake({
    webhook: `${appUrl}/api/billing/stripe-webhook`,
    port: Number(process.env.STRIPE_FAKE_PORT ?? 0),
    deliveryDelayMs: 500,
  });
  const env = Object.entries(fake.env)
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');
  console.log(
    `Stripe fake on ${fake.url}, sending events to ${appUrl}/api/billing/stripe-webhook.\nStart the app with: ${env} npm start\nCtrl-C to stop`,
  );
  return fake;
});
