// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '#web/components/notify.ts';
import { ShareOfferButton } from './share-offer-button';

const url = `http://localhost:3000/offer/${'a'.repeat(43)}`;
let reply: { status: number; body: unknown };
const requests: unknown[] = [];

vi.mock('#web/components/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

beforeEach(() => {
  requests.length = 0;
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.error).mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      requests.push(await request.json());
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  // happy-dom has no <dialog> modal API.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderButton = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ShareOfferButton request={{ from: 'saved-property', savedPropertyId: '0b7a2b1e-54f6-4c2c-9d5e-3a3f3b1c2d4e' }} />
    </QueryClientProvider>,
  );

describe('ShareOfferButton', () => {
  it('makes a link for the offer and shows it with what the homeowner will see', async () => {
    reply = {
      status: 201,
      body: {
        id: 'x',
        url,
        createdAt: '2026-11-23T12:00:00.000Z',
        expiresAt: '2026-11-30T12:00:00.000Z',
        offer: { address: '12 Oak St, Austin, TX', offerRange: { low: 111000, high: 126000 } },
      },
    };
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Share offer' }));
    expect(requests).toEqual([{ from: 'saved-property', savedPropertyId: '0b7a2b1e-54f6-4c2c-9d5e-3a3f3b1c2d4e' }]);
    expect(((await screen.findByLabelText('Offer link')) as HTMLInputElement).value).toBe(url);
    expect(screen.getByText('12 Oak St, Austin, TX')).toBeTruthy();
    expect(screen.getByText('This offer is valid for 7 days (until November 30, 2026).')).toBeTruthy();
  });

  it('selects the link and says how to copy it when the clipboard is refused', async () => {
    reply = {
      status: 201,
      body: {
        id: 'x',
        url,
        createdAt: '',
        expiresAt: '2026-11-30T12:00:00.000Z',
        offer: { address: 'A', offerRange: { low: 1, high: 2 } },
      },
    };
    vi.stubGlobal('navigator', { clipboard: { writeText: () => Promise.reject(new Error('denied')) } });
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Share offer' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Press Ctrl+C to copy')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Offer link'));
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('says what the server refused, and opens nothing', async () => {
    reply = { status: 404, body: { error: 'Property not found' } };
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Share offer' }));
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith('Property not found'));
    expect(screen.queryByLabelText('Offer link')).toBeNull();
  });
});
