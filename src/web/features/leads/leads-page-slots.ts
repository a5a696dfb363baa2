import type { ComponentType } from 'react';

/** What the app plugs into the inbox from other features, so that this feature imports none of them. */
export interface LeadsPageSlots {
  /** The wholesaler's personal page link (or an invitation to set one up), above the list. */
  PersonalPageSummary: ComponentType;
}
