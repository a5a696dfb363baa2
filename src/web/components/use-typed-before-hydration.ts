import { useEffect } from 'react';

/**
 * Hands on what was typed (or chosen) in the field `id` before the page's code ran. On a page the
 * server drew, a field can be typed in at once; hydration keeps that text on screen but not in
 * React's state, which still holds the drawn value: the figures it feeds would not change, and the
 * next render would put the drawn value back. Once hydrated, the typed text goes to `onChange` as
 * if typed now. On a page the browser draws the field starts with its value: nothing happens.
 * Each field component calls it, so a schema form's fields and a calculator's alike keep it.
 */
export function useTypedBeforeHydration(id: string, value: string, onChange: (value: string) => void): void {
  useEffect(() => {
    const field = document.getElementById(id);
    const typed =
      field instanceof HTMLInputElement || field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement
        ? field.value
        : value;
    if (typed !== value) onChange(typed);
    // Once, as the field is first drawn: afterwards the field and its state change together.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
