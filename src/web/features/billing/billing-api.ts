import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '#web/api/api-client.ts';
import { subscriptionKey } from '#web/api/use-subscription.ts';

/** What a demo checkout link stands for (plan, and whether it was confirmed already). */
export function useDemoCheckout(session: string | null) {
  return useQuery({
    queryKey: ['demo-checkout', session],
    queryFn: () => readJson(api.billing.demo['checkout-session'].$get({ query: { session: session ?? '' } })),
    enabled: session !== null && session !== '',
    // An invalid or expired link stays so: no point asking again.
    retry: false,
  });
}

/** Confirms a demo checkout: the server applies the plan as a provider event would. */
export function useConfirmDemoCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: string) => readJson(api.billing.demo.confirm.$post({ json: { session } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionKey }),
  });
}

/** Manage billing: asks for a session of the provider's customer portal and goes there. */
export function useOpenBillingPortal() {
  return useMutation({
    mutationFn: () => readJson(api.billing.portal.$post()),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
