// A local stand-in for the two geocoders the ARV panel locates a property with, speaking their
// HTTP shapes: the U.S. Census Geocoder (GET /geocoder/locations/onelineaddress?address=…&
// benchmark=Public_AR_Current&format=json → { result: { addressMatches: [{ matchedAddress,
// coordinates: { x, y } }] } }, or HTTP 400 { errors: [...], status: '400' }) and Google's
// Geocoding API (GET /maps/api/geocode/json?address=…&key=… → { status, results:
// [{ formatted_address, geometry: { location: { lat, lng } } }] }). It knows the addresses it is
// given (any case), records every request, and fails on demand. A developer can run it
// (`npx tsx tests/fakes/geocoder-fake.ts`) and point CENSUS_GEOCODER_URL at its /geocoder.
import type { ServerResponse } from 'node:http';
import { runWhenMain, sendJson, startHttpFake, type HttpFakeRequest } from './http-fake';

export interface GeocoderFakePlace {
  lat: number;
  lng: number;
  matchedAddress: string;
}

export interface GeocoderFakeRequest {
  provider: 'census' | 'google';
  address: string | null;
  /** Google's key as sent (null for the Census Geocoder). */
  key: string | null;
  query: Record<string, string>;
}

export interface GeocoderFake {
  url: string;
  /** CENSUS_GEOCODER_URL. */
  censusUrl: string;
  /** GOOGLE_GEOCODING_API_URL. */
  googleUrl: string;
  requests: GeocoderFakeRequest[];
  /** The next `times` requests answer this HTTP status (Census: { errors }; Google: 200 with status UNKNOWN_ERROR when 200). */
  failNext(status: number, times?: number): void;
  close(): Promise<void>;
}

/** Addresses every fake knows (Seattle, where the bench's sales are). */
export const GEOCODER_FAKE_PLACES: Record<string, GeocoderFakePlace> = {
  '400 broad st, seattle, wa 98109': {
    lat: 47.620422,
    lng: -122.349358,
    matchedAddress: '400 BROAD ST, SEATTLE, WA, 98109',
  },
  '100 elm st, austin, tx': { lat: 30.2702, lng: -97.7432, matchedAddress: '100 ELM ST, AUSTIN, TX, 78701' },
};

const keyOf = (address: string) => address.trim().toLowerCase().replace(/\s+/g, ' ');

export async function startGeocoderFake({
  port = 0,
  places = GEOCODER_FAKE_PLACES,
  googleKey = 'maps-fake-key',
}: { port?: number; places?: Record<string, GeocoderFakePlace>; googleKey?: string } = {}): Promise<GeocoderFake> {
  const requests: GeocoderFakeRequest[] = [];
  let failures: { status: number; times: number } | null = null;
  const known = new Map(Object.entries(places).map(([address, place]) => [keyOf(address), place]));

  const takeFailure = () => {
    if (!failures || failures.times <= 0) return null;
    failures.times -= 1;
    return failures.status;
  };

  const census = (req: HttpFakeRequest, res: ServerResponse, address: string | null) => {
    const failure = takeFailure();
    if (failure)
      return sendJson(res, failure, { errors: ['The service is temporarily unavailable'], status: String(failure) });
    if (!address?.trim()) return sendJson(res, 400, { errors: ['Address cannot be empty'], status: '400' });
    if (req.url.searchParams.get('benchmark') === null) {
      return sendJson(res, 400, { errors: ['Benchmark must be provided'], status: '400' });
    }
    const place = known.get(keyOf(address));
    sendJson(res, 200, {
      result: {
        input: { address: { address }, benchmark: { benchmarkName: 'Public_AR_Current' } },
        addressMatches: place
          ? [
              {
                tigerLine: { side: 'L', tigerLineId: '0' },
                coordinates: { x: place.lng, y: place.lat },
                addressComponents: {},
                matchedAddress: place.matchedAddress,
              },
            ]
          : [],
      },
    });
  };

  const google = (res: ServerResponse, address: string | null, key: string | null) => {
    const failure = takeFailure();
    if (failure) {
      return sendJson(res, failure, { status: 'UNKNOWN_ERROR', error_message: 'Server error', results: [] });
    }
    if (key !== googleKey) {
      return sendJson(res, 200, {
        status: 'REQUEST_DENIED',
        error_message: 'The provided API key is invalid.',
        results: [],
      });
    }
    if (!address?.trim()) return sendJson(res, 200, { status: 'INVALID_REQUEST', results: [] });
    const place = known.get(keyOf(address));
    sendJson(res, 200, {
      status: place ? 'OK' : 'ZERO_RESULTS',
      results: place
        ? [
            {
              formatted_address: place.matchedAddress,
              geometry: { location: { lat: place.lat, lng: place.lng }, location_type: 'ROOFTOP' },
              place_id: 'fake',
            },
          ]
        : [],
    });
  };

  const server = await startHttpFake(
    (req, res) => {
      const address = req.url.searchParams.get('address');
      const query = Object.fromEntries(req.url.searchParams);
      if (req.method === 'GET' && req.url.pathname === '/geocoder/locations/onelineaddress') {
        requests.push({ provider: 'census', address, key: null, query });
        return census(req, res, address);
      }
      if (req.method === 'GET' && req.url.pathname === '/maps/api/geocode/json') {
        const key = req.url.searchParams.get('key');
        requests.push({ provider: 'google', address, key, query });
        return google(res, address, key);
      }
      res.writeHead(404).end();
    },
    { port },
  );

  return {
    url: server.url,
    censusUrl: `${server.url}/geocoder`,
    googleUrl: `${server.url}/maps/api/geocode`,
    requests,
    failNext: (status, times = 1) => {
      failures = { status, times };
    },
    close: server.close,
  };
}

void runWhenMain(import.meta.url, async () => {
  const fake = await startGeocoderFake({ port: Number(process.env.PORT ?? 4030) });
  console.log(`Geocoder fake: CENSUS_GEOCODER_URL=${fake.censusUrl} GOOGLE_GEOCODING_API_URL=${fake.googleUrl}`);
  return fake;
});
