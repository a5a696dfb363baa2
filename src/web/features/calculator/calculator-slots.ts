import type { ComponentType } from 'react';
import type { ArvFromComps } from '#domain/arv/arv-request-schema.ts';
import type { CalculatedOffer } from '#domain/offer/calculated-offer.ts';
import type { FormulaTemplate } from '#domain/offer/formula-template.ts';
import type { HomeownerView } from '#domain/offer/homeowner-view.ts';
import type { OpenedDeal } from './opened-deal';
import type { UserType } from './user-type';

/**
 * What the app plugs into the calculator from other features, so that the calculator imports
 * none of them: the actions under a computed offer, and a wholesaler's extra tools.
 */
export interface CalculatorSlots {
  /**
   * What the visitor can do with the offer (save, export, negotiate, accept); may suspend while its
   * code loads. `opened`: the deal opened in the calculator (a saved property is saved again in place).
   */
  OfferActions: ComponentType<{ offer: CalculatedOffer; userType: UserType; opened?: OpenedDeal | null }>;
  /** Starts fetching OfferActions' code before the first offer (called on the first calculator input). */
  preloadOfferActions: (userType: UserType) => void;
  /** Shown to a wholesaler beside Formula Settings (Bulk Import). */
  WholesalerTools: ComponentType<{ template: FormulaTemplate }>;
  /** Below the built-in templates in Formula Templates (the user's own). */
  MoreTemplates: ComponentType<{ selectedName: string; onSelect: (template: FormulaTemplate) => void }>;
  /**
   * Shown to a wholesaler before Get Cash Offer: the ARV from comps (for the property at `address`),
   * whose "Use this ARV" makes it the market value, with its comps, and computes the offer;
   * `arvInUse` is the ARV that is the market value now (null when the market value was typed).
   */
  ArvComps?: ComponentType<{
    address: string;
    onUseArv: (arvComps: ArvFromComps) => void;
    arvInUse: number | null;
  }>;
  /** What a homeowner is shown of an offer (a personal page: its wholesaler's choice); the whole math when absent. */
  homeownerView?: HomeownerView;
}
