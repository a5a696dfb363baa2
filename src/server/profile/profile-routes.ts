import { Hono } from 'hono';
import { z } from 'zod';
import { WholesalerProfileSchema } from '#domain/profile/wholesaler-profile-schema.ts';
import type { AppContext } from '../app-context';
import { requireUser, type AuthVariables } from '../auth/require-user';
import { clientIp } from '../http/client-ip';
import { validate } from '../http/validate';
import { confirmReplyTo, readReplyToConfirmation } from './confirm-reply-to';
import { readWholesaler, type WorkspaceFace } from './read-wholesaler';
import { getProfile, saveProfile, type StoredProfile } from './save-profile';
import { replyToProofMessages, sendReplyToProof } from './send-reply-to-proof';

const ConfirmationTokenSchema = z.object({
  token: z.string().min(1, replyToProofMessages.invalidLink).max(2000, replyToProofMessages.invalidLink),
});

/** The profile form's values for a user who has not saved one yet. */
const emptyProfile = (accountName: string): StoredProfile => ({
  handle: null,
  displayName: accountName,
  company: '',
  phone: '',
  replyToEmail: '',
  postalAddress: '',
  notifyOnLeads: true,
  notifyOnAssignments: false,
});

/**
 * /api/profile (signed in): the member's own profile in the session's workspace (any role may
 * edit their own: it is their face, not the workspace's data). GET answers
 * { profile, saved, accountEmail, repliesGoTo, replyToConfirmed, personalPageUrl, personalPageBaseUrl };
 * PUT takes WholesalerProfileSchema and answers the same. POST /reply-to/confirmation e-mails the
 * reply-to address its confirmation link (or confirms the account's own verified e-mail at once),
 * a few an hour per user and client address.
 * Only ever the caller's own row.
 */
export function profileRoutes(context: AppContext) {
  const { db } = context.database;
  const personalPageBaseUrl = `${context.env.APP_URL}/c/`;
  const view = async (profile: StoredProfile, saved: boolean, face: WorkspaceFace, accountEmail: string) => {
    // Where replies and lead e-mails go now: only a proven address (issue 25).
    const repliesGoTo = (await readWholesaler(db, face))?.replyTo ?? null;
    return {
      profile,
      saved,
      accountEmail,
      repliesGoTo,
      replyToConfirmed:
        profile.replyToEmail !== '' && repliesGoTo?.toLowerCase() === profile.replyToEmail.trim().toLowerCase(),
      personalPageUrl: profile.handle ? `${personalPageBaseUrl}${profile.handle}` : null,
      // What a handle being typed becomes, on the site's public address (not the browser's).
      personalPageBaseUrl,
    };
  };
  return new Hono<{ Variables: AuthVariables }>()
    .use(requireUser(context))
    .get('/', async (c) => {
      const profile = await getProfile(db, c.var.member);
      return c.json(
        await view(profile ?? emptyProfile(c.var.user.name), profile !== null, c.var.member, c.var.user.email),
      );
    })
    .put('/', validate('json', WholesalerProfileSchema), async (c) => {
      const profile = await saveProfile(db, c.var.member, c.req.valid('json'));
      return c.json(await view(profile, true, c.var.member, c.var.user.email));
    })
    .post('/reply-to/confirmation', async (c) => {
      const { confirmed } = await sendReplyToProof(context, c.var.member, clientIp(c, context.env.TRUST_PROXY));
      return c.json({ confirmed }, confirmed ? 200 : 202);
    });
}

/**
 * /api/public/reply-to-confirmations: the link e-mailed to a reply-to address. GET tells the
 * /confirm-reply-to page what it confirms (a GET must not confirm: mail scanners open links);
 * POST confirms it.
 */
export function replyToConfirmationRoutes(context: AppContext) {
  const { db } = context.database;
  return new Hono()
    .get('/', validate('query', ConfirmationTokenSchema), async (c) =>
      c.json(await readReplyToConfirmation(db, context.serverSecret, c.req.valid('query').token)),
    )
    .post('/', validate('json', ConfirmationTokenSchema), async (c) =>
      c.json(await confirmReplyTo(db, context.serverSecret, c.req.valid('json').token)),
    );
}
