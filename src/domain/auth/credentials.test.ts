import { describe, expect, it } from 'vitest';
import {
  credentialMessages,
  NewPasswordSchema,
  passwordLengthProblem,
  PasswordResetRequestSchema,
  RegisterSchema,
  SignInSchema,
} from './credentials';

function firstIssue(result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) {
  const issue = result.error?.issues[0];
  return issue ? { message: issue.message, path: issue.path.join('.') } : undefined;
}

describe('passwordLengthProblem', () => {
  it.each([
    ['', credentialMessages.passwordRequired],
    ['1234567', credentialMessages.passwordTooShort],
    ['12345678', null],
    ['x'.repeat(128), null],
    ['x'.repeat(129), credentialMessages.passwordTooLong],
  ])('%j -> %s', (password, expected) => {
    expect(passwordLengthProblem(password)).toBe(expected);
  });
});

describe('SignInSchema', () => {
  it('trims the e-mail and the password (§5) and lower-cases the e-mail', () => {
    expect(SignInSchema.parse({ email: '  Ann@Example.COM ', password: ' secret words ' })).toEqual({
      email: 'ann@example.com',
      password: 'secret words',
    });
  });

  it.each([
    [{ email: '', password: 'x' }, 'email', credentialMessages.emailRequired],
    [{ email: '   ', password: 'x' }, 'email', credentialMessages.emailRequired],
    [{ email: 'ann', password: 'x' }, 'email', credentialMessages.emailInvalid],
    [{ email: 'ann@example.com', password: '  ' }, 'password', credentialMessages.passwordRequired],
  ])('%j is refused at %s: %s', (input, path, message) => {
    expect(firstIssue(SignInSchema.safeParse(input))).toEqual({ path, message });
  });

  it('does not apply the new-password length rule at sign-in (old passwords still sign in)', () => {
    expect(SignInSchema.safeParse({ email: 'a@b.co', password: 'short' }).success).toBe(true);
  });
});

describe('RegisterSchema', () => {
  it('needs at least 8 characters after trimming', () => {
    expect(firstIssue(RegisterSchema.safeParse({ email: 'a@b.co', password: ' 1234567 ' }))).toEqual({
      path: 'password',
      message: credentialMessages.passwordTooShort,
    });
    expect(RegisterSchema.parse({ email: 'a@b.co', password: ' 12345678 ' }).password).toBe('12345678');
  });
});

describe('PasswordResetRequestSchema', () => {
  it('needs a valid e-mail', () => {
    expect(firstIssue(PasswordResetRequestSchema.safeParse({ email: 'nope' }))?.message).toBe(
      credentialMessages.emailInvalid,
    );
  });
});

describe('NewPasswordSchema', () => {
  it('needs the confirmation to match', () => {
    expect(
      firstIssue(NewPasswordSchema.safeParse({ password: 'long enough', confirmPassword: 'long enougH' })),
    ).toEqual({
      path: 'confirmPassword',
      message: credentialMessages.passwordsDiffer,
    });
    expect(NewPasswordSchema.safeParse({ password: 'long enough', confirmPassword: ' long enough' }).success).toBe(
      true,
    );
  });
});
