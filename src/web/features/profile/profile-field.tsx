import { FormField } from '#web/components/form-field.tsx';
import type { FieldBinding } from '#web/components/use-schema-form.ts';
import { useTypedBeforeHydration } from '#web/components/use-typed-before-hydration.ts';

interface ProfileFieldProps extends FieldBinding {
  id: string;
  label: string;
  hint?: string;
  type?: string;
  autoComplete?: string;
  placeholder?: string;
  /** A multi-line field of this many rows instead of one line. */
  rows?: number;
}

/** A labelled input (or text area) bound to the profile form, its hint and error tied to it for screen readers. */
export function ProfileField({ id, label, hint, type = 'text', rows, ...binding }: ProfileFieldProps) {
  const { value, onChange, onBlur, inputRef, autoComplete, placeholder } = binding;
  useTypedBeforeHydration(id, value, onChange);
  return (
    <FormField id={id} label={label} hint={hint} error={binding.error}>
      {(control) =>
        rows ? (
          <textarea
            {...control}
            ref={inputRef}
            rows={rows}
            autoComplete={autoComplete}
            placeholder={placeholder}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onBlur}
          />
        ) : (
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
        )
      }
    </FormField>
  );
}
