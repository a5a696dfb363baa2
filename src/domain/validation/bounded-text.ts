import { z } from 'zod';

export const textMessages = {
  nulCharacter: 'Text cannot contain NUL characters',
} as const;

/** False for text holding U+0000, which PostgreSQL text and jsonb cannot store: refuse it as input. */
export function hasNoNulCharacter(value: string): boolean {
  return !value.includes('\u0000');
}

/**
 * Trimmed text of at most `max` characters, refusing U+0000 (PostgreSQL text cannot hold it).
 * `label` names the field in the too-long message ('Notes must be at most 2000 characters').
 */
export function boundedText(label: string, max: number) {
  return z
    .string()
    .max(max * 4, `${label} must be at most ${max} characters`)
    .refine(hasNoNulCharacter, textMessages.nulCharacter)
    .transform((value) => value.trim())
    .pipe(z.string().max(max, `${label} must be at most ${max} characters`));
}
