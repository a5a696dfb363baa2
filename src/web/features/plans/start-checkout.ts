import type { PlanId } from '#domain/plans/plans.ts';

// §8: shown when checkout fails without a message of its own.
export const checkoutFallbackMessage = 'Error updating subscription';

/** The browser-side effects of a successful checkout, replaceable in tests. */
export interface CheckoutEffects {
  fetch: typeof fetch;
  storage: Pick<Storage, 'setItem'>;
  redirect: (url: string) => void;
}

const browserEffects = (): CheckoutEffects => ({
  fetch: (input, init) => window.fetch(input, init),
  storage: window.localStorage,
  redirect: (url) => window.location.assign(url),
});

/**
 * §4 Subscribe: asks the server for a checkout session for the plan (its lower-cased name is its id),
 * remembers the plan as `selectedPlan` and sends the browser to the returned url.
 * Throws an Error whose message is fit for a toast: the server's own message, or the §8 fallback.
 */
export async function startCheckout(plan: PlanId, effects: CheckoutEffects = browserEffects()): Promise<void> {
  let response: Response;
  try {
    response = await effects.fetch('/api/billing/checkout', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ plan }),
    });
  } catch {
    throw new Error(checkoutFallbackMessage);
  }

  const body = await readBody(response);
  if (!response.ok) {
    // A 404 is the API's catch-all ('Not found'): checkout is not there, which says nothing useful to a user.
    const message = response.status !== 404 ? textOf(body?.error) : undefined;
    throw new Error(message ?? checkoutFallbackMessage);
  }
  const url = textOf(body?.url);
  if (!url) throw new Error(checkoutFallbackMessage);

  effects.storage.setItem('selectedPlan', plan);
  effects.redirect(url);
}

async function readBody(response: Response): Promise<{ url?: unknown; error?: unknown } | null> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? body : null;
  } catch {
    return null;
  }
}

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
