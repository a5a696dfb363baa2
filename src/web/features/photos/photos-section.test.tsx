// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { photoMessages } from '#domain/photos/photo-rules.ts';
import { PhotosSection } from './photos-section';

const leadId = '0b7a2b1e-54f6-4c2c-9d5e-3a3f3b1c2d4e';
const photo = (id: string) => ({
  id,
  contentType: 'image/jpeg',
  width: 2048,
  height: 1365,
  byteSize: 1000,
  createdAt: '2026-11-29T09:00:00.000Z',
});
let listed: ReturnType<typeof photo>[];
let requests: { method: string; path: string }[];

beforeEach(() => {
  listed = [photo('11111111-1111-4111-8111-111111111111'), photo('22222222-2222-4222-8222-222222222222')];
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      const method = input instanceof Request ? input.method : (init?.method ?? 'GET');
      requests.push({ method, path: url.pathname });
      if (method === 'GET' && url.pathname === '/api/photos') {
        return Response.json({ address: '12 Oak St', photos: listed });
      }
      if (method === 'POST' && url.pathname === '/api/photos') {
        return Response.json({ error: photoMessages.wrongType, code: 'unsupported-media-type' }, { status: 415 });
      }
      return Response.json({ error: 'Not here' }, { status: 404 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSection(mayChange: boolean) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PhotosSection target={{ leadId }} address="12 Oak St" mayChange={mayChange} />
    </QueryClientProvider>,
  );
}

describe('PhotosSection', () => {
  it('shows each photo described by its place and the address, each opening the full photo', async () => {
    renderSection(false);
    const first = await screen.findByRole('img', { name: 'Photo 1 of 2, 12 Oak St' });
    expect(first.getAttribute('src')).toBe(`/api/photos/${listed[0]!.id}/file?size=thumbnail`);
    expect(screen.getByRole('link', { name: 'Photo 2 of 2, 12 Oak St' }).getAttribute('href')).toBe(
      `/api/photos/${listed[1]!.id}/file`,
    );
    // A member who may not change them gets neither the picker nor Delete.
    expect(screen.queryByLabelText('Add photos')).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('refuses a file over 10 MB or of another type in the browser, without sending it', async () => {
    renderSection(true);
    const picker = await screen.findByLabelText('Add photos');
    expect(screen.getByRole('button', { name: 'Delete Photo 1 of 2, 12 Oak St' })).toBeTruthy();
    const huge = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' });
    const gif = new File([new Uint8Array(10)], 'anim.gif', { type: 'image/gif' });
    await userEvent.setup({ applyAccept: false }).upload(picker, [huge, gif]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(`huge.jpg: ${photoMessages.tooLarge}`);
    expect(alert.textContent).toContain(`anim.gif: ${photoMessages.wrongType}`);
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it("says the server's refusal, file by file", async () => {
    renderSection(true);
    const picker = await screen.findByLabelText('Add photos');
    const pdf = new File(['%PDF-1.4'], 'scan.jpg', { type: 'image/jpeg' });
    await userEvent.upload(picker, pdf);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(`scan.jpg: ${photoMessages.wrongType}`));
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });
});
