import type { ComponentType } from 'react';
import type { PlanId } from '#domain/plans/plans.ts';
import type { SavedProperty } from './saved-properties-api';

/**
 * What the app plugs into the saved list from other features, so that this feature imports none
 * of them: billing's controls, a saved property's export buttons and its comps.
 */
export interface SavedPageSlots {
  /** Opens the payment provider's customer portal; shown on a paid plan. */
  ManageBilling: ComponentType;
  /** The notice on coming back from checkout, given the plan as loaded (undefined until it is). */
  CheckoutReturnNotice: ComponentType<{ plan: PlanId | undefined }>;
  /** A saved property's export buttons, in its card's footer. */
  PropertyExports: ComponentType<{ property: SavedProperty }>;
  /** A saved property's "ARV from comps" (the comps kept with it and the ARV used), in its card above the footer. */
  PropertyArv?: ComponentType<{ property: SavedProperty }>;
  /** A saved property's photos, in its card above the footer. */
  PropertyPhotos?: ComponentType<{ property: SavedProperty }>;
  /** "Import a list": bulk import, for those whose plan and role allow it (it shows itself only to them). */
  ImportList?: ComponentType;
}
