import type { UserType } from './user-type';

const options: { value: UserType; label: string }[] = [
  { value: 'homeowner', label: 'Homeowner' },
  { value: 'wholesaler', label: 'Wholesaler' },
];

/** §1: the Homeowner / Wholesaler toggle, a pair of pressed-state buttons. */
export function UserTypeToggle({ value, onChange }: { value: UserType; onChange: (value: UserType) => void }) {
  return (
    <div className="segmented" role="group" aria-label="I am a">
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
