/**
 * A choice of a few options as pressed-state buttons in one pill (§1's Homeowner / Wholesaler
 * switch, the repair estimate modes): a group named by `label` or by the element `labelledBy`.
 */
export function SegmentedControl<Value extends string>({
  options,
  value,
  onChange,
  label,
  labelledBy,
}: {
  options: readonly { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
  label?: string;
  labelledBy?: string;
}) {
  return (
    <div className="segmented" role="group" aria-label={label} aria-labelledby={labelledBy}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          className="segmented-option"
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
