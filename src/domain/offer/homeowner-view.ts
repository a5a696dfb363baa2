import { z } from 'zod';
import type { NearbySale } from '../arv/arv-request-schema';
import type { NamedOfferFormula, OfferRange } from './compute-offer-range';
import type { OfferRepair, OfferSnapshot } from './offer-snapshot';

/** How much of an offer a homeowner sees on an offer link or a personal page (issue 42 part 7). */
export const HOMEOWNER_VIEW_DETAILS = ['range', 'range-with-repairs', 'whole-math'] as const;
export type HomeownerViewDetail = (typeof HOMEOWNER_VIEW_DETAILS)[number];

export const homeownerViewDetailLabels: Record<HomeownerViewDetail, string> = {
  range: 'The range only',
  'range-with-repairs': 'The range with the repairs',
  'whole-math': 'The whole math',
};

/** The workspace's choice, as the settings form sends it and the server stores it. */
export const HomeownerViewSchema = z.object({ detail: z.enum(HOMEOWNER_VIEW_DETAILS), netSheet: z.boolean() }).strict();
export type HomeownerView = z.infer<typeof HomeownerViewSchema>;

/** Today's page: everything, net sheet included. */
export const defaultHomeownerView: HomeownerView = { detail: 'whole-math', netSheet: true };

/** A stored choice (JSON), or the default when none is stored or it no longer reads. */
export function readHomeownerView(stored: string | undefined): HomeownerView {
  if (stored === undefined) return defaultHomeownerView;
  try {
    const parsed = HomeownerViewSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : defaultHomeownerView;
  } catch {
    return defaultHomeownerView;
  }
}

/**
 * An offer as its homeowner is shown it: null (or empty) where the workspace hides a part, so the
 * hidden part never leaves the server. Every figure kept is the offer's own, unchanged.
 */
export interface ShownOffer {
  address: string;
  offerRange: OfferRange;
  /** Null unless the whole math or the net sheet is shown (the net sheet starts from it). */
  marketValue: number | null;
  /** Null when the repairs are hidden. */
  repairs: OfferRepair[] | null;
  totalRepairCost: number | null;
  templateName: string;
  formula: NamedOfferFormula | null;
  nearbySales: NearbySale[];
  /** Whether the page draws the net sheet. */
  netSheet: boolean;
  detail: HomeownerViewDetail;
}

export function showOffer(offer: OfferSnapshot & { nearbySales: NearbySale[] }, view: HomeownerView): ShownOffer {
  const wholeMath = view.detail === 'whole-math';
  const withRepairs = view.detail !== 'range';
  return {
    address: offer.address,
    offerRange: offer.offerRange,
    marketValue: wholeMath || view.netSheet ? offer.marketValue : null,
    repairs: withRepairs ? offer.repairs : null,
    totalRepairCost: withRepairs || view.netSheet ? offer.totalRepairCost : null,
    templateName: wholeMath ? offer.templateName : '',
    formula: wholeMath ? offer.formula : null,
    nearbySales: wholeMath ? offer.nearbySales : [],
    netSheet: view.netSheet,
    detail: view.detail,
  };
}
