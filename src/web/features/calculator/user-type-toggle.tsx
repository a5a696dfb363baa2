import { SegmentedControl } from '#web/components/segmented-control.tsx';
import type { UserType } from './user-type';

const options: { value: UserType; label: string }[] = [
  { value: 'homeowner', label: 'Homeowner' },
  { value: 'wholesaler', label: 'Wholesaler' },
];

/** §1: the Homeowner / Wholesaler toggle, a pair of pressed-state buttons. */
export function UserTypeToggle({ value, onChange }: { value: UserType; onChange: (value: UserType) => void }) {
  return <SegmentedControl options={options} value={value} onChange={onChange} label="I am a" />;
}
