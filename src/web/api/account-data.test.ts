import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { invalidateAccountData, resetAccountData, savedPropertiesKey } from './account-data';
import { subscriptionKey } from './use-subscription';

const unsubscribes: (() => void)[] = [];
afterEach(() => {
  for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
});

/** A query shown on a page (an observer), counting its fetches; each answer is the count so far. */
function shownQuery(queryClient: QueryClient, queryKey: QueryKey) {
  const counter = { fetches: 0 };
  const observer = new QueryObserver(queryClient, { queryKey, queryFn: () => ++counter.fetches });
  unsubscribes.push(observer.subscribe(() => {}));
  return counter;
}

async function accountPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  const saved = shownQuery(queryClient, savedPropertiesKey);
  const plan = shownQuery(queryClient, subscriptionKey);
  const other = shownQuery(queryClient, ['leads']);
  await queryClient.getQueryCache().find({ queryKey: savedPropertiesKey })?.promise;
  await queryClient.getQueryCache().find({ queryKey: subscriptionKey })?.promise;
  await queryClient.getQueryCache().find({ queryKey: ['leads'] })?.promise;
  expect([saved.fetches, plan.fetches, other.fetches]).toEqual([1, 1, 1]);
  return { queryClient, saved, plan, other };
}

describe('invalidateAccountData', () => {
  it('fetches the saved list and the plan again, together, and nothing else', async () => {
    const { queryClient, saved, plan, other } = await accountPage();
    await invalidateAccountData(queryClient);
    expect([saved.fetches, plan.fetches, other.fetches]).toEqual([2, 2, 1]);
    expect(queryClient.getQueryData(savedPropertiesKey)).toBe(2);
    expect(queryClient.getQueryData(subscriptionKey)).toBe(2);
  });

  it('marks both stale when no page shows them, for the next page that does', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    queryClient.setQueryData(savedPropertiesKey, 'saved list');
    queryClient.setQueryData(subscriptionKey, 'plan');
    await invalidateAccountData(queryClient);
    expect(queryClient.getQueryState(savedPropertiesKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(subscriptionKey)?.isInvalidated).toBe(true);
  });
});

describe('resetAccountData', () => {
  it('drops what was cached for the last account: shown queries fetch again, the others are emptied', async () => {
    const { queryClient, saved, plan, other } = await accountPage();
    await resetAccountData(queryClient);
    expect([saved.fetches, plan.fetches, other.fetches]).toEqual([2, 2, 1]);

    const hidden = new QueryClient();
    hidden.setQueryData(savedPropertiesKey, 'last account’s list');
    hidden.setQueryData(subscriptionKey, 'last account’s plan');
    await resetAccountData(hidden);
    expect(hidden.getQueryData(savedPropertiesKey)).toBeUndefined();
    expect(hidden.getQueryData(subscriptionKey)).toBeUndefined();
  });
});
