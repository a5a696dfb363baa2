import type { z } from 'zod';

/** The 400 answer to a body a schema refused: its first issue's message, and the field it names. */
export function invalidRequestAnswer({ issues }: { issues: readonly z.core.$ZodIssue[] }): {
  error: string;
  field?: string;
} {
  const issue = issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : undefined;
  return { error: issue?.message ?? 'Invalid request', field };
}
