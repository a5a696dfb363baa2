import { FormField } from './form-field';
import type { FieldBinding } from './use-schema-form';
import { useTypedBeforeHydration } from './use-typed-before-hydration';

interface TextAreaFieldProps extends FieldBinding {
  id: string;
  label: string;
  hint?: string;
  rows?: number;
  maxLength?: number;
}

/** A labelled multi-line input bound to a schema form, its hint and error tied to it for screen readers. */
export function TextAreaField({
  id,
  label,
  hint,
  rows = 3,
  maxLength,
  value,
  error,
  onChange,
  onBlur,
  inputRef,
}: TextAreaFieldProps) {
  useTypedBeforeHydration(id, value, onChange);
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <textarea
          {...control}
          ref={inputRef}
          rows={rows}
          maxLength={maxLength}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
      )}
    </FormField>
  );
}
