// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { savedPropertiesKey } from '#web/api/account-data.ts';
import { subscriptionKey } from '#web/api/use-subscription.ts';
import { useSaveLeadAsProperty } from './leads-api';

const leadId = '0b7a2b1e-54f6-4c2c-9d5e-3a3f3b1c2d4e';
const requests: string[] = [];

beforeEach(() => {
  requests.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      requests.push(`${request.method} ${new URL(request.url).pathname}`);
      return new Response(JSON.stringify({ id: 'saved-1' }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe('useSaveLeadAsProperty', () => {
  it('makes the cached saved list stale with the plan, so /saved shows the new property', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    // What /saved and the plan badge loaded before the lead was saved.
    queryClient.setQueryData(savedPropertiesKey, { pages: [{ properties: [], nextCursor: null }], pageParams: [null] });
    queryClient.setQueryData(subscriptionKey, { plan: 'free', currentPeriodEnd: null, savedCount: 0, limit: 3 });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useSaveLeadAsProperty(leadId), { wrapper });

    await result.current.mutateAsync();

    expect(requests).toEqual([`POST /api/leads-inbox/${leadId}/save`]);
    expect(queryClient.getQueryState(savedPropertiesKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(subscriptionKey)?.isInvalidated).toBe(true);
  });
});
