import { useMutation } from '@tanstack/react-query';
import type { PlanId } from '#domain/plans/plans.ts';
import type { MutationCallbacks } from '#web/api/mutation-callbacks.ts';
import { startCheckout } from './start-checkout';

/** §4 Subscribe: starts the plan's checkout; on success the browser is on its way to the provider. */
export function useStartCheckout({ onSuccess, onError }: MutationCallbacks<void> = {}) {
  return useMutation({ mutationFn: (plan: PlanId) => startCheckout(plan), onSuccess, onError });
}
