import { useEffect } from 'react';

/**
 * Moves the focus to the element with this id once it is on screen. Deferred a frame, so it
 * lands after a <dialog> opening in the same render has focused its first button.
 */
export function useFocusOnMount(id: string) {
  useEffect(() => {
    const frame = requestAnimationFrame(() => document.getElementById(id)?.focus());
    return () => cancelAnimationFrame(frame);
  }, [id]);
}
