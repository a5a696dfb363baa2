import { z } from 'zod';
import { boundedText } from '../validation/bounded-text';

/** The longest address the subject may be located by, in characters (a full U.S. address is under 100). */
export const MAX_GEOCODE_ADDRESS_LENGTH = 200;

/** POST /api/arv/geocode: the property's address, as the calculator holds it. */
export const GeocodeRequestSchema = z.object({
  address: boundedText('The address', MAX_GEOCODE_ADDRESS_LENGTH).pipe(
    z.string().min(1, 'Enter the property address to find its location'),
  ),
});
export type GeocodeRequest = z.infer<typeof GeocodeRequestSchema>;

/** Who located an address: Google's Geocoding API (the Maps key) or the U.S. Census Geocoder. */
export type GeocoderName = 'google' | 'census';

/** Where an address is: degrees (WGS 84), and the address as the geocoder matched it. */
export interface GeocodedLocation {
  lat: number;
  lng: number;
  matchedAddress: string;
  source: GeocoderName;
}
