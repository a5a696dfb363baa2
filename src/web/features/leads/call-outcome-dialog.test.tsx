// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallOutcomeDialog } from './call-outcome-dialog';
import type { LeadDetail } from './leads-api';

const lead = {
  id: '0b7a2b1e-54f6-4c2c-9d5e-3a3f3b1c2d4e',
  name: 'Dana Cole',
  address: '88 Birch Ln, Austin, TX',
  phones: [{ number: '512-555-0142', wrongNumber: false }],
} as LeadDetail['lead'];

let sent: unknown[];
beforeEach(() => {
  sent = [];
  // happy-dom's <dialog> has no showModal: the native element's behaviour is the browser's.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      sent.push(await request.clone().json());
      return Response.json({ event: {}, lead: {}, task: null }, { status: 201 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog() {
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CallOutcomeDialog lead={lead} contact={{ channel: 'call', phone: '512-555-0142' }} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

describe('CallOutcomeDialog', () => {
  it('asks when to call back for “not now”, and sends it with the outcome', async () => {
    const onClose = renderDialog();
    fireEvent.click(screen.getByRole('radio', { name: 'Talked: not now' }));
    expect((screen.getByRole('radio', { name: 'Talked: not now' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save outcome' }));
    expect(await screen.findByText('Please choose when to call back')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(screen.getByLabelText('Call back on'), { target: { value: '2026-12-20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save outcome' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        channel: 'call',
        phone: '512-555-0142',
        outcome: 'not-now',
        note: '',
        callBackAt: new Date('2026-12-20T10:00').toISOString(),
      },
    ]);
  });

  it('asks whether to mark the lead Dead only for “not interested”', () => {
    renderDialog();
    expect(screen.queryByRole('checkbox', { name: 'Mark this lead Dead' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Talked: not interested' }));
    expect(screen.getByRole('checkbox', { name: 'Mark this lead Dead' })).toBeTruthy();
  });
});
