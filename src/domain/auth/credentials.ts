import { z } from 'zod';

/** §5 and the accounts issue: what the sign-in, register and reset forms say. */
export const credentialMessages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  passwordTooCommon: 'This password is too common. Please choose a less guessable one.',
  passwordsDiffer: 'The passwords do not match',
} as const;

/** Length limits for a new password, in characters (the server enforces the same, plus the common-password list). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** The length problem with a new password, or null when its length is acceptable. */
export function passwordLengthProblem(password: string): string | null {
  if (password.length === 0) return credentialMessages.passwordRequired;
  if (password.length < PASSWORD_MIN_LENGTH) return credentialMessages.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return credentialMessages.passwordTooLong;
  return null;
}

const email = z
  .string()
  .trim()
  .min(1, { error: credentialMessages.emailRequired, abort: true })
  .max(254, 'Email must be at most 254 characters')
  .regex(z.regexes.email, credentialMessages.emailInvalid)
  .transform((value) => value.toLowerCase());

/** §5: sign-in needs an e-mail and a password, both trimmed. */
export const SignInSchema = z.object({
  email,
  password: z.string().trim().min(1, credentialMessages.passwordRequired),
});
export type SignIn = z.infer<typeof SignInSchema>;

const newPassword = z
  .string()
  .trim()
  .superRefine((password, ctx) => {
    const problem = passwordLengthProblem(password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * Register form. The password is trimmed as at sign-in, so a password chosen with a trailing
 * space can still be typed at sign-in (which trims, §5).
 */
export const RegisterSchema = z.object({ email, password: newPassword });
export type Register = z.infer<typeof RegisterSchema>;

/** Forgot-password form: only the e-mail. */
export const PasswordResetRequestSchema = z.object({ email });

/** Reset-password form: the new password twice. */
export const NewPasswordSchema = z
  .object({ password: newPassword, confirmPassword: z.string().trim() })
  .refine((value) => value.password === value.confirmPassword, {
    message: credentialMessages.passwordsDiffer,
    path: ['confirmPassword'],
  });
