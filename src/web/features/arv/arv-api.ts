import { useMutation, useQuery } from '@tanstack/react-query';
import type { ArvComp, ArvSubject } from '#domain/arv/arv-request-schema.ts';
import { api, ApiError, readJson, retryUnlessRefused } from '#web/api/api-client.ts';

export interface ArvEstimateBody {
  subject: ArvSubject;
  comps: ArvComp[];
  pinned?: number[];
}

/** The estimate for the comps on screen (POST /api/arv/estimate), refetched as they change; 422 → "not enough". */
export function useArvEstimate(body: ArvEstimateBody | null) {
  return useQuery({
    queryKey: ['arv-estimate', body],
    enabled: body !== null,
    retry: retryUnlessRefused,
    staleTime: Infinity,
    queryFn: async () => {
      try {
        return { kind: 'estimate' as const, ...(await readJson(api.arv.estimate.$post({ json: body! }))) };
      } catch (error) {
        if (error instanceof ApiError && error.status === 422) {
          return {
            kind: 'not-enough' as const,
            reason: error.message,
            excluded: (error.details.excluded ?? []) as { index: number; reason: string }[],
          };
        }
        throw error;
      }
    },
  });
}

/** What useArvEstimate answers: the estimate, or why there is none ("not enough comparable sales"). */
export type ArvEstimateResult = NonNullable<ReturnType<typeof useArvEstimate>['data']>;

/** Locates the property by its address (POST /api/arv/geocode): its latitude, longitude and the address as matched. */
export function useGeocodeAddress() {
  return useMutation({
    mutationFn: async (address: string) => readJson(api.arv.geocode.$post({ json: { address } })),
  });
}
