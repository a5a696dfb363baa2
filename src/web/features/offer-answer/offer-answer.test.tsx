// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HomeownerAnswerMessage } from '#domain/leads/homeowner-answer-message.ts';
import type { OfferAnswerRequestInput } from '#domain/leads/offer-answer-request.ts';
import { ApiError } from '#web/api/api-client.ts';
import { OfferAnswer } from './offer-answer';

const offer = { address: '12 Oak St, Austin, TX', marketValue: 200000, offerRange: { low: 111000, high: 126000 } };
const sent: HomeownerAnswerMessage = {
  outcome: 'sent',
  title: 'Your acceptance was sent to Lee Homes Buyer',
  message: 'Lee Homes Buyer will contact you to confirm the details.',
};

type Send = (answer: OfferAnswerRequestInput) => Promise<HomeownerAnswerMessage>;

function renderAnswer(props: Partial<Parameters<typeof OfferAnswer>[0]> & { send: Send }) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <OfferAnswer offer={offer} wholesalerName="Lee Homes Buyer" expired={false} {...props} />
    </QueryClientProvider>,
  );
}

async function fillContact(user: ReturnType<typeof userEvent.setup>) {
  // The forms load when an answer is picked.
  await user.type(await screen.findByLabelText('Name'), 'Ann Lee');
  await user.type(screen.getByLabelText('Email'), 'ann@example.com');
  await user.type(screen.getByLabelText('Phone'), '5125550100');
}

const valueOf = (element: HTMLElement) => (element as HTMLInputElement).value;

afterEach(cleanup);

describe('OfferAnswer', () => {
  it('accepts with the contact, sending nothing until it is complete, and says where the answer went', async () => {
    const user = userEvent.setup();
    const send = vi.fn<Send>().mockResolvedValue(sent);
    renderAnswer({ send });
    await user.click(screen.getByRole('button', { name: 'Get Offer' }));
    const heading = await screen.findByRole('heading', { name: 'Accept this offer' });
    await vi.waitFor(() => expect(document.activeElement).toBe(heading));

    await user.click(screen.getByRole('button', { name: 'Send to Lee Homes Buyer' }));
    expect(send).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Name is required')).toBeTruthy();

    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Send to Lee Homes Buyer' }));
    expect(send).toHaveBeenCalledWith({
      kind: 'accept',
      contact: { name: 'Ann Lee', email: 'ann@example.com', phone: '512-555-0100' },
      message: '',
    });
    expect(document.activeElement).toBe(await screen.findByRole('heading', { name: sent.title }));
    expect(screen.getByText(sent.message)).toBeTruthy();
  });

  it('back from a form, gives the focus to the button that opened it, sending nothing', async () => {
    const user = userEvent.setup();
    const send = vi.fn<Send>();
    renderAnswer({ send });
    for (const [opener, title] of [
      ['Negotiate', 'Negotiate'],
      ['Get Offer', 'Accept this offer'],
    ] as const) {
      await user.click(screen.getByRole('button', { name: opener }));
      await screen.findByRole('heading', { name: title });
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(document.activeElement).toBe(screen.getByRole('button', { name: opener }));
    }
    expect(send).not.toHaveBeenCalled();
  });

  it('opens the form an e-mail’s button asked for, prefilled with whom the offer was sent to', async () => {
    renderAnswer({
      send: vi.fn<Send>(),
      intent: 'negotiate',
      recipient: { name: 'Ann Lee', email: 'ann@example.com' },
    });
    expect(await screen.findByRole('heading', { name: 'Negotiate' })).toBeTruthy();
    expect(valueOf(screen.getByLabelText('Your Desired Price'))).toBe('');
    expect(valueOf(screen.getByLabelText('Name'))).toBe('Ann Lee');
    expect(valueOf(screen.getByLabelText('Email'))).toBe('ann@example.com');
  });

  it('after a counter above 82 % of market value, offers the MLS/Retail form, prefilled, with the counter', async () => {
    const user = userEvent.setup();
    const send = vi
      .fn<Send>()
      .mockResolvedValueOnce({
        outcome: 'needs-program-info',
        title: 'Your counter-offer of $170,000 was sent to Lee Homes Buyer',
        message: 'Lee Homes Buyer will review it.',
      })
      .mockResolvedValueOnce({ outcome: 'sent', title: 'Your MLS/Retail program request was sent', message: '' });
    renderAnswer({ send });
    await user.click(screen.getByRole('button', { name: 'Negotiate' }));
    await user.type(await screen.findByLabelText('Your Desired Price'), '$170,000');
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Send to Lee Homes Buyer' }));
    expect(send).toHaveBeenLastCalledWith(expect.objectContaining({ kind: 'counter', desiredPrice: 170000 }));
    expect(await screen.findByText(/\$164,000 here/)).toBeTruthy();
    expect(screen.queryByText(/accepted/i)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Continue to Program Details' }));
    expect(valueOf(await screen.findByLabelText('Full Name'))).toBe('Ann Lee');
    expect(valueOf(screen.getByLabelText('Phone'))).toBe('512-555-0100');
    await user.selectOptions(screen.getByLabelText('Property Condition'), 'Good');
    await user.selectOptions(screen.getByLabelText('Timeframe to Sell'), '60');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(send).toHaveBeenLastCalledWith({
      kind: 'program',
      fullName: 'Ann Lee',
      phone: '512-555-0100',
      email: 'ann@example.com',
      condition: 'Good',
      timeframe: '60',
      notes: '',
      desiredPrice: 170000,
    });
    expect(await screen.findByRole('heading', { name: 'Your MLS/Retail program request was sent' })).toBeTruthy();
  });

  it('offers only a request for a new offer once the offer has expired', async () => {
    const user = userEvent.setup();
    const send = vi.fn<Send>().mockResolvedValue(sent);
    renderAnswer({ send, expired: true, intent: 'accept' });
    expect(screen.getByText('This offer has expired. You can ask for a new one.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Get Offer' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Ask for a new offer' }));
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Send to Lee Homes Buyer' }));
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ kind: 'new-offer' }));
  });

  it('turns to the expired view when the server says the offer expired meanwhile', async () => {
    const user = userEvent.setup();
    const send = vi
      .fn<Send>()
      .mockRejectedValue(new ApiError('This offer has expired. You can ask for a new one.', 410));
    renderAnswer({ send });
    await user.click(screen.getByRole('button', { name: 'Get Offer' }));
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Send to Lee Homes Buyer' }));
    expect(await screen.findByRole('button', { name: 'Ask for a new offer' })).toBeTruthy();
  });

  it('keeps what was typed when sending fails, so it can be sent again', async () => {
    const user = userEvent.setup();
    const send = vi.fn<Send>().mockRejectedValueOnce(new Error('network down')).mockResolvedValueOnce(sent);
    renderAnswer({ send });
    await user.click(screen.getByRole('button', { name: 'Get Offer' }));
    await fillContact(user);
    await user.type(screen.getByLabelText('Message (optional)'), 'Call after 5');
    await user.click(screen.getByRole('button', { name: 'Send to Lee Homes Buyer' }));
    await vi.waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send to Lee Homes Buyer' }).disabled).toBe(false),
    );
    expect(valueOf(screen.getByLabelText('Message (optional)'))).toBe('Call after 5');
    await user.click(screen.getByRole('button', { name: 'Send to Lee Homes Buyer' }));
    expect(send).toHaveBeenLastCalledWith(expect.objectContaining({ message: 'Call after 5' }));
    expect(await screen.findByRole('heading', { name: sent.title })).toBeTruthy();
  });
});
