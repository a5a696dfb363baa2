// Local fakes of the CRM API (GoHighLevel), of the CRM and spreadsheet automation webhooks and of the geocoder,
// started beside the e2e server (start-e2e-server.ts) so exports really leave the app and
// arrive somewhere. What they recorded is readable by the tests at GET <url>/__requests (and a
// test may make the CRM fail once with POST <url>/__ghl/fail-next {status, headers, match}), the
// url written to a small file named after the app's port (several e2e servers may run at once,
// so the read-out takes any free port).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startGeocoderFake } from '#tests/fakes/geocoder-fake.ts';
import {
  startGhlFake,
  type GhlFakeContact,
  type GhlFakeFailure,
  type GhlFakeNote,
  type GhlFakeOpportunity,
} from '#tests/fakes/ghl-fake.ts';
import { parseJsonBody, sendJson, startHttpFake } from '#tests/fakes/http-fake.ts';
import { startWebhookFake } from '#tests/fakes/webhook-fake.ts';

/** The GoHighLevel key and location the CRM fake accepts in end-to-end tests. */
export const E2E_GHL_API_KEY = 'pit-e2e-0000-1111-2222-ab12';
export const E2E_GHL_LOCATION_ID = 'e2eLocation0001';

const readOutFile = (appPort: number) => path.join(os.tmpdir(), `cash-offer-e2e-integration-fakes-${appPort}.json`);

/** Where the tests read what the fakes received, for the e2e server on `appPort`. */
export function integrationFakesUrl(appPort: number): string {
  return (JSON.parse(readFileSync(readOutFile(appPort), 'utf8')) as { url: string }).url;
}

export interface RecordedIntegrationRequests {
  crmWebhook: { path: string; body: unknown }[];
  sheetsWebhook: { path: string; body: unknown }[];
  /** The spreadsheet fake's address, for a user's own webhook (told apart by its query). */
  sheetsWebhookUrl: string;
  ghl: { method: string; path: string; authorization?: string; version?: string; body: unknown; at: number }[];
  ghlContacts: GhlFakeContact[];
  ghlNotes: GhlFakeNote[];
  ghlOpportunities: GhlFakeOpportunity[];
}

/** Starts the three fakes and the read-out endpoint; returns the app variables that point at them. */
export async function startIntegrationFakes(appPort: number) {
  const [crmWebhook, sheetsWebhook, ghl, geocoder] = await Promise.all([
    startWebhookFake(),
    startWebhookFake(),
    startGhlFake({ tokens: { [E2E_GHL_API_KEY]: E2E_GHL_LOCATION_ID } }),
    startGeocoderFake(),
  ]);

  const control = await startHttpFake((req, res) => {
    if (req.method === 'GET' && req.url.pathname === '/__requests') {
      const recorded: RecordedIntegrationRequests = {
        crmWebhook: crmWebhook.requests.map(({ path, body }) => ({ path, body })),
        sheetsWebhook: sheetsWebhook.requests.map(({ path, body }) => ({ path, body })),
        sheetsWebhookUrl: sheetsWebhook.url,
        ghl: ghl.requests.map(({ method, path, authorization, version, body, at }) => ({
          method,
          path,
          authorization,
          version,
          body,
          at,
        })),
        ghlContacts: ghl.contacts,
        ghlNotes: ghl.notes,
        ghlOpportunities: ghl.opportunities,
      };
      sendJson(res, 200, recorded);
      return;
    }
    if (req.method === 'POST' && req.url.pathname === '/__ghl/fail-next') {
      ghl.failNext(parseJsonBody(req.text) as GhlFakeFailure);
      sendJson(res, 200, { ok: true });
      return;
    }
    res.writeHead(404).end();
  });
  const file = readOutFile(appPort);
  writeFileSync(file, JSON.stringify({ url: control.url }));
  process.once('exit', () => rmSync(file, { force: true }));

  return {
    env: {
      CRM_WEBHOOK_URL: crmWebhook.url,
      SHEETS_WEBHOOK_URL: sheetsWebhook.url,
      GHL_API_URL: ghl.url,
      // The ARV panel locates a property through the Census Geocoder's shape (no Maps key in e2e).
      CENSUS_GEOCODER_URL: geocoder.censusUrl,
    },
    close: async () => {
      await Promise.all([control.close(), crmWebhook.close(), sheetsWebhook.close(), ghl.close(), geocoder.close()]);
    },
  };
}
