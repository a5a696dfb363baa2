import { useEffect, useEffectEvent, useRef } from 'react';
import { usePublicConfig } from '#web/api/public-config.tsx';

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

const MAPS_SCRIPT_ID = 'maps-places-script';

/** Loads the Maps Places library once per page: the script element added the first time says how it went. */
function loadMapsPlaces(apiKey: string): Promise<void> {
  let script = document.getElementById(MAPS_SCRIPT_ID) as HTMLScriptElement | null;
  if (!script) {
    const added = document.createElement('script');
    added.id = MAPS_SCRIPT_ID;
    added.src = `https://maps.googleapis.com/maps/api/js?key=${encodeURIComponent(apiKey)}&libraries=places&loading=async`;
    added.async = true;
    added.addEventListener('load', () => (added.dataset.loaded = 'true'), { once: true });
    added.addEventListener('error', () => (added.dataset.failed = 'true'), { once: true });
    document.head.append(added);
    script = added;
  }
  const loading = script;
  return new Promise((resolve, reject) => {
    const failed = () => reject(new Error('The maps service could not be loaded'));
    if (loading.dataset.loaded) return resolve();
    if (loading.dataset.failed) return failed();
    loading.addEventListener('load', () => resolve(), { once: true });
    loading.addEventListener('error', failed, { once: true });
  });
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
