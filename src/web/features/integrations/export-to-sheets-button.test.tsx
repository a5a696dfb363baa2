// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sheetsSettingsMessages } from '#domain/integrations/sheets-settings-messages.ts';
import type { ExportTarget } from './export-target';
import { ExportToSheetsButton } from './export-to-sheets-button';

let settings: { configured: boolean; host: string | null; operatorWebhook: boolean };

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(settings), { status: 200, headers: { 'content-type': 'application/json' } }),
    ),
  );
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

const target: ExportTarget = {
  source: { kind: 'saved', savedPropertyId: '0b7a2b1e-54f6-4c2c-9d5e-3a3f3b1c2d4e' },
  summary: { address: '12 Oak St', marketValue: 200000, totalRepairCost: 0, offerRange: { low: 120000, high: 135000 } },
};

function renderButton() {
  const router = createMemoryRouter([{ path: '/', element: <ExportToSheetsButton target={target} /> }]);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('ExportToSheetsButton', () => {
  it('says how to connect a spreadsheet, before any typing, when neither the user nor the site has one', async () => {
    settings = { configured: false, host: null, operatorWebhook: false };
    renderButton();
    // Once the connection is known.
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    await userEvent.click(screen.getByRole('button', { name: 'Export to Sheets' }));
    expect(await screen.findByText(sheetsSettingsMessages.notConnected)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Connect a spreadsheet' }).getAttribute('href')).toBe('/test');
    expect(screen.queryByLabelText('City')).toBeNull();
  });

  it('opens the contact form when a spreadsheet is connected', async () => {
    settings = { configured: true, host: 'script.google.com', operatorWebhook: false };
    renderButton();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    await userEvent.click(screen.getByRole('button', { name: 'Export to Sheets' }));
    expect(await screen.findByLabelText('City')).toBeTruthy();
    expect(screen.queryByText(sheetsSettingsMessages.notConnected)).toBeNull();
  });
});
