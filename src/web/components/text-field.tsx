interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  error?: string;
  type?: string;
  autoComplete?: string;
  placeholder?: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
}

/** A labelled input with its error message tied to it for screen readers. */
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
}: TextFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        placeholder={placeholder}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
