// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { proofOfFundsMessages } from '#domain/buyers/proof-of-funds-rules.ts';
import { ProofOfFundsFile } from './proof-of-funds-file';

const buyer = { id: '0b7a2b1e-54f6-4c2c-9d5e-3a3f3b1c2d4e', name: 'Ann Lee', proofOfFundsFileType: 'application/pdf' };
let requests: { method: string; path: string }[];
let chosen: File | null;

beforeEach(() => {
  requests = [];
  chosen = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      const method = input instanceof Request ? input.method : (init?.method ?? 'GET');
      requests.push({ method, path: url.pathname });
      if (method === 'DELETE') return Response.json({ buyer: { ...buyer, proofOfFundsFileType: null } });
      return Response.json({ error: 'Not here' }, { status: 404 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Harness({ of }: { of: typeof buyer | null }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <ProofOfFundsFile
      buyer={of}
      chosen={file}
      onChoose={(next) => {
        chosen = next;
        setFile(next);
      }}
    />
  );
}

const renderFile = (of: typeof buyer | null) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Harness of={of} />
    </QueryClientProvider>,
  );

describe('ProofOfFundsFile', () => {
  it('refuses a file of another type or over 10 MB at once, sending nothing, and keeps a PDF for the save', async () => {
    renderFile(null);
    const picker = screen.getByLabelText('Proof-of-funds file (optional)');
    const user = userEvent.setup({ applyAccept: false });

    await user.upload(picker, new File(['<svg/>'], 'funds.svg', { type: 'image/svg+xml' }));
    expect((await screen.findByRole('alert')).textContent).toBe(proofOfFundsMessages.wrongType);
    expect(picker.getAttribute('aria-invalid')).toBe('true');
    expect(chosen).toBeNull();

    await user.upload(
      picker,
      new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.pdf', { type: 'application/pdf' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(proofOfFundsMessages.tooLarge);
    expect(chosen).toBeNull();

    await user.upload(picker, new File(['%PDF-1.4'], 'letter.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(chosen?.name).toBe('letter.pdf');
    expect(screen.getByText(/letter\.pdf is sent when you save\./)).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it("offers the file on record as a download of the workspace's route, and removes it, focus on the picker", async () => {
    renderFile(buyer);
    expect(screen.getByText('File on record: a PDF.')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Download proof of funds of Ann Lee' });
    expect(link.getAttribute('href')).toBe(`/api/buyers/${buyer.id}/proof-of-funds`);
    expect(link.hasAttribute('download')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Remove file of Ann Lee' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('The proof-of-funds file was removed.'));
    expect(requests).toEqual([{ method: 'DELETE', path: `/api/buyers/${buyer.id}/proof-of-funds` }]);
    expect(screen.queryByRole('link', { name: /Download proof of funds/ })).toBeNull();
    const picker = screen.getByLabelText('Proof-of-funds file (optional)');
    expect(document.activeElement).toBe(picker);
  });
});
