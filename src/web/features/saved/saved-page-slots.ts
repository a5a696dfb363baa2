import type { ComponentType } from 'react';
import type { PlanId } from '../../../domain/plans/plans';
import type { SavedProperty } from './saved-properties-api';

/**
 * What the app plugs into the saved list from other features, so that this feature imports none
 * of them: billing's controls and a saved property's export buttons.
 */
export interface SavedPageSlots {
  /** Opens the payment provider's customer portal; shown on a paid plan. */
  ManageBilling: ComponentType;
  /** The notice on coming back from checkout, given the plan as loaded (undefined until it is). */
  CheckoutReturnNotice: ComponentType<{ plan: PlanId | undefined }>;
  /** A saved property's export buttons, in its card's footer. */
  PropertyExports: ComponentType<{ property: SavedProperty }>;
}
