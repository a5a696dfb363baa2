// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { NetSheet } from './net-sheet';

afterEach(cleanup);

const kept = (title: string) =>
  within(screen.getByRole('region', { name: title })).getByRole('row', { name: /You keep/ }).textContent;

describe('NetSheet', () => {
  it('shows what each way of selling leaves the homeowner, and recomputes from a changed assumption', async () => {
    const user = userEvent.setup();
    render(<NetSheet cashOffer={{ low: 111000, high: 126000 }} marketValue={200000} totalRepairCost={9000} />);
    expect(kept('Cash offer')).toContain('$110,725 – $125,725');
    expect(kept('List as it is')).toContain('$173,115');
    expect(kept('Repair, then list')).toContain('$171,250');
    expect(screen.getByRole('status').textContent).toBe(
      'With these assumptions, list as it is nets at least $1,865 more than repair, then list, in about 3 months.',
    );

    // The assumptions' checks load when the sheet is opened; a changed figure applies once they have.
    await user.click(screen.getByText('Compare your options: cash offer, listing as it is, repairing first'));
    const commission = screen.getByLabelText('Agent commission (%)');
    await user.clear(commission);
    await user.type(commission, 'lots');
    expect(screen.getByText('Enter a number')).toBeTruthy();
    // The sheet keeps the last valid figures meanwhile.
    expect(kept('List as it is')).toContain('$173,115');

    await user.clear(commission);
    await user.type(commission, '3');
    // 2.5 points less of $191,000.
    await waitFor(() => expect(kept('List as it is')).toContain('$177,890'));
    expect(kept('Cash offer')).toContain('$110,725 – $125,725');

    await user.clear(commission);
    await user.type(commission, '25');
    expect(await screen.findByText('Commission must be at most 20%')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Reset assumptions' }));
    expect((screen.getByLabelText('Agent commission (%)') as HTMLInputElement).value).toBe('5.5');
    expect(kept('List as it is')).toContain('$173,115');
  });

  it('keeps the sheet opened and the figures typed on the server-drawn page before it hydrated', async () => {
    const sheet = <NetSheet cashOffer={{ low: 111000, high: 126000 }} marketValue={200000} totalRepairCost={9000} />;
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(sheet);
    const typeEarly = (label: string, value: string) => {
      const id = [...container.querySelectorAll('label')].find((element) => element.textContent === label)!.htmlFor;
      (container.querySelector(`[id="${id}"]`) as HTMLInputElement).value = value;
    };
    container.querySelector('details')!.open = true;
    typeEarly('Sale price as it is ($)', '150000');
    typeEarly('Agent commission (%)', '3');
    const root = await act(async () => hydrateRoot(container, sheet));
    expect(container.querySelector('details')!.open).toBe(true);
    // Both typed figures apply: 2.5 points less commission of $150,000 than the $135,600 left at 5.5 %.
    await waitFor(() => expect(kept('List as it is')).toContain('$139,350'));
    expect((screen.getByLabelText('Sale price as it is ($)') as HTMLInputElement).value).toBe('150000');
    expect((screen.getByLabelText('Agent commission (%)') as HTMLInputElement).value).toBe('3');
    act(() => root.unmount());
    container.remove();
  });
});
