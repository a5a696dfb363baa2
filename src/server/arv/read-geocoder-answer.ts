import { z } from 'zod';
import type { GeocodedLocation } from '#domain/arv/geocode-request-schema.ts';

/** What a geocoder's answer says: a location, no match, or the provider's own refusal in words. */
export type GeocoderReading =
  { kind: 'found'; location: GeocodedLocation } | { kind: 'not-found' } | { kind: 'refused'; message: string };

const latitude = z.number().finite().min(-90).max(90);
const longitude = z.number().finite().min(-180).max(180);

// The Census Geocoder's onelineaddress answer (format=json): matches carry x (longitude) and y (latitude).
const CensusAnswerSchema = z.union([
  z.object({
    result: z.object({
      addressMatches: z.array(
        z.object({
          matchedAddress: z.string(),
          coordinates: z.object({ x: longitude, y: latitude }),
        }),
      ),
    }),
  }),
  z.object({ errors: z.array(z.string()).min(1) }),
]);

/** The U.S. Census Geocoder's answer: its first match, none, or its `errors` joined; null when the shape is not its own. */
export function readCensusAnswer(body: unknown): GeocoderReading | null {
  const parsed = CensusAnswerSchema.safeParse(body);
  if (!parsed.success) return null;
  if ('errors' in parsed.data) return { kind: 'refused', message: parsed.data.errors.join('; ').slice(0, 200) };
  const [match] = parsed.data.result.addressMatches;
  if (!match) return { kind: 'not-found' };
  return {
    kind: 'found',
    location: {
      lat: match.coordinates.y,
      lng: match.coordinates.x,
      matchedAddress: match.matchedAddress,
      source: 'census',
    },
  };
}

// Google's Geocoding API answer (geocode/json): a status, and results when it is OK.
const GoogleAnswerSchema = z.object({
  status: z.string(),
  error_message: z.string().optional(),
  results: z
    .array(
      z.object({
        formatted_address: z.string(),
        geometry: z.object({ location: z.object({ lat: latitude, lng: longitude }) }),
      }),
    )
    .default([]),
});

/** Google's Geocoding API answer: its first result, none (ZERO_RESULTS), or its status and message; null when the shape is not its own. */
export function readGoogleAnswer(body: unknown): GeocoderReading | null {
  const parsed = GoogleAnswerSchema.safeParse(body);
  if (!parsed.success) return null;
  const { status, error_message: message, results } = parsed.data;
  const [first] = results;
  if (status === 'ZERO_RESULTS' || (status === 'OK' && !first)) return { kind: 'not-found' };
  if (status !== 'OK' || !first)
    return { kind: 'refused', message: (message ? `${status}: ${message}` : status).slice(0, 200) };
  return {
    kind: 'found',
    location: {
      lat: first.geometry.location.lat,
      lng: first.geometry.location.lng,
      matchedAddress: first.formatted_address,
      source: 'google',
    },
  };
}
