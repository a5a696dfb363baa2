import type { GeocodedLocation } from '#domain/arv/geocode-request-schema.ts';
import type { Env } from '../env';
import { readLimitedText } from '../http/outbound/read-limited-text';
import { fetchUpstream, redact, upstreamMessageOf, UpstreamError } from '../http/outbound/upstream-error';
import { readCensusAnswer, readGoogleAnswer, type GeocoderReading } from './read-geocoder-answer';

/** The most of a geocoder's answer read (a Census answer with several matches is a few KB). */
const MAX_GEOCODER_ANSWER_BYTES = 256 * 1024;
/** Addresses remembered per server process; the oldest is forgotten first. */
const MAX_CACHED_ADDRESSES = 5_000;
/** How long a location is remembered: an address does not move, but geocoders improve. */
const FOUND_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** How long "no match" is remembered: a typo corrected is a new address anyway, so not long. */
const NOT_FOUND_TTL_MS = 60 * 60 * 1000;

export interface AddressGeocoder {
  /** The address's location, or null when the geocoder found none; an UpstreamError when it failed. */
  geocode(address: string): Promise<GeocodedLocation | null>;
}

type GeocoderEnv = Pick<Env, 'GOOGLE_MAPS_API_KEY' | 'GOOGLE_GEOCODING_API_URL' | 'CENSUS_GEOCODER_URL'>;

/** One spelling per address for the cache: case, spaces and a trailing period do not make a new one. */
const cacheKeyOf = (address: string) =>
  address
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/\s*,\s*/g, ', ')
    .replace(/[.\s]+$/, '')
    .trim();

/**
 * Locates addresses through Google's Geocoding API when GOOGLE_MAPS_API_KEY is set, else the U.S.
 * Census Geocoder, remembering each address's answer (found or not) in this process, and asking
 * once for an address asked twice at the same time. Failures are never remembered.
 */
export function createAddressGeocoder(env: GeocoderEnv, now: () => number = Date.now): AddressGeocoder {
  const cache = new Map<string, { value: GeocodedLocation | null; expiresAt: number }>();
  const inFlight = new Map<string, Promise<GeocodedLocation | null>>();
  const ask = env.GOOGLE_MAPS_API_KEY
    ? (address: string) => askGoogle(env.GOOGLE_GEOCODING_API_URL, env.GOOGLE_MAPS_API_KEY!, address)
    : (address: string) => askCensus(env.CENSUS_GEOCODER_URL, address);

  const remember = (key: string, value: GeocodedLocation | null) => {
    cache.delete(key);
    if (cache.size >= MAX_CACHED_ADDRESSES) cache.delete(cache.keys().next().value!);
    cache.set(key, { value, expiresAt: now() + (value ? FOUND_TTL_MS : NOT_FOUND_TTL_MS) });
  };

  return {
    async geocode(address) {
      const key = cacheKeyOf(address);
      const cached = cache.get(key);
      if (cached && cached.expiresAt > now()) return cached.value;
      const pending = inFlight.get(key);
      if (pending) return pending;
      const lookup = ask(address)
        .then((value) => {
          remember(key, value);
          return value;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, lookup);
      return lookup;
    },
  };
}

const CENSUS = 'The U.S. Census Geocoder';
const GOOGLE = 'Google’s Geocoding API';

async function askCensus(baseUrl: string, address: string) {
  const query = new URLSearchParams({ address, benchmark: 'Public_AR_Current', format: 'json' });
  const response = await fetchUpstream(CENSUS, `${baseUrl}/locations/onelineaddress?${query}`, {
    headers: { accept: 'application/json' },
  });
  return locationOf(CENSUS, response, readCensusAnswer, []);
}

async function askGoogle(baseUrl: string, apiKey: string, address: string) {
  const query = new URLSearchParams({ address, key: apiKey });
  const response = await fetchUpstream(
    GOOGLE,
    `${baseUrl}/json?${query}`,
    { headers: { accept: 'application/json' } },
    { secrets: [apiKey] },
  );
  return locationOf(GOOGLE, response, readGoogleAnswer, [apiKey]);
}

/** The answer read by the provider's reader; an answer of another shape, or a refusal, is an UpstreamError in words. */
async function locationOf(
  service: string,
  response: Response,
  read: (body: unknown) => GeocoderReading | null,
  secrets: string[],
): Promise<GeocodedLocation | null> {
  const text = await readLimitedText(response.body, MAX_GEOCODER_ANSWER_BYTES).catch(() => '');
  let reading: GeocoderReading | null = null;
  try {
    reading = read(JSON.parse(text));
  } catch {
    // not JSON: judged by its status below
  }
  if (!response.ok) {
    const message = reading?.kind === 'refused' ? reading.message : upstreamMessageOf(text);
    const said = `${service} answered ${response.status}${message ? `: ${message}` : ''}`;
    throw new UpstreamError(service, redact(said, secrets), response.status);
  }
  if (reading?.kind === 'refused') {
    const said = `${service} refused the address (${reading.message})`;
    throw new UpstreamError(service, redact(said, secrets), response.status);
  }
  if (!reading)
    throw new UpstreamError(service, `${service} answered in a shape this app does not read`, response.status);
  return reading.kind === 'found' ? reading.location : null;
}
