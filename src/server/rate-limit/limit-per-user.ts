import type { MiddlewareHandler } from 'hono';
import type { AppContext } from '../app-context';
import { limitBy } from './limit-per-client';

/** Signed-in actions per user and minute (share links, status changes, PDFs): far above what a person clicks. */
export const PER_USER_ACTION_RATE_LIMIT = { limit: 60, windowMs: 60_000 } as const;

/**
 * Exports per user and minute (the CRM and spreadsheet exports, counted together, and the saved
 * list's CSV): each makes the server call out (a webhook a user may have chosen, the CRM) or read
 * a whole list, so one account cannot turn them into a flood. Far above what a person clicks,
 * even exporting a list of leads one by one.
 */
export const EXPORT_RATE_LIMIT = { limit: 30, windowMs: 60_000 } as const;

/**
 * The variables limitPerUser and limitPerWorkspace read: the signed-in user's id and the session's
 * workspace, as requireUser (auth/) sets them. Named here rather than imported, so this shared room
 * imports no capability.
 */
interface SignedInUserVariables {
  user: { id: string };
}
interface SignedInMemberVariables extends SignedInUserVariables {
  member: { workspaceId: string };
}

/**
 * Counts every request to the routes it guards against the signed-in user (after requireUser;
 * shared by every server process through rate_limits) and answers 429 with Retry-After and
 * { error, code: 'rate-limited' } once `limit` requests were made in the window, before any work,
 * so one account cannot turn a costly route (PDFs, links, history rows) into a flood.
 */
export function limitPerUser(
  context: Pick<AppContext, 'database'>,
  name: string,
  rule: { limit: number; windowMs: number } = PER_USER_ACTION_RATE_LIMIT,
): MiddlewareHandler<{ Variables: SignedInUserVariables }> {
  return limitBy<SignedInUserVariables>(context, (c) => `${name}:user:${c.var.user.id}`, rule);
}

/**
 * As limitPerUser, counted against the session's workspace: every member's requests together, so a
 * team cannot multiply a limit by its seats.
 */
export function limitPerWorkspace(
  context: Pick<AppContext, 'database'>,
  name: string,
  rule: { limit: number; windowMs: number },
): MiddlewareHandler<{ Variables: SignedInMemberVariables }> {
  return limitBy<SignedInMemberVariables>(context, (c) => `${name}:workspace:${c.var.member.workspaceId}`, rule);
}
