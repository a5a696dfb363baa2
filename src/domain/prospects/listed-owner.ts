import { ownerDisplayName } from '../bulk-import/bulk-import-property';
import { homeownerEmailKey } from '../email/homeowner-email-key';
import { prospectKey } from './prospect-key';

/**
 * A row of a send as prospects read it: the bulk-import property with the fields a list may add
 * (issue 41's row shape): the property's city, state and ZIP, the owner's mailing address (absent:
 * the property's own), phones and an optional e-mail.
 */
export interface ListedOwner {
  firstName: string;
  lastName: string;
  address: string;
  email?: string;
  city?: string;
  state?: string;
  zip?: string;
  mailingAddress?: { street: string; city: string; state: string; zip: string };
  phones?: string[];
}

/** What a prospect keeps of a row: its key, the owner's name, where the home is and how to reach them. */
export interface ProspectFields {
  key: string;
  name: string;
  address: string;
  city: string | null;
  state: string | null;
  zip: string | null;
  mailingAddress: { street: string; city: string; state: string; zip: string } | null;
  phones: string[];
  emails: string[];
  emailKeys: string[];
}

/** The prospect a row of a send makes (or finds, by its key). */
export function prospectOfRow(row: ListedOwner): ProspectFields {
  const name = ownerDisplayName(row);
  const email = row.email?.trim().toLowerCase();
  return {
    key: prospectKey({ address: row.address, ownerName: name }),
    name,
    address: row.address,
    city: row.city || null,
    state: row.state || null,
    zip: row.zip || null,
    mailingAddress: row.mailingAddress ?? null,
    phones: [...new Set(row.phones ?? [])],
    emails: email ? [email] : [],
    emailKeys: email ? [homeownerEmailKey(email)] : [],
  };
}

/** Several rows' prospects of one key as one: the first row's name and address, every phone and e-mail once. */
export function mergeProspectFields(first: ProspectFields, next: ProspectFields): ProspectFields {
  const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];
  return {
    ...first,
    city: first.city ?? next.city,
    state: first.state ?? next.state,
    zip: first.zip ?? next.zip,
    mailingAddress: first.mailingAddress ?? next.mailingAddress,
    phones: union(first.phones, next.phones),
    emails: union(first.emails, next.emails),
    emailKeys: union(first.emailKeys, next.emailKeys),
  };
}
