import { useQuery } from '@tanstack/react-query';
import type { ArvComp, ArvSubject, NearbySale, SavedArvComps } from '../../../domain/arv/arv-request-schema';
import { nearbySalesFromComps } from '../../../domain/arv/nearby-sales';
import { api, ApiError, readJson, retryUnlessRefused } from '../../api/api-client';
import { forgetArvCompsDraft } from './arv-comps-draft';

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

/** Keeps the comps with a saved property (PUT /api/arv/comps). */
export function saveArvComps(savedPropertyId: string, arvComps: SavedArvComps) {
  return readJson(api.arv.comps.$put({ json: { savedPropertyId, arvComps } }));
}

// The comps behind the ARV last put in the calculator's market value, kept until the property is
// saved (the panel keeps them in sessionStorage too, and gives them back here after a reload).
let usedArv: SavedArvComps | null = null;

/** Remembers the comps behind the ARV just used, for the property's save. */
export function rememberUsedArv(arvComps: SavedArvComps) {
  usedArv = arvComps;
}

/**
 * The sales behind the calculator's market value, for the offer link a share makes ("based on N
 * nearby sales"): the comps of the ARV last used, when `marketValue` is that ARV; else undefined.
 */
export function usedArvNearbySales(marketValue: number): NearbySale[] | undefined {
  return nearbySalesFromComps(usedArv, marketValue);
}

/**
 * After a save: keeps the comps with the new property when its market value is the ARV they gave;
 * the calculator's comps are then the saved property's, no longer kept in the tab.
 */
export async function keepUsedArvWithProperty(savedPropertyId: string, marketValue: number) {
  const arvComps = usedArv;
  usedArv = null;
  forgetArvCompsDraft();
  if (!arvComps?.estimate || arvComps.estimate.arv !== marketValue) return;
  await saveArvComps(savedPropertyId, arvComps);
}
