import { z } from 'zod';
import {
  WholesalerProfileSchema,
  type WholesalerProfile,
  type WholesalerProfileInput,
} from '#domain/profile/wholesaler-profile-schema.ts';

/** The profile form's fields as typed; the notification settings are checkboxes ('yes' or 'no'). */
export type ProfileFormValues = {
  displayName: string;
  company: string;
  phone: string;
  replyToEmail: string;
  handle: string;
  postalAddress: string;
  notifyOnLeads: 'yes' | 'no';
  notifyOnAssignments: 'yes' | 'no';
};

/**
 * The profile form over the shared profile schema: an empty handle means "no personal page", the
 * checkbox a boolean; every rule and message (and its field) is the shared schema's.
 */
export const ProfileFormSchema = z
  .object({
    displayName: z.string(),
    company: z.string(),
    phone: z.string(),
    replyToEmail: z.string(),
    handle: z.string(),
    postalAddress: z.string(),
    notifyOnLeads: z.enum(['yes', 'no']),
    notifyOnAssignments: z.enum(['yes', 'no']),
  })
  .transform(({ handle, notifyOnLeads, notifyOnAssignments, ...rest }): WholesalerProfileInput => ({
    ...rest,
    handle: handle.trim() === '' ? null : handle,
    notifyOnLeads: notifyOnLeads === 'yes',
    notifyOnAssignments: notifyOnAssignments === 'yes',
  }))
  .pipe(WholesalerProfileSchema);

/** The form's fields for a stored profile (or the defaults the server gives before one is saved). */
export function profileFormValues(profile: WholesalerProfile): ProfileFormValues {
  return {
    displayName: profile.displayName,
    company: profile.company,
    phone: profile.phone,
    replyToEmail: profile.replyToEmail,
    handle: profile.handle ?? '',
    postalAddress: profile.postalAddress,
    notifyOnLeads: profile.notifyOnLeads ? 'yes' : 'no',
    notifyOnAssignments: profile.notifyOnAssignments ? 'yes' : 'no',
  };
}
