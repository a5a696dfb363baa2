// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultRepairCatalog } from '../../../domain/repairs/repair-catalog';
import { setRepairCost, toggleRepair } from '../../../domain/repairs/repair-state';
import { RepairsChecklist, repairCostMessage } from './repairs-checklist';

function Checklist() {
  const [repairs, setRepairs] = useState(toggleRepair(defaultRepairCatalog, 'New Roof'));
  return (
    <RepairsChecklist
      repairs={repairs}
      onToggle={(name) => setRepairs((items) => toggleRepair(items, name))}
      onCostChange={(name, cost) => setRepairs((items) => setRepairCost(items, name, cost))}
    />
  );
}

afterEach(cleanup);

describe('a repair cost field', () => {
  it('may be empty while editing; the total keeps the last valid cost; leaving it empty means $0', async () => {
    render(<Checklist />);
    const field = screen.getByLabelText('New Roof cost') as HTMLInputElement;
    const before = screen.getByText('Total repairs').nextElementSibling!.textContent;
    await userEvent.clear(field);
    expect(field.value).toBe('');
    expect(screen.getByText('Total repairs').nextElementSibling!.textContent).toBe(before);

    await userEvent.type(field, '12500');
    expect(field.value).toBe('12500');
    expect(screen.getByText('Total repairs').nextElementSibling!.textContent).toBe('$12,500');

    await userEvent.clear(field);
    fireEvent.blur(field);
    expect(field.value).toBe('0');
    expect(screen.getByText('Total repairs').nextElementSibling!.textContent).toBe('$0');
  });

  it('says what is wrong with a negative cost on leaving the field, and keeps the last valid one', async () => {
    render(<Checklist />);
    const field = screen.getByLabelText('New Roof cost') as HTMLInputElement;
    await userEvent.clear(field);
    await userEvent.type(field, '9000');
    await userEvent.clear(field);
    await userEvent.type(field, '-5');
    fireEvent.blur(field);
    expect(screen.getByRole('alert').textContent).toBe(repairCostMessage);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Total repairs').nextElementSibling!.textContent).toBe('$9,000');
  });
});
