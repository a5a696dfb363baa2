import { describe, expect, it } from 'vitest';
import { readCensusAnswer, readGoogleAnswer } from './read-geocoder-answer';

// The Census Geocoder's onelineaddress answer, as it is sent (format=json, benchmark Public_AR_Current).
const censusMatch = {
  result: {
    input: { address: { address: '4600 Silver Hill Rd, Washington, DC 20233' }, benchmark: { id: '4' } },
    addressMatches: [
      {
        tigerLine: { side: 'L', tigerLineId: '76355984' },
        coordinates: { x: -76.92748724230096, y: 38.84601622386617 },
        addressComponents: { zip: '20233', streetName: 'SILVER HILL', city: 'WASHINGTON', state: 'DC' },
        matchedAddress: '4600 SILVER HILL RD, WASHINGTON, DC, 20233',
      },
      {
        tigerLine: { side: 'R', tigerLineId: '1' },
        coordinates: { x: -70, y: 40 },
        addressComponents: {},
        matchedAddress: 'A SECOND MATCH',
      },
    ],
  },
};

describe('readCensusAnswer', () => {
  it.each([
    [
      'the first match: y is the latitude, x the longitude',
      censusMatch,
      {
        kind: 'found',
        location: {
          lat: 38.84601622386617,
          lng: -76.92748724230096,
          matchedAddress: '4600 SILVER HILL RD, WASHINGTON, DC, 20233',
          source: 'census',
        },
      },
    ],
    ['no match', { result: { input: {}, addressMatches: [] } }, { kind: 'not-found' }],
    [
      'its errors, in its words',
      { errors: ['Address cannot be empty and cannot exceed 100 characters'], status: '400' },
      { kind: 'refused', message: 'Address cannot be empty and cannot exceed 100 characters' },
    ],
    ['another shape', { results: [] }, null],
    [
      'a latitude out of range',
      { result: { addressMatches: [{ matchedAddress: 'X', coordinates: { x: 0, y: 91 } }] } },
      null,
    ],
    [
      'coordinates as text',
      { result: { addressMatches: [{ matchedAddress: 'X', coordinates: { x: '1', y: '2' } }] } },
      null,
    ],
    ['null', null, null],
  ])('reads %s', (_case, body, expected) => {
    expect(readCensusAnswer(body)).toEqual(expected);
  });
});

describe('readGoogleAnswer', () => {
  const result = (lat: number, lng: number, address: string) => ({
    formatted_address: address,
    geometry: { location: { lat, lng }, location_type: 'ROOFTOP' },
    place_id: 'p',
  });
  it.each([
    [
      'the first result',
      {
        status: 'OK',
        results: [result(47.6204, -122.3494, '400 Broad St, Seattle, WA 98109, USA'), result(1, 2, 'b')],
      },
      {
        kind: 'found',
        location: {
          lat: 47.6204,
          lng: -122.3494,
          matchedAddress: '400 Broad St, Seattle, WA 98109, USA',
          source: 'google',
        },
      },
    ],
    ['ZERO_RESULTS', { status: 'ZERO_RESULTS', results: [] }, { kind: 'not-found' }],
    ['OK without results', { status: 'OK', results: [] }, { kind: 'not-found' }],
    [
      'a refusal with its message',
      { status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.', results: [] },
      { kind: 'refused', message: 'REQUEST_DENIED: The provided API key is invalid.' },
    ],
    ['a refusal without one', { status: 'OVER_QUERY_LIMIT' }, { kind: 'refused', message: 'OVER_QUERY_LIMIT' }],
    ['another shape', { result: { addressMatches: [] } }, null],
    ['a longitude out of range', { status: 'OK', results: [result(0, 181, 'x')] }, null],
  ])('reads %s', (_case, body, expected) => {
    expect(readGoogleAnswer(body)).toEqual(expected);
  });
});
