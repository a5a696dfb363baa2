import type { BulkImportProperty } from './bulk-import-property';

/** Why an owner cannot be reached by a channel, as the review says it per row (issue 41). */
export const channelReasons = {
  email: 'no e-mail',
  mail: 'no deliverable mailing address',
  call: 'no phone',
} as const;

export type ListChannel = keyof typeof channelReasons;

export const channelLabels: Record<ListChannel, string> = { email: 'E-mail', mail: 'Mail', call: 'Call' };

export interface ListRowChannels {
  /** The channels the row can go by, in the order e-mail, mail, call. */
  channels: ListChannel[];
  /** Why not, for each channel it cannot go by (channelReasons). */
  whyNot: string[];
}

const STATE = /^[A-Z]{2}$/;
const ZIP = /^\d{5}(-\d{4})?$/;

/**
 * True when a letter can be addressed to the owner: their own mailing address with a street,
 * city, two-letter state and ZIP, or, when the list gives none, the property's address with its
 * city, state and ZIP (the owner lives there).
 */
export function hasDeliverableMailingAddress(
  property: Pick<BulkImportProperty, 'address' | 'city' | 'state' | 'zip' | 'mailingAddress'>,
): boolean {
  const { street, city, state, zip } = property.mailingAddress ?? {
    street: property.address,
    city: property.city ?? '',
    state: property.state ?? '',
    zip: property.zip ?? '',
  };
  return street.trim() !== '' && city.trim() !== '' && STATE.test(state) && ZIP.test(zip);
}

/** Which channels an imported owner can be reached by (e-mail, mail, call) and why not the others. */
export function listRowChannels(property: BulkImportProperty): ListRowChannels {
  const reachable: Record<ListChannel, boolean> = {
    email: property.email !== undefined && property.email !== '',
    mail: hasDeliverableMailingAddress(property),
    call: (property.phones?.length ?? 0) > 0,
  };
  const all = Object.keys(channelReasons) as ListChannel[];
  return {
    channels: all.filter((channel) => reachable[channel]),
    whyNot: all.filter((channel) => !reachable[channel]).map((channel) => channelReasons[channel]),
  };
}
