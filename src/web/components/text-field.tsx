import type { FocusEvent, Ref } from 'react';
import { FormField } from './form-field';
import { useTypedBeforeHydration } from './use-typed-before-hydration';

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  error?: string;
  type?: string;
  autoComplete?: string;
  placeholder?: string;
  onChange: (value: string) => void;
  onBlur?: (event: FocusEvent) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled text input with its error message. */
export function TextField({
  id,
  label,
  value,
  error,
  type = 'text',
  autoComplete,
  placeholder,
  onChange,
  onBlur,
  inputRef,
}: TextFieldProps) {
  useTypedBeforeHydration(id, value, onChange);
  return (
    <FormField id={id} label={label} error={error}>
      {(control) => (
        <input
          {...control}
          ref={inputRef}
          type={type}
          autoComplete={autoComplete}
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
      )}
    </FormField>
  );
}
