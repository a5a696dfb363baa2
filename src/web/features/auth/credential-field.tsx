import type { FocusEvent, Ref } from 'react';
import { FormField } from '#web/components/form-field.tsx';
import { useTypedBeforeHydration } from '#web/components/use-typed-before-hydration.ts';

interface CredentialFieldProps {
  id: string;
  label: string;
  type: 'email' | 'password';
  autoComplete: 'email' | 'current-password' | 'new-password';
  value: string;
  error?: string;
  hint?: string;
  inputRef?: Ref<HTMLInputElement>;
  onChange: (value: string) => void;
  onBlur?: (event: FocusEvent) => void;
}

/** A labelled e-mail or password input with its hint and error tied to it for screen readers. */
export function CredentialField({
  id,
  label,
  type,
  autoComplete,
  value,
  error,
  hint,
  inputRef,
  onChange,
  onBlur,
}: CredentialFieldProps) {
  useTypedBeforeHydration(id, value, onChange);
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      {(control) => (
        <input
          {...control}
          ref={inputRef}
          name={id}
          type={type}
          autoComplete={autoComplete}
          spellCheck={false}
          autoCapitalize="none"
          required
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
      )}
    </FormField>
  );
}
