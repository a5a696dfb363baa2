import type { Ref } from 'react';
import { FormField } from '../../components/form-field';

interface TextAreaFieldProps {
  id: string;
  label: string;
  value: string;
  maxLength?: number;
  error?: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line input with its error message tied to it for screen readers. */
export function TextAreaField({ id, label, value, maxLength, error, onChange, onBlur, inputRef }: TextAreaFieldProps) {
  return (
    <FormField id={id} label={label} error={error}>
      {(control) => (
        <textarea
          {...control}
          ref={inputRef}
          rows={3}
          value={value}
          maxLength={maxLength}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
      )}
    </FormField>
  );
}
