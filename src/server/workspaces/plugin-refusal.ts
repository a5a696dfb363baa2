import { isAPIError } from 'better-auth/api';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { workspaceMessages } from '#domain/workspaces/roles.ts';
import { kebabCase, Refusal, type RefusalCode } from '../http/refusal';

/**
 * The organization plugin's refusals (by its error code) in the words the team page shows, for the
 * calls still made through it: switching, a role change, a removal. Invitations are ours (invitations.ts).
 */
const wordsByCode = {
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER: {
    status: 409,
    message: 'A workspace keeps at least one Owner.',
  },
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER: {
    status: 409,
    message: 'A workspace keeps at least one Owner.',
  },
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER: { status: 403, message: workspaceMessages.notAllowed },
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER: { status: 403, message: workspaceMessages.notAllowed },
} as const satisfies Record<string, { status: ContentfulStatusCode; message: string }>;

type PluginCode = keyof typeof wordsByCode;

const isKnownCode = (code: string): code is PluginCode => Object.hasOwn(wordsByCode, code);

/**
 * Runs a call of the organization plugin, turning its refusals into ours (a Refusal the app
 * answers as JSON); its faults stay faults.
 */
export async function throughPlugin<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isAPIError(error) || error.statusCode >= 500) throw error;
    const code = typeof error.body?.code === 'string' ? error.body.code : '';
    if (isKnownCode(code)) {
      const { status, message } = wordsByCode[code];
      throw new Refusal(status, message, { code: kebabCase(code) satisfies RefusalCode });
    }
    // Another refusal of the plugin's (none the team page leads to): its words, without a code of ours.
    throw new Refusal(error.statusCode as ContentfulStatusCode, error.body?.message ?? error.message);
  }
}
