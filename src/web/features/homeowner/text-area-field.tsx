interface TextAreaFieldProps {
  id: string;
  label: string;
  value: string;
  maxLength?: number;
  error?: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
}

/** A labelled multi-line input with its error message tied to it for screen readers. */
export function TextAreaField({ id, label, value, maxLength, error, onChange, onBlur }: TextAreaFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={3}
        value={value}
        maxLength={maxLength}
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
