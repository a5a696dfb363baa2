import type { z } from 'zod';

/** First error message per field, keyed by dotted path ('phones.0'; '' for the whole object); {} on success. */
export function fieldErrors(result: z.ZodSafeParseResult<unknown>): Record<string, string> {
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}
