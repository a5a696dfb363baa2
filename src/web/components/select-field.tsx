import type { FocusEvent, Ref } from 'react';
import { FormField } from './form-field';
import { useTypedBeforeHydration } from './use-typed-before-hydration';

interface SelectFieldProps {
  id: string;
  label: string;
  value: string;
  /** Shown (and sent as '') until a choice is made. */
  placeholder: string;
  options: readonly { value: string; label: string }[];
  error?: string;
  onChange: (value: string) => void;
  onBlur?: (event: FocusEvent) => void;
  inputRef?: Ref<HTMLSelectElement>;
}

/** A labelled native select with its error message tied to it for screen readers. */
export function SelectField({
  id,
  label,
  value,
  placeholder,
  options,
  error,
  onChange,
  onBlur,
  inputRef,
}: SelectFieldProps) {
  useTypedBeforeHydration(id, value, onChange);
  return (
    <FormField id={id} label={label} error={error}>
      {(control) => (
        <select
          {...control}
          ref={inputRef}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
