import type { QueryClient } from '@tanstack/react-query';
import { refetchChanged } from './change-feed';
import { subscriptionKey } from './use-subscription';

/** The saved list's query key (features/saved reads the list under it). */
export const savedPropertiesKey = ['saved-properties'] as const;

// The saved list and the plan go together: the plan's answer carries the saved count, so a
// property saved or deleted (from the calculator, /saved or a lead) changes both.
const accountDataKeys = [savedPropertiesKey, subscriptionKey] as const;

/** After this tab saved or deleted a property: the saved list and the plan are fetched again. */
export async function invalidateAccountData(queryClient: QueryClient) {
  await Promise.all(accountDataKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** After the live feed said the rows may have changed elsewhere: as invalidateAccountData, fetches under way dropped first. */
export async function refetchChangedAccountData(queryClient: QueryClient) {
  await Promise.all(accountDataKeys.map((queryKey) => refetchChanged(queryClient, queryKey)));
}

/** When the signed-in account changes: back to empty (and a refetch where shown), never the last account's data. */
export async function resetAccountData(queryClient: QueryClient) {
  await Promise.all(accountDataKeys.map((queryKey) => queryClient.resetQueries({ queryKey })));
}
