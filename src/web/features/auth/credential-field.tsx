import type { Ref } from 'react';

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
}: CredentialFieldProps) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        name={id}
        type={type}
        autoComplete={autoComplete}
        spellCheck={false}
        autoCapitalize="none"
        required
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
