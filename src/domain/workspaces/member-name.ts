/**
 * Issue 42 §6: what others read for a member who has neither a display name in the workspace's
 * profile nor an account name: a neutral word, never a part of their e-mail address.
 */
export const UNNAMED_MEMBER = 'A teammate';

/** A member's name as shown or e-mailed: the name found, trimmed, else UNNAMED_MEMBER. */
export function memberNameOrNeutral(name: string | null | undefined): string {
  const trimmed = name?.trim();
  return trimmed ? trimmed : UNNAMED_MEMBER;
}
