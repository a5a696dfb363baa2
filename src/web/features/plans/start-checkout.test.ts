import { describe, expect, it, vi } from 'vitest';
import { planFromName } from '#domain/plans/plans.ts';
import { checkoutFallbackMessage, startCheckout, type CheckoutEffects } from './start-checkout';

function effectsAnswering(response: Response | Error) {
  const effects = {
    fetch: vi.fn<CheckoutEffects['fetch']>(async () => {
      if (response instanceof Error) throw response;
      return response;
    }),
    storage: { setItem: vi.fn<Storage['setItem']>() },
    redirect: vi.fn<CheckoutEffects['redirect']>(),
  };
  return effects;
}

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('startCheckout (§4 Subscribe)', () => {
  it('posts the lower-cased plan name, stores selectedPlan and goes to the returned url', async () => {
    const effects = effectsAnswering(json({ url: 'https://checkout.example/session/1' }, 200));
    const plan = planFromName('Pro');
    if (!plan) throw new Error('Pro is a plan');

    await startCheckout(plan, effects);

    const [url, init] = effects.fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/billing/checkout');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ plan: 'pro' });
    expect(effects.storage.setItem).toHaveBeenCalledWith('selectedPlan', 'pro');
    expect(effects.redirect).toHaveBeenCalledWith('https://checkout.example/session/1');
  });

  it.each<[string, Response | Error, string]>([
    [
      'no checkout route yet (404): the §8 fallback, not "Not found"',
      json({ error: 'Not found' }, 404),
      checkoutFallbackMessage,
    ],
    [
      'not implemented (501) with a message: the server message',
      json({ error: 'Card payments are not set up on this server' }, 501),
      'Card payments are not set up on this server',
    ],
    [
      'not implemented (501) without a body: the fallback',
      new Response(null, { status: 501 }),
      checkoutFallbackMessage,
    ],
    ['server error with a message: the message', json({ error: 'Please sign in' }, 401), 'Please sign in'],
    [
      'server error page (not JSON): the fallback',
      new Response('<h1>Bad gateway</h1>', { status: 502 }),
      checkoutFallbackMessage,
    ],
    ['network failure: the fallback', new TypeError('Failed to fetch'), checkoutFallbackMessage],
    ['success without a url: the fallback', json({}, 200), checkoutFallbackMessage],
    ['success with an empty url: the fallback', json({ url: '' }, 200), checkoutFallbackMessage],
  ])('%s', async (_case, response, message) => {
    const effects = effectsAnswering(response);

    await expect(startCheckout('personal', effects)).rejects.toThrow(message);
    expect(effects.storage.setItem).not.toHaveBeenCalled();
    expect(effects.redirect).not.toHaveBeenCalled();
  });
});
