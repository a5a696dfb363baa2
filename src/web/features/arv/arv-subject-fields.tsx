import { useState } from 'react';
import type { ArvSubject } from '#domain/arv/arv-request-schema.ts';
import type { GeocodedLocation } from '#domain/arv/geocode-request-schema.ts';
import { serverErrorMessage } from '#web/api/api-client.ts';
import { useGeocodeAddress } from './arv-api';
import type { SubjectTexts } from './arv-comps-state';

const FACT_FIELDS: { key: keyof ArvSubject; label: string }[] = [
  { key: 'sqft', label: 'Living area (sq ft)' },
  { key: 'beds', label: 'Beds' },
  { key: 'baths', label: 'Baths' },
  { key: 'yearBuilt', label: 'Year built' },
  { key: 'lotSqft', label: 'Lot (sq ft)' },
];

const LOCATION_FIELDS: { key: keyof ArvSubject; label: string }[] = [
  { key: 'lat', label: 'Latitude' },
  { key: 'lng', label: 'Longitude' },
];

const GEOCODER_NAMES: Record<GeocodedLocation['source'], string> = {
  census: 'the U.S. Census Geocoder',
  google: 'Google Maps',
};

/**
 * The property's own facts, as typed, and its location: found from the calculator's address (the
 * server's geocoder), or typed when the address is not found. `id` prefixes the fields' ids.
 */
export function ArvSubjectFields({
  id,
  address,
  texts,
  onType,
}: {
  id: string;
  /** The calculator's property address. */
  address: string;
  texts: SubjectTexts;
  onType: (key: keyof ArvSubject, text: string) => void;
}) {
  const geocode = useGeocodeAddress();
  const [located, setLocated] = useState<GeocodedLocation | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const locate = () => {
    setLocated(null);
    if (!address.trim()) {
      setProblem('Enter the property address above first.');
      return;
    }
    setProblem(null);
    geocode.mutate(address, {
      onSuccess: (location) => {
        onType('lat', String(location.lat));
        onType('lng', String(location.lng));
        setLocated(location);
      },
      onError: (error) =>
        setProblem(
          serverErrorMessage(
            error,
            'Could not find the location just now. Try again, or type the latitude and longitude.',
          ),
        ),
    });
  };

  const field = ({ key, label }: { key: keyof ArvSubject; label: string }, describedBy?: string) => (
    <div className="field" key={key}>
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        inputMode="decimal"
        value={texts[key] ?? ''}
        aria-describedby={describedBy}
        onChange={(event) => onType(key, event.target.value)}
      />
    </div>
  );

  return (
    <fieldset className="arv-subject">
      <legend>The property</legend>
      {FACT_FIELDS.map((fact) => field(fact))}
      <div className="arv-location">
        <button type="button" className="button button-secondary" onClick={locate} disabled={geocode.isPending}>
          {geocode.isPending ? 'Finding the location…' : 'Find the location from the address'}
        </button>
        <p id={`${id}-location-status`} role="status" className="field-hint">
          {located
            ? `Found by ${GEOCODER_NAMES[located.source]}: ${located.matchedAddress}.`
            : 'The comps are weighed by their distance from this location, found from the address or typed.'}
        </p>
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
      </div>
      {LOCATION_FIELDS.map((location) => field(location, `${id}-location-status`))}
    </fieldset>
  );
}
