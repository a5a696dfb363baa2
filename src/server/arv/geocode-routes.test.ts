// Issue 42 §8: POST /api/arv/geocode locates the ARV's subject by its address, through Google's
// Geocoding API when the Maps key is set, else the U.S. Census Geocoder, both local fakes here
// (tests/fakes/geocoder-fake.ts), on PGlite and PostgreSQL: each address is asked once, failures
// and unknown addresses are answered in words, and hostile requests reach no geocoder.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { startGeocoderFake, type GeocoderFake } from '#tests/fakes/geocoder-fake.ts';
import { sendJson } from '#tests/support/send-json.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-database.ts';
import { signUpTestUser } from '#tests/support/test-users.ts';
import { GEOCODE_RATE_LIMIT } from './arv-routes';

const places = {
  '400 Broad St, Seattle, WA 98109': {
    lat: 47.620422,
    lng: -122.349358,
    matchedAddress: '400 BROAD ST, SEATTLE, WA, 98109',
  },
  '1 Cached Way, Seattle, WA 98103': { lat: 47.67, lng: -122.34, matchedAddress: '1 CACHED WAY, SEATTLE, WA, 98103' },
  '2 Retry Rd, Seattle, WA 98103': { lat: 47.66, lng: -122.35, matchedAddress: '2 RETRY RD, SEATTLE, WA, 98103' },
};
const GOOGLE_KEY = 'maps-test-key-1234';

