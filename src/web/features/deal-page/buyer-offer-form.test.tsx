// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { proofOfFundsMessages } from '#domain/buyers/proof-of-funds-rules.ts';
import { BuyerOfferForm } from './buyer-offer-form';
import type { DealPageData } from './deal-page-api';

const token = 'a'.repeat(43);
const deal = {
  buyer: { name: 'Ann Lee', email: 'ann@example.com', phone: '' },
} as unknown as DealPageData;

let sent: { path: string; form: FormData }[];
let answer: Response;

beforeEach(() => {
  sent = [];
  answer = Response.json({ offer: { id: 'o1', createdAt: '2026-11-29T10:00:00.000Z' } }, { status: 201 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push({ path: new URL(String(input), 'http://localhost').pathname, form: init?.body as FormData });
      return answer;
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <BuyerOfferForm token={token} deal={deal} onCancel={() => {}} />
    </QueryClientProvider>,
  );
}

describe('BuyerOfferForm', () => {
  it('sends the offer, its proof of funds and the prefilled contact as one form, and says it was sent', async () => {
    const user = userEvent.setup();
    renderForm();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Ann Lee');
    await user.type(screen.getByLabelText('Offer amount'), '180000');
    const pdf = new File(['%PDF-1.4'], 'pof.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText(/^Proof of funds/), pdf);
    await user.click(screen.getByRole('button', { name: 'Send offer' }));

    expect(await screen.findByRole('status')).toHaveProperty('textContent', expect.stringContaining('$180,000'));
    expect(sent.map((request) => request.path)).toEqual([`/api/public/deals/${token}/offers`]);
    const form = sent[0]!.form;
    expect(form.get('amount')).toBe('180000');
    expect(form.get('email')).toBe('ann@example.com');
    expect((form.get('proofOfFunds') as File).name).toBe('pof.pdf');
  });

  it('refuses a file that is no PDF or image before sending anything, on the file field', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderForm();
    await user.type(screen.getByLabelText('Offer amount'), '180000');
    await user.upload(
      screen.getByLabelText(/^Proof of funds/),
      new File(['MZ'], 'pof.exe', { type: 'application/x-msdownload' }),
    );
    expect(screen.getByText(proofOfFundsMessages.wrongType)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(sent).toEqual([]);
    expect(document.activeElement).toBe(screen.getByLabelText(/^Proof of funds/));
  });

  it('shows the server’s refusal of the file on the file field', async () => {
    answer = Response.json({ error: proofOfFundsMessages.wrongType, code: 'unsupported-media-type' }, { status: 415 });
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Offer amount'), '180000');
    await user.upload(
      screen.getByLabelText(/^Proof of funds/),
      new File(['not a pdf'], 'pof.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText(proofOfFundsMessages.wrongType)).toBeTruthy();
    expect(sent).toHaveLength(1);
  });
});
