import { PASSWORD_MIN_LENGTH } from '#domain/auth/credentials.ts';
import type { FieldBinding } from '#web/components/use-schema-form.ts';
import { CredentialField } from './credential-field';

/** A new password's input, with the rule it must meet as its hint (sign-up and reset). */
export function NewPasswordField({ id, label, ...binding }: { id: string; label: string } & FieldBinding) {
  return (
    <CredentialField
      id={id}
      label={label}
      type="password"
      autoComplete="new-password"
      hint={`At least ${PASSWORD_MIN_LENGTH} characters. Very common passwords are refused.`}
      {...binding}
    />
  );
}
