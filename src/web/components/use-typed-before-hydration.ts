import { useEffect } from 'react';

/**
 * Hands on what was typed in the input `id` before the page's code ran. On a page the server
 * drew, a field can be typed in at once; hydration keeps that text on screen but not in React's
 * state, which still holds the drawn value: the figures it feeds would not change, and the next
 * render would put the drawn value back. Once hydrated, the typed text goes to `onChange` as if
 * typed now. On a page the browser draws the input starts with its value: nothing happens.
 */
export function useTypedBeforeHydration(id: string, value: string, onChange: (value: string) => void): void {
  useEffect(() => {
    const input = document.getElementById(id);
    if (input instanceof HTMLInputElement && input.value !== value) onChange(input.value);
    // Once, as the field is first drawn: afterwards the input and its state change together.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
