import { Hono } from 'hono';
import { WholesalerProfileSchema } from '../../domain/profile/wholesaler-profile-schema';
import type { AppContext } from '../app-context';
import { requireUser, type AuthVariables } from '../auth/require-user';
import { validate } from '../http/validate';
import { getProfile, saveProfile, type StoredProfile } from './save-profile';

/** The profile form's values for a user who has not saved one yet. */
const emptyProfile = (accountName: string): StoredProfile => ({
  handle: null,
  displayName: accountName,
  company: '',
  phone: '',
  replyToEmail: '',
  postalAddress: '',
  notifyOnLeads: true,
});

/**
 * /api/profile (signed in): the wholesaler's own profile. GET answers
 * { profile, saved, accountEmail, personalPageUrl, personalPageBaseUrl }; PUT takes WholesalerProfileSchema and
 * answers the same. Only ever the caller's own row.
 */
export function profileRoutes(context: AppContext) {
  const { db } = context.database;
  const personalPageBaseUrl = `${context.env.APP_URL}/c/`;
  const view = (profile: StoredProfile, saved: boolean, accountEmail: string) => ({
    profile,
    saved,
    accountEmail,
    personalPageUrl: profile.handle ? `${personalPageBaseUrl}${profile.handle}` : null,
    // What a handle being typed becomes, on the site's public address (not the browser's).
    personalPageBaseUrl,
  });
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(context))
    .get('/', async (c) => {
      const profile = await getProfile(db, c.var.user.id);
      return c.json(view(profile ?? emptyProfile(c.var.user.name), profile !== null, c.var.user.email));
    })
    .put('/', validate('json', WholesalerProfileSchema), async (c) => {
      const profile = await saveProfile(db, c.var.user.id, c.req.valid('json'));
      return c.json(view(profile, true, c.var.user.email));
    });
}
