interface SelectFieldProps {
  id: string;
  label: string;
  value: string;
  /** Shown (and sent as '') until a choice is made. */
  placeholder: string;
  options: readonly { value: string; label: string }[];
  error?: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
}

/** A labelled native select with its error message tied to it for screen readers. */
export function SelectField({ id, label, value, placeholder, options, error, onChange, onBlur }: SelectFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
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
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