describeEachDatabase('Locating the ARV subject by its address', (database) => {
  let fake: GeocoderFake;
  let census: ReturnType<typeof createTestApp>;
  let google: ReturnType<typeof createTestApp>;
  beforeAll(async () => {
    fake = await startGeocoderFake({ places, googleKey: GOOGLE_KEY });
    const urls = { CENSUS_GEOCODER_URL: fake.censusUrl, GOOGLE_GEOCODING_API_URL: fake.googleUrl };
    census = createTestApp(database(), { TRUST_PROXY: '1', ...urls });
    google = createTestApp(database(), { TRUST_PROXY: '1', ...urls, GOOGLE_MAPS_API_KEY: GOOGLE_KEY });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
  });

  const locate = (app: typeof census, headers: Record<string, string>, address: unknown) =>
    sendJson(app, 'POST', '/api/arv/geocode', headers, { address });

  it('answers 401 to a signed-out caller, and asks no geocoder', async () => {
    expect((await locate(census, {}, '400 Broad St, Seattle, WA 98109')).status).toBe(401);
    expect(fake.requests).toEqual([]);
  });

  it('locates through the U.S. Census Geocoder without a Maps key, with its benchmark and format', async () => {
    const { headers } = await signUpTestUser(census);
    const response = await locate(census, headers, '  400 Broad St, Seattle, WA 98109 ');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      lat: 47.620422,
      lng: -122.349358,
      matchedAddress: '400 BROAD ST, SEATTLE, WA, 98109',
      source: 'census',
    });
    expect(fake.requests).toEqual([
      {
        provider: 'census',
        address: '400 Broad St, Seattle, WA 98109',
        key: null,
        query: { address: '400 Broad St, Seattle, WA 98109', benchmark: 'Public_AR_Current', format: 'json' },
      },
    ]);
  });

  it('locates through Google’s Geocoding API with the Maps key', async () => {
    const { headers } = await signUpTestUser(google);
    const response = await locate(google, headers, '400 Broad St, Seattle, WA 98109');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      lat: 47.620422,
      lng: -122.349358,
      matchedAddress: '400 BROAD ST, SEATTLE, WA, 98109',
      source: 'google',
    });
    expect(fake.requests.map(({ provider, key }) => ({ provider, key }))).toEqual([
      { provider: 'google', key: GOOGLE_KEY },
    ]);
  });

  it('asks once per address: the same address in another case or spacing, by another user, is remembered', async () => {
    const first = await signUpTestUser(census);
    const second = await signUpTestUser(census);
    expect((await locate(census, first.headers, '1 Cached Way, Seattle, WA 98103')).status).toBe(200);
    const again = await locate(census, second.headers, '1 CACHED WAY,   seattle, wa 98103.');
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ lat: 47.67, lng: -122.34, source: 'census' });
    expect(fake.requests).toHaveLength(1);
  });

  it('says in words that an unknown address has no location (422), and that the geocoder failed (502), and remembers no failure', async () => {
    const { headers } = await signUpTestUser(census);
    const unknown = await locate(census, headers, '999 Nowhere Ln, Atlantis, WA 98000');
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toEqual({
      error:
        'No location was found for that address. Check the street, city, state and ZIP code, or type the latitude and longitude.',
      code: 'address-not-found',
    });

    fake.failNext(503);
    const failed = await locate(census, headers, '2 Retry Rd, Seattle, WA 98103');
    expect(failed.status).toBe(502);
    const body = (await failed.json()) as { error: string };
    expect(body.error).toBe(
      "Could not find the property's location: The U.S. Census Geocoder answered 503: The service is temporarily unavailable. Try again, or type its latitude and longitude.",
    );
    expect(JSON.stringify(body)).not.toMatch(/ at |stack/i);

    const retried = await locate(census, headers, '2 Retry Rd, Seattle, WA 98103');
    expect(retried.status).toBe(200);
    expect(await retried.json()).toMatchObject({ lat: 47.66, lng: -122.35 });
  });

  it('says Google’s refusal in words, never the key', async () => {
    const wrongKey = createTestApp(database(), {
      TRUST_PROXY: '1',
      GOOGLE_GEOCODING_API_URL: fake.googleUrl,
      GOOGLE_MAPS_API_KEY: 'maps-wrong-key-9876',
    });
    const { headers } = await signUpTestUser(wrongKey);
    const refused = await locate(wrongKey, headers, '400 Broad St, Seattle, WA 98109');
    expect(refused.status).toBe(502);
    const text = await refused.text();
    expect(JSON.parse(text)).toEqual({
      error:
        "Could not find the property's location: Google’s Geocoding API refused the address (REQUEST_DENIED: The provided API key is invalid.). Try again, or type its latitude and longitude.",
    });
    expect(text).not.toContain('maps-wrong-key-9876');
  });

  it('hostile: refuses an oversized, empty, NUL-holding or missing address with a 400 in words, and asks no geocoder', async () => {
    const { headers } = await signUpTestUser(census);
    const cases: [unknown, string][] = [
      [`${'9'.repeat(60_000)} Broad St, Seattle, WA`, 'The address must be at most 200 characters'],
      [`${'400 Broad St '.repeat(20)}`, 'The address must be at most 200 characters'],
      ['   ', 'Enter the property address to find its location'],
      ['400 Broad\u0000 St', 'Text cannot contain NUL characters'],
      [undefined, expect.any(String) as unknown as string],
      [{ street: '400 Broad St' }, expect.any(String) as unknown as string],
    ];
    for (const [address, message] of cases) {
      const response = await locate(census, headers, address);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: message });
    }
    expect(fake.requests).toEqual([]);
  });

  it('hostile: rate limits each user (429) before asking the geocoder; another user is not held', async () => {
    const { headers } = await signUpTestUser(census);
    for (let index = 0; index < GEOCODE_RATE_LIMIT.limit; index += 1) {
      expect((await locate(census, headers, '')).status).toBe(400);
    }
    const refused = await locate(census, headers, '400 Broad St, Seattle, WA 98109');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: expect.stringMatching(/^Too many requests/), code: 'rate-limited' });
    expect(fake.requests).toEqual([]);
    const other = await signUpTestUser(census);
    expect((await locate(census, other.headers, '400 Broad St, Seattle, WA 98109')).status).toBe(200);
  });
});
