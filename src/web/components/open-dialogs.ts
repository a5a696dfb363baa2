import { useSyncExternalStore } from 'react';

// The modal dialogs open now, the last opened on top. While one is open everything outside it is
// inert and drawn under it, so what must stay seen and usable (the toasts) is shown inside it.
let openDialogs: readonly HTMLDialogElement[] = [];
const listeners = new Set<() => void>();

function publish(next: readonly HTMLDialogElement[]) {
  openDialogs = next;
  listeners.forEach((listener) => listener());
}

/** Records `dialog` as open until the returned function is called. */
export function trackOpenDialog(dialog: HTMLDialogElement): () => void {
  publish([...openDialogs, dialog]);
  return () => publish(openDialogs.filter((open) => open !== dialog));
}

/** The modal dialog on top, or null when none is open. */
export function useTopmostDialog(): HTMLDialogElement | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => openDialogs.at(-1) ?? null,
    () => null,
  );
}
