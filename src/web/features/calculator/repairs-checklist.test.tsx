// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useReducer } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultTemplate } from '#domain/offer/built-in-templates.ts';
import { defaultRepairCatalog } from '#domain/repairs/repair-catalog.ts';
import { repairCostMessages } from '#domain/repairs/typed-repair-cost.ts';
import { calculatorReducer, initialCalculatorState } from './calculator-state';
import { RepairsChecklist } from './repairs-checklist';

function Checklist() {
  const [state, dispatch] = useReducer(
    calculatorReducer,
    calculatorReducer(initialCalculatorState(defaultRepairCatalog, defaultTemplate), {
      type: 'toggleRepair',
      name: 'New Roof',
    }),
  );
  return (
    <RepairsChecklist
      repairs={state.repairs}
      costTexts={state.repairCostTexts}
      costErrors={state.errors.repairCosts}
      onToggle={(name) => dispatch({ type: 'toggleRepair', name })}
      onCostType={(name, text) => dispatch({ type: 'typeRepairCost', name, text })}
      onCostLeave={(name) => dispatch({ type: 'leaveRepairCost', name })}
    />
  );
}

afterEach(cleanup);

const total = () => screen.getByText('Total repairs').nextElementSibling!.textContent;

describe('a repair cost field', () => {
  it('may be empty while editing; the total keeps the last valid cost; leaving it empty means $0', async () => {
    render(<Checklist />);
    const field = screen.getByLabelText('New Roof cost') as HTMLInputElement;
    const before = total();
    await userEvent.clear(field);
    expect(field.value).toBe('');
    expect(total()).toBe(before);

    await userEvent.type(field, '12500');
    expect(field.value).toBe('12500');
    expect(total()).toBe('$12,500');

    await userEvent.clear(field);
    fireEvent.blur(field);
    expect(field.value).toBe('0');
    expect(total()).toBe('$0');
  });

  it('says what is wrong with a negative cost on leaving the field, below it, and keeps what was typed', async () => {
    render(<Checklist />);
    const field = screen.getByLabelText('New Roof cost') as HTMLInputElement;
    await userEvent.clear(field);
    await userEvent.type(field, '9000');
    await userEvent.clear(field);
    await userEvent.type(field, '-5');
    fireEvent.blur(field);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(repairCostMessages.notAnAmount);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(alert.id);
    expect(field.value).toBe('-5');
    // The error is its own line under the field, not beside the '$' that belongs to the field.
    expect(alert.parentElement!.querySelector('.prefixed-input')!.contains(field)).toBe(true);
    expect(total()).toBe('$9,000');
  });
});

describe('the checklist drawn by the server', () => {
  it('keeps the boxes ticked and unticked before it hydrated, with their costs and total', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<Checklist />);
    const box = (name: string) => container.querySelector(`#repair-${name}`) as HTMLInputElement;
    box('kitchen-remodel').checked = true;
    box('new-roof').checked = false;
    const root = await act(async () => hydrateRoot(container, <Checklist />));
    expect((screen.getByLabelText('Kitchen Remodel cost') as HTMLInputElement).value).toBe('10000');
    expect(screen.queryByLabelText('New Roof cost')).toBeNull();
    expect(total()).toBe('$10,000');
    expect(box('kitchen-remodel').checked).toBe(true);
    expect(box('new-roof').checked).toBe(false);
    act(() => root.unmount());
    container.remove();
  });
});
