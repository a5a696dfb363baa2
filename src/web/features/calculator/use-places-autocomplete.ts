import { useEffect, useEffectEvent, useRef } from 'react';
import { usePublicConfig } from '../../api/public-config';

interface PlaceResult {
  formatted_address?: string;
}
interface Autocomplete {
  addListener(event: 'place_changed', handler: () => void): void;
  getPlace(): PlaceResult;
}
declare global {
  interface Window {
    google?: { maps?: { places?: { Autocomplete: new (input: HTMLInputElement, options: object) => Autocomplete } } };
  }
}

let mapsScript: Promise<void> | undefined;

function loadMapsPlaces(apiKey: string): Promise<void> {
  mapsScript ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://maps.googleapis.com/maps/api/js?key=${encodeURIComponent(apiKey)}&libraries=places&loading=async`;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('The maps service could not be loaded'));
    document.head.append(script);
  });
  return mapsScript;
}

/**
 * Address suggestions from the Maps Places library, only when a key is configured;
 * otherwise the address stays a plain field (§2). Returns the ref for the address input.
 */
export function usePlacesAutocomplete(onPlaceSelected: (address: string) => void) {
  const { googleMapsApiKey } = usePublicConfig();
  const inputRef = useRef<HTMLInputElement>(null);
  const onSelected = useEffectEvent(onPlaceSelected);

  useEffect(() => {
    if (!googleMapsApiKey || !inputRef.current) return;
    const input = inputRef.current;
    let cancelled = false;
    loadMapsPlaces(googleMapsApiKey)
      .then(() => {
        const Places = window.google?.maps?.places?.Autocomplete;
        if (cancelled || !Places) return;
        const autocomplete = new Places(input, { types: ['address'], fields: ['formatted_address'] });
        autocomplete.addListener('place_changed', () => {
          const address = autocomplete.getPlace().formatted_address;
          if (address) onSelected(address);
        });
      })
      .catch((error: unknown) => console.warn('Address suggestions are unavailable:', error));
    return () => {
      cancelled = true;
    };
  }, [googleMapsApiKey]);

  return inputRef;
}
